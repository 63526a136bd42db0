package io.gpulab.engine.api;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Pods' annotations and traces' evidence are printed in their map's order (trace, run --json, inspector): the
 * compact map must behave exactly as the LinkedHashMap it replaced, under any sequence of changes.
 */
class CompactMapTest {

    @Test
    void behavesAsALinkedHashMapUnderRandomChanges() {
        Random r = new Random(12);
        for (int round = 0; round < 200; round++) {
            Map<String, String> expected = new LinkedHashMap<>();
            Map<String, String> actual = new CompactMap<>();
            for (int op = 0; op < 40; op++) {
                String k = "k" + r.nextInt(12);
                switch (r.nextInt(6)) {
                    case 0, 1, 2 -> assertEquals(expected.put(k, "v" + op), actual.put(k, "v" + op));
                    case 3 -> assertEquals(expected.remove(k), actual.remove(k));
                    case 4 -> {
                        expected.entrySet().removeIf(e -> e.getKey().equals(k));
                        actual.entrySet().removeIf(e -> e.getKey().equals(k));
                    }
                    default -> assertEquals(expected.merge(k, "m", (a, b) -> a + b),
                            actual.merge(k, "m", (a, b) -> a + b));
                }
                assertSameMap(expected, actual);
            }
            actual.clear();
            expected.clear();
            assertSameMap(expected, actual);
        }
    }

    @Test
    void aFrozenCopyKeepsOrderRefusesChangesAndIsNotCopiedAgain() {
        Map<String, String> source = new LinkedHashMap<>();
        source.put("z", "1");
        source.put("a", "2");
        source.put("m", null);
        Map<String, String> frozen = CompactMap.frozen(source);
        assertSameMap(Collections.unmodifiableMap(source), frozen);
        assertThrows(UnsupportedOperationException.class, () -> frozen.put("b", "3"));
        assertThrows(UnsupportedOperationException.class, () -> frozen.remove("z"));
        Iterator<Map.Entry<String, String>> it = frozen.entrySet().iterator();
        it.next();
        assertThrows(UnsupportedOperationException.class, it::remove);
        assertSame(frozen, CompactMap.frozen(frozen));
    }

    private static void assertSameMap(Map<String, String> expected, Map<String, String> actual) {
        assertEquals(expected, actual);
        assertEquals(actual, expected);
        assertEquals(expected.hashCode(), actual.hashCode());
        assertEquals(expected.toString(), actual.toString());
        assertEquals(expected.size(), actual.size());
        assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(actual.keySet()));
        assertEquals(new ArrayList<>(expected.values()), new ArrayList<>(actual.values()));
        List<String> seen = new ArrayList<>();
        actual.forEach((k, v) -> seen.add(k + "=" + v));
        assertEquals(expected.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList(), seen);
        for (int i = 0; i < 12; i++) {
            assertEquals(expected.get("k" + i), actual.get("k" + i));
            assertEquals(expected.containsKey("k" + i), actual.containsKey("k" + i));
        }
    }
}
