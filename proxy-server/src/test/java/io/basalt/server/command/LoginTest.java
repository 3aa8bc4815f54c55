package io.basalt.server.command;

import io.basalt.protocol.auth.AuthPlugins;
import io.basalt.protocol.auth.CachingSha2Password;
import io.basalt.protocol.auth.NativePassword;
import io.basalt.protocol.codec.PayloadWriter;
import io.basalt.protocol.constants.CapabilityFlags;
import io.basalt.protocol.constants.Collations;
import io.basalt.protocol.constants.ServerStatus;
import io.basalt.protocol.handshake.HandshakeV10;
import io.basalt.server.testing.RawClient;
import io.basalt.server.testing.RawClient.Received;
import io.basalt.server.testing.TestServer;
import io.basalt.session.Session;
import io.basalt.storage.testing.Await;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** The login conversation byte by byte: greeting, plugins, auth switch, initial database, COM_CHANGE_USER, limits. */
class LoginTest {
    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void greetingAdvertisesTheImplementedProtocol() throws IOException {
        try (RawClient c = RawClient.connect(server.port())) {
            HandshakeV10 g = c.readGreeting();
            assertThat(g.protocolVersion()).isEqualTo(10);
            assertThat(g.serverVersion()).isEqualTo(TestServer.VERSION);
            assertThat(g.capabilities()).isEqualTo(CapabilityFlags.SERVER_DEFAULT);
            assertThat(g.charset()).isEqualTo(Collations.UTF8MB4_GENERAL_CI);
            assertThat(g.statusFlags()).isEqualTo(ServerStatus.AUTOCOMMIT);
            assertThat(g.authPluginName()).isEqualTo(AuthPlugins.MYSQL_NATIVE_PASSWORD);
            assertThat(g.connectionId()).isPositive();
            assertThat(g.scramble()).hasSize(20).doesNotContain((byte) 0);
        }
        try (RawClient a = RawClient.connect(server.port()); RawClient b = RawClient.connect(server.port())) {
            HandshakeV10 ga = a.readGreeting();
            HandshakeV10 gb = b.readGreeting();
            // two event loops may greet in either order: ids are unique, not ordered by connect()
            assertThat(gb.connectionId()).isNotEqualTo(ga.connectionId());
            assertThat(gb.scramble()).isNotEqualTo(ga.scramble());
        }
    }

    @Test
    void unknownPluginIsSwitchedToNativePasswordWithAFreshScramble() throws IOException {
        try (RawClient c = RawClient.connect(server.port())) {
            HandshakeV10 g = c.readGreeting();
            c.write(1, RawClient.handshakeResponse(RawClient.CLIENT_FLAGS, "alice", new byte[] {1, 2, 3}, null,
                    "sha256_password"));
            Received sw = c.read();
            assertThat(sw.sequenceId()).isEqualTo(2);
            assertThat(sw.header()).isEqualTo(0xfe);
            String plugin = "mysql_native_password";
            assertThat(new String(sw.payload(), 1, plugin.length(), StandardCharsets.US_ASCII)).isEqualTo(plugin);
            byte[] scramble = Arrays.copyOfRange(sw.payload(), plugin.length() + 2, plugin.length() + 22);
            assertThat(scramble).isNotEqualTo(g.scramble());
            c.write(3, NativePassword.clientResponse("secret", scramble));
            Received ok = c.read();
            assertThat(ok.sequenceId()).isEqualTo(4);
            assertThat(ok.isOk()).isTrue();
        }
    }

    @Test
    void cachingSha2FastPathAnswersWithFastAuthSuccessThenOk() throws IOException {
        try (RawClient c = RawClient.connect(server.port())) {
            HandshakeV10 g = c.readGreeting();
            c.write(1, RawClient.handshakeResponse(RawClient.CLIENT_FLAGS, "alice",
                    CachingSha2Password.clientResponse("secret", g.scramble()), null,
                    AuthPlugins.CACHING_SHA2_PASSWORD));
            Received more = c.read();
            assertThat(more.payload()).containsExactly(0x01, 0x03);
            assertThat(more.sequenceId()).isEqualTo(2);
            Received ok = c.read();
            assertThat(ok.isOk()).isTrue();
            assertThat(ok.sequenceId()).isEqualTo(3);
        }
        try (RawClient c = RawClient.connect(server.port())) {
            c.readGreeting();
            c.write(1, RawClient.handshakeResponse(RawClient.CLIENT_FLAGS, "root", new byte[0], null,
                    AuthPlugins.CACHING_SHA2_PASSWORD));
            assertThat(c.read().isOk()).as("an empty password needs no fast-auth packet").isTrue();
        }
    }

