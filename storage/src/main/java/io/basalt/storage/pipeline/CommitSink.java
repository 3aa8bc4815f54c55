package io.basalt.storage.pipeline;

import java.util.List;
import java.util.OptionalLong;

/**
 * Where committed transactions go, in commit order: the binlog. The engine calls {@link #deliver} from one thread
 * at a time (the group leader) with groups in strictly ascending (commitTs, startTs) order; when it returns, the
 * whole group must be durable. {@link #durablePosition} and {@link #recordedCommitTs} are used at recovery, before any delivery other than the
 * outbox replay.
 */
public interface CommitSink {
    /** Durably records {@code group}, in the given order. An exception means nothing of the group is guaranteed. */
    void deliver(List<DecidedTxn> group);

    /** The position of the last transaction durably recorded ({@link SinkPosition#ZERO} if none). */
    SinkPosition durablePosition();

    /**
     * The commit ts recorded for transaction {@code startTs}, if the sink durably holds it. Decides 2PC transactions
     * that were prewritten but whose primary was not committed when the process stopped.
     */
    OptionalLong recordedCommitTs(long startTs);

    /** How long a group leader may wait for more transactions before delivering; read at each group. */
    default GroupCommitWait groupCommitWait() {
        return GroupCommitWait.NONE;
    }

    /**
     * Called once by {@code TxnStore.open} when recovery is over (every outbox record replayed): the sink may drop
     * what it kept only for recovery.
     */
    default void recoveryFinished() {
    }
}
