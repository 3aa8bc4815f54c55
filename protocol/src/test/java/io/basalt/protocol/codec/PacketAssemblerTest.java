package io.basalt.protocol.codec;

import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PacketAssemblerTest {
    private static final int MAX = 0xff_ffff;
    private static final int LIMIT = 64 << 20;

    @Test
    void decodesOnePacketAndKeepsTheRest() {
        PacketAssembler assembler = new PacketAssembler(LIMIT);
        ByteBuf in = Unpooled.wrappedBuffer(Bytes.hex("01000000 0e 01000000 01"));
        Packet p = assembler.decode(in);
        assertThat(p.sequenceId()).isZero();
        assertThat(p.nextSequenceId()).isEqualTo(1);
        assertThat(Bytes.hexOf(p.payload())).isEqualTo("0e");
        p.payload().release();
        Packet q = assembler.decode(in);
        assertThat(Bytes.hexOf(q.payload())).isEqualTo("01");
        q.payload().release();
        assertThat(assembler.decode(in)).isNull();
    }

    @Test
    void returnsNullUntilThePacketIsComplete() {
        PacketAssembler assembler = new PacketAssembler(LIMIT);
        ByteBuf in = Unpooled.buffer();
        in.writeBytes(Bytes.hex("030000"));
        assertThat(assembler.decode(in)).isNull();
        in.writeBytes(Bytes.hex("09 6162"));
        assertThat(assembler.decode(in)).isNull();
        assertThat(in.readerIndex()).as("incomplete packets are not consumed").isZero();
        in.writeBytes(Bytes.hex("63"));
        Packet p = assembler.decode(in);
        assertThat(p.sequenceId()).isEqualTo(9);
        assertThat(Bytes.hexOf(p.payload())).isEqualTo("616263");
        p.payload().release();
    }

    @Test
    void mergesAtExactlyMaxWithTrailingEmptyPacket() {
        assertRoundTrip(MAX, 3);
    }

    @Test
    void mergesMaxPlusOne() {
        assertRoundTrip(MAX + 1, 250);
    }

    @Test
    void mergesTwiceMax() {
        assertRoundTrip(2 * MAX, 254);
    }

    private static void assertRoundTrip(int length, int firstSequenceId) {
        byte[] payload = PacketFramerTest.filled(length);
        ByteBuf stream = Unpooled.buffer();
        int next = PacketFramer.writePacket(stream, payload, firstSequenceId);
        PacketAssembler assembler = new PacketAssembler(LIMIT);
        Packet p = assembler.decode(stream);
        assertThat(p).isNotNull();
        assertThat(p.sequenceId()).isEqualTo((next - 1) & 0xff);
        assertThat(p.payload().readableBytes()).isEqualTo(length);
        assertThat(Bytes.toArray(p.payload())).isEqualTo(payload);
        assertThat(stream.isReadable()).isFalse();
        p.payload().release();
        assertThat(stream.refCnt()).as("no slice of the stream is leaked").isEqualTo(1);
    }

    @Test
    void continuationWithWrongSequenceIdIsOutOfOrder() {
        ByteBuf stream = Unpooled.buffer();
        stream.writeMediumLE(MAX).writeByte(4).writeBytes(new byte[MAX]);
        stream.writeMediumLE(1).writeByte(6).writeByte(1);
        PacketAssembler assembler = new PacketAssembler(LIMIT);
        assertThatThrownBy(() -> assembler.decode(stream))
                .isInstanceOf(PacketOutOfOrderException.class)
                .satisfies(e -> assertThat(((PacketOutOfOrderException) e).code()).isEqualTo(1156));
    }

    @Test
    void tooLargePacketFailsAtItsHeaderAndIsThenDiscarded() {
        PacketAssembler assembler = new PacketAssembler(100);
        ByteBuf in = Unpooled.buffer();
        in.writeMediumLE(150).writeByte(0).writeBytes(new byte[40]);
        assertThatThrownBy(() -> assembler.decode(in))
                .isInstanceOfSatisfying(PacketTooLargeException.class, e -> {
                    assertThat(e.code()).isEqualTo(1153);
                    assertThat(e.sqlState()).isEqualTo("08S01");
                    assertThat(e.sequenceId()).isZero();
                    assertThat(e.announcedLength()).isEqualTo(150);
                });
        assertThat(assembler.isDiscarding()).isTrue();
        assertThat(assembler.decode(in)).isNull();
        in.writeBytes(new byte[109]);
        assertThat(assembler.decode(in)).isNull();
        assertThat(assembler.isDiscarding()).isTrue();
        in.writeBytes(new byte[1]);
        in.writeBytes(Bytes.hex("01000000 0e"));
        Packet next = assembler.decode(in);
        assertThat(assembler.isDiscarding()).isFalse();
        assertThat(Bytes.hexOf(next.payload())).isEqualTo("0e");
        next.payload().release();
    }

    @Test
    void tooLargeMultiPacketPayloadIsDiscardedAcrossContinuations() {
        PacketAssembler assembler = new PacketAssembler(MAX + 10);
        ByteBuf stream = Unpooled.buffer();
        PacketFramer.writePacket(stream, new byte[2 * MAX], 0);
        PacketFramer.writePacket(stream, new byte[] {0x0e}, 0);
        assertThatThrownBy(() -> assembler.decode(stream))
                .isInstanceOfSatisfying(PacketTooLargeException.class,
                        e -> assertThat(e.sequenceId()).isEqualTo(1));
        Packet next = assembler.decode(stream);
        assertThat(Bytes.hexOf(next.payload())).isEqualTo("0e");
        next.payload().release();
        assertThat(stream.refCnt()).isEqualTo(1);
    }

    @Test
    void maxPayloadIsInclusive() {
        PacketAssembler assembler = new PacketAssembler(3);
        Packet p = assembler.decode(Unpooled.wrappedBuffer(Bytes.hex("03000000 010203")));
        assertThat(p.payload().readableBytes()).isEqualTo(3);
        p.payload().release();
        assembler.setMaxPayload(2);
        assertThatThrownBy(() -> assembler.decode(Unpooled.wrappedBuffer(Bytes.hex("03000000 010203"))))
                .isInstanceOf(PacketTooLargeException.class);
    }

    @Test
    void closeReleasesAPartialPayload() {
        ByteBuf stream = Unpooled.buffer();
        stream.writeMediumLE(MAX).writeByte(0).writeBytes(new byte[MAX]);
        PacketAssembler assembler = new PacketAssembler(LIMIT);
        assertThat(assembler.decode(stream)).isNull();
        assertThat(stream.refCnt()).isEqualTo(2);
        assembler.close();
        assertThat(stream.refCnt()).isEqualTo(1);
    }

    @Property(tries = 200)
    void frameThenReassembleInArbitraryChunksIsIdentity(
            @ForAll("payloads") List<byte[]> payloads, @ForAll @IntRange(min = 1, max = 7) int chunk,
            @ForAll @IntRange(min = 0, max = 255) int firstSequenceId) {
        ByteBuf stream = Unpooled.buffer();
        List<Integer> lastSequenceIds = new ArrayList<>();
        for (byte[] payload : payloads) {
            lastSequenceIds.add((PacketFramer.writePacket(stream, payload, firstSequenceId) - 1) & 0xff);
        }
        PacketAssembler assembler = new PacketAssembler(LIMIT);
        ByteBuf in = Unpooled.buffer();
        List<Packet> decoded = new ArrayList<>();
        while (stream.isReadable()) {
            in.writeBytes(stream, Math.min(chunk, stream.readableBytes()));
            Packet p;
            while ((p = assembler.decode(in)) != null) {
                decoded.add(p);
            }
            if (in.refCnt() == 1) {
                // as ByteToMessageDecoder: never move bytes that a retained payload slice still points into
                in.discardReadBytes();
            }
        }
        assertThat(decoded).hasSize(payloads.size());
        for (int i = 0; i < payloads.size(); i++) {
            assertThat(Bytes.toArray(decoded.get(i).payload())).isEqualTo(payloads.get(i));
            assertThat(decoded.get(i).sequenceId()).isEqualTo(lastSequenceIds.get(i));
            decoded.get(i).payload().release();
        }
        assertThat(in.isReadable()).isFalse();
    }

    @Test
    void byteByByteFeedOfALargePayload() {
        byte[] payload = PacketFramerTest.filled(MAX + 5);
        ByteBuf stream = Unpooled.buffer();
        PacketFramer.writePacket(stream, payload, 0);
        PacketAssembler assembler = new PacketAssembler(LIMIT);
        ByteBuf in = Unpooled.buffer(stream.readableBytes());
        Packet p = null;
        while (stream.isReadable()) {
            in.writeByte(stream.readByte());
            if (in.readableBytes() < 4 || in.readableBytes() == 4 + MAX || !stream.isReadable()) {
                p = assembler.decode(in);
            }
        }
        assertThat(p).isNotNull();
        assertThat(p.sequenceId()).isEqualTo(1);
        assertThat(Bytes.toArray(p.payload())).isEqualTo(payload);
        p.payload().release();
    }

    @Provide
    Arbitrary<List<byte[]>> payloads() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(40).list().ofMinSize(1).ofMaxSize(5);
    }
}
