package io.basalt.storage.txn;

import io.basalt.storage.action.Mutation;
import java.util.List;
import java.util.Map;

/**
 * A transaction's writes laid out for commit: per shard, its mutations and which of them hold this transaction's
 * pessimistic lock. Immutable once built.
 */
record PreparedCommit(long startTs, byte[] primary, int primaryShard, Map<Integer, ShardBatch> batches,
                      List<byte[]> secondaries, long forUpdateTs, long txnSize, long keyBytes, byte[] payload,
                      TxnOptions options) {

    record ShardBatch(List<Mutation> mutations, boolean[] pessimisticLocked) {
        /** Whether the batch only checks that keys do not exist: its prewrite writes no lock. */
        boolean onlyChecks() {
            return mutations.stream().allMatch(m -> m.op() == Mutation.Op.CHECK_NOT_EXISTS);
        }
    }

    int keyCount() {
        return secondaries.size() + 1;
    }
}
