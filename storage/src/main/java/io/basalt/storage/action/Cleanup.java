package io.basalt.storage.action;

import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.mvcc.Lock;

/**
 * Cleanup of a (primary) key by someone who wants the transaction gone: refused while its lock is alive
 * ({@code currentTs} = 0 skips the TTL check), otherwise a protected rollback.
 */
public final class Cleanup {
    private Cleanup() {
    }

    public static void execute(ActionContext ctx, byte[] key, long startTs, long currentTs) {
        Lock lock = ctx.reader.loadLock(key);
        if (lock != null && lock.startTs == startTs && currentTs != 0 && !lock.isExpired(currentTs)) {
            throw new KeyIsLockedException(key, lock);
        }
        ctx.cm.updateMaxTs(startTs);
        Rollback.execute(ctx, key, startTs, true);
    }
}
