package io.gpulab.mockgpu.catalog;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CardCatalogTest {

    private final CardCatalog catalog = CardCatalog.builtIn();

    @Test
    void theShippedCatalogHasTheLabsModelsWithHamiTypesAndMemory() {
        assertModel("A100-40GB", "NVIDIA A100-SXM4-40GB", 40960);
        assertModel("A100-80GB", "NVIDIA A100-SXM4-80GB", 81920);
        assertModel("H100-80GB", "NVIDIA H100 80GB HBM3", 81920);
        assertModel("H200-141GB", "NVIDIA H200", 144384);
        assertModel("L4-24GB", "NVIDIA L4", 24576);
        assertModel("L40S-48GB", "NVIDIA L40S", 49152);
        assertModel("A10-24GB", "NVIDIA A10", 24576);
        // NVML names that do not start with NVIDIA get HAMi's v2.8+ prefix
        assertModel("T4-16GB", "NVIDIA-Tesla T4", 16384);
        assertModel("V100-16GB", "NVIDIA-Tesla V100-SXM2-16GB", 16384);
        assertModel("V100-32GB", "NVIDIA-Tesla V100-SXM2-32GB", 32768);
        assertModel("P100-16GB", "NVIDIA-Tesla P100-PCIE-16GB", 16384);
    }

    @Test
    void aliasesCoverShortNamesAndTheOpenbTraceCodes() {
        for (String alias : List.of("L4", "l4", "T4", "A10", "P100", "V100M16", "V100M32", "G2")) {
            assertTrue(catalog.find(alias).isPresent(), alias);
        }
        assertEquals("V100-32GB", catalog.require("V100M32").name());
        assertTrue(catalog.require("G2").note().contains("assumed"));
    }

    @Test
    void anUnknownModelIsNamedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> catalog.require("B200"));
        assertTrue(e.getMessage().startsWith("unknown card model 'B200'; known models: A100-40GB, A100-80GB"),
                e.getMessage());
    }

    @Test
    void aDuplicateAliasIsRejected() {
        CardModel a = new CardModel("X-1", List.of("X"), "NVIDIA X", 1, null);
        CardModel b = new CardModel("X-2", List.of("x"), "NVIDIA X", 1, null);
        assertThrows(IllegalArgumentException.class, () -> new CardCatalog(List.of(a, b)));
    }

    private void assertModel(String name, String type, int memoryMB) {
        CardModel m = catalog.require(name);
        assertEquals(type, m.type(), name);
        assertEquals(memoryMB, m.memoryMB(), name);
    }
}
