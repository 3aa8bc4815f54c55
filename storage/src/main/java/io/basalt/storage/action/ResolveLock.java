package io.basalt.storage.action;

/**
 * Applies a decided outcome to one key of a transaction: commit at {@code commitTs}, or roll back when it is 0.
 */
public final class ResolveLock {
    private ResolveLock() {
    }

    public static void execute(ActionContext ctx, byte[] key, long startTs, long commitTs) {
        if (commitTs == 0) {
            Rollback.execute(ctx, key, startTs, false);
            return;
        }
        if (commitTs <= startTs) {
            throw new IllegalArgumentException("commit ts " + commitTs + " not above start ts " + startTs);
        }
        Commit.execute(ctx, key, startTs, commitTs);
    }
}
