package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code java -jar basalt-server.jar} on a fresh temporary data directory and a free loopback port, with the built-in
 * defaults or, when a scenario needs more, its configuration file.
 */
final class BasaltServerUnderTest implements DbServer {
    /**
     * The JVM options README recommends for a server with a heap of 6 GiB or more: a 2 GiB young generation makes
     * G1's young pauses (10-30 ms each, what sets the fixed-rate scenarios' p99) several times rarer than G1's own
     * sizing of about 400 MB does. Throughput is unchanged.
     */
    static final List<String> RECOMMENDED_JVM_OPTIONS = List.of("-Xmn2g");

    private final ServerProcess process;
    private final int port;

    private BasaltServerUnderTest(ServerProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * @param config     YAML overriding the defaults, or empty for none
     * @param jvmOptions options for the server's JVM beyond the harness's own
     */
    static BasaltServerUnderTest start(Path jar, Path logDir, String config, List<String> jvmOptions) {
        int port = FreePort.find();
        try {
            Path dir = Files.createTempDirectory("basalt-sysbench-");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            // the status endpoint is not needed (SHOW GLOBAL STATUS gives the counters): 0 avoids colliding on 10080
            // its own java.io.tmpdir: RocksDB's extracted native library goes with the directory even after a kill
            List<String> command = new ArrayList<>(List.of(java, "-XX:+ExitOnOutOfMemoryError",
                    "-Djava.io.tmpdir=" + Files.createDirectory(dir.resolve("tmp"))));
            command.addAll(RECOMMENDED_JVM_OPTIONS);
            command.addAll(jvmOptions);
            command.addAll(List.of("-jar", jar.toString(), "--data-dir", dir.resolve("data").toString(), "--host",
                    HOST, "--port", Integer.toString(port), "--status-port", "0"));
            if (!config.isEmpty()) {
                Path file = Files.writeString(dir.resolve("basalt.yaml"), config);
                command.addAll(List.of("--config", file.toString()));
            }
            ServerProcess p = ServerProcess.start(command, logDir.resolve("basalt-" + port + ".log"), dir,
                    Duration.ofSeconds(120));
            return new BasaltServerUnderTest(p, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public long pid() {
        return process.pid();
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
