package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.TxnNotFoundException;
import io.basalt.storage.tso.Timestamps;
import org.junit.jupiter.api.Test;

/** TxnHeartBeat (spec §2.8). */
class TxnHeartBeatTest extends ActionTestBase {

    private long heartBeat(long startTs, long ttl) {
        return kv.txnHeartBeat(shardOf(row(1)), row(1), startTs, ttl);
    }

    @Test
    void raisesButNeverLowersTheTtl() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        assertThat(heartBeat(ts(10), 3000)).isEqualTo(3000);
        assertThat(lockOf(row(1)).ttlMs).isEqualTo(3000);
        assertThat(heartBeat(ts(10), 1000)).isEqualTo(3000);
        assertThat(lockOf(row(1)).ttlMs).isEqualTo(3000);
    }

    @Test
    void aHeartBeatKeepsTheLockAliveForResolvers() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        long now = Timestamps.compose(Timestamps.physical(base) + 2000, 0); // past the original 500 ms
        heartBeat(ts(10), 5000);
        TxnStatus st = checkTxnStatus(row(1), ts(10), ts(5), now);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        assertThat(lockOf(row(1))).isNotNull();
    }

    @Test
    void withoutHeartBeatTheSameLockWouldExpire() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        long now = Timestamps.compose(Timestamps.physical(base) + 2000, 0);
        assertThat(checkTxnStatus(row(1), ts(10), ts(5), now).kind()).isEqualTo(TxnStatus.Kind.ROLLED_BACK);
    }

    @Test
    void missingLockIsTxnNotFound() {
        assertThatThrownBy(() -> heartBeat(ts(10), 3000)).isInstanceOf(TxnNotFoundException.class);
        pw(row(1), ts(12)).put(row(1), "a").run();
        assertThatThrownBy(() -> heartBeat(ts(10), 3000)).as("another txn's lock")
                .isInstanceOf(TxnNotFoundException.class);
        assertThat(lockOf(row(1)).ttlMs).isEqualTo(TTL);
    }

    @Test
    void heartBeatOnACommittedTransactionIsTxnNotFound() {
        commitPut(row(1), "a", ts(10), ts(11));
        assertThatThrownBy(() -> heartBeat(ts(10), 3000)).isInstanceOf(TxnNotFoundException.class);
    }
}
