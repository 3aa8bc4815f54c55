package io.basalt.storage.mvcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.StorageCorruptionException;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** Lock records: every field combination survives encode/decode; damaged records are corruption, not data. */
class LockCodecTest {

    static void assertSameLock(Lock actual, Lock expected) {
        assertThat(actual.type).isEqualTo(expected.type);
        assertThat(actual.primary).isEqualTo(expected.primary);
        assertThat(actual.startTs).isEqualTo(expected.startTs);
        assertThat(actual.ttlMs).isEqualTo(expected.ttlMs);
        assertThat(actual.shortValue).isEqualTo(expected.shortValue);
        assertThat(actual.forUpdateTs).isEqualTo(expected.forUpdateTs);
        assertThat(actual.txnSize).isEqualTo(expected.txnSize);
        assertThat(actual.minCommitTs).isEqualTo(expected.minCommitTs);
        assertThat(actual.useAsyncCommit).isEqualTo(expected.useAsyncCommit);
        assertThat(actual.secondaries).hasSameSizeAs(expected.secondaries);
        for (int i = 0; i < expected.secondaries.size(); i++) {
            assertThat(actual.secondaries.get(i)).isEqualTo(expected.secondaries.get(i));
        }
        assertThat(actual.rollbackTs).isEqualTo(expected.rollbackTs);
    }

    @Property
    void everyFieldCombinationRoundTrips(@ForAll("locks") Lock lock) {
        Lock back = Lock.decode(lock.encode());
        assertSameLock(back, lock);
        assertThat(back.useOnePc).as("1PC flag is memory-only").isFalse();
        assertThat(back.encode()).isEqualTo(lock.encode());
    }

    @Example
    void fullyLoadedAsyncCommitPrimaryRoundTrips() {
        Lock lock = Lock.builder(LockType.PUT, bytes("pk"), 1000L << 18, 3000)
                .shortValue(new byte[Lock.SHORT_VALUE_MAX_LEN])
                .forUpdateTs((1000L << 18) + 5)
                .txnSize(3)
                .minCommitTs((1001L << 18) + 1)
                .asyncCommit(List.of(bytes("s1"), new byte[0], bytes("s3")))
                .addRollbackTs(77)
                .addRollbackTs(Long.MAX_VALUE)
                .useOnePc(true)
                .build();
        Lock back = Lock.decode(lock.encode());
        assertSameLock(back, lock);
        assertThat(back.useOnePc).isFalse();
        assertThat(back.secondaries.get(1)).isEmpty();
        assertThat(back.shortValue).hasSize(255);
    }

    @Example
    void emptyValueAndAsyncCommitWithoutSecondariesAreKept() {
        Lock lock = Lock.builder(LockType.PUT, bytes("k"), 5, 10).shortValue(new byte[0])
                .asyncCommit(List.of()).build();
        Lock back = Lock.decode(lock.encode());
        assertThat(back.shortValue).isNotNull().isEmpty();
        assertThat(back.useAsyncCommit).isTrue();
        assertThat(back.secondaries).isEmpty();
        Lock plain = Lock.decode(Lock.builder(LockType.LOCK, bytes("k"), 5, 10).build().encode());
        assertThat(plain.shortValue).isNull();
        assertThat(plain.useAsyncCommit).isFalse();
    }

    @Property
    void everyTruncationIsCorruptionOrAnExactShorterRecord(@ForAll("locks") Lock lock) {
        byte[] full = lock.encode();
        int headerLength = Lock.builder(lock.type, lock.primary, lock.startTs, lock.ttlMs).build().encode().length;
        int silentlyDecoded = 0;
        for (int len = 0; len < full.length; len++) {
            byte[] cut = Arrays.copyOf(full, len);
            if (len < headerLength) {
                assertThatThrownBy(() -> Lock.decode(cut)).as("cut at %d of %d", len, full.length)
                        .isInstanceOf(StorageCorruptionException.class);
                continue;
            }
            Lock partial;
            try {
                partial = Lock.decode(cut);
            } catch (StorageCorruptionException expected) {
                continue;
            }
            // A cut exactly between two optional fields is indistinguishable from a record without the later
            // fields (the tagged format has no length or end marker). It must then be exactly such a record:
            // nothing half-read, no field invented.
            silentlyDecoded++;
            assertThat(partial.encode()).as("cut at %d of %d", len, full.length).isEqualTo(cut);
        }
        assertThat(silentlyDecoded).isLessThanOrEqualTo(optionalFieldCount(lock));
    }

    @Property
    void losingTheLastByteAlwaysThrows(@ForAll("locks") Lock lock) {
        // Every field (header or tagged) ends with payload, so a record missing its last byte is half a field.
        byte[] full = lock.encode();
        byte[] cut = Arrays.copyOf(full, full.length - 1);
        assertThatThrownBy(() -> Lock.decode(cut)).isInstanceOf(StorageCorruptionException.class);
    }

