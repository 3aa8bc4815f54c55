package io.basalt.server;

import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.EventHeader;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.RotateEvent;
import io.basalt.protocol.result.ErrPacket;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.testing.RawClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * COM_BINLOG_DUMP and COM_REGISTER_SLAVE against a real server (SQL engine, storage, binlog), spoken byte by byte
 * as a MariaDB replica and mysql-binlog-connector-java speak them.
 */
class BinlogDumpTest {
    private static final int COM_BINLOG_DUMP = 0x12;
    private static final int COM_REGISTER_SLAVE = 0x15;
    private static final int COM_PING = 0x0e;

    @TempDir
    Path dir;

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private BasaltServer server;

    /** One packet of a dump: an event (without the 0x00 marker), or the EOF / ERR that ends the stream. */
    record Packet(byte[] event, ErrPacket error, boolean eof) {
        int type() {
            return event[EventHeader.TYPE_OFFSET] & 0xff;
        }

        EventHeader header() {
            return EventHeader.decode(Unpooled.wrappedBuffer(event));
        }

        ByteBuf body() {
            return Unpooled.wrappedBuffer(event, EventHeader.SIZE, event.length - EventHeader.SIZE - 4);
        }
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private void start(Consumer<BasaltConfig> customize) throws Exception {
        BasaltConfig c = SmallServerConfig.in(dir.resolve("data"));
        customize.accept(c);
        server = BasaltServer.start(c, meters, DefaultSqlLayer::open);
    }

    private void start() throws Exception {
        start(c -> { });
    }

    private int port() {
        return server.address().getPort();
    }

