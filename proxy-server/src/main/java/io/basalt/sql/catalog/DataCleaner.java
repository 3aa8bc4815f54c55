package io.basalt.sql.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.basalt.storage.TxnStore;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.txn.Transaction;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the data of dropped and truncated tables and of dropped indexes in the background, in batches of short
 * transactions, so that DDL returns at once. Each pending key range is a meta record written in the DDL's own
 * transaction and removed when the range is empty, so work interrupted by a shutdown or crash resumes at the next
 * start. The ranges are unreachable from the catalog, so nothing else writes them meanwhile.
 *
 * <p>Thread-safe; owns one daemon thread.
 */
final class DataCleaner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DataCleaner.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int BATCH = 1000;
    private static final long RETRY_DELAY_MS = 5_000;

    private final TxnStore store;
    private final ScheduledExecutorService worker;
    private final Counter deleted;

    DataCleaner(TxnStore store, MeterRegistry meters) {
        this.store = store;
        this.worker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "basalt-ddl-cleanup");
            t.setDaemon(true);
            return t;
        });
        this.deleted = Counter.builder("basalt.catalog.cleanup.keys")
                .description("keys of dropped tables and indexes deleted in the background").register(meters);
    }

    /** The meta record of a pending range. */
    static byte[] record(byte[] start, byte[] end) {
        return MAPPER.createObjectNode()
                .put("format", CatalogJson.FORMAT)
                .put("start", Base64.getEncoder().encodeToString(start))
                .put("end", Base64.getEncoder().encodeToString(end))
                .toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Schedules the cleanup of the range recorded under {@code recordKey}. */
    void schedule(byte[] recordKey, byte[] record) {
        worker.execute(() -> run(recordKey, record));
    }

    private void run(byte[] recordKey, byte[] record) {
        try {
            JsonNode n = MAPPER.readTree(record);
            byte[] start = Base64.getDecoder().decode(n.get("start").asText());
            byte[] end = Base64.getDecoder().decode(n.get("end").asText());
            while (deleteBatch(start, end)) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
            }
            try (Transaction txn = store.begin()) {
                txn.delete(recordKey);
                txn.commit(null);
            }
        } catch (IOException | RuntimeException e) {
            if (worker.isShutdown()) {
                return;
            }
            LOG.warn("background cleanup of a dropped table or index failed; retrying in {} ms", RETRY_DELAY_MS, e);
            worker.schedule(() -> run(recordKey, record), RETRY_DELAY_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** Deletes up to one batch of live keys in [start, end); false when the range is empty. */
    private boolean deleteBatch(byte[] start, byte[] end) {
        try (Transaction txn = store.begin(store.defaultOptions().withPessimistic(false))) {
            List<KvPair> keys = txn.scan(start, end, BATCH, false);
            if (keys.isEmpty()) {
                return false;
            }
            for (KvPair p : keys) {
                txn.deleteNoLock(p.key());
            }
            txn.commit(null);
            deleted.increment(keys.size());
            return keys.size() == BATCH;
        }
    }

    /** Stops the worker; unfinished ranges stay recorded and are resumed by the next start. */
    @Override
    public void close() {
        worker.shutdownNow();
        try {
            if (!worker.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("background cleanup did not stop within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
