package io.basalt.storage.shard;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The iterator remembers validity and key per position: every kind of move must show the new position's. */
class BoundedIteratorTest extends OneShardTestBase {
    @BeforeEach
    void write() throws Exception {
        open(0);
        for (String k : new String[] {"a", "b", "c", "d"}) {
            shard.db().put(shard.metaCf(), b(k), b("v" + k));
        }
    }

    @Test
    void forwardMovesShowTheNewKeyAndTheEnd() {
        try (ShardSnapshot snap = shard.snapshot(); BoundedIterator it = snap.iterator(shard.metaCf(), b("a"), b("c"))) {
            it.seekToFirst();
            assertThat(it.valid()).isTrue();
            assertThat(it.key()).isEqualTo(b("a"));
            assertThat(it.key()).isEqualTo(b("a"));
            it.next();
            assertThat(it.valid()).isTrue();
            assertThat(it.key()).isEqualTo(b("b"));
            assertThat(it.value()).isEqualTo(b("vb"));
            it.next();
            assertThat(it.valid()).isFalse(); // c is the exclusive upper bound
            it.seek(b("b"));
            assertThat(it.valid()).isTrue();
            assertThat(it.key()).isEqualTo(b("b"));
        }
    }

    @Test
    void backwardMovesShowTheNewKeyAndTheStart() {
        try (ShardSnapshot snap = shard.snapshot(); BoundedIterator it = snap.iterator(shard.metaCf(), b("b"), null)) {
            it.seekToLast();
            assertThat(it.key()).isEqualTo(b("d"));
            it.prev();
            assertThat(it.key()).isEqualTo(b("c"));
            it.seekForPrev(b("bz"));
            assertThat(it.key()).isEqualTo(b("b"));
            it.prev();
            assertThat(it.valid()).isFalse(); // a is below the lower bound
            it.seekToFirst();
            assertThat(it.valid()).isTrue();
            assertThat(it.key()).isEqualTo(b("b"));
        }
    }
}
