package io.basalt.sql.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.testing.Await;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.txn.Transaction;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogTest {
    @TempDir
    Path dir;

    static TableDef table(Catalog catalog, String db, String name) {
        ColumnDef id = new ColumnDef(1, "id", SqlType.INT, false, DefaultValue.NONE, true, false, "the key");
        ColumnDef price = new ColumnDef(2, "price", SqlType.decimal(10, 2), true,
                new DefaultValue.Constant(new BigDecimal("1.50")), false, false, null);
        ColumnDef at = new ColumnDef(3, "at", SqlType.temporal(TypeKind.DATETIME, 6), false,
                new DefaultValue.CurrentTimestamp(6), false, true, null, null,
                LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_000));
        ColumnDef name1 = new ColumnDef(4, "name", SqlType.varchar(20), true, new DefaultValue.Constant("x"), false,
                false, null, "utf8mb4_bin", Duration.ofMillis(-1500));
        IndexDef pk = new IndexDef(1, "PRIMARY", IndexDef.Kind.PRIMARY, List.of(new IndexDef.KeyPart(1, 0)));
        IndexDef k = new IndexDef(2, "k", IndexDef.Kind.SECONDARY, List.of(new IndexDef.KeyPart(4, 5)));
        return new TableDef(catalog.reserveTableId(), db, name, List.of(id, price, at, name1), List.of(pk, k), 1, 5,
                3, "comment", "utf8mb4_general_ci");
    }

    @Test
    void definitionsSurviveARestart() {
        TableDef t1;
        TableDef t2;
        long version;
        try (TxnStore store = StoreFixture.open(dir); Catalog catalog = Catalog.open(store, new SimpleMeterRegistry())) {
            assertThat(catalog.snapshot().version()).isZero();
            assertThat(catalog.snapshot().databases()).isEmpty();
            catalog.apply(new CatalogChange().putDatabase(new DatabaseDef("shop", "utf8mb4", "utf8mb4_general_ci"))
                    .putDatabase(new DatabaseDef("Shop", "latin1", "latin1_swedish_ci")));
            t1 = table(catalog, "shop", "orders");
            t2 = table(catalog, "shop", "Orders");
            catalog.place(t1);
            catalog.place(t2);
            catalog.apply(new CatalogChange().putTable(t1).putTable(t2));
            version = catalog.snapshot().version();
            assertThat(version).isEqualTo(2);
        }
        try (TxnStore store = StoreFixture.open(dir); Catalog catalog = Catalog.open(store, new SimpleMeterRegistry())) {
            CatalogSnapshot s = catalog.snapshot();
            assertThat(s.version()).isEqualTo(version);
            assertThat(s.databases()).extracting(DatabaseDef::name).containsExactly("Shop", "shop");
            assertThat(s.database("Shop").orElseThrow().collation()).isEqualTo("latin1_swedish_ci");
            assertThat(s.tables("shop")).containsExactly(t2, t1);
            assertThat(s.table("shop", "orders")).contains(t1);
            assertThat(s.table("SHOP", "orders")).isEmpty();
            assertThat(s.tableById(t2.id())).contains(t2);
            assertThat(catalog.reserveTableId()).isGreaterThan(t2.id());
        }
    }

    @Test
    void droppedTableLeavesTheSnapshotAndItsDataIsDeletedInTheBackground() throws Exception {
        try (TxnStore store = StoreFixture.open(dir); Catalog catalog = Catalog.open(store, new SimpleMeterRegistry())) {
            catalog.apply(new CatalogChange().putDatabase(new DatabaseDef("db", "utf8mb4", "utf8mb4_general_ci")));
            TableDef t = table(catalog, "db", "t");
            catalog.place(t);
            catalog.apply(new CatalogChange().putTable(t));
            try (Transaction txn = store.begin()) {
                for (int i = 0; i < 2500; i++) {
                    txn.putNoLock(TableKeys.rowKey(t.id(), i), new byte[] {1});
                }
                txn.putNoLock(TableKeys.indexKeyBuilder(t.id(), 2).put((byte) 7).toBytes(), new byte[] {1});
                txn.commit(null);
            }
            CatalogSnapshot before = catalog.snapshot();
            CatalogSnapshot after = catalog.apply(new CatalogChange().dropTable(t).dropDatabase("db"));
            assertThat(after.version()).isEqualTo(before.version() + 1);
            assertThat(after.tableById(t.id())).isEmpty();
            assertThat(after.database("db")).isEmpty();
            assertThat(before.tableById(t.id())).isPresent();
            Await.until("the table's keys are deleted", () -> {
                try (Transaction txn = store.begin()) {
                    return txn.scan(TableKeys.tablePrefix(t.id()), TableKeys.prefixEnd(TableKeys.tablePrefix(t.id())),
                            1, false).isEmpty();
                }
            });
        }
    }

    @Test
    void tableIdsAreNeverHandedOutTwice() {
        long first;
        try (TxnStore store = StoreFixture.open(dir); Catalog catalog = Catalog.open(store, new SimpleMeterRegistry())) {
            first = catalog.reserveTableId();
            assertThat(catalog.reserveTableId()).isEqualTo(first + 1);
        }
        try (TxnStore store = StoreFixture.open(dir); Catalog catalog = Catalog.open(store, new SimpleMeterRegistry())) {
            assertThat(catalog.reserveTableId()).isEqualTo(first + 2);
        }
    }

    @Test
    void placementPutsRowsAndIndexesOnDifferentShards() {
        for (int shards : new int[] {2, 3, 4}) {
            StoreConfig cfg = StoreFixture.config(dir.resolve("shards-" + shards));
            cfg.shards = shards;
            try (TxnStore store = StoreFixture.open(cfg, null, FaultInjector.NONE);
                 Catalog catalog = Catalog.open(store, new SimpleMeterRegistry())) {
                for (int i = 0; i < shards; i++) {
                    TableDef t = table(catalog, "db", "t" + i);
                    catalog.place(t);
                    int rows = store.regions().shardOf(TableKeys.rowKey(t.id(), 1));
                    int index = store.regions().shardOf(TableKeys.indexPrefix(t.id(), 2));
                    assertThat(index).as("%d shards, table %d", shards, t.id()).isNotEqualTo(rows);
                }
            }
        }
    }
}
