package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.scenario.BuiltinScenarios;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.Step;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioWriterTest {

    @Test
    void savedSessionReadsBackAsTheSameStepsOnTheSameLab() throws Exception {
        String source;
        try (var in = BuiltinScenarios.open("article")) {
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        PodTemplate t = PodTemplate.builtIns().get(0);
        List<LabCommand> history = List.of(
                new LabCommand.SubmitPod("tenant-a", t.manifest("gpu-pod-1", "GPU-0")),
                new LabCommand.SetLifecycle("article"),
                new LabCommand.Advance(Duration.ofMinutes(5)),
                new LabCommand.Unlock("tenant-a", "tenant-a-worker"),
                new LabCommand.SetKonnectivity("tenant-b", false),
                new LabCommand.SetWebhookFailurePolicy("tenant-b", "Fail"),
                new LabCommand.DeletePod("tenant-a", "default/gpu-pod-1"));
        String saved = ScenarioWriter.write(source, history);
        Scenario back = new ScenarioReader().read("saved.yaml", new StringReader(saved), false);
        assertEquals("article", back.name());
        assertEquals(List.of("submit", "set", "advance", "unlock", "fault", "set", "delete"),
                back.steps().stream().map(Step::action).toList());
        assertEquals(Duration.ofMinutes(5), ((Step.Advance) back.steps().get(2)).by());
    }
}
