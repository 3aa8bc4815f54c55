package io.basalt.storage.action;

import io.basalt.storage.mvcc.Lock;

/**
 * The outcome of {@link CheckTxnStatus}: committed at a ts, rolled back (now or before), or still locked (possibly
 * with its min_commit_ts pushed above the caller's start ts, so the caller may read past its locks).
 */
public record TxnStatus(Kind kind, long commitTs, Lock lock, boolean minCommitTsPushed) {
    public enum Kind { COMMITTED, ROLLED_BACK, LOCKED, PESSIMISTIC_ROLLED_BACK, LOCK_NOT_EXIST_DO_NOTHING }

    public static TxnStatus committed(long commitTs) {
        return new TxnStatus(Kind.COMMITTED, commitTs, null, false);
    }

    public static TxnStatus rolledBack() {
        return new TxnStatus(Kind.ROLLED_BACK, 0, null, false);
    }

    public static TxnStatus locked(Lock lock, boolean pushed) {
        return new TxnStatus(Kind.LOCKED, 0, lock, pushed);
    }

    public boolean isFinal() {
        return kind == Kind.COMMITTED || kind == Kind.ROLLED_BACK;
    }
}
