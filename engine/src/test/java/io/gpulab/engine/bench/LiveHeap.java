package io.gpulab.engine.bench;

/** The memory benchmarks' measure: heap in use after full collections, so only what is still reachable counts. */
final class LiveHeap {

    private LiveHeap() {
    }

    static long bytes() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        // several collections with pauses between them: one can leave finalizable or soft garbage for the next
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
