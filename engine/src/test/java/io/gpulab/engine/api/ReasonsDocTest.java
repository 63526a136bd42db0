package io.gpulab.engine.api;

import io.gpulab.scheduler.filter.Reasons;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/reasons.md lists exactly the codes a scenario may name, and every HAMi reason is one of them. */
class ReasonsDocTest {

    @Test
    void theReasonsPageListsEveryCodeOnceInTheClassesOrder() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "reasons.md"));
        Matcher m = Pattern.compile("(?m)^\\| `([^`]+)` \\|").matcher(doc);
        List<String> listed = new java.util.ArrayList<>();
        while (m.find()) {
            listed.add(m.group(1));
        }
        assertEquals(ReasonCodes.all().stream().map(ReasonCodes.Reason::code).toList(), listed);
    }

    @Test
    void everyReasonInWordsLinksAnAnchorThePageHas() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "reasons.md"));
        for (ReasonCodes.Reason r : ReasonCodes.all()) {
            String anchor = PlainReason.doc(r.code()).substring("docs/reasons.md#".length());
            assertTrue(doc.contains("<a id=\"" + anchor + "\"></a>"), r.code() + " -> #" + anchor);
        }
    }

    @Test
    void everyHamiReasonAndTheNodeLevelOnesAreKnownCodes() {
        for (String r : Reasons.CARD_REASONS) {
            assertTrue(ReasonCodes.find(r).isPresent(), r);
        }
        for (String r : List.of(Reasons.NODE_INSUFFICIENT_DEVICE, Reasons.NODE_UNFIT_POD, Reasons.NODE_UNREGISTERED)) {
            assertTrue(ReasonCodes.find(r).isPresent(), r);
        }
        assertTrue(ReasonCodes.find("card").isEmpty(), "codes match exactly, case included");
    }
}
