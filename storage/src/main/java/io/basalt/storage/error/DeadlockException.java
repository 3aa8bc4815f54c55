package io.basalt.storage.error;

/** Waiting for a lock would close a cycle in the wait-for graph (MySQL 1213). */
public class DeadlockException extends TransactionAbortedException {
    public final java.util.List<Long> waitChain;

    public DeadlockException(long startTs, java.util.List<Long> waitChain) {
        super("deadlock found when trying to get lock; wait chain " + waitChain + " (txn " + startTs + ")");
        this.waitChain = java.util.List.copyOf(waitChain);
    }
}
