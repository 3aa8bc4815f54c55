package io.basalt.it;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the server process meets stop signals. Every other test's {@code close()} already checks SIGTERM: exit status 0
 * and nothing left in the server's temporary directory.
 */
class StopSignalTest {
    @Test
    void underXrsTheServerStartsAndWarnsThatStopSignalsSkipTheCleanShutdown() throws InterruptedException {
        BasaltServerProcess.Options defaults = BasaltServerProcess.Options.defaults();
        List<String> jvmArgs = new ArrayList<>(defaults.jvmArgs());
        jvmArgs.add("-Xrs");
        BasaltServerProcess server = BasaltServerProcess.start(defaults.withJvmArgs(jvmArgs));
        try {
            // the handlers are set up just after the ready line
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!server.logTail().contains("SIGINT is not handled") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(server.logTail())
                    .contains("SIGTERM is not handled")
                    .contains("SIGINT is not handled")
                    .contains("ready for connections");
        } finally {
            server.kill();
        }
    }
}
