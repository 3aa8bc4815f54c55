package io.basalt.benchmarks.sysbench;

import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class JfrProfileTest {
    private static volatile long sink;

    /**
     * A recording can miss the busy thread altogether (JFR skips a sample whose stack it cannot walk, e.g. while the
     * JIT replaces the running loop; seen once on a loaded CI machine), so up to five recordings are tried.
     */
    @Test
    void aBusyMethodShowsUpInTheProfileOfARecording(@TempDir Path dir) throws Exception {
        String spin = JfrProfileTest.class.getName() + ".spinFor";
        JfrProfile profile = null;
        for (int attempt = 1; attempt <= 5 && (profile == null || !inclusiveTop(profile).contains(spin)); attempt++) {
            profile = JfrProfile.read(recordBusyThread(dir.resolve("busy-" + attempt + ".jfr")));
        }

        assertThat(profile.java().samples()).isPositive();
        assertThat(inclusiveTop(profile)).contains(spin);
        assertThat(profile.markdown("busy")).contains("## Top methods, self", "JfrProfileTest.spinFor");
    }

    private static Path recordBusyThread(Path file) throws Exception {
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.start();
            spinFor(Duration.ofSeconds(2));
            recording.stop();
            recording.dump(file);
        }
        return file;
    }

    private static List<String> inclusiveTop(JfrProfile profile) {
        return profile.java().topInclusive(5).stream().map(StackProfile.Entry::frame).toList();
    }

    private static void spinFor(Duration duration) {
        long end = System.nanoTime() + duration.toNanos();
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime());
        }
        sink = x;
    }
}
