package io.gpulab.app.gui.vm;

/** One line of the inspector: grouped by {@code category}. */
public record InspectorRow(String category, String name, String value) { }
