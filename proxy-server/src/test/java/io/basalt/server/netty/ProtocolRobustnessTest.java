package io.basalt.server.netty;

import io.basalt.protocol.auth.AuthPlugins;
import io.basalt.protocol.auth.NativePassword;
import io.basalt.protocol.handshake.HandshakeV10;
import io.basalt.server.testing.RawClient;
import io.basalt.server.testing.RawClient.Received;
import io.basalt.server.testing.TestServer;
import io.basalt.storage.testing.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bytes a well-behaved driver never sends: garbage, truncated and oversized packets, packets out of order. Each costs
 * at most its own connection, with an ERR first where the protocol allows one, and the server keeps serving others.
 */
class ProtocolRobustnessTest {
    private static final int MAX_ALLOWED_PACKET = 1 << 20;
    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(c -> c.maxAllowedPacket = MAX_ALLOWED_PACKET);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void assertServerStillServes() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "")) {
            c.command(0x0e, new byte[0]);
            assertThat(c.read().isOk()).isTrue();
        }
    }

    @Test
    void garbageInsteadOfAHandshakeResponseIsABadHandshake() throws IOException {
        try (RawClient c = RawClient.connect(server.port())) {
            c.readGreeting();
            c.writeRaw("GET / HTTP/1.1\r\nHost: basalt\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            Received reply = c.read();
            assertThat(reply.isErr()).isTrue();
            assertThat(reply.err().code()).isEqualTo(1043);
            assertThat(c.closedByServer()).isTrue();
        }
        assertServerStillServes();
    }

    @Test
    void truncatedHandshakeResponseIsABadHandshake() throws IOException {
        try (RawClient c = RawClient.connect(server.port())) {
            HandshakeV10 greeting = c.readGreeting();
            byte[] full = RawClient.handshakeResponse(RawClient.CLIENT_FLAGS, "root",
                    NativePassword.clientResponse("", greeting.scramble()), null, AuthPlugins.MYSQL_NATIVE_PASSWORD);
            c.write(1, Arrays.copyOf(full, 12));
            Received reply = c.read();
            assertThat(reply.err().code()).isEqualTo(1043);
            assertThat(reply.err().sqlState()).isEqualTo("08S01");
            assertThat(c.closedByServer()).isTrue();
        }
        assertServerStillServes();
    }

    @Test
    void sslRequestIsRefusedBecauseSslIsNotOffered() throws IOException {
        try (RawClient c = RawClient.connect(server.port())) {
            HandshakeV10 greeting = c.readGreeting();
            assertThat(greeting.capabilities() & 0x800).as("CLIENT_SSL not advertised").isZero();
            byte[] full = RawClient.handshakeResponse(RawClient.CLIENT_FLAGS | 0x800, "root", new byte[0], null,
                    AuthPlugins.MYSQL_NATIVE_PASSWORD);
            c.write(1, Arrays.copyOf(full, 32));
            assertThat(c.read().err().code()).isEqualTo(1043);
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void truncatedCommandIsAMalformedPacket() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "")) {
            c.command(0x17, new byte[] {1, 0});
            Received reply = c.read();
            assertThat(reply.err().code()).isEqualTo(1835);
            assertThat(c.closedByServer()).isTrue();
        }
        assertServerStillServes();
    }

    @Test
    void clientHangingUpMidPacketReleasesItsSession() throws Exception {
        long id;
        try (RawClient c = RawClient.login(server.port(), "root", "")) {
            id = c.connectionId();
            assertThat(server.sessions().find(id)).isPresent();
            c.writeRaw(new byte[] {100, 0, 0, 0, 3, 'S', 'E', 'L'});
        }
        Await.until("the half-sent connection's session is closed", () -> server.sessions().find(id).isEmpty());
        assertServerStillServes();
    }

    @Test
    void packetAboveMaxAllowedPacketIsRefusedThenTheConnectionCloses() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "")) {
            byte[] sql = ("SELECT LENGTH('" + "x".repeat(MAX_ALLOWED_PACKET + 4096) + "')")
                    .getBytes(StandardCharsets.US_ASCII);
            c.command(0x03, sql);
            Received reply = c.read();
            assertThat(reply.err().code()).isEqualTo(1153);
            assertThat(reply.err().message()).isEqualTo("Got a packet bigger than 'max_allowed_packet' bytes");
            assertThat(reply.sequenceId()).isEqualTo(1);
            assertThat(c.closedByServer()).isTrue();
        }
        assertServerStillServes();
    }

    @Test
    void commandWithASequenceIdOtherThanZeroIsOutOfOrder() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "")) {
            c.write(5, RawClient.commandPayload(0x0e, new byte[0]));
            assertThat(c.read().err().code()).isEqualTo(1156);
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void unknownCommandsAreRefusedAndTheConnectionStays() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "")) {
            for (int command : List.of(0x00, 0x20, 0x1e, 0xee)) {
                c.command(command, new byte[0]);
                Received reply = c.read();
                assertThat(reply.err().code()).isEqualTo(1047);
                assertThat(reply.err().message()).isEqualTo("Unknown command");
            }
            c.command(0x0e, new byte[0]);
            assertThat(c.read().isOk()).isTrue();
        }
    }

    @Test
    void emptyCommandPacketIsMalformed() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "")) {
            c.write(0, new byte[0]);
            assertThat(c.read().err().code()).isEqualTo(1835);
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void quitClosesWithoutReply() throws Exception {
        try (RawClient c = RawClient.login(server.port(), "root", "")) {
            c.command(0x01, new byte[0]);
            assertThat(c.closedByServer()).isTrue();
            Await.until("the session is closed", () -> server.sessions().find(c.connectionId()).isEmpty());
        }
    }

    @Test
    void payloadsOfSixteenMebibytesAndMoreAreReassembled() throws Exception {
        try (TestServer big = TestServer.start(c -> c.maxAllowedPacket = 64 << 20);
             RawClient c = RawClient.login(big.port(), "root", "")) {
            // exactly one full physical packet: the client must send a trailing empty packet
            int exact = 0xff_ffff - 1 - "SELECT LENGTH('')".length();
            for (int length : List.of(exact, 20 << 20)) {
                c.query("SELECT LENGTH('" + "y".repeat(length) + "')");
                List<Received> packets = c.readResultSet();
                assertThat(packets).hasSize(4);
                assertThat(rowText(packets.get(2))).isEqualTo(Integer.toString(length));
            }
        }
    }

    @Test
    void pipelinedCommandsAreAnsweredInOrder() throws IOException {
        try (RawClient c = RawClient.login(server.port(), "root", "")) {
            ByteArrayOutputStream batch = new ByteArrayOutputStream();
            batch.write(frame(RawClient.commandPayload(0x03, "SELECT 1".getBytes(StandardCharsets.US_ASCII))));
            batch.write(frame(RawClient.commandPayload(0x0e, new byte[0])));
            batch.write(frame(RawClient.commandPayload(0x03, "SELECT ERR".getBytes(StandardCharsets.US_ASCII))));
            batch.write(frame(RawClient.commandPayload(0x0e, new byte[0])));
            c.writeRaw(batch.toByteArray());
            List<Received> resultSet = c.readResultSet();
            assertThat(rowText(resultSet.get(2))).isEqualTo("1");
            assertThat(c.read().isOk()).isTrue();
            assertThat(c.read().err().code()).isEqualTo(1146);
            assertThat(c.read().isOk()).isTrue();
        }
    }

    private static byte[] frame(byte[] payload) {
        byte[] out = new byte[payload.length + 4];
        out[0] = (byte) payload.length;
        out[1] = (byte) (payload.length >> 8);
        out[2] = (byte) (payload.length >> 16);
        System.arraycopy(payload, 0, out, 4, payload.length);
        return out;
    }

    /** The single value of a one-column text row. */
    private static String rowText(Received row) {
        int length = row.payload()[0] & 0xff;
        int offset = 1;
        if (length == 0xfc) {
            length = (row.payload()[1] & 0xff) | (row.payload()[2] & 0xff) << 8;
            offset = 3;
        }
        return new String(row.payload(), offset, length, StandardCharsets.UTF_8);
    }
}
