package io.basalt.storage.binlog;

import static io.basalt.storage.binlog.BinlogTestSupport.fill;
import static io.basalt.storage.binlog.BinlogTestSupport.names;
import static io.basalt.storage.binlog.BinlogTestSupport.transactions;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.TxnStore;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.pipeline.SinkPosition;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnOptions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binlog as the store's real sink: concurrent transactions over every commit path (1PC, async commit, 2PC)
 * land in the binlog exactly once, in commit-ts order (I3), and the store reopens on the binlog's position.
 */
class BinlogStoreTest {
    @TempDir
    Path tmp;

    @Test
    void concurrentCommitsAreBinloggedOnceInCommitTsOrder() throws Exception {
        BinlogConfig bc = BinlogTestSupport.config(tmp).withMaxBinlogSize(64 * 1024).withCache(4096, 1L << 30);
        Map<Long, Long> committed = new ConcurrentHashMap<>();
        BinlogService binlog = BinlogService.open(bc, new SimpleMeterRegistry());
        try (TxnStore store = StoreFixture.open(StoreFixture.config(tmp.resolve("store")), binlog.sink(),
                FaultInjector.NONE)) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            List<Future<?>> fs = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                int worker = w;
                fs.add(pool.submit(() -> {
                    Random rnd = new Random(worker);
                    try (BinlogCache cache = binlog.newCache()) {
                        for (int i = 0; i < 40; i++) {
                            TxnOptions o = store.defaultOptions().withPessimistic(rnd.nextBoolean());
                            if (i % 5 == 0) {
                                o = o.withAsyncCommit(false).withOnePc(false);
                            }
                            Transaction t = store.begin(o);
                            try {
                                long h = rnd.nextInt(50);
                                t.put(StoreFixture.row(h), StoreFixture.bytes("w" + worker + "-" + i));
                                if (rnd.nextBoolean()) {
                                    t.put(StoreFixture.index(h), StoreFixture.bytes("i"));
                                }
                                fill(cache, t.startTs(), i % 7 == 0 ? 40 : 1);
                                long commitTs = t.commit(cache.payload());
                                committed.put(t.startTs(), commitTs);
                            } catch (TransactionAbortedException e) {
                                t.close();
                            } finally {
                                cache.reset();
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get(5, TimeUnit.MINUTES);
            }
            pool.shutdown();
        } finally {
            binlog.close();
        }
        BinlogService reopened = BinlogService.open(bc, new SimpleMeterRegistry());
        try {
            List<BinlogTestSupport.Txn> txns = transactions(bc.dir(), names(reopened));
            assertThat(committed).isNotEmpty();
            assertThat(txns).hasSize(committed.size());
            for (BinlogTestSupport.Txn t : txns) {
                assertThat(committed.get(t.xid())).as("commit ts of %d", t.xid()).isEqualTo(t.commit().commitTs());
            }
            List<SinkPosition> order = txns.stream()
                    .map(t -> new SinkPosition(t.commit().commitTs(), t.commit().startTs())).toList();
            assertThat(order).isSortedAccordingTo(Comparator.naturalOrder()).doesNotHaveDuplicates();
            for (int i = 0; i < txns.size(); i++) {
                assertThat(txns.get(i).gtid().seqNo()).isEqualTo(i + 1);
            }
            assertThat(reopened.metrics().commits()).isZero();
            try (TxnStore store = StoreFixture.open(StoreFixture.config(tmp.resolve("store")), reopened.sink(),
                    FaultInjector.NONE)) {
                assertThat(store.recoveryReport().sinkPosition()).isEqualTo(order.get(order.size() - 1));
                assertThat(store.recoveryReport().outboxReplayed()).isZero();
            }
        } finally {
            reopened.close();
        }
    }
}
