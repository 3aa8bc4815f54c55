package io.basalt.sql.show;

import io.basalt.sql.catalog.Catalog;
import io.basalt.sql.catalog.CatalogChange;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.DatabaseDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.result.SampleTables;
import io.basalt.storage.TxnStore;
import io.basalt.storage.testing.StoreFixture;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.nio.file.Path;

/**
 * A catalog in a small store with database {@code d1} (tables t_all, t2, t3, t4 of {@link SampleTables}) and an
 * empty database {@code other}.
 */
public final class CatalogFixture implements AutoCloseable {
    private final TxnStore store;
    private final Catalog catalog;
    private final CatalogSnapshot snapshot;

    public CatalogFixture(Path dir) {
        store = StoreFixture.open(dir);
        catalog = Catalog.open(store, new SimpleMeterRegistry());
        CatalogChange change = new CatalogChange()
                .putDatabase(new DatabaseDef(SampleTables.DB, "utf8mb4", "utf8mb4_general_ci"))
                .putDatabase(new DatabaseDef("other", "latin1", "latin1_swedish_ci"));
        for (TableDef t : new TableDef[] {SampleTables.tAll(), SampleTables.t2(), SampleTables.t3(),
            SampleTables.t4()}) {
            change.putTable(t);
        }
        snapshot = catalog.apply(change);
    }

    public CatalogSnapshot snapshot() {
        return snapshot;
    }

    @Override
    public void close() {
        catalog.close();
        store.close();
    }
}
