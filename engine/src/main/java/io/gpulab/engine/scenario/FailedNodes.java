package io.gpulab.engine.scenario;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeMap;

/**
 * A pending pod's per-node reasons as a run keeps them for {@code run --json}: an immutable map sorted by node,
 * stored as the node names (one array shared by every pod whose failed nodes are the same set, i.e. all the
 * tenant's nodes) and an index per node into the few distinct reason texts. A pod pending on 1,213 nodes then costs
 * ~1.2 kB here instead of a map entry per node; it reads and serialises as any map.
 */
final class FailedNodes extends AbstractMap<String, String> {

    private final String[] nodes;
    private final String[] reasons;
    private final short[] index;

    private FailedNodes(String[] nodes, String[] reasons, short[] index) {
        this.nodes = nodes;
        this.reasons = reasons;
        this.index = index;
    }

    /** Remembers the last node list so that pods failing on the same nodes share it. One per run. */
    static final class Pool {
        private String[] last = new String[0];

        String[] share(String[] nodes) {
            if (!Arrays.equals(nodes, last)) {
                last = nodes;
            }
            return last;
        }
    }

    /**
     * The first {@code limit} entries of {@code failed} by node name, compacted.
     *
     * @return a map sorted by node; empty when {@code failed} is
     */
    static Map<String, String> of(Map<String, String> failed, int limit, Pool pool) {
        if (failed.isEmpty() || limit <= 0) {
            return Map.of();
        }
        Map<String, String> sorted = isSorted(failed) ? failed : new TreeMap<>(failed);
        int n = Math.min(limit, sorted.size());
        String[] names = new String[n];
        String[] texts = new String[8];
        int distinct = 0;
        short[] index = new short[n];
        Map<String, Short> seen = new java.util.HashMap<>();
        int i = 0;
        for (Map.Entry<String, String> e : sorted.entrySet()) {
            if (i == n) {
                break;
            }
            names[i] = e.getKey();
            Short k = seen.get(e.getValue());
            if (k == null) {
                if (distinct == Short.MAX_VALUE) {
                    return java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sorted));
                }
                k = (short) distinct;
                seen.put(e.getValue(), k);
                if (distinct == texts.length) {
                    texts = Arrays.copyOf(texts, distinct * 2);
                }
                texts[distinct++] = e.getValue();
            }
            index[i++] = k;
        }
        return new FailedNodes(pool.share(names), Arrays.copyOf(texts, distinct), index);
    }

    private static boolean isSorted(Map<String, String> m) {
        String prev = null;
        for (String k : m.keySet()) {
            if (prev != null && prev.compareTo(k) >= 0) {
                return false;
            }
            prev = k;
        }
        return true;
    }

    @Override
    public int size() {
        return nodes.length;
    }

    @Override
    public String get(Object key) {
        int at = key instanceof String s ? Arrays.binarySearch(nodes, s) : -1;
        return at >= 0 ? reasons[index[at]] : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, String>> iterator() {
                return new Iterator<>() {
                    private int at;

                    @Override
                    public boolean hasNext() {
                        return at < nodes.length;
                    }

                    @Override
                    public Entry<String, String> next() {
                        if (at >= nodes.length) {
                            throw new NoSuchElementException();
                        }
                        int k = at++;
                        return new SimpleImmutableEntry<>(nodes[k], reasons[index[k]]);
                    }
                };
            }

            @Override
            public int size() {
                return nodes.length;
            }
        };
    }

    /** Reason texts in first-seen order (for tests). */
    List<String> reasons() {
        return List.of(reasons);
    }
}
