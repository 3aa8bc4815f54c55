package io.basalt.storage.recovery;

import io.basalt.storage.action.KvService;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.CommitSink;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.OutboxRecord;
import io.basalt.storage.pipeline.SinkPosition;
import io.basalt.storage.shard.BoundedIterator;
import io.basalt.storage.shard.RegionMap;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.shard.ShardSnapshot;
import io.basalt.storage.txn.AsyncCommitCheck;
import io.basalt.storage.txn.LockResolver;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Crash recovery at open, before any transaction runs (DESIGN.md §3.7). Every coordinator of the previous process
 * is gone, so every lock is abandoned:
 * <ol>
 *   <li>each transaction with leftover locks is decided from its primary: async-commit transactions by their
 *   secondaries (all prewritten = committed); 2PC transactions whose primary is still locked are committed iff the
 *   sink (binlog) holds them, else rolled back; pessimistic-only locks are dropped; then all its locks are resolved;
 *   <li>every committed transaction whose outbox record is newer than the sink's durable position is handed to the
 *   sink again, in (commit_ts, start_ts) order; then all outbox records are removed.
 * </ol>
 * Single-threaded; logs what it did.
 */
public final class StoreRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(StoreRecovery.class);

    private final Shard[] shards;
    private final RegionMap regions;
    private final KvService kv;
    private final LockResolver resolver;
    private final CommitSink sink;

    /** Counts of what recovery did, for the log and for tests. */
    public record Report(int txnsCommitted, int txnsRolledBack, int locksResolved, int outboxReplayed,
                         int outboxDiscarded, SinkPosition sinkPosition) {
    }

    public StoreRecovery(Shard[] shards, RegionMap regions, KvService kv, LockResolver resolver, CommitSink sink) {
        this.shards = shards;
        this.regions = regions;
        this.kv = kv;
        this.resolver = resolver;
        this.sink = sink;
    }

    public Report run() {
        Map<Long, List<KeyLock>> byTxn = new LinkedHashMap<>();
        for (Shard s : shards) {
            try (MvccReader r = new MvccReader(s.snapshot())) {
                for (KeyLock kl : r.scanLocks(new byte[0], new byte[0], l -> true, Integer.MAX_VALUE)) {
                    byTxn.computeIfAbsent(kl.lock().startTs, k -> new ArrayList<>()).add(kl);
                }
            }
        }
        int committed = 0;
        int rolledBack = 0;
        int locks = 0;
        for (var e : byTxn.entrySet()) {
            long commitTs = decide(e.getKey(), e.getValue().get(0).lock());
            List<byte[]> keys = new ArrayList<>();
            e.getValue().forEach(kl -> keys.add(kl.key()));
            resolver.resolveKeys(e.getKey(), keys, commitTs);
            locks += keys.size();
            if (commitTs == 0) {
                rolledBack++;
            } else {
                committed++;
            }
        }
        if (!byTxn.isEmpty()) {
            LOG.info("recovery: resolved {} leftover locks of {} transactions: {} committed, {} rolled back", locks,
                    byTxn.size(), committed, rolledBack);
        }
        int[] outbox = replayOutbox();
        SinkPosition pos = sink == null ? SinkPosition.ZERO : sink.durablePosition();
        if (outbox[0] + outbox[1] > 0) {
            LOG.info("recovery: handed {} committed transactions from the outbox to the binlog again, discarded {}"
                    + " records already there or rolled back", outbox[0], outbox[1]);
        }
        return new Report(committed, rolledBack, locks, outbox[0], outbox[1], pos);
    }

    /** Commit ts of the transaction owning {@code anyLock}, or 0 to roll it back. */
    private long decide(long startTs, Lock anyLock) {
        byte[] primary = anyLock.primary;
        int primaryShard = regions.shardOf(primary);
        Lock primaryLock;
        try (MvccReader r = new MvccReader(shards[primaryShard].snapshot())) {
            primaryLock = r.loadLock(primary);
            if (primaryLock == null || primaryLock.startTs != startTs) {
                CommitRecord rec = r.txnCommitRecord(primary, startTs);
                if (rec.isCommitted()) {
                    return rec.commitTs();
                }
                if (!rec.isRolledBack()) {
                    kv.rollback(primaryShard, List.of(primary), startTs);
                }
                return 0;
            }
        }
        if (primaryLock.isPessimistic()) {
            return 0;
        }
        if (primaryLock.useAsyncCommit) {
            return decideAsync(startTs, primaryLock);
        }
        return recordedBySink(startTs);
    }

    private long decideAsync(long startTs, Lock primaryLock) {
        AsyncCommitCheck.Verdict v = AsyncCommitCheck.check(kv, regions, primaryLock);
        return switch (v.outcome()) {
            case COMMITTED -> v.commitTs();
            case ROLLED_BACK -> 0;
            case FELL_BACK -> recordedBySink(startTs); // mixed: the primary decides, as 2PC
        };
    }

    private long recordedBySink(long startTs) {
        return sink == null ? 0 : sink.recordedCommitTs(startTs).orElse(0);
    }

    private int[] replayOutbox() {
        List<DecidedTxn> replay = new ArrayList<>();
        Map<Integer, List<byte[]>> toDelete = new LinkedHashMap<>();
        SinkPosition durable = sink == null ? SinkPosition.ZERO : sink.durablePosition();
        int discarded = 0;
        for (Shard s : shards) {
            try (ShardSnapshot snap = s.snapshot();
                 BoundedIterator it = snap.iterator(s.metaCf(), OutboxRecord.rangeStart(), OutboxRecord.rangeEnd())) {
                for (it.seekToFirst(); it.valid(); it.next()) {
                    OutboxRecord rec = OutboxRecord.decode(it.value());
                    toDelete.computeIfAbsent(s.id(), k -> new ArrayList<>()).add(it.key());
                    long commitTs = rec.commitTs() != 0 ? rec.commitTs() : committedAt(rec);
                    CommitPath path = rec.commitTs() != 0 ? CommitPath.ONE_PC : CommitPath.ASYNC_COMMIT;
                    DecidedTxn t = new DecidedTxn(rec.startTs(), commitTs, path, rec.payload());
                    if (sink != null && commitTs != 0 && t.position().compareTo(durable) > 0) {
                        replay.add(t);
                    } else {
                        discarded++;
                    }
                }
            }
        }
        replay.sort(null);
        if (!replay.isEmpty()) {
            sink.deliver(replay);
        }
        toDelete.forEach(kv::deleteMeta);
        return new int[] {replay.size(), discarded};
    }

    /** After lock resolution, the commit ts of an async transaction from its primary's record (0 = rolled back). */
    private long committedAt(OutboxRecord rec) {
        int shard = regions.shardOf(rec.primary());
        try (MvccReader r = new MvccReader(shards[shard].snapshot())) {
            CommitRecord cr = r.txnCommitRecord(rec.primary(), rec.startTs());
            if (cr.isCommitted()) {
                return cr.commitTs();
            }
            // a fallen-back transaction committed as 2PC is already in the sink; a rolled-back one has no record
            return 0;
        }
    }
}
