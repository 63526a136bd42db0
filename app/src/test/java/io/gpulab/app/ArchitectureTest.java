package io.gpulab.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.GeneralCodingRules;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module and layer rules of docs/architecture.md and the house rules 1, 8 and 9, checked on
 * the main classes of every module (the app's test class path holds them all).
 *
 * <p>The three backends ({@code engine.sim}, {@code engine.cluster}, {@code engine.kind}) are found
 * through the engine API and never use each other; if a backend ever needs another (say, a what-if
 * run of the simulation from live cluster data), it goes through {@code engine.api} and a
 * {@code LabBackend} it is handed, not an import.
 */
class ArchitectureTest {

    private static final String[] BELOW_APP = {"io.gpulab.scheduler..", "io.gpulab.mockgpu..", "io.gpulab.engine.."};
    private static final List<String> BACKENDS = List.of("sim", "cluster", "kind");

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        // the rules only need the names of foreign classes, not their bytecode: resolving every
        // fabric8 and JavaFX class from the class path made this test take most of a minute
        ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
        classes = new ClassFileImporter().withImportOption(new MainClassesOnly()).importPackages("io.gpulab");
    }

    @AfterAll
    static void restoreArchUnitDefaults() {
        ArchConfiguration.get().reset();
    }

    @Test
    void theImportSeesEveryModule() {
        Set<String> seen = new TreeSet<>();
        classes.forEach(c -> seen.add(c.getPackageName().split("\\.")[2]));
        assertTrue(seen.containsAll(Set.of("app", "engine", "mockgpu", "scheduler")), "imported only " + seen);
    }

    @Test
    void theRulesSeeTheDependenciesTheyForbid() {
        // the same checks on code that must trip them: the GUI uses JavaFX, the Launcher prints
        EvaluationResult javaFx = noClasses().that().resideInAPackage("io.gpulab.app.gui..")
                .should().dependOnClassesThat().resideInAPackage("javafx..").evaluate(classes);
        assertTrue(javaFx.hasViolation(), "JavaFX dependencies are invisible to the import");
        EvaluationResult streams = noClasses().should(GeneralCodingRules.ACCESS_STANDARD_STREAMS).evaluate(classes);
        assertTrue(streams.getFailureReport().toString().contains(Launcher.class.getName()),
                "System.err in Launcher is invisible to the import");
    }

    @Test
    void nothingBelowTheAppUsesJavaFx() {
        noClasses().that().resideInAnyPackage(BELOW_APP)
                .should().dependOnClassesThat().resideInAPackage("javafx..")
                .because("the simulator, engine and CLI must run without a toolkit")
                .check(classes);
    }

    @Test
    void theSchedulerDependsOnNoOtherGpulabModule() {
        noClasses().that().resideInAPackage("io.gpulab.scheduler..")
                .should().dependOnClassesThat()
                .resideInAnyPackage("io.gpulab.engine..", "io.gpulab.app..", "io.gpulab.mockgpu..")
                .because("scheduler/ is HAMi's decision core: JDK and Jackson only")
                .check(classes);
    }

    @Test
    void theMockDevicePluginDependsOnlyOnTheScheduler() {
        noClasses().that().resideInAPackage("io.gpulab.mockgpu..")
                .should().dependOnClassesThat().resideInAnyPackage("io.gpulab.engine..", "io.gpulab.app..")
                .check(classes);
    }

    @Test
    void theEngineDoesNotReachUpIntoTheApp() {
        noClasses().that().resideInAPackage("io.gpulab.engine..")
                .should().dependOnClassesThat().resideInAPackage("io.gpulab.app..")
                .check(classes);
    }

    @Test
    void backendsDoNotUseEachOther() {
        for (String backend : BACKENDS) {
            for (String other : BACKENDS) {
                if (!other.equals(backend)) {
                    noClasses().that().resideInAPackage("io.gpulab.engine." + backend + "..")
                            .should().dependOnClassesThat().resideInAPackage("io.gpulab.engine." + other + "..")
                            .because("backends are plugged in through engine.api (house rule 8)")
                            .check(classes);
                }
            }
        }
    }

    @Test
    void onlyTheCommandLineWritesToStdoutOrStderr() {
        noClasses().that().resideOutsideOfPackage("io.gpulab.app.cli..")
                .and().doNotHaveFullyQualifiedName(Launcher.class.getName())
                .should(GeneralCodingRules.ACCESS_STANDARD_STREAMS)
                .because("output is the CLI's contract; everything else reports through return values and events")
                .check(classes);
    }

    @Test
    void everyPackageIsNullMarked() {
        Set<String> unmarked = new TreeSet<>();
        for (JavaClass c : classes) {
            if (!c.getPackage().isAnnotatedWith(NullMarked.class)) {
                unmarked.add(c.getPackageName());
            }
        }
        assertEquals(Set.of(), unmarked, "packages without a package-info.java carrying @NullMarked");
    }

    /**
     * Main classes only. ArchUnit's own DoNotIncludeTests knows {@code target/test-classes} but not the
     * per-helper {@code target-NAME/} directories of this build, nor the engine's test-jar.
     */
    private static final class MainClassesOnly implements ImportOption {
        private static final Pattern TEST_JAR = Pattern.compile(".*-tests\\.jar.*");

        @Override
        public boolean includes(Location location) {
            return !location.contains("/test-classes/") && !location.matches(TEST_JAR);
        }
    }
}
