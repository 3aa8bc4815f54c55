package io.basalt.protocol.codec;

import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PayloadReaderTest {

    private static PayloadReader reader(String hex) {
        return new PayloadReader(Unpooled.wrappedBuffer(Bytes.hex(hex)));
    }

    @Test
    void readsLittleEndianFixedIntegers() {
        PayloadReader r = reader("ff 34 12 56 34 12 78 56 34 f2 06 05 04 03 02 01 08 07 06 05 04 03 02 81");
        assertThat(r.readInt1()).isEqualTo(0xff);
        assertThat(r.readInt2()).isEqualTo(0x1234);
        assertThat(r.readInt3()).isEqualTo(0x123456);
        assertThat(r.readInt4()).isEqualTo(0xf2345678L);
        assertThat(r.readInt6()).isEqualTo(0x010203040506L);
        assertThat(r.readInt8()).isEqualTo(0x8102030405060708L);
        assertThat(r.hasRemaining()).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
            "00, 0",
            "fa, 250",
            "fc fb 00, 251",
            "fc ff ff, 65535",
            "fd 00 00 01, 65536",
            "fd ff ff ff, 16777215",
            "fe 00 00 00 01 00 00 00 00, 16777216",
            "fe ff ff ff ff ff ff ff ff, -1"})
    void readsLengthEncodedIntegers(String hex, long expected) {
        PayloadReader r = reader(hex);
        assertThat(r.readLenencInt()).isEqualTo(expected);
        assertThat(r.hasRemaining()).isFalse();
    }

    @Test
    void nullMarkerIsNotAnInteger() {
        PayloadReader r = reader("fb");
        assertThat(r.nextIsNull()).isTrue();
        assertThatThrownBy(r::readLenencInt).isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("ff").readLenencInt()).isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void readsLenencStringOrNull() {
        PayloadReader r = reader("fb 02 c3 a9");
        assertThat(r.readLenencStringOrNull()).isNull();
        assertThat(r.readLenencStringOrNull()).isEqualTo("é");
    }

    @Test
    void readsNulTerminatedStrings() {
        PayloadReader r = reader("61 62 00 63");
        assertThat(r.readNulTerminatedString()).isEqualTo("ab");
        assertThatThrownBy(r::readNulTerminatedString).isInstanceOf(MalformedPacketException.class);
        assertThat(r.readNulTerminatedOrRestString()).isEqualTo("c");
        assertThat(r.hasRemaining()).isFalse();
    }

    @Test
    void everyReadPastTheEndIsMalformed() {
        assertThatThrownBy(() -> reader("").readInt1()).isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("01").readInt2()).isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("01 02").readInt3()).isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("01 02 03").readInt4()).isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("01 02 03 04 05").readInt6()).isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("01 02 03 04 05 06 07").readInt8())
                .isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("fc 01").readLenencInt()).isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("03 61 62").readLenencBytes()).isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("fe ff ff ff ff ff ff ff 7f").readLenencString())
                .isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("01").readFixedBytes(2)).isInstanceOf(MalformedPacketException.class);
        assertThatThrownBy(() -> reader("01").skip(2)).isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void malformedPacketCarriesErrorCode1835() {
        MalformedPacketException e = new MalformedPacketException("detail");
        assertThat(e.code()).isEqualTo(1835);
        assertThat(e.sqlState()).isEqualTo("HY000");
        assertThat(e.getMessage()).isEqualTo("Malformed communication packet.");
        assertThat(e.detail()).isEqualTo("detail");
    }

    @Test
    void restAndSections() {
        PayloadReader r = reader("02 61 62 63 64");
        PayloadReader section = r.readSection(r.readInt1());
        assertThat(section.readRestString()).isEqualTo("ab");
        assertThat(r.readRestBytes()).containsExactly('c', 'd');
        assertThat(r.remaining()).isZero();
    }

    @Test
    void commandBodyStartsAfterIndexZeroWhateverTheReaderIndex() {
        ByteBuf payload = Unpooled.wrappedBuffer(Bytes.hex("03 61 62"));
        assertThat(PayloadReader.commandBody(payload).readRestString()).isEqualTo("ab");
        payload.readByte();
        assertThat(PayloadReader.commandBody(payload).readRestString()).isEqualTo("ab");
        assertThat(payload.readerIndex()).isEqualTo(1);
        assertThatThrownBy(() -> PayloadReader.commandBody(Unpooled.EMPTY_BUFFER))
                .isInstanceOf(MalformedPacketException.class);
    }
}
