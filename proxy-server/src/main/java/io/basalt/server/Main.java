package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.ServerConfig;
import io.basalt.server.status.StatusReport;
import io.basalt.server.status.StatusServer;
import io.basalt.storage.binlog.BinlogPosition;
import io.basalt.storage.binlog.BinlogService;
import io.basalt.storage.error.StorageException;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code java -jar basalt-server.jar [--config FILE] [--data-dir DIR] [--host H] [--port P] [--status-port P]
 * [--init-file FILE]}: starts the server and its HTTP status endpoint and runs until SIGTERM or SIGINT, then shuts
 * down in order and exits with 0. A configuration that cannot be used, a data directory already in use by another
 * instance, a port that cannot be bound or a failing init file end the process with 1.
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

    @Option(names = "--status-port", paramLabel = "PORT",
            description = "HTTP status endpoint port, 0 for none (overrides server.status_port).")
    private Integer statusPort;

    @Option(names = "--init-file", paramLabel = "FILE",
            description = "SQL file run as root at startup (overrides server.init_file).")
    private Path initFile;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public Integer call() throws InterruptedException {
        Instant startedAt = Instant.now();
        BasaltConfig config;
        try {
            config = BasaltConfig.resolve(configFile).apply(new BasaltConfig.Overrides(dataDir, host, port));
            if (statusPort != null) {
                config.server().statusPort = statusPort;
            }
            if (initFile != null) {
                config.server().initFile = initFile.toString();
            }
            config.server().validate();
        } catch (UncheckedIOException | IllegalArgumentException e) {
            LOG.error("cannot start: {}", e.getMessage());
            return 1;
        }
        PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        BasaltServer server;
        try {
            server = BasaltServer.start(config, meters, DefaultSqlLayer::open);
        } catch (StorageException | BindException | InitFileException e) {
            LOG.error("cannot start: {}", e.getMessage());
            return 1;
        }
        StatusServer status;
        try {
            status = startStatus(config.server(), meters, server, startedAt);
        } catch (IOException e) {
            LOG.error("cannot start: status endpoint {}:{}: {}", config.server().statusHost,
                    config.server().statusPort, e.getMessage());
            server.close();
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            if (status != null) {
                status.close();
            }
        }, "basalt-shutdown"));
        exitWithZeroOnStopSignals();
        server.awaitTermination();
        return 0;
    }

    /**
     * SIGTERM and SIGINT are an operator's orderly stop, so they exit with status 0 (the JVM's own handling reports
     * 128 + signal). {@code System.exit} runs the shutdown hook and then the JVM's remaining exit work, which
     * {@code Runtime.halt} would skip: RocksDB's native library, extracted to {@code java.io.tmpdir} at every
     * start, is deleted on exit (15 MB left behind per stop otherwise).
     */
    private static void exitWithZeroOnStopSignals() {
        for (String name : List.of("TERM", "INT")) {
            try {
                Signal.handle(new Signal(name), signal -> System.exit(0));
            } catch (IllegalArgumentException e) {
                // -Xrs: the operator left these signals to the operating system, which ends the process unhooked
                LOG.warn("SIG{} is not handled ({}): it stops the server without a clean shutdown", name,
                        e.getMessage());
            }
        }
    }

    /** @return null when {@code server.status_port} is 0 */
    private static StatusServer startStatus(ServerConfig sc, PrometheusMeterRegistry meters, BasaltServer server,
                                            Instant startedAt) throws IOException {
        if (sc.statusPort == 0) {
            return null;
        }
        StatusReport report = new StatusReport(meters, sc.version, startedAt,
                Map.of("binlog", () -> binlogStatus(server.binlog())));
        return StatusServer.start(new InetSocketAddress(sc.statusHost, sc.statusPort), meters, report,
                server::isServing);
    }

    /** The /status "binlog" section: whether it is on, the current file and position, the GTID position. */
    private static Map<String, Object> binlogStatus(BinlogService binlog) {
        if (!binlog.enabled()) {
            return Map.of("log_bin", false);
        }
        BinlogPosition at = binlog.currentPosition();
        return Map.of("log_bin", true, "file", at.file(), "position", at.position(),
                "gtid_binlog_pos", binlog.gtidBinlogPos());
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
