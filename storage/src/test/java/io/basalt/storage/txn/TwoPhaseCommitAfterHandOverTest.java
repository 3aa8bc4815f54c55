package io.basalt.storage.txn;

import static io.basalt.storage.testing.StoreFixture.bytes;
import static io.basalt.storage.testing.StoreFixture.index;
import static io.basalt.storage.testing.StoreFixture.row;
import static io.basalt.storage.testing.StoreFixture.str;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.TxnStore;
import io.basalt.storage.error.DiskErrorException;
import io.basalt.storage.error.UndeterminedResultException;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.testing.InMemoryCommitSink;
import io.basalt.storage.testing.StoreFixture;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once the binlog holds a 2PC transaction, a failure of its primary commit must not roll it back (I2: the binlog
 * would hold a transaction storage lacks): the client hears "undetermined", and the next reader commits it at the
 * commit ts the binlog recorded.
 */
class TwoPhaseCommitAfterHandOverTest {
    @TempDir
    Path dir;

    @Test
    void primaryCommitFailureAfterBinlogHandOverLeavesTheTransactionCommitted() {
        InMemoryCommitSink sink = new InMemoryCommitSink();
        AtomicLong failTxn = new AtomicLong(-1);
        FaultInjector faults = (point, startTs) -> {
            if (point.equals(FaultPoints.BEFORE_PRIMARY_COMMIT) && startTs == failTxn.get()) {
                throw new DiskErrorException("simulated write failure of the primary commit", null);
            }
        };
        try (TxnStore store = StoreFixture.open(StoreFixture.config(dir), sink, faults)) {
            Transaction t = store.begin(store.defaultOptions().withAsyncCommit(false).withOnePc(false).withPessimistic(false));
            failTxn.set(t.startTs());
            t.put(row(1), bytes("committed"));
            t.put(index(1), bytes(""));

            assertThatThrownBy(() -> t.commit(bytes("payload"))).isInstanceOf(UndeterminedResultException.class);
            assertThat(t.state()).isEqualTo(Transaction.State.FAILED);
            long recorded = sink.byStartTs(t.startTs()).commitTs();

            Transaction reader = store.begin();
            assertThat(str(reader.get(row(1)))).isEqualTo("committed");
            assertThat(reader.get(index(1))).isNotNull();
            assertThat(store.context().kv().checkTxnStatus(store.regions().shardOf(row(1)), row(1), t.startTs(),
                    reader.startTs(), store.tso().now(), false, false, false).commitTs()).isEqualTo(recorded);
        }
    }
}
