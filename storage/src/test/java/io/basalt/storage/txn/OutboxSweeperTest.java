package io.basalt.storage.txn;

import static io.basalt.storage.testing.StoreFixture.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.TxnStore;
import io.basalt.storage.pipeline.OutboxRecord;
import io.basalt.storage.testing.Await;
import io.basalt.storage.testing.StoreFixture;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OutboxSweeper} deletes the outbox records marked delivered, per shard, on its own thread and at close, and
 * leaves the others; its pending gauge counts the marked records until a sweep.
 */
class OutboxSweeperTest {
    private static final long ONE_HOUR_MS = 3_600_000;

    @TempDir
    Path dir;
    TxnStore store;
    SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @BeforeEach
    void openStore() {
        store = StoreFixture.open(dir);
    }

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void backgroundSweepDeletesDeliveredRecordsOnEveryShardAndKeepsTheOthers() throws InterruptedException {
        putOutbox(0, 101);
        putOutbox(2, 102);
        putOutbox(0, 103);
        try (OutboxSweeper sweeper = new OutboxSweeper(store.context().kv(), 10, registry)) {
            sweeper.delivered(0, 101);
            sweeper.delivered(2, 102);

            Await.until("delivered records deleted",
                    () -> outbox(0, 101) == null && outbox(2, 102) == null);
            assertThat(outbox(0, 103)).as("not delivered").isNotNull();
        }
    }

    @Test
    void closeDeletesRecordsMarkedAfterTheLastSweep() {
        putOutbox(1, 201);
        putOutbox(3, 202);
        OutboxSweeper sweeper = new OutboxSweeper(store.context().kv(), ONE_HOUR_MS, registry);
        sweeper.delivered(1, 201);
        sweeper.delivered(3, 202);
        assertThat(outbox(1, 201)).as("no sweep before close").isNotNull();

        sweeper.close();

        assertThat(outbox(1, 201)).isNull();
        assertThat(outbox(3, 202)).isNull();
    }

    @Test
    void pendingGaugeCountsMarkedRecordsUntilASweep() {
        for (long ts = 301; ts <= 303; ts++) {
            putOutbox(0, ts);
        }
        try (OutboxSweeper sweeper = new OutboxSweeper(store.context().kv(), ONE_HOUR_MS, registry)) {
            for (long ts = 301; ts <= 303; ts++) {
                sweeper.delivered(0, ts);
            }
            assertThat(pending()).isEqualTo(3.0);

            sweeper.sweep();

            assertThat(pending()).isEqualTo(0.0);
            for (long ts = 301; ts <= 303; ts++) {
                assertThat(outbox(0, ts)).as("record %d", ts).isNull();
            }
        }
    }

    private void putOutbox(int shard, long startTs) {
        byte[] record = new OutboxRecord(startTs, startTs + 1, bytes("primary"), bytes("event")).encode();
        store.shard(shard).putMetaSync(OutboxRecord.key(startTs), record);
        assertThat(outbox(shard, startTs)).isEqualTo(record);
    }

    private byte[] outbox(int shard, long startTs) {
        return store.shard(shard).getMeta(OutboxRecord.key(startTs));
    }

    private double pending() {
        return registry.get("basalt.txn.outbox.pending").gauge().value();
    }
}
