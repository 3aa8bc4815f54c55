package io.basalt.protocol.binlog;

import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Body layouts of the non-row events, with expectations built field by field from the spec (§1.5, §2.1-2.8). */
class EventBodiesTest {

    private static byte[] body(BinlogEventBody event) {
        ByteBuf out = Unpooled.buffer();
        event.encode(out);
        return Bytes.toArray(out);
    }

    @Test
    void formatDescriptionLayout() {
        byte[] body = body(FormatDescriptionEvent.of("10.11.6-MariaDB-log", 0x01020304L, BinlogChecksum.CRC32));
        // version 4, 50-byte NUL-padded version, created, header length 19, 171 post-header lengths, alg byte.
        assertThat(body).hasSize(2 + 50 + 4 + 1 + 171 + 1);
        byte[] head = Bytes.of().int2(4).text("10.11.6-MariaDB-log").zeros(50 - 19).int4(0x01020304L).int1(19).array();
        assertThat(body).startsWith(head);
        byte[] table = Arrays.copyOfRange(body, head.length, head.length + 171);
        // §1.5: types 1..41 as 10.11.19 writes them (10 for 39-41), zeros up to 159, then types 160..171.
        assertThat(Arrays.copyOf(table, 41)).isEqualTo(Bytes.hex(
                "380d000800120004040404120000e400041a08000000080808020000000a0a0a0000000000000a0a0a"));
        assertThat(Arrays.copyOfRange(table, 41, 159)).isEqualTo(new byte[118]);
        assertThat(Arrays.copyOfRange(table, 159, 171)).isEqualTo(Bytes.hex("0004130400 0d080808 0a0a0a"));
        assertThat(table[14]).as("the FDE's own entry = 57 + 171").isEqualTo((byte) 228);
        assertThat(body[body.length - 1]).isEqualTo((byte) 1);
        assertThat(FormatDescriptionEvent.decode(Unpooled.wrappedBuffer(body)))
                .isEqualTo(FormatDescriptionEvent.of("10.11.6-MariaDB-log", 0x01020304L, BinlogChecksum.CRC32));
    }

