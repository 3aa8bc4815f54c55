package io.basalt.protocol.codec;

import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class PayloadWriterTest {

    @ParameterizedTest
    @CsvSource({
            "0, 00",
            "250, fa",
            "251, fcfb00",
            "65535, fcffff",
            "65536, fd000001",
            "16777215, fdffffff",
            "16777216, fe0000000100000000",
            "-1, feffffffffffffffff"})
    void writesLengthEncodedIntegers(long value, String hex) {
        ByteBuf out = Unpooled.buffer();
        PayloadWriter.writeLenencInt(out, value);
        assertThat(Bytes.hexOf(out)).isEqualTo(hex);
        assertThat(PayloadWriter.lenencIntSize(value)).isEqualTo(hex.length() / 2);
    }

    @Test
    void writesFixedIntegersLittleEndian() {
        ByteBuf out = Unpooled.buffer();
        PayloadWriter.writeInt1(out, 0x1ff);
        PayloadWriter.writeInt2(out, 0x1234);
        PayloadWriter.writeInt3(out, 0x123456);
        PayloadWriter.writeInt4(out, 0xf2345678L);
        PayloadWriter.writeInt6(out, 0x010203040506L);
        PayloadWriter.writeInt8(out, 0x8102030405060708L);
        assertThat(Bytes.hexOf(out)).isEqualTo("ff" + "3412" + "563412" + "785634f2" + "060504030201"
                + "0807060504030281");
    }

    @Test
    void writesStrings() {
        ByteBuf out = Unpooled.buffer();
        PayloadWriter.writeLenencString(out, "é");
        PayloadWriter.writeNulTerminatedString(out, "ab");
        PayloadWriter.writeLenencBytes(out, new byte[] {1});
        PayloadWriter.writeLenencNull(out);
        PayloadWriter.writeString(out, "x");
        PayloadWriter.writeBytes(out, new byte[] {9});
        assertThat(Bytes.hexOf(out)).isEqualTo("02c3a9" + "616200" + "0101" + "fb" + "78" + "09");
    }

    @Test
    void longStringGetsThreeByteLengthPrefix() {
        ByteBuf out = Unpooled.buffer();
        PayloadWriter.writeLenencString(out, "a".repeat(300));
        assertThat(out.readableBytes()).isEqualTo(303);
        assertThat(Bytes.hexOf(out.slice(0, 3))).isEqualTo("fc2c01");
    }

    @Property
    void lenencIntegersRoundTrip(@ForAll long value) {
        ByteBuf out = Unpooled.buffer();
        PayloadWriter.writeLenencInt(out, value);
        assertThat(out.readableBytes()).isEqualTo(PayloadWriter.lenencIntSize(value));
        PayloadReader r = new PayloadReader(out);
        assertThat(r.readLenencInt()).isEqualTo(value);
        assertThat(r.hasRemaining()).isFalse();
    }

    @Property
    void lenencStringsRoundTrip(@ForAll String value) {
        String nulFree = value.replace("\0", "");
        ByteBuf out = Unpooled.buffer();
        PayloadWriter.writeLenencString(out, value);
        PayloadWriter.writeNulTerminatedString(out, nulFree);
        PayloadReader r = new PayloadReader(out);
        assertThat(r.readLenencString()).isEqualTo(utf8RoundTrip(value));
        assertThat(r.readNulTerminatedString()).isEqualTo(utf8RoundTrip(nulFree));
        assertThat(r.hasRemaining()).isFalse();
    }

    /** What survives UTF-8 encoding: unpaired surrogates become '?', as in String.getBytes. */
    private static String utf8RoundTrip(String s) {
        return new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }
}
