package io.basalt.storage.pipeline;

import java.util.List;
import java.util.OptionalLong;

/**
 * Where committed transactions go, in commit order: the binlog. The engine calls {@link #deliver} from one thread
 * at a time (the group leader) with groups in strictly ascending (commitTs, startTs) order; when it returns, the
 * whole group must be durable. The other two methods are used at recovery, before any delivery.
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
}