    @Property
    void unknownTrailingTagStopsParsing(@ForAll("locks") Lock lock, @ForAll("unknownTags") byte tag,
                                        @ForAll @Size(max = 20) byte[] junk) {
        byte[] full = lock.encode();
        byte[] extended = Arrays.copyOf(full, full.length + 1 + junk.length);
        extended[full.length] = tag;
        System.arraycopy(junk, 0, extended, full.length + 1, junk.length);
        assertSameLock(Lock.decode(extended), lock);
    }

    @Property
    void arbitraryBytesDecodeOrFailOnlyWithCorruption(@ForAll @Size(max = 64) byte[] garbage) {
        try {
            Lock.decode(garbage);
        } catch (StorageCorruptionException expected) {
            // fine: reported as corruption
        }
    }

    @Example
    void unknownLockTypeAndBadLengthsAreCorruption() {
        byte[] ok = Lock.builder(LockType.PUT, bytes("pk"), 9, 9).shortValue(bytes("v")).build().encode();
        byte[] badType = ok.clone();
        badType[0] = 'Q';
        assertThatThrownBy(() -> Lock.decode(badType)).isInstanceOf(StorageCorruptionException.class);
        byte[] badLen = ok.clone();
        badLen[1] = 0x7F; // primary length far beyond the record
        assertThatThrownBy(() -> Lock.decode(badLen)).isInstanceOf(StorageCorruptionException.class);
        assertThatThrownBy(() -> Lock.decode(new byte[0])).isInstanceOf(StorageCorruptionException.class);
        byte[] endlessVarint = new byte[16];
        endlessVarint[0] = 'P';
        endlessVarint[1] = 0;
        Arrays.fill(endlessVarint, 2, 16, (byte) 0x80);
        assertThatThrownBy(() -> Lock.decode(endlessVarint)).isInstanceOf(StorageCorruptionException.class);
    }

    static int optionalFieldCount(Lock l) {
        int n = 0;
        n += l.shortValue != null ? 1 : 0;
        n += l.forUpdateTs != 0 ? 1 : 0;
        n += l.txnSize != 0 ? 1 : 0;
        n += l.minCommitTs != 0 ? 1 : 0;
        n += l.useAsyncCommit ? 1 : 0;
        n += l.rollbackTs.isEmpty() ? 0 : 1;
        return n;
    }

    @Provide
    Arbitrary<Byte> unknownTags() {
        return Arbitraries.bytes().filter(b -> "vftcar".indexOf((char) (b & 0xFF)) < 0);
    }

    @Provide
    Arbitrary<Lock> locks() {
        Arbitrary<byte[]> key = Arbitraries.bytes().array(byte[].class).ofMaxSize(40);
        Arbitrary<Long> ts = Arbitraries.oneOf(Arbitraries.longs().between(1, Long.MAX_VALUE),
                Arbitraries.longs().between(1, 300), Arbitraries.of(Long.MAX_VALUE, 127L, 128L, 1L << 56));
        Arbitrary<Long> maybeTs = Arbitraries.oneOf(Arbitraries.just(0L), ts);
        return Builders.withBuilder(() -> Lock.builder(LockType.PUT, new byte[0], 0, 0))
                .use(Arbitraries.of(LockType.values())).in((b, t) -> b.type(t))
                .use(Arbitraries.longs().between(0, 1L << 40)).in((b, v) -> b.ttlMs(v))
                .use(Arbitraries.bytes().array(byte[].class).ofMaxSize(Lock.SHORT_VALUE_MAX_LEN))
                .withProbability(0.5).in((b, v) -> b.shortValue(v))
                .use(maybeTs).in((b, v) -> b.forUpdateTs(v))
                .use(Arbitraries.oneOf(Arbitraries.just(0L), Arbitraries.longs().between(1, 10_000),
                        Arbitraries.longs())).in((b, v) -> b.txnSize(v))
                .use(maybeTs).in((b, v) -> b.minCommitTs(v))
                .use(key.list().ofMaxSize(6)).withProbability(0.5).in((b, v) -> b.asyncCommit(v))
                .use(ts.list().ofMaxSize(4)).in((b, v) -> {
                    v.forEach(b::addRollbackTs);
                    return b;
                })
                .use(Arbitraries.of(true, false)).in((b, v) -> b.useOnePc(v))
                .build(b -> b)
                .flatMap(b -> key.flatMap(primary -> ts.map(start -> rebuild(b, primary, start))));
    }

    /** The builder has no setters for the header fields; copy everything onto a fresh header. */
    static Lock rebuild(Lock.Builder b, byte[] primary, long startTs) {
        Lock tmp = b.build();
        Lock.Builder out = Lock.builder(tmp.type, primary, startTs, tmp.ttlMs)
                .shortValue(tmp.shortValue).forUpdateTs(tmp.forUpdateTs).txnSize(tmp.txnSize)
                .minCommitTs(tmp.minCommitTs).useOnePc(tmp.useOnePc);
        if (tmp.useAsyncCommit) {
            out.asyncCommit(tmp.secondaries);
        }
        tmp.rollbackTs.forEach(out::addRollbackTs);
        return out.build();
    }

    static byte[] bytes(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
}
