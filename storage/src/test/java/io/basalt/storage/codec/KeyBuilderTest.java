package io.basalt.storage.codec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The bytes a builder hands out stay what they were, whether it handed over its buffer or a copy. */
class KeyBuilderTest {

    @Test
    void anExactlySizedBuilderHandsOutItsBytesAndLaterPutsLeaveThemAlone() {
        KeyBuilder b = new KeyBuilder(9).put((byte) 't').putLongBigEndian(0x0102030405060708L);
        byte[] key = b.toBytes();
        assertThat(key).containsExactly('t', 1, 2, 3, 4, 5, 6, 7, 8);
        byte[] longer = b.put((byte) 9).toBytes();
        assertThat(key).containsExactly('t', 1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(longer).containsExactly('t', 1, 2, 3, 4, 5, 6, 7, 8, 9);
    }

    @Test
    void aLargerBuilderHandsOutOnlyWhatWasPut() {
        KeyBuilder b = new KeyBuilder(32).putIntBigEndian(0x0A0B0C0D);
        byte[] key = b.toBytes();
        assertThat(key).containsExactly(0x0A, 0x0B, 0x0C, 0x0D);
        b.put(new byte[] {1, 2});
        assertThat(key).hasSize(4);
        assertThat(b.toBytes()).containsExactly(0x0A, 0x0B, 0x0C, 0x0D, 1, 2);
    }

    @Test
    void aSmallBuilderGrowsToHoldEverything() {
        KeyBuilder b = new KeyBuilder(1);
        for (int i = 0; i < 100; i++) {
            b.put((byte) i);
        }
        byte[] key = b.toBytes();
        assertThat(key).hasSize(100);
        assertThat(key[99]).isEqualTo((byte) 99);
        assertThat(b.length()).isEqualTo(100);
    }
}
