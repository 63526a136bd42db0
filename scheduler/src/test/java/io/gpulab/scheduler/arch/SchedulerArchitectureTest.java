package io.gpulab.scheduler.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.GeneralCodingRules;
import org.junit.jupiter.api.Test;

/** scheduler/ is pure logic: no GUI, no Kubernetes or Docker client, no file I/O, no console output. */
class SchedulerArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            // the build dir may be target-<name>/ (parallel builds), which the predefined test filter misses
            .withImportOption(location -> !location.contains("/test-classes/"))
            .importPackages("io.gpulab.scheduler");

    @Test
    void noGuiClusterOrDockerDependencies() {
        noClasses().that().resideInAPackage("io.gpulab.scheduler..").should().dependOnClassesThat()
                .resideInAnyPackage("javafx..", "io.fabric8..", "com.github.dockerjava..").check(CLASSES);
    }

    @Test
    void noFileIo() {
        noClasses().that().resideInAPackage("io.gpulab.scheduler..").should().dependOnClassesThat()
                .belongToAnyOf(java.io.File.class).orShould().dependOnClassesThat()
                .resideInAPackage("java.nio.file..").check(CLASSES);
    }

    @Test
    void noStandardStreams() {
        GeneralCodingRules.NO_CLASSES_SHOULD_ACCESS_STANDARD_STREAMS.check(CLASSES);
    }

    @Test
    void everyPackageIsNullMarked() {
        CLASSES.stream().map(c -> c.getPackageName()).distinct().forEach(p -> {
            try {
                Class<?> info = Class.forName(p + ".package-info");
                if (!info.isAnnotationPresent(org.jspecify.annotations.NullMarked.class)) {
                    throw new AssertionError(p + " is not @NullMarked");
                }
            } catch (ClassNotFoundException e) {
                throw new AssertionError(p + " has no package-info.java", e);
            }
        });
    }
}
