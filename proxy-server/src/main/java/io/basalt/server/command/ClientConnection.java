package io.basalt.server.command;

import io.basalt.protocol.auth.CachingSha2Password;
import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.Packet;
import io.basalt.protocol.codec.PacketAssembler;
import io.basalt.protocol.constants.CapabilityFlags;
import io.basalt.protocol.constants.Collations;
import io.basalt.protocol.constants.ServerStatus;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.handshake.AuthMoreData;
import io.basalt.protocol.handshake.AuthSwitchRequest;
import io.basalt.protocol.handshake.HandshakeResponse41;
import io.basalt.protocol.handshake.HandshakeV10;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.server.auth.AuthResult;
import io.basalt.server.auth.Authenticator;
import io.basalt.server.auth.HostPattern;
import io.basalt.server.auth.UserAccount;
import io.basalt.server.replication.BinlogDump;
import io.basalt.session.Session;
import io.basalt.sql.engine.NoWaitResult;
import io.basalt.sql.engine.ResultSink;
import io.basalt.sql.sysvar.SessionVariables;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The protocol side of one client connection: the greeting, the login conversation (handshake response, optional
 * auth switch, caching_sha2 fast-auth, initial database), then command dispatch. Owns the connection's
 * {@link Session} and prepared statements and releases them when the connection goes.
 *
 * <p>Threading: {@link #greet} runs once, before any packet; every other entry point is called by the one thread
 * that processes the connection's packets at a time, in arrival order (the transport guarantees both). The one
 * exception is a binlog dump: from the end of its COM_BINLOG_DUMP packet until its stream ends, its own thread owns
 * the output, and packets that arrive meanwhile are dropped unanswered, as a MariaDB dump thread never reads them
 * (mysql-binlog-connector-java pings dump connections; an OK in the event stream would corrupt it).
 */
public final class ClientConnection {
    /** Largest packet accepted before login; a handshake response with attributes is a few hundred bytes. */
    public static final int LOGIN_MAX_PAYLOAD = 64 * 1024;
    /** Accepted beyond max_allowed_packet for the command byte and statement framing around a value. */
    private static final int PACKET_SLACK = 1024;
    /** MySQL's upper bound of max_allowed_packet (1 GiB). */
    private static final long MAX_ALLOWED_PACKET_LIMIT = 1L << 30;
    private static final Logger LOG = LoggerFactory.getLogger(ClientConnection.class);
    private static final CommandDispatcher DISPATCHER = new CommandDispatcher();
    private static final ResultSink IGNORE_RESULT = new ResultSink() {
        @Override
        public void columns(List<ColumnDefinition> columns) {
        }

        @Override
        public void row(Object[] values) {
        }

        @Override
        public void endRows() {
        }

        @Override
        public void ok(long affectedRows, long lastInsertId, String info) {
        }
    };

    private enum Phase { AWAIT_HANDSHAKE_RESPONSE, AWAIT_AUTH_SWITCH_RESPONSE, COMMANDS, CLOSED }

    private final ServerContext server;
    private final ConnectionControl control;
    private final ResponseWriter responses;
    private final InetAddress clientAddress;
    private final long connectionId;
    private final Authenticator authenticator;
    private final PreparedStatements statements;
    private Phase phase = Phase.AWAIT_HANDSHAKE_RESPONSE;
    private HandshakeResponse41 handshake;
    private Session session;
    private String pendingSwitchCommand;
    private Consumer<byte[]> pendingSwitch;
    private BinlogDump pendingDump;
    /** Set while a dump thread owns the output; volatile: written by the worker and the dump thread. */
    private volatile BinlogDump dump;

    public ClientConnection(ServerContext server, PacketOutput output, ConnectionControl control,
                            InetAddress clientAddress) {
        this.server = server;
        this.control = control;
        this.responses = new ResponseWriter(output);
        this.clientAddress = clientAddress;
        this.connectionId = server.sessions().nextConnectionId();
        this.authenticator = new Authenticator(server.accounts(), server.greetingAuthPlugin(), server.random());
        this.statements = new PreparedStatements(server);
    }

    public long connectionId() {
        return connectionId;
    }

    /** Sends the HandshakeV10 greeting (sequence id 0). */
    public void greet() {
        responses.begin(0);
        int status = server.globals().getLong("autocommit") != 0 ? ServerStatus.AUTOCOMMIT : 0;
        HandshakeV10 greeting = new HandshakeV10(server.serverVersion(), connectionId, authenticator.scramble(),
                CapabilityFlags.SERVER_DEFAULT, Collations.UTF8MB4_GENERAL_CI, status,
                authenticator.greetingPlugin());
        PacketOutput out = responses.output();
        greeting.encode(out.beginPacket());
        out.endPacket();
        out.flush();
    }

    /** Processes one packet from the client and releases it. */
    public void onPacket(Packet packet) {
        try {
            if (phase == Phase.CLOSED || dump != null) {
                return;
            }
            responses.begin(packet.nextSequenceId());
            if (phase == Phase.COMMANDS) {
                command(packet);
            } else {
                login(packet);
            }
            responses.output().flush();
            startPendingDump();
        } catch (ClientGoneException e) {
            close();
        } finally {
            packet.payload().release();
        }
    }

    /**
     * {@link #onPacket} on the connection's event loop, for a command that can finish there without waiting, or be
     * left pending until its commit is durable (see {@link CommandDispatcher#dispatchWithoutWaiting}; the pending
     * command's finish then replies, or hands off); {@link NoWaitResult#HAND_OFF}, with the packet untouched and
     * nothing sent, when it must go to {@link #onPacket} on a worker. The packet is released once the command is done.
     */
    public NoWaitResult onPacketWithoutWaiting(Packet packet) {
        if (phase != Phase.COMMANDS || dump != null || pendingSwitch != null || firstSequenceId(packet) != 0) {
            return NoWaitResult.HAND_OFF;
        }
        responses.begin(packet.nextSequenceId());
        return answered(packet, () -> DISPATCHER.dispatchWithoutWaiting(this, packet.payload()));
    }

    /** Runs one step of a command tried without waiting and sends, hands off or leaves pending what it came to. */
    private NoWaitResult answered(Packet packet, Supplier<NoWaitResult> step) {
        NoWaitResult r = NoWaitResult.DONE;
        try {
            r = step.get();
            if (r == NoWaitResult.HAND_OFF) {
                responses.output().discard(); // the worker answers from the start
                return r;
            }
            if (r.isPending()) {
                NoWaitResult pending = r;
                return NoWaitResult.pending(pending.settled(),
                        () -> answered(packet, () -> NoWaitResult.of(pending.finish())) == NoWaitResult.DONE);
            }
            closeIfKilled();
            responses.output().flush();
        } catch (ClientGoneException e) {
            close();
        } finally {
            if (r == NoWaitResult.DONE) {
                packet.payload().release();
            }
        }
        return NoWaitResult.DONE;
    }

    /**
     * The byte stream could not be split into packets (one too large, or out of order): answers with the error
     * (1043 Bad handshake before login) and closes.
     *
     * @param sequenceId the sequence id the reply must carry
     */
    public void onFramingError(MySqlException error, int sequenceId) {
        if (phase == Phase.CLOSED) {
            return;
        }
        try {
            responses.begin(sequenceId);
            responses.error(phase == Phase.COMMANDS ? error : new MySqlException(ErrorCode.HANDSHAKE_ERROR));
            responses.output().flush();
        } catch (ClientGoneException e) {
            LOG.debug("connection {}: gone before its framing error could be reported", connectionId);
        }
        close();
    }

    /** The connection is gone: rolls back the session's transaction and releases everything it held. */
    public void onDisconnect() {
        phase = Phase.CLOSED;
        pendingSwitch = null;
        pendingDump = null;
        BinlogDump running = dump;
        if (running != null) {
            running.stop();
        }
        server.replication().unregister(connectionId);
        statements.closeAll();
        if (session != null) {
            try {
                server.engine().close(session);
            } catch (RuntimeException e) {
                LOG.warn("connection {}: closing its session failed", connectionId, e);
            } finally {
                server.sessions().unregister(session);
            }
        }
    }

    /** Whether login has completed and the connection is open and takes commands (not streaming a binlog dump). */
    public boolean isLoggedIn() {
        return phase == Phase.COMMANDS && dump == null;
    }

    /** Seconds a logged-in connection may stay idle now: the session's wait_timeout. */
    public long idleTimeoutSeconds() {
        return session.variables().getLong("wait_timeout");
    }

    /** How long a reply may wait for the client to read: the session's net_write_timeout. */
    public long writeTimeoutMillis() {
        Session s = session;
        long seconds = s == null ? server.globals().getLong("net_write_timeout")
                : s.variables().getLong("net_write_timeout");
        return seconds * 1000;
    }

    private void login(Packet packet) {
        try {
            AuthResult result;
            if (phase == Phase.AWAIT_HANDSHAKE_RESPONSE) {
                if (packet.sequenceId() != 1) {
                    throw new MalformedPacketException("handshake response with sequence id " + packet.sequenceId());
                }
                handshake = HandshakeResponse41.decode(packet.payload());
                if (handshake.sslRequest()) {
                    throw new MalformedPacketException("SSL requested but not offered");
                }
                String plugin = handshake.hasCapability(CapabilityFlags.PLUGIN_AUTH) ? handshake.authPluginName()
                        : null;
                result = authenticator.start(handshake.username(), handshake.authResponse(), plugin, clientAddress);
            } else {
                result = authenticator.afterSwitch(ByteBufUtil.getBytes(packet.payload()));
            }
            loginStep(result);
        } catch (MalformedPacketException e) {
            LOG.debug("connection {}: bad handshake ({})", connectionId, e.detail());
            responses.error(new MySqlException(ErrorCode.HANDSHAKE_ERROR));
            close();
        } catch (MySqlException e) {
            responses.error(e);
            close();
        } catch (ClientGoneException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.warn("connection {}: login failed unexpectedly", connectionId, e);
            responses.error(new MySqlException(e, ErrorCode.UNKNOWN_ERROR, String.valueOf(e.getMessage())));
            close();
        }
    }

    private void loginStep(AuthResult result) {
        PacketOutput out = responses.output();
        if (result instanceof AuthResult.Denied denied) {
            LOG.debug("connection {}: {}", connectionId, denied.error().getMessage());
            responses.error(denied.error());
            close();
        } else if (result instanceof AuthResult.SwitchRequest switchRequest) {
            AuthSwitchRequest.encode(out.beginPacket(), switchRequest.plugin(), switchRequest.scramble());
            out.endPacket();
            phase = Phase.AWAIT_AUTH_SWITCH_RESPONSE;
        } else if (result instanceof AuthResult.Accepted accepted) {
            if (accepted.sendFastAuthSuccess()) {
                AuthMoreData.encode(out.beginPacket(), new byte[] {CachingSha2Password.FAST_AUTH_SUCCESS_STATUS});
                out.endPacket();
            }
            completeLogin(accepted.account());
        }
    }

    private void completeLogin(UserAccount account) {
        Session s = new Session(connectionId, account.name(), HostPattern.displayHost(clientAddress),
                new SessionVariables(server.globals()));
        s.setClientCapabilities(handshake.capabilities() & CapabilityFlags.SERVER_DEFAULT);
        s.setConnectAttributes(handshake.connectAttrs());
        applyClientDefaults(s);
        String database = handshake.database();
        if (database != null && !database.isEmpty()) {
            try {
                server.engine().execute(s, useStatement(database), IGNORE_RESULT);
            } catch (RuntimeException e) {
                server.engine().close(s);
                throw e;
            }
        }
        session = s;
        responses.attach(s);
        server.sessions().register(s, control::close);
        control.loggedIn(maxPayload());
        phase = Phase.COMMANDS;
        responses.ok(0, 0, null);
        LOG.debug("connection {}: {}@{} logged in", connectionId, s.user(), s.host());
    }

    private void command(Packet packet) {
        if (pendingSwitch != null) {
            Consumer<byte[]> continuation = pendingSwitch;
            pendingSwitch = null;
            byte[] answer = ByteBufUtil.getBytes(packet.payload());
            DISPATCHER.run(this, pendingSwitchCommand, () -> continuation.accept(answer));
        } else if (firstSequenceId(packet) != 0) {
            responses.error(new MySqlException(ErrorCode.NET_PACKETS_OUT_OF_ORDER));
            close();
            return;
        } else {
            DISPATCHER.dispatch(this, packet.payload());
        }
        closeIfKilled();
    }

    private void closeIfKilled() {
        if (session.isConnectionKilled()) {
            close();
        }
    }

    // ---- for command handlers ----

    ServerContext server() {
        return server;
    }

    ResponseWriter responses() {
        return responses;
    }

    Session session() {
        return session;
    }

    PreparedStatements statements() {
        return statements;
    }

    Authenticator authenticator() {
        return authenticator;
    }

    InetAddress clientAddress() {
        return clientAddress;
    }

    /** The capability flags exactly as the client sent them (COM_CHANGE_USER is framed by them). */
    int clientFlags() {
        return handshake.capabilities();
    }

    boolean multiStatements() {
        return (session.clientCapabilities() & CapabilityFlags.MULTI_STATEMENTS) != 0;
    }

    void setMultiStatements(boolean on) {
        int caps = session.clientCapabilities();
        session.setClientCapabilities(on ? caps | CapabilityFlags.MULTI_STATEMENTS
                : caps & ~CapabilityFlags.MULTI_STATEMENTS);
    }

    /** Long data may grow a parameter up to max_allowed_packet. */
    long maxLongData() {
        return session.variables().maxAllowedPacket();
    }

    /** The next packet answers an AuthSwitchRequest just written; it goes to {@code continuation}. */
    void awaitAuthSwitchResponse(String processListName, Consumer<byte[]> continuation) {
        pendingSwitchCommand = processListName;
        pendingSwitch = continuation;
    }

    /** COM_BINLOG_DUMP: the dump's thread takes over the output once the current packet has been processed. */
    void startDumpAfterThisPacket(BinlogDump d) {
        pendingDump = d;
    }

    private void startPendingDump() {
        BinlogDump d = pendingDump;
        if (d == null || phase != Phase.COMMANDS) {
            return;
        }
        pendingDump = null;
        dump = d;
        d.start(this::dumpEnded);
    }

    /** On the dump thread: after EOF the connection takes commands again; after anything else it is closed. */
    private void dumpEnded(boolean eof) {
        try {
            if (!eof) {
                close();
            }
        } finally {
            dump = null;
        }
    }

    /** COM_RESET_CONNECTION: engine state, session variables and prepared statements back to a fresh login's. */
    void resetSession() {
        server.engine().reset(session);
        session.variables().reset();
        applyClientDefaults(session);
        statements.closeAll();
    }

    /** COM_CHANGE_USER after the new user authenticated. */
    void changeUser(UserAccount account, String database, Map<String, String> connectAttributes) {
        resetSession();
        session.setUser(account.name());
        session.setConnectAttributes(connectAttributes);
        if (database == null || database.isEmpty()) {
            session.setCurrentDatabase(null);
        } else {
            server.engine().execute(session, useStatement(database), IGNORE_RESULT);
        }
    }

    /** Closes the connection after what has been written is sent; later packets are ignored. */
    void close() {
        if (phase != Phase.CLOSED) {
            phase = Phase.CLOSED;
            try {
                responses.output().flush();
            } catch (ClientGoneException e) {
                LOG.debug("connection {}: gone before its last reply was sent", connectionId);
            }
            control.close();
        }
    }

    /** The sequence id of a logical packet's first physical packet: commands start at 0. */
    private static int firstSequenceId(Packet packet) {
        int continuations = packet.payload().readableBytes() / PacketAssembler.MAX_PHYSICAL_LENGTH;
        return (packet.sequenceId() - continuations) & 0xff;
    }

    /** {@code USE `name`} with the name quoted as MySQL quotes identifiers. */
    static String useStatement(String database) {
        return "USE `" + database.replace("`", "``") + "`";
    }

    private void applyClientDefaults(Session s) {
        if ((s.clientCapabilities() & CapabilityFlags.INTERACTIVE) != 0) {
            s.variables().set("wait_timeout", server.globals().getLong("interactive_timeout"));
        }
    }

    private int maxPayload() {
        return (int) Math.min(server.globals().getLong("max_allowed_packet"), MAX_ALLOWED_PACKET_LIMIT) + PACKET_SLACK;
    }
}
