package io.basalt.storage.txn;

import io.basalt.storage.action.KvService;
import io.basalt.storage.action.SecondaryLocksStatus;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.shard.RegionMap;
import java.util.List;
import java.util.Map;

/**
 * Decides an async-commit transaction from its secondaries (spec §3.7 step 3): all still locked ⇒ committed at the
 * max of the per-key min_commit_ts; any committed ⇒ that ts; any missing ⇒ a protected rollback makes it rolled
 * back; a plain (non-async) lock among them ⇒ the transaction fell back to 2PC and its primary decides. Used by lock
 * resolution and by restart recovery, which differ only in what they do with a fallen-back transaction.
 */
public final class AsyncCommitCheck {
    public enum Outcome { COMMITTED, ROLLED_BACK, FELL_BACK }

    public record Verdict(Outcome outcome, long commitTs) {
    }

    private AsyncCommitCheck() {
    }

    public static Verdict check(KvService kv, RegionMap regions, Lock primaryLock) {
        long startTs = primaryLock.startTs;
        long commitTs = primaryLock.minCommitTs;
        for (Map.Entry<Integer, List<byte[]>> e : regions.groupByShard(primaryLock.secondaries).entrySet()) {
            SecondaryLocksStatus st = kv.checkSecondaryLocks(e.getKey(), e.getValue(), startTs);
            if (st.rolledBack()) {
                return new Verdict(Outcome.ROLLED_BACK, 0);
            }
            if (st.isCommitted()) {
                return new Verdict(Outcome.COMMITTED, st.commitTs());
            }
            for (KeyLock kl : st.locks()) {
                if (!kl.lock().useAsyncCommit) {
                    return new Verdict(Outcome.FELL_BACK, 0);
                }
                commitTs = Math.max(commitTs, kl.lock().minCommitTs);
            }
        }
        return new Verdict(Outcome.COMMITTED, commitTs);
    }
}
