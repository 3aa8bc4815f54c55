package io.basalt.protocol.codec;

import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PacketFramerTest {
    private static final int MAX = 0xff_ffff;

    @Test
    void framesSmallPayloadWithHeader() {
        ByteBuf out = Unpooled.buffer();
        int next = PacketFramer.writePacket(out, new byte[] {0x03, 0x61}, 5);
        assertThat(Bytes.hexOf(out)).isEqualTo("020000" + "05" + "0361");
        assertThat(next).isEqualTo(6);
    }

    @Test
    void emptyPayloadIsOneEmptyPacket() {
        ByteBuf out = Unpooled.buffer();
        assertThat(PacketFramer.writePacket(out, new byte[0], 0)).isEqualTo(1);
        assertThat(Bytes.hexOf(out)).isEqualTo("00000000");
    }

    @Test
    void sequenceIdWrapsAfter255() {
        ByteBuf out = Unpooled.buffer();
        assertThat(PacketFramer.writePacket(out, new byte[] {1}, 255)).isZero();
        assertThat(Bytes.hexOf(out)).isEqualTo("010000ff01");
    }

    @Test
    void payloadOfExactlyMaxLengthEndsWithEmptyPacket() {
        ByteBuf out = Unpooled.buffer();
        int next = PacketFramer.writePacket(out, filled(MAX), 0);
        assertThat(next).isEqualTo(2);
        assertThat(out.readableBytes()).isEqualTo(MAX + 8);
        assertThat(Bytes.hexOf(out.slice(0, 4))).isEqualTo("ffffff00");
        assertThat(Bytes.hexOf(out.slice(4 + MAX, 4))).isEqualTo("00000001");
    }

    @Test
    void payloadOfMaxPlusOneIsSplitInTwo() {
        ByteBuf out = Unpooled.buffer();
        int next = PacketFramer.writePacket(out, filled(MAX + 1), 254);
        assertThat(next).isZero();
        assertThat(Bytes.hexOf(out.slice(0, 4))).isEqualTo("fffffffe");
        assertThat(Bytes.hexOf(out.slice(4 + MAX, 5))).isEqualTo("010000ff" + Bytes.hexOf(new byte[] {
                (byte) (MAX % 251)}));
    }

    @Test
    void payloadOfTwiceMaxIsThreePackets() {
        ByteBuf out = Unpooled.buffer();
        int next = PacketFramer.writePacket(out, filled(2 * MAX), 0);
        assertThat(next).isEqualTo(3);
        assertThat(out.readableBytes()).isEqualTo(2 * MAX + 12);
        assertThat(Bytes.hexOf(out.slice(4 + MAX, 4))).isEqualTo("ffffff01");
        assertThat(Bytes.hexOf(out.slice(8 + 2 * MAX, 4))).isEqualTo("00000002");
    }

    @Test
    void writePacketConsumesThePayloadBuffer() {
        ByteBuf payload = Unpooled.wrappedBuffer(new byte[] {1, 2, 3});
        PacketFramer.writePacket(Unpooled.buffer(), payload, 0);
        assertThat(payload.isReadable()).isFalse();
    }

    @Test
    void inPlaceFramingFillsTheReservedHeader() {
        ByteBuf out = Unpooled.buffer();
        out.writeByte(0x77);
        int header = PacketFramer.reserveHeader(out);
        out.writeBytes(new byte[] {0x0a, 0x0b});
        int next = PacketFramer.finishPacket(out, header, 3);
        assertThat(next).isEqualTo(4);
        assertThat(Bytes.hexOf(out)).isEqualTo("77" + "02000003" + "0a0b");
    }

    @Test
    void inPlaceFramingSplitsLongPayloads() {
        ByteBuf out = Unpooled.buffer();
        int header = PacketFramer.reserveHeader(out);
        out.writeBytes(filled(MAX));
        int next = PacketFramer.finishPacket(out, header, 7);
        assertThat(next).isEqualTo(9);
        assertThat(out.readableBytes()).isEqualTo(MAX + 8);
        assertThat(Bytes.hexOf(out.slice(0, 4))).isEqualTo("ffffff07");
        assertThat(out.getByte(4 + MAX - 1)).isEqualTo((byte) ((MAX - 1) % 251));
        assertThat(Bytes.hexOf(out.slice(4 + MAX, 4))).isEqualTo("00000008");
    }

    /** Bytes i % 251 so that misplaced bytes show. */
    static byte[] filled(int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i % 251);
        }
        return b;
    }
}
