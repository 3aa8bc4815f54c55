package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WrittenKeysTest {

    private static byte[] k(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A record that names every key written from now on, up to {@code limit} keys. */
    private static WrittenKeys recording(int limit) {
        WrittenKeys w = new WrittenKeys(limit);
        w.restart();
        return w;
    }

    private static List<String> names(List<byte[]> keys) {
        return keys.stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    @Test
    void recordsNothingUntilRestarted() {
        WrittenKeys w = new WrittenKeys(10);
        assertThat(w.isComplete()).as("writes from before the shard opened are unknown").isFalse();
        w.add(k("a"), 5);
        w.restart();
        assertThat(w.isComplete()).isTrue();
        assertThat(w.drainUpTo(Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void drainsInKeyOrderTheKeysWithARecordAtOrBelowTheSafePoint() {
        WrittenKeys w = recording(10);
        w.add(k("c"), 5);
        w.add(k("a"), 10);
        w.add(k("b"), 30);
        w.add(k("a"), 20);
        w.add(k("a"), 15);

        assertThat(names(w.drainUpTo(15))).containsExactly("a", "c");
        assertThat(w.size()).as("a, written above 15 too, stays").isEqualTo(2);
        assertThat(names(w.drainUpTo(19))).as("a is due again once 20 is old").isEmpty();
        assertThat(names(w.drainUpTo(20))).containsExactly("a");
        assertThat(w.size()).isEqualTo(1);
        assertThat(names(w.drainUpTo(30))).containsExactly("b");
        assertThat(w.size()).isZero();
    }

    @Test
    void drainsManyKeysInUnsignedByteOrderWhateverOrderTheyCameIn() {
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            keys.add(new byte[] {(byte) (i >> 8), (byte) i, (byte) 0xff}); // bytes >= 0x80 sort after 0x7f
        }
        List<byte[]> shuffled = new ArrayList<>(keys);
        Collections.shuffle(shuffled, new Random(7));
        WrittenKeys w = recording(10_000);
        shuffled.forEach(key -> w.add(key.clone(), 1));

        List<byte[]> drained = w.drainUpTo(1);
        assertThat(drained).hasSize(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            assertThat(Arrays.equals(drained.get(i), keys.get(i))).as("key %d", i).isTrue();
        }
    }

    @Test
    void aKeyWrittenAllTheTimeIsDueEveryTimeTheSafePointPassesItsNewestRecord() {
        WrittenKeys w = recording(10);
        w.add(k("hot"), 10);
        w.add(k("hot"), 20);
        assertThat(names(w.drainUpTo(15))).containsExactly("hot");
        w.add(k("hot"), 30);
        w.add(k("hot"), 40);
        assertThat(names(w.drainUpTo(25))).as("its records up to 20 are old now").containsExactly("hot");
        assertThat(names(w.drainUpTo(35))).as("due again once 40 is old").isEmpty();
        assertThat(names(w.drainUpTo(45))).containsExactly("hot");
        assertThat(w.size()).isZero();
    }

    @Test
    void pastTheLimitItStopsRecordingUntilRestarted() {
        WrittenKeys w = recording(2);
        w.add(k("a"), 1);
        w.add(k("b"), 1);
        w.add(k("a"), 2);
        assertThat(w.isComplete()).as("a key again is no new entry").isTrue();
        w.add(k("c"), 1);
        assertThat(w.isComplete()).isFalse();
        w.add(k("d"), 1);

        w.restart();
        assertThat(w.isComplete()).isTrue();
        assertThat(w.size()).isZero();
        w.add(k("e"), 1);
        assertThat(names(w.drainUpTo(1))).containsExactly("e");
    }
}
