package io.basalt.it.docker;

import com.github.dockerjava.api.exception.NotFoundException;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;

/**
 * What the docker tests need: a reachable Docker engine and the Basalt image. Where either is missing the tests are
 * skipped with a message saying how to get it, unless {@code -Dbasalt.docker.required=true} (CI, once it has
 * started dockerd and built the image) turns the skip into a failure.
 */
final class DockerPrerequisites {
    static final String IMAGE = System.getProperty("basalt.docker.image", "basalt-server:latest");
    private static final boolean REQUIRED = Boolean.getBoolean("basalt.docker.required");
    private static final String HOW = " Start dockerd, then build the images: "
            + "proxy-server/src/main/docker/build-local-jre-image.sh (only without registry access) and "
            + "proxy-server/src/main/docker/build-image.sh [--base basalt-jre-local:17].";

    /** Why the docker tests cannot run here, or null; probed once per JVM. */
    private static String missing;
    private static boolean probed;

    private DockerPrerequisites() {
    }

    /** Skips (or with -Dbasalt.docker.required=true fails) the calling test when Docker or the image is missing. */
    static synchronized void check() {
        if (!probed) {
            probed = true;
            missing = probe();
        }
        if (missing == null) {
            return;
        }
        if (REQUIRED) {
            Assertions.fail(missing + HOW + " (-Dbasalt.docker.required=true makes this a failure)");
        }
        Assumptions.abort(missing + HOW);
    }

    private static String probe() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            return "no Docker engine is reachable (DOCKER_HOST or /var/run/docker.sock): docker test skipped.";
        }
        try {
            DockerClientFactory.instance().client().inspectImageCmd(IMAGE).exec();
            return null;
        } catch (NotFoundException e) {
            return "image " + IMAGE + " is not built: docker test skipped.";
        }
    }
}
