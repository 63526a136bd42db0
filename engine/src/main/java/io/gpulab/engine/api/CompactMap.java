package io.gpulab.engine.api;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

/**
 * A small insertion-ordered map held in one array of keys and values: what a {@link java.util.LinkedHashMap} does
 * for a pod's annotations or a trace step's evidence (a handful of entries), at a fifth of its memory (no entry
 * objects, no hash table). A replay keeps tens of such maps per pod for the whole run, and their copying by young
 * collections was the largest cost of a 50,000-pod run. Lookups scan the keys, so it is meant for maps of tens of
 * entries; {@link #copyOf} of a larger map still works, only slower to query.
 *
 * <p>Iteration order, {@code equals}, {@code hashCode} and {@code toString} are those of a {@code LinkedHashMap}
 * with the same insertions (a {@code put} of an existing key keeps its place). A {@link #freeze frozen} map refuses
 * changes, as {@link java.util.Collections#unmodifiableMap} does, and {@link #copyOf} returns it as it is.
 */
public final class CompactMap<K, V> extends AbstractMap<K, V> {

    private static final Object[] EMPTY = new Object[0];

    /** Keys at even, values at odd positions, {@code size} pairs in insertion order. */
    private Object[] kv;
    // no modification count: 4 bytes per map, and these maps are changed by one thread that never iterates while
    // changing them (a size change during forEach is still refused)
    private int size;
    private boolean frozen;

    /** An empty map that grows as entries are put. */
    public CompactMap() {
        kv = EMPTY;
    }

    /** An empty map with room for {@code entries} entries. */
    public CompactMap(int entries) {
        kv = entries == 0 ? EMPTY : new Object[entries * 2];
    }

    /** A frozen copy of {@code m} in its iteration order; {@code m} itself when it is a frozen {@code CompactMap}. */
    @SuppressWarnings("unchecked")
    public static <K, V> Map<K, V> copyOf(Map<? extends K, ? extends V> m) {
        if (m instanceof CompactMap<?, ?> c && c.frozen) {
            return (Map<K, V>) c;
        }
        CompactMap<K, V> out = new CompactMap<>(m.size());
        m.forEach((k, v) -> {
            out.kv[out.size * 2] = k;
            out.kv[out.size * 2 + 1] = v;
            out.size++;
        });
        out.frozen = true;
        return out;
    }

    /**
     * A frozen copy of {@code m} in its iteration order with every key and value passed through {@code texts}
     * (e.g. to the one shared instance of an equal text); {@code m}'s keys must stay distinct under it.
     */
    public static <T> Map<T, T> copyOf(Map<? extends T, ? extends T> m, UnaryOperator<T> texts) {
        CompactMap<T, T> out = new CompactMap<>(m.size());
        m.forEach((k, v) -> {
            // appended without a lookup: m's keys are distinct
            out.kv[out.size * 2] = texts.apply(k);
            out.kv[out.size * 2 + 1] = v == null ? null : texts.apply(v);
            out.size++;
        });
        out.frozen = true;
        return out;
    }

    /**
     * A read-only copy of {@code m} in its iteration order: compact up to {@value #SMALL} entries, else an
     * unmodifiable {@code LinkedHashMap} (a pod pending on a large lab lists thousands of nodes, looked up by name).
     */
    public static <K, V> Map<K, V> frozen(Map<? extends K, ? extends V> m) {
        return m.size() <= SMALL ? copyOf(m) : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(m));
    }

    /** Largest map {@link #frozen} keeps compact. */
    public static final int SMALL = 32;

    /** Refuses changes from now on; returns this map. */
    public CompactMap<K, V> freeze() {
        frozen = true;
        return this;
    }

    private int indexOf(Object key) {
        for (int i = 0; i < size; i++) {
            if (Objects.equals(kv[i * 2], key)) {
                return i;
            }
        }
        return -1;
    }

    private void mutable() {
        if (frozen) {
            throw new UnsupportedOperationException("a frozen map");
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : (V) kv[i * 2 + 1];
    }

    @Override
    @SuppressWarnings("unchecked")
    public V put(K key, V value) {
        mutable();
        int i = indexOf(key);
        if (i >= 0) {
            V old = (V) kv[i * 2 + 1];
            kv[i * 2 + 1] = value;
            return old;
        }
        if (size * 2 == kv.length) {
            kv = Arrays.copyOf(kv, Math.max(8, kv.length * 2));
        }
        kv[size * 2] = key;
        kv[size * 2 + 1] = value;
        size++;
        return null;
    }

    @Override
    public V remove(Object key) {
        mutable();
        int i = indexOf(key);
        return i < 0 ? null : removeAt(i);
    }

    @SuppressWarnings("unchecked")
    private V removeAt(int i) {
        V old = (V) kv[i * 2 + 1];
        System.arraycopy(kv, (i + 1) * 2, kv, i * 2, (size - i - 1) * 2);
        size--;
        kv[size * 2] = null;
        kv[size * 2 + 1] = null;
        return old;
    }

    @Override
    public void clear() {
        mutable();
        Arrays.fill(kv, 0, size * 2, null);
        size = 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void forEach(BiConsumer<? super K, ? super V> action) {
        int n = size;
        for (int i = 0; i < n; i++) {
            action.accept((K) kv[i * 2], (V) kv[i * 2 + 1]);
            if (size != n) {
                throw new ConcurrentModificationException();
            }
        }
    }

    @Override
    public Set<Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<K, V>> iterator() {
                return new Entries();
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    private final class Entries implements Iterator<Entry<K, V>> {
        private int next;
        private int last = -1;

        @Override
        public boolean hasNext() {
            return next < size;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Entry<K, V> next() {
            if (next >= size) {
                throw new NoSuchElementException();
            }
            last = next++;
            return new SimpleImmutableEntry<>((K) kv[last * 2], (V) kv[last * 2 + 1]);
        }

        @Override
        public void remove() {
            mutable();
            if (last < 0) {
                throw new IllegalStateException();
            }
            removeAt(last);
            next = last;
            last = -1;
        }
    }
}
