package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import org.junit.jupiter.api.Test;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDBException;

/**
 * A snapshot taken inside a {@link NoWaitScope} reads only memtables and the block cache: a block that is only on
 * disk is refused (point read and iterator alike) until a read outside the scope has cached it.
 */
class ShardSnapshotNoWaitTest extends OneShardTestBase {
    private final byte[] key = MvccKeys.versionKey(b("k"), 10);

    @Test
    void aPointReadOfABlockOnlyOnDiskIsRefusedUntilItIsCached() throws RocksDBException {
        writeAndFlush();
        assertThatThrownBy(() -> readInScope()).isInstanceOf(WouldBlockException.class)
                .hasMessageContaining("disk");
        try (ShardSnapshot snap = shard.snapshot()) {
            assertThat(snap.get(shard.defaultCf(), key)).isEqualTo(b("v"));
        }
        assertThat(readInScope()).isEqualTo(b("v"));
    }

    @Test
    void anIteratorOverABlockOnlyOnDiskIsRefused() throws RocksDBException {
        writeAndFlush();
        try (NoWaitScope ignored = NoWaitScope.enter(100);
             ShardSnapshot snap = shard.snapshot();
             BoundedIterator it = snap.iterator(shard.defaultCf(), null, null)) {
            it.seekToFirst();
            assertThatThrownBy(it::valid).isInstanceOf(WouldBlockException.class);
        }
    }

    @Test
    void whatIsStillInTheMemtableIsReadInScope() {
        open(0);
        apply(t -> t.putValue(b("k"), 10, b("v")));
        assertThat(readInScope()).isEqualTo(b("v"));
    }

    private void writeAndFlush() throws RocksDBException {
        open(0);
        apply(t -> t.putValue(b("k"), 10, b("v")));
        try (FlushOptions fo = new FlushOptions().setWaitForFlush(true)) {
            shard.db().flush(fo, shard.defaultCf());
        }
    }

    private byte[] readInScope() {
        try (NoWaitScope ignored = NoWaitScope.enter(100); ShardSnapshot snap = shard.snapshot()) {
            return snap.get(shard.defaultCf(), key);
        }
    }
}
