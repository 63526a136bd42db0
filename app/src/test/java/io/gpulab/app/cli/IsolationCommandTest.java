package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpulab isolation}: the table in words, as JSON, and on paper. */
class IsolationCommandTest {

    @TempDir
    Path dir;

    @Test
    void theArticleLabsTableSaysWhatIsSharedAndWhatEachFailureCost() {
        CliHarness.Result r = CliHarness.run("isolation", "article");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(1).startsWith("Shared by several tenants and failing together: the management node "
                + "kamaji-control-plane (tenant-a and tenant-b lost create, read, schedule);"), lines.get(1));
        assertTrue(lines.contains("  kamaji-control-plane  shared by tenant-a, tenant-b  ->  tenant-a: create, read, "
                + "schedule lost; tenant-b: create, read, schedule lost  ->  healed: tenant-a, tenant-b back"), r.out());
        assertTrue(lines.contains("  default (etcd), one member kamaji-etcd-0 of 3  shared by tenant-a, tenant-b  ->  no "
                + "tenant lost anything  ->  healed: nothing lost"), r.out());
        assertTrue(lines.contains("    create lost: create default/isolation-probe-new refused: DataStoreUnavailable: "
                + io.gpulab.engine.kamaji.ApiErrors.noEtcdMember()), r.out());
        int ds = lines.indexOf("  fault:  fault: {dataStore: default, state: down}");
        int heal = lines.indexOf("  heal:   fault: {dataStore: default, state: up}");
        assertTrue(ds > 0 && heal > ds, r.out());
        assertEquals("  tenant-a after the heal: back", lines.get(heal + 1));
        assertEquals("    create kept: created default/isolation-probe-healed (schedulerName hami-scheduler)",
                lines.get(heal + 2));
        assertEquals("    read kept: kubectl get pods listed 1 pod", lines.get(heal + 3));
        assertTrue(lines.get(heal + 4).startsWith("    schedule kept: default/isolation-probe-healed bound to "
                + "tenant-a-worker, card GPU-"), lines.get(heal + 4));
        assertTrue(lines.get(1).endsWith(" Not back 1 minute after the failure was healed after 6 minutes by undoing "
                + "its fault steps alone: tenant-a under the worker tenant-a-worker (tenant-a), its kubelet down (keep "
                + "running lost: the pod that still read Running when the failure was first observed was gone); "
                + "tenant-b under the worker tenant-b-worker (tenant-b), its kubelet down (keep running lost: the pod "
                + "that still read Running when the failure was first observed was gone)."), lines.get(1));
    }

    @Test
    void jsonHasOneRowPerFailureWithEveryTenantsFourObservations() throws Exception {
        CliHarness.Result r = CliHarness.run("isolation", "article", "--json");
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        JsonNode doc = new ObjectMapper().readTree(r.out());
        List<String> top = new ArrayList<>();
        doc.fieldNames().forEachRemaining(top::add);
        assertEquals(List.of("scenario", "conclusion", "tenants", "method", "limits", "baseline", "rows"), top);
        JsonNode ds = null;
        for (JsonNode row : doc.get("rows")) {
            List<String> fields = new ArrayList<>();
            row.fieldNames().forEachRemaining(fields::add);
            assertEquals(List.of("layer", "component", "fault", "notInjected", "sharedBy", "sharing", "affected",
                    "tenants", "heal", "recovery"), fields);
            if (row.get("fault").asText().equals("fault: {dataStore: default, state: down}")) {
                ds = row;
            }
        }
        assertTrue(ds != null, r.out());
        assertEquals("DataStore", ds.get("layer").asText());
        assertEquals("[\"tenant-a\",\"tenant-b\"]", ds.get("affected").toString());
        JsonNode a = ds.get("tenants").get(0);
        assertEquals("tenant-a", a.get("tenant").asText());
        assertEquals("lost", a.at("/create/verdict").asText());
        assertEquals("kept", a.at("/keepRunning/verdict").asText());
        assertEquals("kubectl get pods: " + io.gpulab.engine.kamaji.ApiErrors.noEtcdMember(),
                a.at("/read/observed").asText());
        assertEquals("fault: {dataStore: default, state: up}", ds.get("heal").asText());
        JsonNode healed = ds.get("recovery").get(1);
        List<String> fields = new ArrayList<>();
        healed.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("tenant", "verdict", "create", "read", "schedule", "keepRunning"), fields);
        assertEquals("tenant-b", healed.get("tenant").asText());
        assertEquals("back", healed.get("verdict").asText());
        assertEquals("created default/isolation-probe-healed (schedulerName hami-scheduler)",
                healed.at("/create/observed").asText());
        assertEquals("kept", healed.at("/schedule/verdict").asText());
    }

    @Test
    void thePdfStatesItsMethodAndLimits() throws Exception {
        Path pdf = dir.resolve("isolation.pdf");
        CliHarness.Result r = CliHarness.run("isolation", "article", "--out", pdf.toString());
        assertEquals(0, r.exit(), r.err());
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertTrue(text.contains("Isolation by layer: article"), text);
            assertTrue(text.contains("How it was derived"), text);
            assertTrue(text.contains("A simulation"), text);
            assertTrue(text.contains("fault: {dataStore: default, state: down}"), text);
            assertTrue(text.contains("heal: fault: {dataStore: default, state: up}"), text);
            assertTrue(text.contains("tenant-a: back create kept: created default/isolation-probe-healed"), text);
        }
        assertTrue(Files.size(pdf) > 0);
    }

    @Test
    void anUnknownScenarioIsOneLineAndExitTwo() {
        CliHarness.Result r = CliHarness.run("isolation", "no-such-scenario");
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("gpulab: "), r.err());
    }
}
