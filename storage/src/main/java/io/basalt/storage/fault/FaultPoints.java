package io.basalt.storage.fault;

/** The fault point names, one per place the engine calls {@link FaultInjector#hit}. */
public final class FaultPoints {
    /** Prewrite (async/1PC) after reading max_ts, before publishing the lock in the memory lock table. */
    public static final String BEFORE_SET_MEMORY_LOCK = "before-set-lock-in-memory";
    /** A read after raising max_ts, before checking the memory lock table. */
    public static final String BEFORE_CHECK_MEMORY_LOCKS = "before-check-memory-locks";
    /** A read after taking its snapshot. */
    public static final String AFTER_SNAPSHOT = "after-snapshot";
    /** A command whose batch is built, before it is written (memory locks still held). */
    public static final String BEFORE_WRITE_BATCH = "before-write-batch";
    /** Client: the primary's prewrite succeeded (the last shard's, or every shard's in one write). */
    public static final String AFTER_PRIMARY_PREWRITE = "after-primary-prewrite";
    /** Client: one secondary shard's prewrite succeeded (a large transaction, whose shards are written one by one). */
    public static final String AFTER_SECONDARY_PREWRITE = "after-secondary-prewrite";
    /** Client: every prewrite succeeded (async commit: the transaction is committed), nothing acknowledged yet. */
    public static final String AFTER_ALL_PREWRITES = "after-all-prewrites";
    /** Client: 2PC transaction handed to the sink and durable there, primary not yet committed. */
    public static final String BEFORE_PRIMARY_COMMIT = "before-primary-commit";
    /** Client: 2PC primary committed, secondaries not yet. */
    public static final String AFTER_PRIMARY_COMMIT = "after-primary-commit";
    /** Client: 1PC batch about to be written. */
    public static final String BEFORE_ONE_PC = "before-one-pc";
    /** Commit writer: about to write one staged 1PC batch (unsynced). */
    public static final String BEFORE_COMMIT_WRITER_WRITE = "before-commit-writer-write";
    /** Commit writer: a round's batches are written (visible in memtables, keys still latched), before the WAL sync. */
    public static final String BEFORE_COMMIT_WRITER_SYNC = "before-commit-writer-sync";
    /** Background: about to commit one shard's secondaries. */
    public static final String BEFORE_SECONDARY_COMMIT = "before-secondary-commit";

    private FaultPoints() {
    }
}
