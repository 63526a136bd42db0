/** The card catalog: GPU models with HAMi type strings and memory, read from {@code gpulab/catalog/cards.yaml}. */
@NullMarked
package io.gpulab.mockgpu.catalog;

import org.jspecify.annotations.NullMarked;
