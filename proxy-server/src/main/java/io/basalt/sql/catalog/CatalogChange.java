package io.basalt.sql.catalog;

import io.basalt.storage.codec.TableKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One DDL change to apply with {@link Catalog#apply}: definitions to write or remove, counters to set, and key
 * ranges whose data is to be deleted in the background once the change is committed. Not thread-safe; built and
 * applied by one DDL statement.
 */
public final class CatalogChange {
    final Map<String, DatabaseDef> putDatabases = new LinkedHashMap<>();
    final List<String> dropDatabases = new ArrayList<>();
    final Map<Long, TableDef> putTables = new LinkedHashMap<>();
    final List<Long> dropTables = new ArrayList<>();
    final List<byte[][]> cleanupRanges = new ArrayList<>();
    final Map<Long, Long> autoIncrementStarts = new LinkedHashMap<>();
    final Map<Long, Long> rowIdStarts = new LinkedHashMap<>();

    public CatalogChange putDatabase(DatabaseDef db) {
        putDatabases.put(db.name(), db);
        return this;
    }

    public CatalogChange dropDatabase(String name) {
        dropDatabases.add(name);
        return this;
    }

    /** Adds or replaces (by id) a table definition; a changed name or database renames it. */
    public CatalogChange putTable(TableDef table) {
        putTables.put(table.id(), table);
        return this;
    }

    /** Removes a table definition and its counters; its rows and index entries are deleted in the background. */
    public CatalogChange dropTable(TableDef table) {
        dropTables.add(table.id());
        cleanupRanges.add(new byte[][] {TableKeys.tablePrefix(table.id()),
                TableKeys.prefixEnd(TableKeys.tablePrefix(table.id()))});
        return this;
    }

    /** Deletes an index's entries in the background (DROP INDEX, or a failed index backfill). */
    public CatalogChange dropIndexData(long tableId, long indexId) {
        cleanupRanges.add(new byte[][] {TableKeys.indexPrefix(tableId, indexId),
                TableKeys.indexRangeEnd(tableId, indexId)});
        return this;
    }

    /** Sets the next AUTO_INCREMENT value of a table (CREATE TABLE ... AUTO_INCREMENT=n). */
    public CatalogChange autoIncrementStart(long tableId, long next) {
        autoIncrementStarts.put(tableId, next);
        return this;
    }

    /** Sets the next hidden row id of a table (DROP PRIMARY KEY of a table whose key was the row handle). */
    public CatalogChange rowIdStart(long tableId, long next) {
        rowIdStarts.put(tableId, next);
        return this;
    }
}
