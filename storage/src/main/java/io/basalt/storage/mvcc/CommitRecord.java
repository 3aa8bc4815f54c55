package io.basalt.storage.mvcc;

/** What the write column family says about one transaction on one key. */
public record CommitRecord(Kind kind, long commitTs, Write write) {
    public enum Kind { COMMITTED, ROLLED_BACK, OVERLAPPED_ROLLBACK, NONE }

    public static final CommitRecord NONE = new CommitRecord(Kind.NONE, 0, null);

    public static CommitRecord committed(long commitTs, Write write) {
        return new CommitRecord(Kind.COMMITTED, commitTs, write);
    }

    public static CommitRecord rolledBack(Write write) {
        return new CommitRecord(Kind.ROLLED_BACK, 0, write);
    }

    public static CommitRecord overlappedRollback(long ts, Write write) {
        return new CommitRecord(Kind.OVERLAPPED_ROLLBACK, ts, write);
    }

    public boolean isCommitted() {
        return kind == Kind.COMMITTED;
    }

    /** Rolled back, either by its own rollback record or by the overlapped-rollback flag of another txn's commit. */
    public boolean isRolledBack() {
        return kind == Kind.ROLLED_BACK || kind == Kind.OVERLAPPED_ROLLBACK;
    }
}
