package io.gpulab.app.cli;

import io.gpulab.app.Launcher;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM's main for {@link OutOfMemoryChildTest}: the launcher's start (the reserve, the uncaught-failure route)
 * and then a thread nobody waits for that fills the heap until it runs out. The route must say the one line and end
 * the JVM with exit 2; if the JVM goes on after that thread died, this main says so and exits 0.
 */
public final class UncaughtOutOfMemoryMain {

    private UncaughtOutOfMemoryMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        OutOfMemoryLine.reserve();
        Launcher.watchUncaught(false);
        Thread filler = new Thread(UncaughtOutOfMemoryMain::fill, "nobody-waits-for-it");
        filler.start();
        filler.join();
        System.out.println("the thread ran out of memory and the JVM went on");
        System.exit(0);
    }

    private static void fill() {
        List<long[]> kept = new ArrayList<>();
        while (kept.size() < Integer.MAX_VALUE) {
            kept.add(new long[1 << 14]);
        }
    }
}