    private void sql(String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port() + "/", "root", "");
             Statement st = c.createStatement()) {
            for (String s : statements) {
                st.execute(s);
            }
        }
    }

    private List<String> slaveHosts() throws SQLException {
        List<String> hosts = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port() + "/", "root", "");
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SHOW SLAVE HOSTS")) {
            while (rs.next()) {
                hosts.add(rs.getLong(1) + " " + rs.getString(2) + " " + rs.getLong(3) + " " + rs.getLong(4));
            }
        }
        return hosts;
    }

    private String gtidBinlogPos() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port() + "/", "root", "");
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT @@gtid_binlog_pos")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Four groups: two DDL, an INSERT (with an Annotate_rows event), an UPDATE. */
    private void writeFourGroups() throws SQLException {
        sql("CREATE DATABASE d", "CREATE TABLE d.t (id INT PRIMARY KEY, v VARCHAR(10))",
                "INSERT INTO d.t VALUES (1, 'a'), (2, 'b')", "UPDATE d.t SET v = 'c' WHERE id = 2");
    }

    private RawClient replica(String... userVariableAssignments) throws IOException {
        RawClient c = RawClient.login(port(), "root", "");
        for (String set : userVariableAssignments) {
            c.query("SET " + set);
            RawClient.Received r = c.read();
            assertThat(r.isOk()).as("SET %s answered %s", set, r.isErr() ? r.err() : "not OK").isTrue();
        }
        return c;
    }

    private static void dump(RawClient c, long position, int flags, long serverId, String file) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        ByteBuffer fixed = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
        fixed.putInt((int) position).putShort((short) flags).putInt((int) serverId);
        body.write(fixed.array(), 0, 10);
        body.write(file.getBytes(StandardCharsets.UTF_8));
        c.command(COM_BINLOG_DUMP, body.toByteArray());
    }

    private static Packet next(RawClient c) throws IOException {
        byte[] p = c.read().payload();
        if ((p[0] & 0xff) == 0xff) {
            return new Packet(null, ErrPacket.decode(Unpooled.wrappedBuffer(p)), false);
        }
        if ((p[0] & 0xff) == 0xfe && p.length < 9) {
            return new Packet(null, null, true);
        }
        assertThat(p[0]).as("event packets start with 0x00").isZero();
        assertThat(p.length).as("an event, not an OK packet").isGreaterThan(EventHeader.SIZE);
        return new Packet(Arrays.copyOfRange(p, 1, p.length), null, false);
    }

    /** Every packet up to and including the EOF or ERR that ends a non-blocking dump. */
    private static List<Packet> readToEnd(RawClient c) throws IOException {
        List<Packet> packets = new ArrayList<>();
        while (true) {
            Packet p = next(c);
            packets.add(p);
            if (p.eof() || p.error() != null) {
                return packets;
            }
        }
    }

    private static List<Packet> ofType(List<Packet> packets, BinlogEventType type) {
        return packets.stream().filter(p -> p.event() != null && p.type() == type.code()).toList();
    }

    private static ErrPacket dumpError(RawClient c, long position, String file) throws IOException {
        dump(c, position, 1, 7, file);
        Packet p = next(c);
        assertThat(p.error()).as("an ERR instead of a stream").isNotNull();
        assertThat(p.error().code()).isEqualTo(1236);
        return p.error();
    }

    @Test
    void nonBlockingDumpSendsFakeRotateTheFileAsStoredAndEof() throws Exception {
        start();
        writeFourGroups();
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'", "@mariadb_slave_capability = 4")) {
            dump(c, 4, 1 | 2, 7, "basalt-bin.000001");
            List<Packet> packets = readToEnd(c);

            EventHeader rotate = packets.get(0).header();
            assertThat(rotate.type()).isEqualTo(BinlogEventType.ROTATE);
            assertThat(rotate.flags()).isEqualTo(EventFlags.ARTIFICIAL);
            assertThat(rotate.logPos()).isZero();
            assertThat(RotateEvent.decode(packets.get(0).body())).isEqualTo(new RotateEvent(4, "basalt-bin.000001"));
            EventHeader fde = packets.get(1).header();
            assertThat(fde.type()).isEqualTo(BinlogEventType.FORMAT_DESCRIPTION);
            assertThat(fde.flags() & EventFlags.BINLOG_IN_USE).as("in-use flag cleared").isZero();

            long position = fde.logPos();
            for (Packet p : packets.subList(2, packets.size() - 1)) {
                assertThat(p.header().logPos()).as("events follow each other as in the file")
                        .isEqualTo(position + p.event().length);
                position = p.header().logPos();
            }
            assertThat(packets.get(packets.size() - 1).eof()).isTrue();
            assertThat(ofType(packets, BinlogEventType.GTID)).hasSize(4);
            assertThat(ofType(packets, BinlogEventType.ANNOTATE_ROWS)).hasSize(2);
            assertThat(ofType(packets, BinlogEventType.GTID_LIST)).hasSize(1);
        }
    }

    @Test
    void fakeRotateOfALaterFileIsChecksummedAsTheFileBeforeIt() throws Exception {
        start();
        writeFourGroups();
        sql("FLUSH BINARY LOGS");
        // mariadb-binlog asks for an unchecksummed first fake Rotate, then expects CRCs as the FDE announced
        try (RawClient c = replica("@master_binlog_checksum = 'NONE'")) {
            dump(c, 4, 1, 0, "basalt-bin.000001");
            List<Packet> fake = ofType(readToEnd(c), BinlogEventType.ROTATE).stream()
                    .filter(p -> p.header().flags() == EventFlags.ARTIFICIAL).toList();
            assertThat(fake).hasSize(2);
            int unchecksummed = EventHeader.SIZE + 8 + "basalt-bin.000001".length();
            assertThat(fake.get(0).event()).hasSize(unchecksummed);
            assertThat(fake.get(1).event()).hasSize(unchecksummed + 4);
            assertThat(RotateEvent.decode(fake.get(1).body()).nextFile()).isEqualTo("basalt-bin.000002");
        }
    }

    @Test
    void annotateRowsEventsAreSentOnlyWhenAskedFor() throws Exception {
        start();
        writeFourGroups();
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'")) {
            dump(c, 4, 1, 7, "");
            List<Packet> packets = readToEnd(c);
            assertThat(ofType(packets, BinlogEventType.ANNOTATE_ROWS)).isEmpty();
            assertThat(ofType(packets, BinlogEventType.TABLE_MAP)).hasSize(2);
        }
    }

    @Test
    void dumpFromTheMiddleOfAFileAnnouncesThatPositionAndAnFdeThatIsNoRestart() throws Exception {
        start();
        writeFourGroups();
        long thirdGtid;
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'")) {
            dump(c, 4, 1, 7, "");
            List<Packet> gtids = ofType(readToEnd(c), BinlogEventType.GTID);
            thirdGtid = gtids.get(2).header().logPos() - gtids.get(2).event().length;
        }
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'")) {
            dump(c, thirdGtid, 1, 7, "basalt-bin.000001");
            List<Packet> packets = readToEnd(c);
            assertThat(RotateEvent.decode(packets.get(0).body()).position()).isEqualTo(thirdGtid);
            assertThat(packets.get(1).header().type()).isEqualTo(BinlogEventType.FORMAT_DESCRIPTION);
            assertThat(packets.get(1).header().logPos()).isZero();
            Packet first = packets.get(2);
            assertThat(first.header().type()).isEqualTo(BinlogEventType.GTID);
            assertThat(first.header().logPos() - first.event().length).isEqualTo(thirdGtid);
            assertThat(ofType(packets, BinlogEventType.GTID)).hasSize(2);
        }
    }

    @Test
    void gtidStartSkipsWhatTheReplicaHasAndMarksTheStartWithAFakeGtidList() throws Exception {
        start();
        writeFourGroups();
        assertThat(gtidBinlogPos()).isEqualTo("0-1-4");
        try (RawClient c = replica("@master_binlog_checksum = @@global.binlog_checksum",
                "@mariadb_slave_capability = 4", "@slave_connect_state = '0-1-2'", "@slave_gtid_strict_mode = 1")) {
            dump(c, 0, 1, 7, "");
            List<Packet> packets = readToEnd(c);
            List<Long> seqs = ofType(packets, BinlogEventType.GTID).stream()
                    .map(p -> GtidEvent.decode(p.body()).seqNo()).toList();
            assertThat(seqs).containsExactly(3L, 4L);
            List<Packet> lists = ofType(packets, BinlogEventType.GTID_LIST);
            Packet marker = lists.get(lists.size() - 1);
            assertThat(marker.header().flags()).isEqualTo(EventFlags.ARTIFICIAL);
            assertThat(GtidListEvent.decode(marker.body()).gtids()).containsExactly(new Gtid(0, 1, 2));
            assertThat(packets.indexOf(marker)).as("right before the first group sent")
                    .isEqualTo(packets.indexOf(ofType(packets, BinlogEventType.GTID).get(0)) - 1);
            assertThat(packets.get(1).header().type()).isEqualTo(BinlogEventType.FORMAT_DESCRIPTION);
        }
    }

    @Test
    void gtidStartAtTheLastGroupSendsOnlyNewGroups() throws Exception {
        start();
        writeFourGroups();
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'", "@slave_connect_state = '0-1-4'")) {
            dump(c, 0, 1, 7, "");
            assertThat(ofType(readToEnd(c), BinlogEventType.GTID)).isEmpty();
        }
        sql("FLUSH BINARY LOGS", "INSERT INTO d.t VALUES (3, 'new')");
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'", "@slave_connect_state = '0-1-4'")) {
            dump(c, 0, 1, 7, "");
            List<Packet> packets = readToEnd(c);
            assertThat(RotateEvent.decode(packets.get(0).body()).nextFile())
                    .as("the newest file whose Gtid_list the replica has reached").isEqualTo("basalt-bin.000002");
            assertThat(ofType(packets, BinlogEventType.GTID)).extracting(p -> GtidEvent.decode(p.body()).seqNo())
                    .containsExactly(5L);
        }
    }

    @Test
    void startErrorsAreMariaDbsFatalReadError() throws Exception {
        start();
        writeFourGroups();
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'")) {
            assertThat(dumpError(c, 4, "basalt-bin.000009").message())
                    .isEqualTo("Could not find first log file name in binary log index file");
        }
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'")) {
            assertThat(dumpError(c, 1L << 30, "basalt-bin.000001").message())
                    .startsWith("Client requested master to start replication from position > file size");
        }
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'", "@slave_connect_state = '0-1-99'")) {
            assertThat(dumpError(c, 0, "").message()).isEqualTo(
                    "Error: connecting slave requested to start from GTID 0-1-99, which is not in the master's binlog");
        }
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'", "@slave_connect_state = 'x-1'")) {
            assertThat(dumpError(c, 0, "").message()).startsWith("Failed to parse @slave_connect_state 'x-1'");
        }
        try (RawClient c = replica()) {
            dump(c, 4, 1, 7, "");
            Packet rotate = next(c);
            assertThat(rotate.header().type()).isEqualTo(BinlogEventType.ROTATE);
            Packet err = next(c);
            assertThat(err.error().code()).isEqualTo(1236);
            assertThat(err.error().message()).isEqualTo(
                    "Slave can not handle replication events with the checksum that master is configured to log");
            assertThat(c.closedByServer()).isTrue();
        }
    }

    @Test
    void dumpWithTheBinlogOffIsRefused() throws Exception {
        start(c -> c.binlog().logBin = false);
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'")) {
            assertThat(dumpError(c, 4, "").message()).isEqualTo("Binary log is not open");
            c.command(COM_PING, new byte[0]);
            assertThat(c.read().isOk()).as("the connection still takes commands").isTrue();
        }
    }

    @Test
    void blockingDumpFollowsNewCommitsSendsHeartbeatsIgnoresPingsAndEndsWithTheConnection() throws Exception {
        start();
        writeFourGroups();
        try (RawClient c = replica("@master_binlog_checksum = 'CRC32'", "@master_heartbeat_period = 50000000")) {
            c.command(COM_REGISTER_SLAVE, registerBody(7));
            assertThat(c.read().isOk()).isTrue();
            assertThat(slaveHosts()).containsExactly("7 127.0.0.1 3306 1");
            dump(c, 4, 0, 7, "basalt-bin.000001");
            Packet p;
            while ((p = next(c)).type() != BinlogEventType.HEARTBEAT.code()) {
                assertThat(p.error()).isNull();
            }
            assertThat(p.header().logPos()).as("a heartbeat tells the current position").isGreaterThan(4);
            assertThat(meters.get("basalt.binlog.dump.connections").gauge().value()).isEqualTo(1.0);

            c.command(COM_PING, new byte[0]);
            sql("INSERT INTO d.t VALUES (10, 'live')");
            List<Integer> types = new ArrayList<>();
            while ((p = next(c)).type() != BinlogEventType.XID.code()) {
                types.add(p.type());
            }
            assertThat(types).contains(BinlogEventType.GTID.code(), BinlogEventType.TABLE_MAP.code(),
                    BinlogEventType.WRITE_ROWS_V1.code());
        }
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (meters.get("basalt.binlog.dump.connections").gauge().value() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(meters.get("basalt.binlog.dump.connections").gauge().value())
                .as("the dump thread ended with its connection").isZero();
        while (!slaveHosts().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(slaveHosts()).as("unregistered with its connection").isEmpty();
        assertThat(meters.get("basalt.binlog.dump.events").counter().count()).isPositive();
    }

    @Test
    void malformedDumpRequestClosesTheConnection() throws Exception {
        start();
        try (RawClient c = replica()) {
            c.command(COM_BINLOG_DUMP, new byte[] {4, 0, 0});
            assertThat(c.read().isErr()).isTrue();
            assertThat(c.closedByServer()).isTrue();
        }
    }

    private static byte[] registerBody(long serverId) {
        ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt((int) serverId);
        byte[] host = "127.0.0.1".getBytes(StandardCharsets.US_ASCII);
        b.put((byte) host.length).put(host).put((byte) 0).put((byte) 0).putShort((short) 3306).putInt(0).putInt(0);
        return Arrays.copyOf(b.array(), b.position());
    }
}
