package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class WrittenKeysTest {

    private static byte[] k(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
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
    void drainsInKeyOrderOnlyKeysWhoseNewestRecordIsAtOrBelowTheSafePoint() {
        WrittenKeys w = new WrittenKeys(10);
        w.restart();
        w.add(k("c"), 5);
        w.add(k("a"), 10);
        w.add(k("b"), 30);
        w.add(k("a"), 20);
        w.add(k("a"), 15); // a rollback record below the newest commit keeps the key waiting for the newest

        assertThat(names(w.drainUpTo(15))).containsExactly("c");
        assertThat(names(w.drainUpTo(20))).containsExactly("a");
        assertThat(w.size()).isEqualTo(1);
        assertThat(names(w.drainUpTo(30))).containsExactly("b");
        assertThat(w.size()).isZero();
    }

    @Test
    void pastTheLimitItStopsRecordingUntilRestarted() {
        WrittenKeys w = new WrittenKeys(2);
        w.restart();
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
