/**
 * The values HAMi's scheduler reasons about: registered devices, their usage, pods' device requests
 * and the devices allocated to them. All immutable; {@code null} is never a valid value unless stated.
 */
@NullMarked
package io.gpulab.scheduler.model;

import org.jspecify.annotations.NullMarked;