    @Test
    void wrongPasswordIsDeniedAndTheConnectionClosed() throws IOException {
        try (RawClient c = RawClient.connect(server.port())) {
            HandshakeV10 g = c.readGreeting();
            c.write(1, RawClient.handshakeResponse(RawClient.CLIENT_FLAGS, "alice",
                    NativePassword.clientResponse("guess", g.scramble()), null, AuthPlugins.MYSQL_NATIVE_PASSWORD));
            Received err = c.read();
            assertThat(err.err().code()).isEqualTo(1045);
            assertThat(err.err().sqlState()).isEqualTo("28000");
            assertThat(err.err().message())
                    .isEqualTo("Access denied for user 'alice'@'localhost' (using password: YES)");
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void initialDatabaseMustExist() throws IOException {
        try (RawClient c = RawClient.connect(server.port())) {
            HandshakeV10 g = c.readGreeting();
            c.write(1, RawClient.handshakeResponse(RawClient.CLIENT_FLAGS, "root",
                    NativePassword.clientResponse("", g.scramble()), "nosuch", AuthPlugins.MYSQL_NATIVE_PASSWORD));
            assertThat(c.read().err().code()).isEqualTo(1049);
            assertThat(c.closedByServer()).isTrue();
        }
        try (RawClient c = RawClient.connect(server.port())) {
            HandshakeV10 g = c.readGreeting();
            c.write(1, RawClient.handshakeResponse(RawClient.CLIENT_FLAGS, "root",
                    NativePassword.clientResponse("", g.scramble()), "test", AuthPlugins.MYSQL_NATIVE_PASSWORD));
            assertThat(c.read().isOk()).isTrue();
            assertThat(server.sessions().find(c.connectionId()).map(Session::currentDatabase)).hasValue("test");
        }
    }

    private static byte[] changeUser(String user, byte[] auth, String database, String plugin) {
        ByteBuf b = Unpooled.buffer();
        b.writeByte(0x11);
        PayloadWriter.writeNulTerminatedString(b, user);
        b.writeByte(auth.length);
        b.writeBytes(auth);
        PayloadWriter.writeNulTerminatedString(b, database);
        PayloadWriter.writeInt2(b, Collations.UTF8MB4_GENERAL_CI);
        PayloadWriter.writeNulTerminatedString(b, plugin);
        return ByteBufUtil.getBytes(b);
    }

    @Test
    void changeUserReauthenticatesAndResetsTheSession() throws IOException {
        int resets = server.engine().resets();
        try (RawClient c = RawClient.connect(server.port())) {
            HandshakeV10 g = c.readGreeting();
            c.write(1, RawClient.handshakeResponse(RawClient.CLIENT_FLAGS, "root",
                    NativePassword.clientResponse("", g.scramble()), null, AuthPlugins.MYSQL_NATIVE_PASSWORD));
            assertThat(c.read().isOk()).isTrue();
            c.write(0, changeUser("alice", NativePassword.clientResponse("secret", g.scramble()), "db1",
                    AuthPlugins.MYSQL_NATIVE_PASSWORD));
            assertThat(c.read().isOk()).isTrue();
            Session s = server.sessions().find(c.connectionId()).orElseThrow();
            assertThat(s.user()).isEqualTo("alice");
            assertThat(s.currentDatabase()).isEqualTo("db1");
            assertThat(server.engine().resets()).isEqualTo(resets + 1);

            c.write(0, changeUser("root", new byte[] {9}, "", "client_ed25519"));
            Received sw = c.read();
            assertThat(sw.header()).isEqualTo(0xfe);
            byte[] scramble = Arrays.copyOfRange(sw.payload(), 23, 43);
            c.write(sw.sequenceId() + 1, NativePassword.clientResponse("", scramble));
            assertThat(c.read().isOk()).isTrue();
            assertThat(s.user()).isEqualTo("root");

            c.write(0, changeUser("alice", NativePassword.clientResponse("wrong", scramble), "",
                    AuthPlugins.MYSQL_NATIVE_PASSWORD));
            assertThat(c.read().err().code()).isEqualTo(1045);
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void connectionsBeyondMaxConnectionsAreRefusedWithError1040() throws Exception {
        try (TestServer small = TestServer.start(c -> c.maxConnections = 2);
             RawClient first = RawClient.login(small.port(), "root", "")) {
            try (RawClient second = RawClient.login(small.port(), "root", "");
                 RawClient third = RawClient.connect(small.port())) {
                Received refused = third.read();
                assertThat(refused.sequenceId()).isZero();
                assertThat(refused.err().code()).isEqualTo(1040);
                assertThat(refused.err().message()).isEqualTo("Too many connections");
                assertThat(third.closedByServer()).isTrue();
                second.command(0x0e, new byte[0]);
                assertThat(second.read().isOk()).isTrue();
            }
            assertThat(small.meters().counter("basalt.connections.rejected").count()).isEqualTo(1);
            Await.until("a slot is free", () -> small.netty().openConnections() == 1);
            try (RawClient again = RawClient.login(small.port(), "root", "")) {
                again.command(0x0e, new byte[0]);
                assertThat(again.read().isOk()).isTrue();
            }
            first.command(0x0e, new byte[0]);
            assertThat(first.read().isOk()).isTrue();
        }
    }

    @Test
    void silentClientsAreDisconnected() throws Exception {
        try (TestServer quick = TestServer.start(c -> c.connectTimeout = 1)) {
            try (RawClient c = RawClient.connect(quick.port())) {
                c.readGreeting();
                assertThat(c.closedByServer()).as("no login within connect_timeout").isTrue();
            }
            quick.context().globals().set("wait_timeout", 1L);
            try (RawClient c = RawClient.login(quick.port(), "root", "")) {
                c.command(0x0e, new byte[0]);
                assertThat(c.read().isOk()).isTrue();
                assertThat(c.closedByServer()).as("idle beyond wait_timeout").isTrue();
            }
        }
    }
}
