package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CustomPodFormTest {

    @Test
    void validFieldsGiveATemplateWithTheRequests() {
        CustomPodForm f = new CustomPodForm();
        f.gpusProperty().set("2");
        f.memMBProperty().set("20,000");
        f.coresProperty().set("30");
        PodTemplate t = f.template().orElseThrow();
        assertEquals(2, t.gpus());
        assertEquals(20_000, t.memMB());
        assertEquals(30, t.cores());
        assertEquals("", f.errorProperty().get());
    }

    @Test
    void computeAbove100IsRefusedNamingTheField() {
        CustomPodForm f = new CustomPodForm();
        f.coresProperty().set("120");
        assertTrue(f.template().isEmpty());
        assertEquals("compute (%): must be between 0 and 100", f.errorProperty().get());
    }

    @Test
    void textIsRefusedAsTypedAndTheErrorClearsWhenFixed() {
        CustomPodForm f = new CustomPodForm();
        f.memMBProperty().set("lots");
        assertEquals("memory (MB): enter a whole number", f.errorProperty().get());
        f.memMBProperty().set("1000");
        assertEquals("", f.errorProperty().get());
    }

    @Test
    void zeroGpusIsRefused() {
        CustomPodForm f = new CustomPodForm();
        f.gpusProperty().set("0");
        assertTrue(f.template().isEmpty());
        assertTrue(f.errorProperty().get().startsWith("GPUs"));
    }
}
