package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ServerConfig;
import io.basalt.storage.error.StorageException;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.UncheckedIOException;
import java.net.BindException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code java -jar basalt-server.jar [--config FILE] [--data-dir DIR] [--host H] [--port P]}: starts the server and
 * runs until SIGTERM or SIGINT, then shuts down in order and exits with 0. A configuration that cannot be used, a
 * data directory already in use by another instance or a port that cannot be bound end the process with 1.
 */
@Command(name = "basalt-server", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Basalt: a MySQL-compatible database server with a MariaDB-compatible binary log.")
public final class Main implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    @Option(names = "--config", paramLabel = "FILE",
            description = "Configuration file (default: config/basalt.yaml if present, else built-in defaults).")
    private Path configFile;

    @Option(names = "--data-dir", paramLabel = "DIR", description = "Data directory (overrides storage.data_dir).")
    private String dataDir;

    @Option(names = "--host", paramLabel = "HOST", description = "Listen address (overrides server.host).")
    private String host;

    @Option(names = "--port", paramLabel = "PORT", description = "Listen port (overrides server.port).")
    private Integer port;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public Integer call() throws InterruptedException {
        BasaltConfig config;
        try {
            config = BasaltConfig.resolve(configFile).apply(new BasaltConfig.Overrides(dataDir, host, port));
        } catch (UncheckedIOException | IllegalArgumentException e) {
            LOG.error("cannot start: {}", e.getMessage());
            return 1;
        }
        BasaltServer server;
        try {
            server = BasaltServer.start(config, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT),
                    DefaultSqlLayer::open);
        } catch (StorageException | BindException e) {
            LOG.error("cannot start: {}", e.getMessage());
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            // the JVM would report a signal as exit status 128 + signal; an orderly shutdown is a success
            Runtime.getRuntime().halt(0);
        }, "basalt-shutdown"));
        server.awaitTermination();
        return 0;
    }

    /** {@code --version}: the build and the version string the server reports to clients. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String build = Main.class.getPackage().getImplementationVersion();
            return new String[] {"basalt-server " + (build == null ? "(development build)" : build)
                    + ", reports version " + new ServerConfig().version};
        }
    }
}
