package io.basalt.it.fuzz;

import io.basalt.it.RawMySqlClient;
import io.basalt.it.RawMySqlClient.Response;
import io.basalt.it.ServerUnderTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Malformed input on raw sockets: random bytes before and after the handshake, truncated packets, lying length
 * headers, random payloads for commands that answer, random bytes as COM_QUERY text. After each batch the server is
 * alive and a fresh connection runs {@code SELECT 1}; a connection that got an answer also answers the next
 * well-formed command (unless the server closed it). Seeds are logged for reproduction.
 */
class ProtocolFuzzTest {
    private static final Logger LOG = LoggerFactory.getLogger(ProtocolFuzzTest.class);
    private static final int READ_TIMEOUT_MS = 15_000;
    /**
     * How long to look for the server's reaction to garbage before moving on. A server may legitimately wait for
     * the rest of a packet it was promised, so this only lets an immediate ERR or close arrive.
     */
    private static final int GLANCE_MS = 50;
    /** Commands that always answer with one response; the rest of the fuzzed command bytes are unknown commands. */
    private static final int[] ANSWERING_COMMANDS = {0x00, 0x02, 0x03, 0x0E, 0x16, 0x17, 0x1A, 0x1C, 0x1F};
    private static final String[] SQL_TOKENS = {"SELECT", "FROM", "WHERE", "(", ")", ",", "1", "'a'", "NULL", "+",
        "-", "*", "/", "AND", "OR", "NOT", "LIKE", "IN", "BETWEEN", "ORDER", "BY", "GROUP", "LIMIT", "UNION", "@@version",
        "@a", ":=", "=", "<", ">", ";", "INSERT", "INTO", "UPDATE", "SET", "VALUES", "DEFAULT", "CASE", "WHEN", "THEN",
        "END", "CAST", "AS", "CHAR", "SIGNED", "`", "\"", "'", "\\", "#", "-- ", "/*", "*/", "/*!", "x'ff'", "0x1F",
        "1e309", "99999999999999999999999999", "DUAL", "information_schema.TABLES", "COUNT(*)", "?", "BEGIN",
        "COMMIT", "ROLLBACK", "SHOW", "TABLES", "DATABASES", "USE", "mysql", "\u0000", "é", "😀"};

    @RegisterExtension
    static final ServerUnderTest SERVER = ServerUnderTest.create();

    @Test
    void randomBytesBeforeAndAfterTheHandshake() throws Exception {
        Random random = new Random(FuzzSeed.forTest("randomBytesBeforeAndAfterTheHandshake"));
        for (int i = 0; i < 200; i++) {
            boolean authenticated = random.nextBoolean();
            try (RawMySqlClient client = authenticated ? RawMySqlClient.connect(SERVER, READ_TIMEOUT_MS)
                    : RawMySqlClient.open(SERVER, READ_TIMEOUT_MS)) {
                client.setReadTimeout(GLANCE_MS);
                client.writeRaw(bytes(random, 1 + random.nextInt(2_000)));
                client.isClosedByServer();
            } catch (IOException e) {
                // the server may close the connection while we write: that is an allowed answer
            }
        }
        assertServerAnswers();
    }

