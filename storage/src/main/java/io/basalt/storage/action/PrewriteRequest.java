package io.basalt.storage.action;

import java.util.List;

/**
 * One shard's share of a transaction's prewrite.
 *
 * @param pessimisticLocked per mutation: true if the key holds this transaction's pessimistic lock (the prewrite
 *                          must find and convert it); null for optimistic transactions
 * @param forUpdateTs       0 for optimistic transactions
 * @param minCommitTs       lower bound for async/1PC commit ts (TSO seed + 1, or the commit pipeline's bound)
 * @param maxCommitTs       0 = unbounded; beyond it async/1PC falls back to a plain 2PC lock
 * @param secondaries       for async commit, the full secondaries list when this batch holds the primary; else empty
 * @param outbox            binlog payload stored with the primary's batch for 1PC/async (null: none)
 * @param durable           sync the WAL before returning; false only for a batch that the same coordinator follows
 *                          with a synced one (the shards share one WAL, synced as a prefix) before relying on it
 */
public record PrewriteRequest(
        List<Mutation> mutations,
        boolean[] pessimisticLocked,
        byte[] primary,
        long startTs,
        long lockTtlMs,
        long txnSize,
        long forUpdateTs,
        long minCommitTs,
        long maxCommitTs,
        boolean asyncCommit,
        List<byte[]> secondaries,
        boolean tryOnePc,
        byte[] outbox,
        boolean durable) {

    public boolean isPessimistic() {
        return forUpdateTs != 0;
    }
}
