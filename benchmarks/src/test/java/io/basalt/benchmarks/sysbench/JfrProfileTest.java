package io.basalt.benchmarks.sysbench;

import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class JfrProfileTest {
    private static volatile long sink;

    @Test
    void aBusyMethodShowsUpInTheProfileOfARecording(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("busy.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.start();
            spinFor(Duration.ofSeconds(2));
            recording.stop();
            recording.dump(file);
        }

        JfrProfile profile = JfrProfile.read(file);

        assertThat(profile.java().samples()).isPositive();
        assertThat(profile.java().topInclusive(5)).extracting(StackProfile.Entry::frame)
                .contains(JfrProfileTest.class.getName() + ".spinFor");
        assertThat(profile.markdown("busy")).contains("## Top methods, self", "JfrProfileTest.spinFor");
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
