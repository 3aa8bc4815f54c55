package io.basalt.storage.action;

import java.util.ArrayList;
import java.util.List;

/**
 * One-phase commit of a transaction whose mutations span several shards. The shards share one WAL, so a single
 * WriteBatch is atomic across them (spec §4's condition for 1PC, "one atomic write", with the shared engine as the
 * unit instead of one shard): under the latches of every shard, each shard's keys are checked and published in the
 * memory lock table as {@link Prewrite} does for one shard, the commit ts is the largest min_commit_ts of them all,
 * and one synced batch writes every commit record and the outbox record. If any key's min_commit_ts exceeds
 * max_commit_ts, every key is written as a plain 2PC lock instead (result: no 1PC commit ts), as on one shard.
 */
public final class OnePcAcrossShards {
    private OnePcAcrossShards() {
    }

    /**
     * @param contexts one per shard, in the order of {@code requests}
     * @param requests each shard's 1PC prewrite request ({@link PrewriteRequest#tryOnePc()} set)
     */
    public static PrewriteResult execute(List<ActionContext> contexts, List<PrewriteRequest> requests) {
        List<Prewrite> parts = new ArrayList<>(requests.size());
        boolean fellBack = false;
        long commitTs = 0;
        for (int i = 0; i < requests.size(); i++) {
            Prewrite p = Prewrite.lockForOnePc(contexts.get(i), requests.get(i), fellBack);
            if (p == null) {
                // only a retry of a written prewrite can find its own commit record, and this one writes once
                throw new IllegalStateException("1PC of transaction " + requests.get(i).startTs()
                        + " found its own commit record");
            }
            parts.add(p);
            fellBack |= p.fellBack();
            commitTs = Math.max(commitTs, p.maxMinCommitTs());
        }
        if (fellBack) {
            parts.forEach(Prewrite::persistAsPlainLocks);
            return new PrewriteResult(0, 0, false, commitTs);
        }
        for (Prewrite p : parts) {
            p.commitOnePc(commitTs);
        }
        return new PrewriteResult(0, commitTs, false, 0);
    }
}
