package io.basalt.it;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Stops a child server the way an operator would: SIGTERM, a bounded wait, then SIGKILL. Stateless. */
final class ProcessStop {
    private ProcessStop() {
    }

    /**
     * Sends SIGTERM and waits up to {@code timeout}.
     *
     * @return true when the process exited by itself; false when it had to be killed
     */
    static boolean terminate(Process process, Duration timeout) {
        process.destroy();
        try {
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while stopping process " + process.pid(), e);
        }
    }
}
