package io.basalt.storage.txn;

import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.pipeline.CommitPath;

/**
 * Chooses the commit path of a transaction (spec §3.6, §4): 1PC when all its mutations are on one shard, async
 * commit when it is small enough for its primary lock to list every key, 2PC otherwise; each subject to its
 * session switch.
 */
final class CommitPathSelector {
    private CommitPathSelector() {
    }

    static CommitPath choose(StoreConfig cfg, PreparedCommit pc) {
        TxnOptions o = pc.options();
        if (o.onePc() && pc.batches().size() == 1) {
            return CommitPath.ONE_PC;
        }
        if (o.asyncCommit() && pc.keyCount() <= cfg.asyncCommitKeysLimit
                && pc.keyBytes() <= cfg.asyncCommitTotalKeySizeLimit) {
            return CommitPath.ASYNC_COMMIT;
        }
        return CommitPath.TWO_PC;
    }
}
