package io.basalt.storage.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Version keys: newest version first, versions of different keys never interleave, parts decode back. */
class MvccKeysTest {

    static int cmp(byte[] a, byte[] b) {
        return Integer.signum(Arrays.compareUnsigned(a, b));
    }

    @Property
    void newerVersionsOfAKeySortFirst(@ForAll("keys") byte[] key, @ForAll("timestamps") long ts1,
                                      @ForAll("timestamps") long ts2) {
        assertThat(cmp(MvccKeys.versionKey(key, ts1), MvccKeys.versionKey(key, ts2)))
                .isEqualTo(-Integer.signum(Long.compareUnsigned(ts1, ts2)));
    }

    @Property
    void seekingAtReadTsLandsOnNewestVisibleVersion(@ForAll("keys") byte[] key, @ForAll("timestamps") long readTs,
                                                    @ForAll("timestamps") long commitTs) {
        // iterating forward from key@readTs visits exactly the versions with ts <= readTs
        boolean visited = Arrays.compareUnsigned(MvccKeys.versionKey(key, commitTs),
                MvccKeys.versionKey(key, readTs)) >= 0;
        assertThat(visited).isEqualTo(Long.compareUnsigned(commitTs, readTs) <= 0);
    }

    @Property
    void versionsOfDifferentKeysNeverInterleave(@ForAll("keys") byte[] k1, @ForAll("keys") byte[] k2,
                                                @ForAll("timestamps") long ts1, @ForAll("timestamps") long ts2) {
        int keyOrder = cmp(k1, k2);
        if (keyOrder == 0) {
            return;
        }
        // every version of the smaller key sorts before every version of the larger one, whatever the timestamps
        assertThat(cmp(MvccKeys.versionKey(k1, ts1), MvccKeys.versionKey(k2, ts2))).isEqualTo(keyOrder);
        assertThat(cmp(MvccKeys.encodeUserKey(k1), MvccKeys.encodeUserKey(k2))).isEqualTo(keyOrder);
        // the lock CF key (bare encoded key) and the version keys of another key also never interleave
        assertThat(cmp(MvccKeys.encodeUserKey(k1), MvccKeys.versionKey(k2, ts2))).isEqualTo(keyOrder);
        assertThat(cmp(MvccKeys.versionKey(k1, ts1), MvccKeys.encodeUserKey(k2))).isEqualTo(keyOrder);
    }

    @Property
    void partsDecodeBack(@ForAll("keys") byte[] key, @ForAll("timestamps") long ts) {
        byte[] enc = MvccKeys.encodeUserKey(key);
        byte[] vk = MvccKeys.versionKey(key, ts);
        assertThat(MvccKeys.withTs(enc, ts)).isEqualTo(vk);
        assertThat(MvccKeys.decodeTs(vk)).isEqualTo(ts);
        assertThat(MvccKeys.stripTs(vk)).isEqualTo(enc);
        assertThat(MvccKeys.decodeUserKey(enc)).isEqualTo(key);
        assertThat(MvccKeys.decodeUserKey(MvccKeys.stripTs(vk))).isEqualTo(key);
        assertThat(MvccKeys.isVersionOf(vk, enc)).isTrue();
        assertThat(MvccKeys.isVersionOf(enc, enc)).isFalse();
    }

    @Property
    void isVersionOfRejectsOtherKeys(@ForAll("keys") byte[] k1, @ForAll("keys") byte[] k2,
                                     @ForAll("timestamps") long ts) {
        if (Arrays.equals(k1, k2)) {
            return;
        }
        assertThat(MvccKeys.isVersionOf(MvccKeys.versionKey(k2, ts), MvccKeys.encodeUserKey(k1))).isFalse();
    }

    @Example
    void keyAndItsZeroExtensionsStayApart() {
        List<byte[]> ascending = List.of(bytes(""), bytes("\0"), bytes("a"), bytes("a\0"), bytes("a\0\0"),
                bytes("a\0\0\0\0\0\0\0"), bytes("a\0\0\0\0\0\0\0\0"), bytes("a\1"), bytes("aa"),
                bytes("abcdefgh"), bytes("abcdefgh\0"), bytes("b"));
        List<byte[]> versions = new ArrayList<>();
        for (byte[] k : ascending) {
            for (long ts : new long[] {Long.MAX_VALUE, 1L << 40, 5, 1, 0}) {
                versions.add(MvccKeys.versionKey(k, ts));
            }
        }
        List<byte[]> sorted = new ArrayList<>(versions);
        sorted.sort(Arrays::compareUnsigned);
        // sorting the physical keys reproduces key order, and within each key descending ts order
        assertThat(sorted).containsExactlyElementsOf(versions);
    }

    @Provide
    Arbitrary<byte[]> keys() {
        Arbitrary<Byte> interesting = Arbitraries.of((byte) 0, (byte) 1, (byte) 'a', (byte) 0xF7, (byte) 0xFF);
        return Arbitraries.oneOf(
                interesting.array(byte[].class).ofMaxSize(18),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(30));
    }

    @Provide
    Arbitrary<Long> timestamps() {
        return Arbitraries.oneOf(Arbitraries.longs().between(0, Long.MAX_VALUE),
                Arbitraries.longs().between(0, 5),
                Arbitraries.of(0L, 1L, 0xFFL, 0x100L, Long.MAX_VALUE, Long.MAX_VALUE - 1));
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
