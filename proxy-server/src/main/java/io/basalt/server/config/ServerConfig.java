package io.basalt.server.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Front-end configuration: the {@code server:} section of {@code config/basalt.yaml} (snake_case keys, unknown keys
 * rejected). Plain fields so the YAML binds directly; read once at startup.
 */
public class ServerConfig {
    public static final String NATIVE_PASSWORD = "mysql_native_password";
    public static final String CACHING_SHA2_PASSWORD = "caching_sha2_password";

    private static final long MIN_ALLOWED_PACKET = 1024;
    private static final long MAX_ALLOWED_PACKET = 1L << 30;

    public String host = "127.0.0.1";
    public int port = 4000;
    /** Address of the HTTP status endpoint (/metrics, /status, /health); loopback unless exposed on purpose. */
    public String statusHost = "127.0.0.1";
    /** Port of the HTTP status endpoint; 0 turns it off. */
    public int statusPort = 10080;
    /** SQL file run as root once the catalog is open, before clients are accepted (mysqld's --init-file); "" for none. */
    public String initFile = "";
    /**
     * The version the greeting and {@code VERSION()} report. The numeric prefix must stay at 10 or above (a MariaDB
     * replica uses GTID mode only with such a master, Connector/J then behaves as with MySQL ≥ 8.0.3) and the text
     * must contain "MariaDB" for binlog clients.
     */
    public String version = "10.11.99-Basalt-MariaDB";
    public int maxConnections = 4096;
    /**
     * Statements running at the same time; one waiting for a row or metadata lock, in SLEEP or for the client does
     * not count. Further commands wait their turn (see StatementAdmission).
     */
    public int workerThreads = 64;
    /**
     * Whether a prepared plain read (no locking clause, no session side effects), a prepared data statement inside an
     * open transaction, and BEGIN / COMMIT / ROLLBACK of a transaction holding no writes or row locks, are first
     * tried on the event loop that received them, from memory only, and handed to a worker only if they would wait
     * (disk read or write, lock, long scan, large reply): it saves the two thread wake-ups of the hand-off.
     */
    public boolean eventLoopReads = true;
    /**
     * Whether an autocommit prepared data statement tried on the event loop (event_loop_reads) also commits there when
     * its transaction commits by 1PC or async commit: the event loop stages the write, the storage's commit writer
     * makes a round of them durable with one WAL sync and delivers their binlog group, and the reply is sent once the
     * binlog holds it. Off: such statements run on a worker, which waits for the commit writer instead.
     */
    public boolean eventLoopCommits = true;
    /** Seconds an idle authenticated connection is kept (the global {@code wait_timeout}). */
    public long waitTimeout = 28800;
    /** Seconds a new connection may take to authenticate. */
    public long connectTimeout = 10;
    public long maxAllowedPacket = 67_108_864;
    /** Plugin named in the greeting; clients may still answer with caching_sha2_password. */
    public String defaultAuthPlugin = NATIVE_PASSWORD;
    /** At shutdown, how long running statements may take to finish before their connections are cut. */
    public long shutdownTimeoutMs = 10_000;
    public List<UserConfig> users = new ArrayList<>(List.of(new UserConfig("root", "", "localhost")));

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    /** Reads the {@code server:} section of a Basalt YAML file; unknown keys are an error. */
    public static ServerConfig fromYaml(Path file) {
        try {
            JsonNode root = YAML.readTree(file.toFile());
            JsonNode server = root == null ? null : root.get("server");
            return server == null || server.isNull() ? new ServerConfig()
                    : YAML.treeToValue(server, ServerConfig.class);
        } catch (IOException e) {
            String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe ? jpe.getOriginalMessage()
                    : e.toString();
            throw new UncheckedIOException("cannot read server configuration from " + file + ": " + why, e);
        }
    }

    /** @throws IllegalArgumentException naming the first bad key */
    public void validate() {
        require(host != null && !host.isBlank(), "server.host must not be empty");
        require(port > 0 && port < 65536, "server.port must be 1..65535, not " + port);
        require(statusHost != null && !statusHost.isBlank(), "server.status_host must not be empty");
        require(initFile != null, "server.init_file must be a string");
        require(statusPort >= 0 && statusPort < 65536, "server.status_port must be 0..65535 (0: off), not " + statusPort);
        require(version != null && !version.isEmpty() && Character.isDigit(version.charAt(0)),
                "server.version must start with a digit (clients parse it), not '" + version + "'");
        require(maxConnections > 0, "server.max_connections must be positive");
        require(workerThreads > 0, "server.worker_threads must be positive");
        require(waitTimeout > 0, "server.wait_timeout must be positive");
        require(connectTimeout > 0, "server.connect_timeout must be positive");
        require(shutdownTimeoutMs >= 0, "server.shutdown_timeout_ms must not be negative");
        require(maxAllowedPacket >= MIN_ALLOWED_PACKET && maxAllowedPacket <= MAX_ALLOWED_PACKET,
                "server.max_allowed_packet must be " + MIN_ALLOWED_PACKET + ".." + MAX_ALLOWED_PACKET);
        require(NATIVE_PASSWORD.equals(defaultAuthPlugin) || CACHING_SHA2_PASSWORD.equals(defaultAuthPlugin),
                "server.default_auth_plugin must be " + NATIVE_PASSWORD + " or " + CACHING_SHA2_PASSWORD);
        require(users != null && !users.isEmpty(), "server.users must list at least one user");
        Set<String> seen = new HashSet<>();
        for (UserConfig u : users) {
            require(u != null && u.name != null && !u.name.isEmpty(), "server.users: every user needs a name");
            require(u.password != null, "server.users: password of '" + u.name + "' must be a string");
            require(u.host != null && !u.host.isEmpty(), "server.users: host of '" + u.name + "' must not be empty");
            require(seen.add(u.name + "@" + u.host), "server.users: '" + u.name + "'@'" + u.host + "' listed twice");
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
