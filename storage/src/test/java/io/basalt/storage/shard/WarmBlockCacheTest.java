package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import org.junit.jupiter.api.Test;

/**
 * A compaction writes new files whose blocks are not cached, so reads that must not wait are refused after it;
 * {@link Shard#warmBlockCache} reads a span back into the cache, unless its files are larger than it may take.
 */
class WarmBlockCacheTest extends OneShardTestBase {
    private static final byte[] FROM = MvccKeys.encodeUserKey(b("a"));
    private static final byte[] TO = MvccKeys.versionKey(b("z"), 0);

    @Test
    void aCompactedSpanIsRefusedToAReadThatMustNotWaitUntilItIsWarmed() {
        writeAndCompact();
        assertThatThrownBy(this::readInScope).isInstanceOf(WouldBlockException.class);

        assertThat(shard.warmBlockCache(shard.defaultCf(), FROM, TO, Long.MAX_VALUE)).isTrue();

        assertThat(readInScope()).isEqualTo(b("v"));
    }

    @Test
    void aSpanWhoseFilesAreLargerThanAllowedIsNotRead() {
        writeAndCompact();

        assertThat(shard.warmBlockCache(shard.defaultCf(), FROM, TO, 0)).isFalse();

        assertThatThrownBy(this::readInScope).isInstanceOf(WouldBlockException.class);
    }

    @Test
    void noSpanIsReadOnceCompactionsAreCancelled() {
        writeAndCompact();
        shard.cancelCompactions();

        assertThat(shard.warmBlockCache(shard.defaultCf(), FROM, TO, Long.MAX_VALUE)).isFalse();
    }

    /** Keys over several blocks, compacted into a new file. */
    private void writeAndCompact() {
        open(0);
        apply(t -> {
            for (int i = 0; i < 10_000; i++) {
                t.putValue(b(String.format("k%05d", i)), 10, b("v"));
            }
        });
        assertThat(shard.compact(shard.defaultCf(), FROM, TO)).isTrue();
    }

    private byte[] readInScope() {
        try (NoWaitScope ignored = NoWaitScope.enter(100); ShardSnapshot snap = shard.snapshot()) {
            return snap.get(shard.defaultCf(), MvccKeys.versionKey(b("k00042"), 10));
        }
    }
}
