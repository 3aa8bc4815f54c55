package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** {@code java -jar basalt-server.jar} on a fresh temporary data directory and a free loopback port. */
final class BasaltServerUnderTest implements DbServer {
    private final ServerProcess process;
    private final int port;

    private BasaltServerUnderTest(ServerProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    static BasaltServerUnderTest start(Path jar, Path logDir) {
        int port = FreePort.find();
        try {
            Path dir = Files.createTempDirectory("basalt-sysbench-");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            // the status endpoint is not needed (SHOW GLOBAL STATUS gives the counters): 0 avoids colliding on 10080
            List<String> command = List.of(java, "-XX:+ExitOnOutOfMemoryError", "-jar", jar.toString(),
                    "--data-dir", dir.resolve("data").toString(), "--host", HOST, "--port", Integer.toString(port),
                    "--status-port", "0");
            ServerProcess p = ServerProcess.start(command, logDir.resolve("basalt-" + port + ".log"), dir,
                    Duration.ofSeconds(120));
            return new BasaltServerUnderTest(p, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String name() {
        return "basalt";
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public void close() {
        process.stop();
    }
}
