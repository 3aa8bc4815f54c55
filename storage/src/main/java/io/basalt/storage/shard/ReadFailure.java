package io.basalt.storage.shard;

import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.error.DiskErrorException;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * What a failed RocksDB read means: inside a {@link io.basalt.storage.concurrency.NoWaitScope} reads are limited to
 * memtables and the block cache, and RocksDB answers a read that needed the disk with status Incomplete; anything
 * else is a disk error.
 */
final class ReadFailure {
    private ReadFailure() {
    }

    static RuntimeException of(String what, RocksDBException e) {
        Status status = e.getStatus();
        if (status != null && status.getCode() == Status.Code.Incomplete) {
            return new WouldBlockException("a disk read");
        }
        return new DiskErrorException(what, e);
    }
}
