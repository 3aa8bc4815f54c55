package io.basalt.benchmarks.sysbench;

import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessCpuTimeTest {
    @Test
    void growsWhileTheProcessComputes() {
        long pid = ProcessHandle.current().pid();
        OptionalDouble before = ProcessCpuTime.millis(pid);
        assertThat(before).isPresent();
        long sink = 0;
        // compute until the OS has counted 100 ms more (its ticks are 10 ms); the deadline only bounds a failure
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (ProcessCpuTime.millis(pid).getAsDouble() - before.getAsDouble() < 100 && System.nanoTime() < deadline) {
            for (int i = 0; i < 1_000_000; i++) {
                sink += i ^ sink;
            }
        }
        assertThat(sink).isNotZero();
        assertThat(ProcessCpuTime.millis(pid).getAsDouble() - before.getAsDouble()).isGreaterThanOrEqualTo(100);
    }

    @Test
    void isEmptyForAProcessThatIsGone() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        assertThat(ProcessCpuTime.millis(p.pid())).isEmpty();
    }
}
