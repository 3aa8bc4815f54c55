package io.basalt.it;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the Maven reactor root (the directory holding proxy-server/ and integration-tests/). */
public final class ReactorRoot {
    /** Set by the module's surefire configuration; absent when a test runs from an IDE or a script. */
    static final String PROPERTY = "basalt.reactor.root";

    private ReactorRoot() {
    }

    public static Path locate() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null && isRoot(Path.of(configured))) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (isRoot(dir)) {
                return dir.normalize();
            }
        }
        throw new IllegalStateException("cannot find the Basalt reactor root (a directory with proxy-server/pom.xml "
                + "and integration-tests/pom.xml) from " + Path.of("").toAbsolutePath()
                + "; set -D" + PROPERTY + "=<dir>");
    }

    /** integration-tests/target, where logs and reports go. */
    public static Path targetDir() {
        return locate().resolve("integration-tests").resolve("target");
    }

    private static boolean isRoot(Path dir) {
        return Files.isRegularFile(dir.resolve("proxy-server/pom.xml"))
                && Files.isRegularFile(dir.resolve("integration-tests/pom.xml"));
    }
}
