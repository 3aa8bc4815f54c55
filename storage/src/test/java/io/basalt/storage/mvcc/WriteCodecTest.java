package io.basalt.storage.mvcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.StorageCorruptionException;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** Write records: round trips of every combination (overlapped rollback, GC fence, protected rollback). */
class WriteCodecTest {

    static void assertSameWrite(Write actual, Write expected) {
        assertThat(actual.type).isEqualTo(expected.type);
        assertThat(actual.startTs).isEqualTo(expected.startTs);
        assertThat(actual.shortValue).isEqualTo(expected.shortValue);
        assertThat(actual.hasOverlappedRollback).isEqualTo(expected.hasOverlappedRollback);
        assertThat(actual.gcFence).isEqualTo(expected.gcFence);
        assertThat(actual.isProtectedRollback()).isEqualTo(expected.isProtectedRollback());
    }

    @Property
    void everyFieldCombinationRoundTrips(@ForAll("writes") Write w) {
        Write back = Write.decode(w.encode());
        assertSameWrite(back, w);
        assertThat(back.encode()).isEqualTo(w.encode());
    }

    @Example
    void rollbackRecordsKeepTheirProtection() {
        Write prot = Write.decode(Write.rollback(42, true).encode());
        Write plain = Write.decode(Write.rollback(42, false).encode());
        assertThat(prot.type).isEqualTo(WriteType.ROLLBACK);
        assertThat(prot.startTs).isEqualTo(42);
        assertThat(prot.isProtectedRollback()).isTrue();
        assertThat(plain.isProtectedRollback()).isFalse();
        assertThat(plain.shortValue).isNull();
        assertThat(prot.isDataChange()).isFalse();
        // a Put whose short value happens to be "p" is not a rollback of any kind
        assertThat(Write.decode(new Write(WriteType.PUT, 1, new byte[] {'p'}).encode()).isProtectedRollback())
                .isFalse();
    }

    @Example
    void overlappedRollbackAndGcFenceRoundTrip() {
        Write put = new Write(WriteType.PUT, 100, new byte[] {1, 2, 3});
        for (long fence : new long[] {0, 1, 250, Long.MAX_VALUE}) {
            Write rewritten = Write.decode(put.withOverlappedRollback(fence).encode());
            assertThat(rewritten.hasOverlappedRollback).isTrue();
            assertThat(rewritten.gcFence).isEqualTo(fence);
            assertThat(rewritten.shortValue).containsExactly(1, 2, 3);
            assertThat(rewritten.startTs).isEqualTo(100);
        }
        Write never = Write.decode(put.encode());
        assertThat(never.gcFence).isEqualTo(Write.NO_GC_FENCE);
        assertThat(never.hasOverlappedRollback).isFalse();
    }

    @Example
    void gcFenceSemantics() {
        Write w = new Write(WriteType.PUT, 10, null);
        assertThat(w.isFencedAt(Long.MAX_VALUE)).as("never rewritten").isFalse();
        Write noNewer = Write.decode(w.withOverlappedRollback(0).encode());
        assertThat(noNewer.isFencedAt(Long.MAX_VALUE)).as("rewritten, no newer version").isFalse();
        Write fenced = Write.decode(w.withOverlappedRollback(500).encode());
        assertThat(fenced.isFencedAt(499)).isFalse();
        assertThat(fenced.isFencedAt(500)).isTrue();
        assertThat(fenced.isFencedAt(501)).isTrue();
    }

    @Property
    void everyTruncationIsCorruptionOrAnExactShorterRecord(@ForAll("writes") Write w) {
        byte[] full = w.encode();
        int headerLength = new Write(w.type, w.startTs, null).encode().length;
        for (int len = 0; len < full.length; len++) {
            byte[] cut = Arrays.copyOf(full, len);
            if (len < headerLength) {
                assertThatThrownBy(() -> Write.decode(cut)).as("cut at %d of %d", len, full.length)
                        .isInstanceOf(StorageCorruptionException.class);
                continue;
            }
            Write partial;
            try {
                partial = Write.decode(cut);
            } catch (StorageCorruptionException expected) {
                continue;
            }
            // only possible exactly between two tagged fields: then it is exactly the shorter record
            assertThat(partial.encode()).as("cut at %d of %d", len, full.length).isEqualTo(cut);
        }
    }

    @Property
    void truncationInsideValueOrFenceThrows(@ForAll("writes") Write w) {
        byte[] full = w.encode();
        boolean endsWithPayload = w.gcFence != Write.NO_GC_FENCE
                || (w.shortValue != null && !w.hasOverlappedRollback);
        if (endsWithPayload) {
            byte[] cut = Arrays.copyOf(full, full.length - 1);
            assertThatThrownBy(() -> Write.decode(cut)).isInstanceOf(StorageCorruptionException.class);
        }
    }

    @Property
    void unknownTrailingTagStopsParsing(@ForAll("writes") Write w, @ForAll("unknownTags") byte tag,
                                        @ForAll @Size(max = 20) byte[] junk) {
        byte[] full = w.encode();
        byte[] extended = Arrays.copyOf(full, full.length + 1 + junk.length);
        extended[full.length] = tag;
        System.arraycopy(junk, 0, extended, full.length + 1, junk.length);
        assertSameWrite(Write.decode(extended), w);
    }

    @Property
    void arbitraryBytesDecodeOrFailOnlyWithCorruption(@ForAll @Size(max = 48) byte[] garbage) {
        try {
            Write.decode(garbage);
        } catch (StorageCorruptionException expected) {
            // fine: reported as corruption
        }
    }

    @Example
    void unknownWriteTypeIsCorruption() {
        byte[] bad = new Write(WriteType.PUT, 5, null).encode();
        bad[0] = 'Z';
        assertThatThrownBy(() -> Write.decode(bad)).isInstanceOf(StorageCorruptionException.class);
        assertThatThrownBy(() -> Write.decode(new byte[0])).isInstanceOf(StorageCorruptionException.class);
    }

    @Provide
    Arbitrary<Byte> unknownTags() {
        return Arbitraries.bytes().filter(b -> "vRF".indexOf((char) (b & 0xFF)) < 0);
    }

    @Provide
    Arbitrary<Write> writes() {
        Arbitrary<Long> ts = Arbitraries.oneOf(Arbitraries.longs().between(1, Long.MAX_VALUE),
                Arbitraries.longs().between(1, 300), Arbitraries.of(127L, 128L, Long.MAX_VALUE));
        Arbitrary<byte[]> value = Arbitraries.bytes().array(byte[].class).ofMaxSize(Lock.SHORT_VALUE_MAX_LEN)
                .injectNull(0.4);
        Arbitrary<Long> fence = Arbitraries.oneOf(Arbitraries.just(Write.NO_GC_FENCE), Arbitraries.just(0L), ts);
        Arbitrary<Write> general = Combinators.combine(Arbitraries.of(WriteType.values()), ts, value,
                Arbitraries.of(true, false), fence).as(Write::new);
        Arbitrary<Write> rollbacks = Combinators.combine(ts, Arbitraries.of(true, false)).as(Write::rollback);
        return Arbitraries.oneOf(general, rollbacks);
    }
}
