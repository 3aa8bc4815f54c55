package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.Catalog;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.DatabaseDef;
import io.basalt.sql.catalog.MetadataLocks;
import io.basalt.sql.catalog.TableDef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What every DDL statement works with: the catalog and how long to wait for metadata locks.
 *
 * @param lockWaitTimeoutMs how long DDL waits for transactions holding a table's metadata lock (1205 after)
 */
record DdlContext(Catalog catalog, long lockWaitTimeoutMs) {

    CatalogSnapshot snapshot() {
        return catalog.snapshot();
    }

    DatabaseDef requireDatabase(String name) {
        return snapshot().database(name).orElseThrow(() -> new MySqlException(ErrorCode.BAD_DB_ERROR, name));
    }

    TableDef requireTable(TableName name) {
        return snapshot().table(name.database(), name.table()).orElseThrow(name::noSuchTable);
    }

    /** Runs {@code work} holding the metadata locks of {@code names} exclusively. */
    <T> T withExclusive(Collection<TableName> names, Supplier<T> work) {
        List<MetadataLocks.Lease> leases = new ArrayList<>();
        try {
            for (TableName n : new TreeSet<>(names)) {
                leases.add(catalog.locks().exclusive(n.database(), n.table(), lockWaitTimeoutMs));
            }
            return work.get();
        } finally {
            leases.forEach(MetadataLocks.Lease::close);
        }
    }

    static void checkDatabaseName(String name) {
        if (name.isEmpty() || name.length() > ColumnFactory.MAX_IDENTIFIER || name.endsWith(" ")) {
            throw DdlErrors.wrongDbName(name);
        }
    }
}
