package io.basalt.server.testing;

import io.basalt.protocol.auth.AuthPlugins;
import io.basalt.protocol.auth.NativePassword;
import io.basalt.protocol.codec.PacketFramer;
import io.basalt.protocol.codec.PayloadWriter;
import io.basalt.protocol.constants.CapabilityFlags;
import io.basalt.protocol.constants.Collations;
import io.basalt.protocol.handshake.HandshakeV10;
import io.basalt.protocol.result.ErrPacket;
import io.basalt.protocol.result.OkPacket;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A hand-driven MySQL protocol client over a plain socket, for tests that must send exactly the bytes they want
 * (malformed, pipelined, oversized) and read exactly what the server answers.
 */
public final class RawClient implements AutoCloseable {
    /** What the test client asks for: 4.1 protocol, native auth, EOF packets (no DEPRECATE_EOF). */
    public static final int CLIENT_FLAGS = CapabilityFlags.LONG_PASSWORD | CapabilityFlags.LONG_FLAG
            | CapabilityFlags.PROTOCOL_41 | CapabilityFlags.TRANSACTIONS | CapabilityFlags.SECURE_CONNECTION
            | CapabilityFlags.MULTI_RESULTS | CapabilityFlags.PLUGIN_AUTH
            | CapabilityFlags.PLUGIN_AUTH_LENENC_CLIENT_DATA;

    /** One packet as received. */
    public record Received(int sequenceId, byte[] payload) {
        public int header() {
            return payload.length == 0 ? -1 : payload[0] & 0xff;
        }

        public boolean isOk() {
            return header() == OkPacket.HEADER;
        }

        public boolean isErr() {
            return header() == ErrPacket.HEADER;
        }

        public ErrPacket err() {
            return ErrPacket.decode(Unpooled.wrappedBuffer(payload));
        }

        public OkPacket ok() {
            return OkPacket.decode(Unpooled.wrappedBuffer(payload));
        }

        public String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private HandshakeV10 greeting;

    private RawClient(Socket socket) throws IOException {
        this.socket = socket;
        this.socket.setSoTimeout(20_000);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = socket.getOutputStream();
    }

    public static RawClient connect(int port) throws IOException {
        return new RawClient(new Socket("127.0.0.1", port));
    }

    /** Connects and logs in with mysql_native_password. */
    public static RawClient login(int port, String user, String password) throws IOException {
        return login(port, user, password, CLIENT_FLAGS);
    }

    /** Connects and logs in with mysql_native_password, asking for {@code flags}. */
    public static RawClient login(int port, String user, String password, int flags) throws IOException {
        RawClient c = connect(port);
        HandshakeV10 greeting = c.readGreeting();
        c.write(1, handshakeResponse(flags, user,
                NativePassword.clientResponse(password, greeting.scramble()), null,
                AuthPlugins.MYSQL_NATIVE_PASSWORD));
        Received reply = c.read();
        if (!reply.isOk()) {
            throw new IOException("login failed: " + (reply.isErr() ? reply.err() : reply));
        }
        return c;
    }

    public HandshakeV10 readGreeting() throws IOException {
        Received r = read();
        greeting = HandshakeV10.decode(Unpooled.wrappedBuffer(r.payload()));
        return greeting;
    }

    /** The connection id the greeting announced. */
    public long connectionId() {
        return greeting.connectionId();
    }

    /** A HandshakeResponse41 payload. */
    public static byte[] handshakeResponse(int flags, String user, byte[] authResponse, String database,
                                           String plugin) {
        ByteBuf b = Unpooled.buffer();
        int caps = database == null ? flags : flags | CapabilityFlags.CONNECT_WITH_DB;
        PayloadWriter.writeInt4(b, caps);
        PayloadWriter.writeInt4(b, 1 << 24);
        PayloadWriter.writeInt1(b, Collations.UTF8MB4_GENERAL_CI);
        b.writeZero(23);
        PayloadWriter.writeNulTerminatedString(b, user);
        PayloadWriter.writeLenencBytes(b, authResponse);
        if (database != null) {
            PayloadWriter.writeNulTerminatedString(b, database);
        }
        PayloadWriter.writeNulTerminatedString(b, plugin);
        return ByteBufUtil.getBytes(b);
    }

    /** Writes one logical packet (split when large) starting at {@code sequenceId}. */
    public void write(int sequenceId, byte[] payload) throws IOException {
        ByteBuf framed = Unpooled.buffer(payload.length + 16);
        PacketFramer.writePacket(framed, payload, sequenceId);
        writeRaw(ByteBufUtil.getBytes(framed));
    }

    /** A command: its byte and body, sequence id 0. */
    public void command(int commandByte, byte[] body) throws IOException {
        write(0, commandPayload(commandByte, body));
    }

    public static byte[] commandPayload(int commandByte, byte[] body) {
        byte[] payload = new byte[body.length + 1];
        payload[0] = (byte) commandByte;
        System.arraycopy(body, 0, payload, 1, body.length);
        return payload;
    }

    public void query(String sql) throws IOException {
        command(0x03, sql.getBytes(StandardCharsets.UTF_8));
    }

    public void writeRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Reads one logical packet (merging 16 MiB continuations). */
    public Received read() throws IOException {
        int seq = 0;
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        while (true) {
            int length = in.readUnsignedByte() | in.readUnsignedByte() << 8 | in.readUnsignedByte() << 16;
            seq = in.readUnsignedByte();
            byte[] part = new byte[length];
            in.readFully(part);
            payload.write(part);
            if (length < 0xff_ffff) {
                return new Received(seq, payload.toByteArray());
            }
        }
    }

    /**
     * Reads a text result set's packets up to its final EOF (or an ERR); returns every packet after the column count
     * (or the lone OK/ERR).
     */
    public List<Received> readResultSet() throws IOException {
        List<Received> packets = new ArrayList<>();
        Received first = read();
        if (first.isErr() || first.isOk()) {
            packets.add(first);
            return packets;
        }
        int eofs = 0;
        while (eofs < 2) {
            Received r = read();
            packets.add(r);
            if (r.isErr()) {
                return packets;
            }
            if (r.header() == 0xfe && r.payload().length < 9) {
                eofs++;
            }
        }
        return packets;
    }

    /** Whether the server has closed the connection (reads up to the end, failing on unexpected data). */
    public boolean closedByServer() throws IOException {
        try {
            int b = in.read();
            if (b >= 0) {
                throw new IOException("unexpected byte 0x" + Integer.toHexString(b) + " instead of end of stream");
            }
            return true;
        } catch (EOFException | SocketException e) {
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
