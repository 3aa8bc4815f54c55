package io.basalt.sql.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One immutable version of the catalog. Readers take it from {@link Catalog#snapshot()} without locking and may
 * keep it as long as they like; DDL publishes a new one. Database and table names are case-sensitive (MySQL's
 * lower_case_table_names=0); lists are sorted by name.
 */
public final class CatalogSnapshot {
    private final long version;
    private final TreeMap<String, DatabaseDef> databases;
    private final Map<String, TreeMap<String, TableDef>> tablesByDb;
    private final Map<Long, TableDef> tablesById;

    private CatalogSnapshot(long version, TreeMap<String, DatabaseDef> databases,
                            Map<String, TreeMap<String, TableDef>> tablesByDb, Map<Long, TableDef> tablesById) {
        this.version = version;
        this.databases = databases;
        this.tablesByDb = tablesByDb;
        this.tablesById = tablesById;
    }

    static CatalogSnapshot of(long version, Iterable<DatabaseDef> databases, Iterable<TableDef> tables) {
        TreeMap<String, DatabaseDef> dbs = new TreeMap<>();
        Map<String, TreeMap<String, TableDef>> byDb = new HashMap<>();
        Map<Long, TableDef> byId = new HashMap<>();
        for (DatabaseDef d : databases) {
            dbs.put(d.name(), d);
            byDb.put(d.name(), new TreeMap<>());
        }
        for (TableDef t : tables) {
            TreeMap<String, TableDef> inDb = byDb.get(t.database());
            if (inDb == null) {
                throw new IllegalStateException("table " + t.name() + " belongs to unknown database " + t.database());
            }
            inDb.put(t.name(), t);
            byId.put(t.id(), t);
        }
        return new CatalogSnapshot(version, dbs, byDb, byId);
    }

    static CatalogSnapshot empty() {
        return of(0, List.of(), List.of());
    }

    /** The schema version: bumped by every DDL change. */
    public long version() {
        return version;
    }

    public List<DatabaseDef> databases() {
        return List.copyOf(databases.values());
    }

    public Optional<DatabaseDef> database(String name) {
        return Optional.ofNullable(databases.get(name));
    }

    /** Tables of {@code db} sorted by name; empty for an unknown database. */
    public List<TableDef> tables(String db) {
        TreeMap<String, TableDef> inDb = tablesByDb.get(db);
        return inDb == null ? List.of() : List.copyOf(inDb.values());
    }

    public Optional<TableDef> table(String db, String name) {
        TreeMap<String, TableDef> inDb = tablesByDb.get(db);
        return inDb == null ? Optional.empty() : Optional.ofNullable(inDb.get(name));
    }

    public Optional<TableDef> tableById(long id) {
        return Optional.ofNullable(tablesById.get(id));
    }

    /** Every table of every database, by database then name. */
    public List<TableDef> allTables() {
        List<TableDef> out = new ArrayList<>(tablesById.size());
        for (String db : databases.keySet()) {
            out.addAll(tablesByDb.get(db).values());
        }
        return Collections.unmodifiableList(out);
    }
}
