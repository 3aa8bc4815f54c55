package io.basalt.sql.catalog;

import io.basalt.storage.TxnStore;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.txn.Transaction;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The persistent catalog: databases and table definitions stored as JSON under meta keys of the store, served to
 * readers as immutable {@link CatalogSnapshot}s. A DDL change is one storage transaction that writes the changed
 * definitions and a bumped schema version, followed by an atomic swap of the snapshot; DDL statements are
 * serialised by one lock ({@link #underDdlLock}). Also owns the metadata locks, the AUTO_INCREMENT / row id
 * allocator and the background deletion of dropped data.
 *
 * <p>Thread-safe. {@link #snapshot()} never blocks.
 */
public final class Catalog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Catalog.class);
    /** First table id handed out; smaller ids are left for system tables. */
    static final long FIRST_TABLE_ID = 100;
    private static final int SCAN_PAGE = 256;

    private final TxnStore store;
    private final ReentrantLock ddlLock = new ReentrantLock();
    private final AtomicReference<CatalogSnapshot> current = new AtomicReference<>(CatalogSnapshot.empty());
    private final MetadataLocks locks = new MetadataLocks();
    private final AutoIncrementAllocator ids;
    private final DataCleaner cleaner;
    private final Counter changes;
    /** Guarded by {@link #ddlLock}. */
    private long nextCleanupSeq;

    private Catalog(TxnStore store, MeterRegistry meters) {
        this.store = store;
        this.ids = new AutoIncrementAllocator(store, AutoIncrementAllocator.DEFAULT_BATCH, meters);
        this.cleaner = new DataCleaner(store, meters);
        this.changes = Counter.builder("basalt.catalog.changes").description("committed DDL changes")
                .register(meters);
        Gauge.builder("basalt.catalog.schema.version", current, c -> c.get().version())
                .description("current schema version").register(meters);
    }

    /** Loads every database and table definition from {@code store} and resumes pending background cleanups. */
    public static Catalog open(TxnStore store, MeterRegistry meters) {
        Catalog c = new Catalog(store, meters);
        try {
            c.load();
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private void load() {
        long version;
        List<DatabaseDef> dbs = new ArrayList<>();
        List<TableDef> tables = new ArrayList<>();
        Map<byte[], byte[]> cleanups = new LinkedHashMap<>();
        boolean fresh;
        try (Transaction txn = store.begin()) {
            byte[] format = txn.get(MetaKeys.key(MetaKeys.FORMAT));
            fresh = format == null;
            if (!fresh && MetaKeys.longValue(format, 0) > CatalogJson.FORMAT) {
                throw new IllegalStateException("the catalog was written in format " + MetaKeys.longValue(format, 0)
                        + " by a newer Basalt; this server reads up to format " + CatalogJson.FORMAT);
            }
            version = MetaKeys.longValue(txn.get(MetaKeys.key(MetaKeys.VERSION)), 0);
            for (KvPair p : scan(txn, MetaKeys.DATABASE)) {
                dbs.add(CatalogJson.database(p.value()));
            }
            for (KvPair p : scan(txn, MetaKeys.TABLE)) {
                tables.add(CatalogJson.table(p.value()));
            }
            for (KvPair p : scan(txn, MetaKeys.CLEANUP)) {
                cleanups.put(p.key(), p.value());
                nextCleanupSeq = Math.max(nextCleanupSeq, MetaKeys.cleanupSeq(p.key()) + 1);
            }
        }
        if (fresh) {
            try (Transaction txn = store.begin()) {
                txn.put(MetaKeys.key(MetaKeys.FORMAT), MetaKeys.longValue(CatalogJson.FORMAT));
                txn.commit(null);
            }
        }
        current.set(CatalogSnapshot.of(version, dbs, tables));
        cleanups.forEach(cleaner::schedule);
        LOG.info("catalog loaded: schema version {}, {} databases, {} tables, {} pending cleanups", version,
                dbs.size(), tables.size(), cleanups.size());
    }

    private static List<KvPair> scan(Transaction txn, String family) {
        List<KvPair> out = new ArrayList<>();
        byte[] start = MetaKeys.familyStart(family);
        byte[] end = MetaKeys.familyEnd(family);
        while (true) {
            List<KvPair> page = txn.scan(start, end, SCAN_PAGE, false);
            out.addAll(page);
            if (page.size() < SCAN_PAGE) {
                return out;
            }
            byte[] last = page.get(page.size() - 1).key();
            start = Arrays.copyOf(last, last.length + 1);
        }
    }

    /** The current catalog version; lock-free. */
    public CatalogSnapshot snapshot() {
        return current.get();
    }

    public MetadataLocks locks() {
        return locks;
    }

    public AutoIncrementAllocator autoIncrement() {
        return ids;
    }

    public TxnStore store() {
        return store;
    }

    /** Runs {@code ddl} holding the catalog's DDL lock: DDL statements run one at a time. */
    public <T> T underDdlLock(Supplier<T> ddl) {
        ddlLock.lock();
        try {
            return ddl.get();
        } finally {
            ddlLock.unlock();
        }
    }

    /**
     * Allocates a new table id from the persisted counter (in its own transaction: an id is never handed out
     * twice, even if the DDL that asked for it fails).
     */
    public long reserveTableId() {
        return underDdlLock(() -> {
            try (Transaction txn = store.begin()) {
                byte[] key = MetaKeys.key(MetaKeys.NEXT_TABLE_ID);
                long id = MetaKeys.longValue(txn.lockKeys(List.of(key), true, null).get(0), FIRST_TABLE_ID);
                txn.put(key, MetaKeys.longValue(id + 1));
                txn.commit(null);
                return id;
            }
        });
    }

    /**
     * Routes a new table's rows and index entries to shards; must run before any of its data is written. Rows go
     * where {@link TxnStore#placeTable} puts them, each index with entries where {@link TxnStore#indexShard} says.
     */
    public void place(TableDef table) {
        store.placeTable(table.id(), List.of());
        for (IndexDef index : table.indexes()) {
            if (table.hasIndexEntries(index)) {
                placeIndex(table, index);
            }
        }
    }

    /** Routes a new index's entries to a shard other than the rows' (ADD INDEX), before any entry is written. */
    public void placeIndex(TableDef table, IndexDef index) {
        store.placeIndex(table.id(), index.id(), store.indexShard(table.id(), index.id()));
    }

    /**
     * Commits {@code change} in one storage transaction together with a bumped schema version and publishes the
     * new snapshot. Nothing is published if the commit fails.
     */
    public CatalogSnapshot apply(CatalogChange change) {
        return underDdlLock(() -> {
            CatalogSnapshot before = current.get();
            long version = before.version() + 1;
            Map<byte[], byte[]> cleanups = new LinkedHashMap<>();
            try (Transaction txn = store.begin()) {
                txn.put(MetaKeys.key(MetaKeys.VERSION), MetaKeys.longValue(version));
                for (String db : change.dropDatabases) {
                    txn.delete(MetaKeys.database(db));
                }
                for (DatabaseDef db : change.putDatabases.values()) {
                    txn.put(MetaKeys.database(db.name()), CatalogJson.database(db));
                }
                for (long id : change.dropTables) {
                    txn.delete(MetaKeys.table(id));
                    txn.delete(MetaKeys.autoIncrement(id));
                    txn.delete(MetaKeys.rowId(id));
                }
                for (TableDef t : change.putTables.values()) {
                    txn.put(MetaKeys.table(t.id()), CatalogJson.table(t));
                }
                for (var e : change.autoIncrementStarts.entrySet()) {
                    txn.put(MetaKeys.autoIncrement(e.getKey()), MetaKeys.longValue(e.getValue()));
                }
                for (var e : change.rowIdStarts.entrySet()) {
                    txn.put(MetaKeys.rowId(e.getKey()), MetaKeys.longValue(e.getValue()));
                }
                long seq = nextCleanupSeq;
                for (byte[][] range : change.cleanupRanges) {
                    byte[] key = MetaKeys.cleanup(seq++);
                    byte[] record = DataCleaner.record(range[0], range[1]);
                    txn.put(key, record);
                    cleanups.put(key, record);
                }
                txn.commit(null);
                nextCleanupSeq = seq;
            }
            CatalogSnapshot after = next(before, version, change);
            current.set(after);
            change.dropTables.forEach(ids::forget);
            change.autoIncrementStarts.keySet().forEach(ids::forget);
            change.rowIdStarts.keySet().forEach(ids::forget);
            cleanups.forEach(cleaner::schedule);
            changes.increment();
            return after;
        });
    }

    private static CatalogSnapshot next(CatalogSnapshot before, long version, CatalogChange change) {
        Map<String, DatabaseDef> dbs = new LinkedHashMap<>();
        before.databases().forEach(d -> dbs.put(d.name(), d));
        change.dropDatabases.forEach(dbs::remove);
        dbs.putAll(change.putDatabases);
        Map<Long, TableDef> tables = new HashMap<>();
        before.allTables().forEach(t -> tables.put(t.id(), t));
        change.dropTables.forEach(tables::remove);
        tables.putAll(change.putTables);
        return CatalogSnapshot.of(version, dbs.values(), tables.values());
    }

    @Override
    public void close() {
        cleaner.close();
    }
}
