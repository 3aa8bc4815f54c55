package io.basalt.server.testing;

import io.basalt.server.auth.UserAccounts;
import io.basalt.server.command.ServerContext;
import io.basalt.server.config.ServerConfig;
import io.basalt.server.config.UserConfig;
import io.basalt.server.metrics.ServerMetrics;
import io.basalt.server.netty.NettyServer;
import io.basalt.server.replication.ReplicationService;
import io.basalt.sql.binlog.ReplicaHosts;
import io.basalt.storage.binlog.BinlogConfig;
import io.basalt.storage.binlog.BinlogService;
import io.basalt.session.SessionRegistry;
import io.basalt.sql.sysvar.SystemVariables;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The real Netty front end on a free loopback port, backed by a {@link FakeSqlEngine}. Accounts: {@code root} with
 * no password from localhost, {@code alice} with password {@code secret} from anywhere.
 */
public final class TestServer implements AutoCloseable {
    public static final String VERSION = "10.11.99-Basalt-MariaDB";

    private final SessionRegistry sessions = new SessionRegistry();
    private final FakeSqlEngine engine = new FakeSqlEngine(sessions);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ServerConfig config;
    private final ServerContext context;
    private final NettyServer server;

    private TestServer(ServerConfig config, BinlogService binlog) {
        this.config = config;
        SystemVariables globals = SystemVariables.withDefaults();
        globals.set("max_allowed_packet", config.maxAllowedPacket);
        UserAccounts accounts = UserAccounts.fromConfig(config.users);
        this.context = new ServerContext(engine, sessions, globals, accounts, new ServerMetrics(meters),
                config.version, config.defaultAuthPlugin, new ReplicationService(binlog, new ReplicaHosts(), meters),
                config.eventLoopCommits);
        this.server = new NettyServer(context, config);
    }

    public static TestServer start() throws Exception {
        return start(c -> { });
    }

    /** @param customize changes the configuration before the server starts */
    public static TestServer start(Consumer<ServerConfig> customize) throws Exception {
        return start(customize, BinlogService.open(BinlogConfig.defaults(Path.of("unused")).withEnabled(false),
                new SimpleMeterRegistry()));
    }

    /**
     * A server whose binlog dump service streams {@code binlog} (owned by the caller, who closes it after this
     * server).
     */
    public static TestServer start(Consumer<ServerConfig> customize, BinlogService binlog) throws Exception {
        ServerConfig config = new ServerConfig();
        config.port = 0;
        config.users = List.of(new UserConfig("root", "", "localhost"), new UserConfig("alice", "secret", "%"));
        customize.accept(config);
        TestServer s = new TestServer(config, binlog);
        s.server.start();
        return s;
    }

    public int port() {
        return server.localAddress().getPort();
    }

    public FakeSqlEngine engine() {
        return engine;
    }

    public SessionRegistry sessions() {
        return sessions;
    }

    public SimpleMeterRegistry meters() {
        return meters;
    }

    public NettyServer netty() {
        return server;
    }

    public ServerContext context() {
        return context;
    }

    public ServerConfig config() {
        return config;
    }

    public String jdbcUrl(String scheme, String params) {
        return "jdbc:" + scheme + "://127.0.0.1:" + port() + "/" + (params.isEmpty() ? "" : "?" + params);
    }

    @Override
    public void close() {
        server.stopAccepting();
        try {
            server.closeConnections(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.close();
    }
}
