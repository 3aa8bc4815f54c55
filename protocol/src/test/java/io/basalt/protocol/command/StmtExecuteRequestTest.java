package io.basalt.protocol.command;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StmtExecuteRequestTest {
    private static final int EXECUTE = 0x17;

    /** A minimal server side: one statement's parameter count, remembered types and long data. */
    private static final class Statements implements ParameterTypesLookup {
        final long id;
        final int count;
        int[] types;
        final Map<Integer, byte[]> longData = new HashMap<>();
        long lastLookup = -1;

        Statements(long id, int count) {
            this.id = id;
            this.count = count;
        }

        @Override
        public StatementParameters lookup(long statementId) {
            lastLookup = statementId;
            long effective = statementId == 0xffffffffL ? id : statementId;
            return effective == id ? new StatementParameters(count, types, longData) : null;
        }

        StmtExecuteRequest execute(ByteBuf payload) {
            StmtExecuteRequest r = StmtExecuteRequest.decode(payload, this);
            types = r.parameterTypes();
            return r;
        }
    }

    private static Bytes header(long statementId, int flags) {
        return Bytes.of().int1(EXECUTE).int4(statementId).int1(flags).int4(1);
    }

    @Test
    void newTypesThenReusedTypes() {
        Statements server = new Statements(7, 3);
        ByteBuf first = header(7, 0)
                .int1(0b000)                          // NULL bitmap
                .int1(1)                              // new_params_bound
                .int2(0x08).int2(0xfd).int2(0x05)     // LONGLONG, VAR_STRING, DOUBLE
                .int8(-5).shortLenStr("héllo").raw(Bytes.hex("000000000000f83f"))
                .buf();
        StmtExecuteRequest r1 = server.execute(first);
        assertThat(r1.statementId()).isEqualTo(7);
        assertThat(r1.flags()).isZero();
        assertThat(r1.iterationCount()).isEqualTo(1);
        assertThat(r1.newParameterTypes()).containsExactly(0x08, 0xfd, 0x05);
        assertThat(r1.parameterValues()).containsExactly(-5L, "héllo", 1.5);

        ByteBuf second = header(7, 0)
                .int1(0b010)                          // parameter 1 is NULL
                .int1(0)                              // reuse the types
                .int8(42).raw(Bytes.hex("0000000000000040"))
                .buf();
        StmtExecuteRequest r2 = server.execute(second);
        assertThat(r2.newParameterTypes()).isNull();
        assertThat(r2.parameterTypes()).containsExactly(0x08, 0xfd, 0x05);
        assertThat(r2.parameterValues()).containsExactly(42L, null, 2.0);
    }

    @Test
    void stringParameterThatIsNotUtf8StaysBytes() {
        Statements server = new Statements(3, 2);
        ByteBuf payload = header(3, 0).int1(0).int1(1)
                .int2(0xfd).int2(0xfd)                        // VAR_STRING twice, as Connector/J sends setBytes
                .int1(2).raw(new byte[] {(byte) 0xff, (byte) 0x80})
                .shortLenStr("ok")
                .buf();
        StmtExecuteRequest r = server.execute(payload);
        assertThat(r.parameterValues()[0]).isEqualTo(new byte[] {(byte) 0xff, (byte) 0x80});
        assertThat(r.parameterValues()[1]).isEqualTo("ok");
    }

    @Test
    void unsignedFlagIsBit0x80OfTheSecondTypeByte() {
        Statements server = new Statements(1, 6);
        ByteBuf payload = header(1, 0).int1(0).int1(1)
                .int2(0x8001).int2(0x0001)            // TINY unsigned, TINY signed
                .int2(0x8002).int2(0x8003)            // SHORT unsigned, LONG unsigned
                .int2(0x8008).int2(0x0003)            // LONGLONG unsigned, LONG signed
                .int1(0xff).int1(0xff)
                .int2(0xffff).int4(0xffffffffL)
                .int8(-1).int4(0xffffffffL)
                .buf();
        StmtExecuteRequest r = server.execute(payload);
        assertThat(r.parameterValues()).containsExactly(255L, -1L, 65535L, 4294967295L, -1L, -1L);
        assertThat(ParameterTypes.isUnsigned(r.parameterTypes()[0])).isTrue();
        assertThat(ParameterTypes.isUnsigned(r.parameterTypes()[1])).isFalse();
        assertThat(ParameterTypes.fieldType(r.parameterTypes()[4])).isEqualTo(FieldType.LONGLONG);
        assertThat(ParameterTypes.of(FieldType.LONGLONG, true)).isEqualTo(0x8008);
    }

    @Test
    void nullBitmapSpansBytesAndNullTypeIsNull() {
        Statements server = new Statements(1, 9);
        Bytes b = header(1, 0).int1(0b1111_1110).int1(0b0000_0000).int1(1);
        for (int i = 0; i < 9; i++) {
            b.int2(i == 8 ? 0x06 : 0x01);
        }
        b.int1(3);
        StmtExecuteRequest r = server.execute(b.buf());
        assertThat(r.parameterValues()).containsExactly(3L, null, null, null, null, null, null, null, null);
    }

    @Test
    void decodesEveryValueType() {
        Statements server = new Statements(2, 12);
        ByteBuf payload = header(2, 0).int1(0).int1(0).int1(1)
                .int2(0x02).int2(0x09).int2(0x04).int2(0xf6)
                .int2(0xfe).int2(0xfc).int2(0x0a).int2(0x0c)
                .int2(0x07).int2(0x0b).int2(0x0b).int2(0xf5)
                .int2(-300)                                   // SHORT
                .int4(-7)                                     // INT24
                .raw(Bytes.hex("0000c03f"))                   // FLOAT 1.5
                .shortLenStr("-12.50")                        // NEWDECIMAL
                .shortLenStr("abc")                           // STRING
                .int1(2).raw(new byte[] {0, (byte) 0xff})     // BLOB
                .int1(4).int2(2024).int1(2).int1(29)          // DATE
                .int1(11).int2(2024).int1(3).int1(5).int1(6).int1(7).int1(8).int4(123456) // DATETIME
                .int1(7).int2(1999).int1(12).int1(31).int1(23).int1(59).int1(59)          // TIMESTAMP
                .int1(12).int1(1).int4(1).int1(2).int1(3).int1(4).int4(500000)            // TIME
                .int1(0)                                                                  // TIME zero
                .shortLenStr("{\"a\":1}")                                                 // JSON
                .buf();
        Object[] v = server.execute(payload).parameterValues();
        assertThat(v[0]).isEqualTo(-300L);
        assertThat(v[1]).isEqualTo(-7L);
        assertThat(v[2]).isEqualTo(1.5);
        assertThat(v[3]).isEqualTo(new BigDecimal("-12.50"));
        assertThat(v[4]).isEqualTo("abc");
        assertThat((byte[]) v[5]).containsExactly(0, 0xff);
        assertThat(v[6]).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(v[7]).isEqualTo(LocalDateTime.of(2024, 3, 5, 6, 7, 8, 123_456_000));
        assertThat(v[8]).isEqualTo(LocalDateTime.of(1999, 12, 31, 23, 59, 59));
        assertThat(v[9]).isEqualTo(Duration.ofDays(1).plusHours(2).plusMinutes(3).plusSeconds(4).plusMillis(500)
                .negated());
        assertThat(v[10]).isEqualTo(Duration.ZERO);
        assertThat(v[11]).isEqualTo("{\"a\":1}");
    }

    @Test
    void longDataParametersAreNotInThePacket() {
        Statements server = new Statements(3, 3);
        server.longData.put(0, new byte[] {1, 2, 3});
        server.longData.put(2, "txt".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        ByteBuf payload = header(3, 0).int1(0).int1(1)
                .int2(0xfc).int2(0x03).int2(0xfe)       // BLOB, LONG, STRING
                .int4(99)
                .buf();
        Object[] v = server.execute(payload).parameterValues();
        assertThat((byte[]) v[0]).containsExactly(1, 2, 3);
        assertThat(v[1]).isEqualTo(99L);
        assertThat(v[2]).isEqualTo("txt");
    }

    @Test
    void statementIdAllOnesIsPassedThrough() {
        Statements server = new Statements(5, 0);
        StmtExecuteRequest r = server.execute(header(0xffffffffL, 0).buf());
        assertThat(server.lastLookup).isEqualTo(0xffffffffL);
        assertThat(r.statementId()).isEqualTo(0xffffffffL);
        assertThat(r.parameterValues()).isEmpty();
    }

    @Test
    void cursorFlagIsReported() {
        Statements server = new Statements(5, 0);
        assertThat(server.execute(header(5, StmtExecuteRequest.CURSOR_TYPE_READ_ONLY).buf()).flags())
                .isEqualTo(StmtExecuteRequest.CURSOR_TYPE_READ_ONLY);
    }

    @Test
    void readerIndexOfThePayloadDoesNotMatter() {
        Statements server = new Statements(5, 1);
        ByteBuf payload = header(5, 0).int1(0).int1(1).int2(0x03).int4(8).buf();
        payload.readByte();
        assertThat(server.execute(payload).parameterValues()).containsExactly(8L);
    }

    @Test
    void unknownStatementIs1243() {
        Statements server = new Statements(5, 0);
        assertThatThrownBy(() -> server.execute(header(6, 0).buf()))
                .isInstanceOfSatisfying(MySqlException.class, e -> {
                    assertThat(e.code()).isEqualTo(1243);
                    assertThat(e.getMessage()).isEqualTo(
                            "Unknown prepared statement handler (6) given to mysqld_stmt_execute");
                });
    }

    @Test
    void valuesWithoutAnyBoundTypesAre1210() {
        Statements server = new Statements(5, 1);
        assertThatThrownBy(() -> server.execute(header(5, 0).int1(0).int1(0).int4(1).buf()))
                .isInstanceOfSatisfying(MySqlException.class, e -> assertThat(e.code()).isEqualTo(1210));
    }

    @Test
    void everyTruncationIsMalformed() {
        byte[] full = header(9, 0).int1(0).int1(1)
                .int2(0x08).int2(0xfd).int2(0x0c)
                .int8(1).shortLenStr("abc").int1(7).int2(2024).int1(1).int1(2).int1(3).int1(4).int1(5)
                .array();
        for (int length = 1; length < full.length; length++) {
            byte[] prefix = Arrays.copyOf(full, length);
            Statements server = new Statements(9, 3);
            assertThatThrownBy(() -> server.execute(Bytes.of().raw(prefix).buf()))
                    .as("prefix of %d bytes", length)
                    .isInstanceOf(MalformedPacketException.class);
        }
        assertThat(new Statements(9, 3).execute(Bytes.of().raw(full).buf()).parameterValues()).hasSize(3);
    }

    @Test
    void invalidValuesAreMalformed() {
        Statements server = new Statements(1, 1);
        assertThatThrownBy(() -> server.execute(header(1, 0).int1(0).int1(1).int2(0x0a)
                .int1(4).int2(2024).int1(13).int1(1).buf()))
                .isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> server.execute(header(1, 0).int1(0).int1(1).int2(0x0a).int1(5).buf()))
                .isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> server.execute(header(1, 0).int1(0).int1(1).int2(0xf6).shortLenStr("x1").buf()))
                .isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> server.execute(header(1, 0).int1(0).int1(1).int2(0x20).int1(0).buf()))
                .isInstanceOf(MalformedPacketException.class);
    }
}
