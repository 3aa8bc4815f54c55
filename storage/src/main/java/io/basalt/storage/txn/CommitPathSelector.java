package io.basalt.storage.txn;

import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.pipeline.CommitPath;

/**
 * Chooses the commit path of a transaction (spec §3.6, §4): 1PC when all its mutations are on one shard, or when it is
 * small (async commit's limits) and spans several shards, which share one WAL and so take one atomic write (a large one
 * would hold the latches of every shard it writes for the whole write); async commit when it is small enough for its
 * primary lock to list every key; 2PC otherwise; each subject to its session switch. A transaction with a shard whose
 * batch only checks that keys do not exist never commits async: that batch writes no lock, so the primary cannot list
 * it, and a reader deciding the transaction from its secondaries could commit it while that check is still waiting on
 * another transaction's lock (and would then commit it without the binlog, whose pipeline the waiting coordinator had
 * left).
 */
final class CommitPathSelector {
    private CommitPathSelector() {
    }

    static CommitPath choose(StoreConfig cfg, PreparedCommit pc) {
        TxnOptions o = pc.options();
        boolean small = small(cfg, pc);
        if (o.onePc() && (pc.batches().size() == 1 || small)) {
            return CommitPath.ONE_PC;
        }
        if (o.asyncCommit() && small
                && pc.batches().values().stream().noneMatch(PreparedCommit.ShardBatch::onlyChecks)) {
            return CommitPath.ASYNC_COMMIT;
        }
        return CommitPath.TWO_PC;
    }

    /** Within async commit's limits: few enough keys for the primary lock to list, and for one write of them all. */
    static boolean small(StoreConfig cfg, PreparedCommit pc) {
        return pc.keyCount() <= cfg.asyncCommitKeysLimit && pc.keyBytes() <= cfg.asyncCommitTotalKeySizeLimit;
    }
}