    @Test
    void formatDescriptionRejectsOverlongVersion() {
        assertThatThrownBy(() -> FormatDescriptionEvent.of("x".repeat(50), 0, BinlogChecksum.CRC32))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void gtidWithoutCommitIdIsZeroFilledToNineteenBytes() {
        GtidEvent gtid = GtidEvent.ddl(1, 0);
        // seq_no 8, domain 4, flags2 = STANDALONE|ALLOW_PARALLEL|DDL = 0x29 (what 10.11 writes for DDL), 6 zeros.
        assertThat(body(gtid)).isEqualTo(Bytes.of().int8(1).int4(0).int1(0x29).zeros(6).array());
        assertThat(GtidEvent.decode(Unpooled.wrappedBuffer(body(gtid)))).isEqualTo(gtid);
    }

    @Test
    void gtidWithCommitIdHasTwentyOneBytes() {
        GtidEvent gtid = GtidEvent.transaction(0x0102030405L, 3, 0x0a0b);
        // flags2 = TRANSACTIONAL|ALLOW_PARALLEL|GROUP_COMMIT_ID = 0x0e, then the 8-byte commit id, no zero fill.
        assertThat(body(gtid)).isEqualTo(Bytes.of().int8(0x0102030405L).int4(3).int1(0x0e).int8(0x0a0b).array());
        assertThat(GtidEvent.decode(Unpooled.wrappedBuffer(body(gtid)))).isEqualTo(gtid);
        assertThat(GtidEvent.transaction(9, 0, 0).flags2()).as("no commit id: 0x0c like 10.11").isEqualTo(0x0c);
    }

    @Test
    void paddedGtidEndsExactlyAtTheReservedGap() {
        // §5.1/5.3: header events end at H; the GTID at H is padded so that it ends at the 4096-byte boundary R.
        long headerEnd = 327;
        int padTo = GtidEvent.padToFill(headerEnd, 4096, BinlogChecksum.CRC32);
        assertThat(padTo).isEqualTo(4096 - 327 - 19 - 4);
        GtidEvent gtid = GtidEvent.transaction(7, 0, 0).withPadTo(padTo);
        byte[] event = EventSerializer.serialize(gtid, 1, 1, EventFlags.SUPPRESS_USE, headerEnd, BinlogChecksum.CRC32);
        assertThat(headerEnd + event.length).isEqualTo(4096);
        assertThat(Unpooled.wrappedBuffer(event).getIntLE(EventHeader.LOG_POS_OFFSET)).isEqualTo(4096);
        byte[] body = Arrays.copyOfRange(event, 19, event.length - 4);
        assertThat(Arrays.copyOfRange(body, 13, body.length)).as("zeros after flags2").isEqualTo(new byte[padTo - 13]);
        assertThat(GtidEvent.decode(Unpooled.wrappedBuffer(body))).isEqualTo(gtid);
    }

    @Test
    void paddingBelowTheFieldsIsRejected() {
        assertThatThrownBy(() -> GtidEvent.transaction(1, 0, 5).withPadTo(20))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void gtidListLayout() {
        GtidListEvent list = new GtidListEvent(List.of(new Gtid(0, 7, 13), new Gtid(1, 2, 3)));
        assertThat(body(list)).isEqualTo(Bytes.of().int4(2).int4(0).int4(7).int8(13).int4(1).int4(2).int8(3).array());
        assertThat(GtidListEvent.decode(Unpooled.wrappedBuffer(body(list)))).isEqualTo(list);
        assertThat(list.gtids().get(0)).hasToString("0-7-13");
    }

    @Test
    void emptyGtidListHasTwoBytesOfPadding() {
        // §1.1: 19 + 4 + 2 + 4 = 29 bytes.
        assertThat(body(new GtidListEvent(List.of()))).isEqualTo(new byte[6]);
        assertThat(EventSerializer.serialize(new GtidListEvent(List.of()), 0, 1, 0, 256, BinlogChecksum.CRC32))
                .hasSize(29);
    }

    @Test
    void gtidListCountIgnoresFlagBits() {
        byte[] body = Bytes.of().int4(0x1000_0001L).int4(0).int4(1).int8(5).array();
        assertThat(GtidListEvent.decode(Unpooled.wrappedBuffer(body)).gtids()).containsExactly(new Gtid(0, 1, 5));
    }

    @Test
    void checkpointAnnotateXidRotateStopHeartbeat() {
        assertThat(body(new BinlogCheckpointEvent("basalt-bin.000001")))
                .isEqualTo(Bytes.of().int4(17).text("basalt-bin.000001").array());
        assertThat(body(new AnnotateRowsEvent("INSERT INTO t VALUES ('é')")))
                .isEqualTo(Bytes.of().text("INSERT INTO t VALUES ('é')").array());
        assertThat(body(new XidEvent(-2))).isEqualTo(Bytes.of().int8(-2).array());
        assertThat(body(new RotateEvent(4, "basalt-bin.000002")))
                .isEqualTo(Bytes.of().int8(4).text("basalt-bin.000002").array());
        assertThat(body(new StopEvent())).isEmpty();
        assertThat(body(new HeartbeatEvent("basalt-bin.000003")))
                .isEqualTo(Bytes.of().text("basalt-bin.000003").array());

        for (BinlogEventBody event : List.of(new BinlogCheckpointEvent("basalt-bin.000001"),
                new AnnotateRowsEvent("INSERT INTO t VALUES ('é')"), new XidEvent(-2),
                new RotateEvent(4, "basalt-bin.000002"), new StopEvent(), new HeartbeatEvent("basalt-bin.000003"))) {
            byte[] bytes = EventSerializer.serialize(event, 1, 1, 0, 4, BinlogChecksum.CRC32);
            BinlogEvent read = BinlogEventReader.ofEvents(Unpooled.wrappedBuffer(bytes), 4, BinlogChecksum.CRC32)
                    .next();
            assertThat(read.decode()).isEqualTo(event);
        }
    }

    @Test
    void queryLayoutWithDdlStatusVariables() {
        QueryEvent query = new QueryEvent(4, 0, 0, "d1", "CREATE DATABASE d1",
                QueryStatusVars.of(QueryStatusVars.DEFAULT_SQL_MODE, 33, 33, 8));
        // Status vars in MariaDB's order: Q_FLAGS2 (0) explicit_defaults_for_timestamp; Q_SQL_MODE (1);
        // Q_CATALOG_NZ (6) "std"; Q_CHARSET (4) client, connection, server. 5 + 9 + 5 + 7 = 26 bytes.
        byte[] vars = Bytes.of().int1(0).int4(0x0100_0000L).int1(1).int8(0x5420_0000L)
                .int1(6).shortLenStr("std").int1(4).int2(33).int2(33).int2(8).array();
        byte[] expected = Bytes.of().int4(4).int4(0).int1(2).int2(0).int2(vars.length)
                .raw(vars).cstr("d1").text("CREATE DATABASE d1").array();
        assertThat(body(query)).isEqualTo(expected);
        assertThat(vars).hasSize(26);
        assertThat(QueryEvent.decode(Unpooled.wrappedBuffer(expected))).isEqualTo(query);
    }

    @Test
    void queryOptionalStatusVariables() {
        QueryStatusVars vars = new QueryStatusVars(QueryStatusVars.OPTION_NO_FOREIGN_KEY_CHECKS, 0, "std", 2, 3,
                45, 45, 46, "+01:00", 1, 8, 99);
        QueryEvent query = new QueryEvent(1, 2, 0, "", "DROP TABLE t", vars);
        byte[] body = body(query);
        // After the fixed vars: Q_AUTO_INCREMENT (3) 2/3 sits between catalog and charset; then Q_TIME_ZONE (5),
        // Q_LC_TIME_NAMES (7), Q_CHARSET_DATABASE (8), Q_XID (129).
        byte[] expectedVars = Bytes.of().int1(0).int4(0x0400_0000L).int1(1).int8(0).int1(6).shortLenStr("std")
                .int1(3).int2(2).int2(3).int1(4).int2(45).int2(45).int2(46).int1(5).shortLenStr("+01:00")
                .int1(7).int2(1).int1(8).int2(8).int1(129).int8(99).array();
        assertThat(body).isEqualTo(Bytes.of().int4(1).int4(2).int1(0).int2(0).int2(expectedVars.length)
                .raw(expectedVars).int1(0).text("DROP TABLE t").array());
        assertThat(QueryEvent.decode(Unpooled.wrappedBuffer(body))).isEqualTo(query);
    }

    @Test
    void queryDecodingStopsAtAnUnknownStatusVariable() {
        // Q_FLAGS2, then MySQL's code 12 which MariaDB does not know: the rest of the block is skipped.
        byte[] vars = Bytes.of().int1(0).int4(0x4000).int1(12).int4(-1).array();
        byte[] body = Bytes.of().int4(1).int4(0).int1(1).int2(1050).int2(vars.length).raw(vars).cstr("d")
                .text("COMMIT").array();
        QueryEvent q = QueryEvent.decode(Unpooled.wrappedBuffer(body));
        assertThat(q.statusVars().flags2()).isEqualTo(0x4000);
        assertThat(q.errorCode()).isEqualTo(1050);
        assertThat(q.database()).isEqualTo("d");
        assertThat(q.sql()).isEqualTo("COMMIT");
    }
}
