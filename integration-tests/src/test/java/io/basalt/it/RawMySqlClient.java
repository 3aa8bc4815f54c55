package io.basalt.it;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A deliberately small MySQL protocol client over a plain socket, written from the protocol documentation and
 * independent of Basalt's codecs, so that tests can send exactly the bytes they want (malformed packets, oversized
 * queries) and observe the raw answers. It authenticates as root with an empty password using
 * mysql_native_password (following one auth switch), negotiates neither SSL, compression nor DEPRECATE_EOF, and
 * understands OK, ERR, EOF and text result sets.
 *
 * <p>Not thread-safe: one client per thread.
 */
public final class RawMySqlClient implements AutoCloseable {
    public static final int COM_QUERY = 0x03;
    public static final int COM_PING = 0x0E;
    public static final int COM_STMT_PREPARE = 0x16;

    private static final int CLIENT_LONG_PASSWORD = 0x1;
    private static final int CLIENT_PROTOCOL_41 = 0x200;
    private static final int CLIENT_TRANSACTIONS = 0x2000;
    private static final int CLIENT_SECURE_CONNECTION = 0x8000;
    private static final int CLIENT_MULTI_RESULTS = 0x20000;
    private static final int CLIENT_PLUGIN_AUTH = 0x80000;
    private static final int UTF8MB4_GENERAL_CI = 45;
    private static final int MAX_PAYLOAD = 0xFFFFFF;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawMySqlClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    /** Opens a TCP connection without authenticating (the server's greeting is left unread). */
    public static RawMySqlClient open(SqlEndpoint server, int readTimeoutMillis) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(server.host(), server.port()), 10_000);
        socket.setSoTimeout(readTimeoutMillis);
        socket.setTcpNoDelay(true);
        return new RawMySqlClient(socket);
    }

    /** Opens a connection and logs in as root with an empty password. */
    public static RawMySqlClient connect(SqlEndpoint server, int readTimeoutMillis) throws IOException {
        RawMySqlClient client = open(server, readTimeoutMillis);
        try {
            client.authenticate();
            return client;
        } catch (IOException | RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private void authenticate() throws IOException {
        byte[] greeting = readPacket();
        if (greeting.length == 0 || greeting[0] == (byte) 0xFF) {
            throw new IOException("server refused the connection: " + Response.parse(greeting));
        }
        int capabilities = CLIENT_LONG_PASSWORD | CLIENT_PROTOCOL_41 | CLIENT_TRANSACTIONS | CLIENT_SECURE_CONNECTION
                | CLIENT_MULTI_RESULTS | CLIENT_PLUGIN_AUTH;
        ByteArrayOutputStream response = new ByteArrayOutputStream();
        writeInt(response, capabilities, 4);
        writeInt(response, MAX_PAYLOAD, 4);
        response.write(UTF8MB4_GENERAL_CI);
        response.write(new byte[23], 0, 23);
        writeNulString(response, SqlEndpoint.USER);
        response.write(0); // empty auth response: the empty password's token is empty
        writeNulString(response, "mysql_native_password");
        writePacket(response.toByteArray(), 1);
        byte[] answer = readPacket();
        if (answer.length > 0 && answer[0] == (byte) 0xFE) {
            // auth switch: the empty password answers any plugin's challenge with an empty token
            writePacket(new byte[0], 3);
            answer = readPacket();
        }
        Response result = Response.parse(answer);
        if (result.kind() != Response.Kind.OK) {
            throw new IOException("authentication failed: " + result);
        }
    }

    /** Sends one command (sequence id 0) and reads its complete answer. */
    public Response command(int command, byte[] argument) throws IOException {
        byte[] payload = new byte[argument.length + 1];
        payload[0] = (byte) command;
        System.arraycopy(argument, 0, payload, 1, argument.length);
        writePacket(payload, 0);
        return readResponse(command == COM_STMT_PREPARE);
    }

    public Response query(String sql) throws IOException {
        return command(COM_QUERY, sql.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes one packet with the given payload and sequence id, splitting payloads of 16 MiB and more. */
    public void writePacket(byte[] payload, int sequenceId) throws IOException {
        int offset = 0;
        int seq = sequenceId;
        while (true) {
            int length = Math.min(MAX_PAYLOAD, payload.length - offset);
            writeHeader(length, seq++);
            out.write(payload, offset, length);
            offset += length;
            if (length < MAX_PAYLOAD) {
                break;
            }
        }
        out.flush();
    }

    /** Writes a packet header claiming {@code length} bytes, without a payload. */
    public void writeHeader(int length, int sequenceId) throws IOException {
        out.write(new byte[] {(byte) length, (byte) (length >>> 8), (byte) (length >>> 16), (byte) sequenceId});
    }

    /** Writes bytes as they are, outside any framing. */
    public void writeRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Reads one logical packet's payload (merging 16 MiB continuation packets). */
    public byte[] readPacket() throws IOException {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        int length;
        do {
            byte[] header = in.readNBytes(4);
            if (header.length < 4) {
                throw new EOFException("connection closed by the server");
            }
            length = (header[0] & 0xFF) | (header[1] & 0xFF) << 8 | (header[2] & 0xFF) << 16;
            byte[] body = in.readNBytes(length);
            if (body.length < length) {
                throw new EOFException("connection closed inside a packet");
            }
            payload.write(body, 0, body.length);
        } while (length == MAX_PAYLOAD);
        return payload.toByteArray();
    }

    /**
     * Reads a complete answer: OK, ERR, or a text result set (column count, definitions, EOF, rows, EOF), or for
     * COM_STMT_PREPARE the PREPARE_OK with its parameter and column definitions.
     */
    public Response readResponse(boolean prepare) throws IOException {
        byte[] first = readPacket();
        if (first.length == 0) {
            throw new IOException("empty packet as a response");
        }
        int head = first[0] & 0xFF;
        if (prepare && head == 0x00 && first.length >= 12) {
            int columns = (first[5] & 0xFF) | (first[6] & 0xFF) << 8;
            int params = (first[7] & 0xFF) | (first[8] & 0xFF) << 8;
            skipDefinitions(params);
            skipDefinitions(columns);
            return new Response(Response.Kind.OK, 0, "", "prepared: " + columns + " columns, " + params + " params",
                    0);
        }
        if (head == 0x00 || head == 0xFF || head == 0xFE && first.length < 9) {
            return Response.parse(first);
        }
        long columns = readLengthEncoded(first);
        for (long i = 0; i < columns; i++) {
            readPacket();
        }
        expectEof(readPacket());
        int rows = 0;
        String firstValue = null;
        while (true) {
            byte[] row = readPacket();
            if (row.length > 0 && (row[0] == (byte) 0xFF)) {
                return Response.parse(row);
            }
            if (row.length > 0 && row[0] == (byte) 0xFE && row.length < 9) {
                return new Response(Response.Kind.RESULT_SET, 0, "", firstValue, rows);
            }
            if (rows == 0) {
                firstValue = firstTextValue(row);
            }
            rows++;
        }
    }

    private void skipDefinitions(int count) throws IOException {
        if (count > 0) {
            for (int i = 0; i < count; i++) {
                readPacket();
            }
            expectEof(readPacket());
        }
    }

    private static void expectEof(byte[] packet) throws IOException {
        if (packet.length == 0 || packet[0] != (byte) 0xFE) {
            throw new IOException("expected EOF after column definitions, got 0x"
                    + (packet.length == 0 ? "(empty)" : Integer.toHexString(packet[0] & 0xFF)));
        }
    }

    private static String firstTextValue(byte[] row) {
        if (row[0] == (byte) 0xFB) {
            return null;
        }
        int[] pos = {0};
        long length = readLengthEncoded(row, pos);
        return new String(row, pos[0], (int) length, StandardCharsets.UTF_8);
    }

    private static long readLengthEncoded(byte[] packet) {
        return readLengthEncoded(packet, new int[] {0});
    }

    private static long readLengthEncoded(byte[] b, int[] pos) {
        int first = b[pos[0]] & 0xFF;
        int bytes = first < 0xFB ? 0 : first == 0xFC ? 2 : first == 0xFD ? 3 : 8;
        long value = bytes == 0 ? first : 0;
        for (int i = 0; i < bytes; i++) {
            value |= (long) (b[pos[0] + 1 + i] & 0xFF) << (8 * i);
        }
        pos[0] += 1 + bytes;
        return value;
    }

    /** Changes how long reads wait before {@link SocketTimeoutException}. */
    public void setReadTimeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
    }

    /** True when the server has closed the connection (a read returns end of stream within the timeout). */
    public boolean isClosedByServer() {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing a socket the server already dropped
        }
    }

    private static void writeInt(ByteArrayOutputStream out, long value, int bytes) {
        for (int i = 0; i < bytes; i++) {
            out.write((int) (value >>> (8 * i)) & 0xFF);
        }
    }

    private static void writeNulString(ByteArrayOutputStream out, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
        out.write(0);
    }

    /**
     * One answer of the server.
     *
     * @param kind     OK, ERR, EOF or a result set
     * @param code     the error code (ERR only)
     * @param sqlState the SQLSTATE (ERR only)
     * @param message  the error message (ERR), or the first row's first value (result set)
     * @param rows     the row count (result set only)
     */
    public record Response(Kind kind, int code, String sqlState, String message, int rows) {
        public enum Kind { OK, ERR, EOF, RESULT_SET }

        static Response parse(byte[] packet) {
            int head = packet[0] & 0xFF;
            if (head == 0xFF) {
                int code = (packet[1] & 0xFF) | (packet[2] & 0xFF) << 8;
                boolean hasState = packet.length > 3 && packet[3] == '#';
                String state = hasState ? new String(packet, 4, 5, StandardCharsets.US_ASCII) : "";
                int messageStart = hasState ? 9 : 3;
                String message = new String(Arrays.copyOfRange(packet, messageStart, packet.length),
                        StandardCharsets.UTF_8);
                return new Response(Kind.ERR, code, state, message, 0);
            }
            return new Response(head == 0xFE ? Kind.EOF : Kind.OK, 0, "", "", 0);
        }

        public boolean isError() {
            return kind == Kind.ERR;
        }
    }
}
