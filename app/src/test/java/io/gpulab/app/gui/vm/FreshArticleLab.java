package io.gpulab.app.gui.vm;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Tests that each start on a fresh view-model of the simulated article lab ({@link Fixtures#articleViewModel()}:
 * engine calls on the test's thread, listener pushes dropped, so every command round brings its own snapshot back),
 * closed after each test. A test may put another lab in {@link #vm}; that one is closed instead.
 */
public abstract class FreshArticleLab {

    protected WorkbenchViewModel vm;

    @BeforeEach
    protected void openTheArticleLab() throws Exception {
        vm = Fixtures.articleViewModel();
    }

    @AfterEach
    protected void closeTheLab() {
        vm.close();
    }
}
