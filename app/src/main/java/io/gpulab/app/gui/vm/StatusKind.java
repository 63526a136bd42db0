package io.gpulab.app.gui.vm;

/** The tone of the status bar message: drives its colour. */
public enum StatusKind { INFO, OK, WARNING, ERROR }
