package io.basalt.storage.binlog;

/**
 * sync_binlog (spec §4.4): fsync after every N-th group commit, never for 0. Counts groups, not transactions, as
 * MariaDB's {@code flush_and_sync}. Not thread-safe: used under the write lock.
 */
final class SyncPolicy {
    private int every;
    private int sinceSync;

    SyncPolicy(int every) {
        this.every = every;
    }

    /** Called once per written group; true when this group must be fsynced. */
    boolean groupWritten() {
        if (every == 0) {
            return false;
        }
        if (++sinceSync >= every) {
            sinceSync = 0;
            return true;
        }
        return false;
    }

    /** A sync done for another reason (rotation, close) also covers the groups counted so far. */
    void synced() {
        sinceSync = 0;
    }

    void setEvery(int n) {
        every = n;
    }
}