    @Test
    void truncatedPacketsAndLyingLengths() throws Exception {
        Random random = new Random(FuzzSeed.forTest("truncatedPacketsAndLyingLengths"));
        for (int i = 0; i < 300; i++) {
            boolean authenticated = random.nextBoolean();
            try (RawMySqlClient client = authenticated ? RawMySqlClient.connect(SERVER, READ_TIMEOUT_MS)
                    : RawMySqlClient.open(SERVER, READ_TIMEOUT_MS)) {
                if (!authenticated) {
                    client.readPacket();
                }
                client.setReadTimeout(GLANCE_MS);
                int claimed = switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> 0xFFFFFF;
                    case 2 -> random.nextInt(100);
                    default -> random.nextInt(0x1000000);
                };
                client.writeHeader(claimed, random.nextInt(256));
                int sent = claimed == 0 ? 0 : random.nextInt(Math.min(claimed, 5_000) + 1);
                client.writeRaw(bytes(random, sent));
                client.isClosedByServer();
            } catch (IOException e) {
                // closing the connection is an allowed answer to a malformed packet
            }
        }
        try (RawMySqlClient client = RawMySqlClient.connect(SERVER, READ_TIMEOUT_MS)) {
            // one well-formed query split across writes, then two pipelined queries in one write
            byte[] query = "\u0003SELECT 1".getBytes(StandardCharsets.US_ASCII);
            client.writeHeader(query.length, 0);
            client.writeRaw(Arrays.copyOf(query, 3));
            Thread.sleep(50);
            client.writeRaw(Arrays.copyOfRange(query, 3, query.length));
            assertThat(client.readResponse(false).message()).isEqualTo("1");
            byte[] two = new byte[2 * (4 + query.length)];
            for (int k = 0; k < 2; k++) {
                int at = k * (4 + query.length);
                two[at] = (byte) query.length;
                System.arraycopy(query, 0, two, at + 4, query.length);
            }
            client.writeRaw(two);
            assertThat(client.readResponse(false).message()).isEqualTo("1");
            assertThat(client.readResponse(false).message()).isEqualTo("1");
        }
        assertServerAnswers();
    }

    @Test
    void randomPayloadsForCommandsThatAnswer() throws Exception {
        long seed = FuzzSeed.forTest("randomPayloadsForCommandsThatAnswer");
        Random random = new Random(seed);
        RawMySqlClient client = RawMySqlClient.connect(SERVER, READ_TIMEOUT_MS);
        int closed = 0;
        try {
            for (int i = 0; i < 1_000; i++) {
                int command = random.nextInt(3) == 0 ? 0x20 + random.nextInt(0xDA)
                        : ANSWERING_COMMANDS[random.nextInt(ANSWERING_COMMANDS.length)];
                byte[] argument = bytes(random, random.nextInt(64));
                String what = "command 0x" + Integer.toHexString(command) + " #" + i + " (seed " + seed + ")";
                if (!answered(client, command, argument, what) || !answersSelect1(client, what)) {
                    closed++;
                    client.close();
                    client = RawMySqlClient.connect(SERVER, READ_TIMEOUT_MS);
                }
            }
        } finally {
            client.close();
        }
        LOG.info("random command payloads: the server closed {} of 1000 connections", closed);
        assertServerAnswers();
    }

    @Test
    void randomBytesAsSqlText() throws Exception {
        long seed = FuzzSeed.forTest("randomBytesAsSqlText");
        Random random = new Random(seed);
        RawMySqlClient client = RawMySqlClient.connect(SERVER, READ_TIMEOUT_MS);
        int errors = 0;
        int closed = 0;
        try {
            for (int i = 0; i < 5_000; i++) {
                byte[] sql = switch (random.nextInt(3)) {
                    case 0 -> bytes(random, random.nextInt(200));
                    case 1 -> printable(random, random.nextInt(200));
                    default -> tokens(random, 1 + random.nextInt(12));
                };
                String what = "COM_QUERY #" + i + " (seed " + seed + ")";
                try {
                    Response response = client.command(RawMySqlClient.COM_QUERY, sql);
                    errors += response.isError() ? 1 : 0;
                } catch (EOFException e) {
                    closed++;
                    client.close();
                    client = RawMySqlClient.connect(SERVER, READ_TIMEOUT_MS);
                } catch (SocketTimeoutException e) {
                    fail("no answer within " + READ_TIMEOUT_MS + " ms to " + what);
                }
                if (i % 500 == 499) {
                    assertThat(answersSelect1(client, what)).as("connection usable after %s", what).isTrue();
                }
            }
        } finally {
            client.close();
        }
        LOG.info("random SQL text: 5000 queries, {} errors, {} connections closed by the server", errors, closed);
        assertServerAnswers();
    }

    /** Sends a command; true when it was answered, false when the server closed the connection. */
    private static boolean answered(RawMySqlClient client, int command, byte[] argument, String what)
            throws IOException {
        try {
            client.command(command, argument);
            return true;
        } catch (EOFException e) {
            return false;
        } catch (SocketTimeoutException e) {
            return fail("no answer within " + READ_TIMEOUT_MS + " ms to " + what);
        }
    }

    /** True when SELECT 1 answers 1, false when the connection is closed; fails on any other answer. */
    private static boolean answersSelect1(RawMySqlClient client, String after) throws IOException {
        try {
            Response response = client.query("SELECT 1");
            assertThat(response.kind()).as("SELECT 1 after %s: %s", after, response)
                    .isEqualTo(Response.Kind.RESULT_SET);
            assertThat(response.message()).isEqualTo("1");
            return true;
        } catch (EOFException e) {
            return false;
        } catch (SocketTimeoutException e) {
            return fail("SELECT 1 unanswered after " + after);
        }
    }

    private static void assertServerAnswers() throws SQLException {
        assertThat(SERVER.isAlive()).as("server process alive").isTrue();
        try (Connection c = SERVER.mariadb("", ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(1);
        }
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private static byte[] printable(Random random, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (0x20 + random.nextInt(0x5F));
        }
        return b;
    }

    private static byte[] tokens(Random random, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(SQL_TOKENS[random.nextInt(SQL_TOKENS.length)]).append(random.nextInt(4) == 0 ? "" : " ");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
