package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.CatalogChange;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.parser.ast.AlterAction;
import io.basalt.sql.parser.ast.SqlColumnSpec;
import io.basalt.sql.parser.ast.SqlIndexColumn;
import io.basalt.sql.parser.ast.SqlIndexSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * ALTER TABLE (and CREATE INDEX / DROP INDEX, which are ALTERs with one action). Column actions are applied in
 * statement order, then index drops, then index additions, as MySQL resolves them; the result is validated as a
 * whole and published in one catalog change. Rows are never rewritten: ADD COLUMN records the value old rows get
 * ({@link ColumnDef#originDefault()}), DROP COLUMN leaves stale values that decoding skips, and MODIFY/CHANGE
 * accept only changes every stored value survives unchanged ({@link ColumnChanges#storageCompatible}); other type
 * changes, and adding an AUTO_INCREMENT column, are 1235 on a table with rows. New indexes (also an index that
 * lost a dropped column, rebuilt under a new id) are filled from the rows before the change is published; their
 * ids are persisted first, so a crash mid-fill never lets a later index reuse an id with stale entries. The table's
 * exclusive metadata lock is held throughout, so DML waits rather than writing rows the fill would miss.
 */
final class AlterTable {
    private final DdlContext ctx;
    private final Warnings warnings;
    private final TableDef original;
    private final List<ColumnDef> columns;
    private final List<IndexDef> indexes;
    private final List<SqlIndexSpec> pendingIndexes = new ArrayList<>();
    private final List<IndexDef> added = new ArrayList<>();
    private final Set<Long> dropped = new LinkedHashSet<>();
    private final Set<Integer> mustBeNotNull = new LinkedHashSet<>();
    private final List<Integer> addedColumns = new ArrayList<>();
    private final List<String> needsEmptyTable = new ArrayList<>();
    private int nextColumnId;
    private long nextIndexId;
    private int handleColumnId;
    private boolean handleDropped;
    private int newAutoIncrementColumn = -1;

    private AlterTable(DdlContext ctx, TableDef table, Warnings warnings) {
        this.ctx = ctx;
        this.warnings = warnings;
        this.original = table;
        this.columns = new ArrayList<>(table.columns());
        this.indexes = new ArrayList<>(table.indexes());
        this.nextColumnId = table.nextColumnId();
        this.nextIndexId = table.nextIndexId();
        this.handleColumnId = table.handleColumnId();
    }

    static long execute(DdlContext ctx, TableName name, List<AlterAction> actions, Warnings warnings) {
        TableName target = name;
        for (AlterAction a : actions) {
            if (a instanceof AlterAction.RenameTable r) {
                target = TableName.of(r.to(), name.database());
            }
        }
        TableName renameTo = target;
        List<TableName> locked = target.equals(name) ? List.of(name) : List.of(name, target);
        return ctx.withExclusive(locked, () -> {
            TableDef table = ctx.requireTable(name);
            new AlterTable(ctx, table, warnings).run(actions, renameTo.equals(name) ? null : renameTo);
            return 0L;
        });
    }

    private void run(List<AlterAction> actions, TableName renameTo) {
        for (AlterAction a : actions) {
            if (a instanceof AlterAction.AddColumn add) {
                addColumn(add.column(), add.after(), add.first());
            } else if (a instanceof AlterAction.DropColumn drop) {
                dropColumn(drop.name());
            } else if (a instanceof AlterAction.ModifyColumn modify) {
                modifyColumn(modify.oldName(), modify.column());
            }
        }
        for (AlterAction a : actions) {
            if (a instanceof AlterAction.DropIndex drop) {
                dropIndex(drop.name());
            } else if (a instanceof AlterAction.DropPrimaryKey) {
                dropIndex(IndexFactory.PRIMARY);
            }
        }
        for (AlterAction a : actions) {
            if (a instanceof AlterAction.AddIndex add) {
                pendingIndexes.add(add.index());
            }
        }
        for (SqlIndexSpec spec : pendingIndexes) {
            addIndex(spec);
        }
        if (renameTo != null) {
            renameTo.checkValid();
            if (ctx.snapshot().table(renameTo.database(), renameTo.table()).isPresent()) {
                throw new MySqlException(ErrorCode.TABLE_EXISTS_ERROR, renameTo.table());
            }
            ctx.requireDatabase(renameTo.database());
        }
        publish(renameTo);
    }

    private void addColumn(SqlColumnSpec spec, String after, boolean first) {
        ColumnDef c = ColumnFactory.build(nextColumnId++, spec, original.collation());
        int at = columns.size();
        if (first) {
            at = 0;
        } else if (after != null) {
            at = position(after) + 1;
            if (at == 0) {
                throw new MySqlException(ErrorCode.BAD_FIELD_ERROR, after, original.name());
            }
        }
        columns.add(at, c);
        TableRules.checkDuplicateColumns(columns);
        addedColumns.add(c.id());
        if (c.autoIncrement()) {
            needsEmptyTable.add("adding an AUTO_INCREMENT column");
        }
        SqlIndexColumn part = new SqlIndexColumn(c.name(), null, false);
        if (spec.primaryKey()) {
            pendingIndexes.add(new SqlIndexSpec(null, SqlIndexSpec.Kind.PRIMARY, List.of(part)));
        }
        if (spec.unique()) {
            pendingIndexes.add(new SqlIndexSpec(null, SqlIndexSpec.Kind.UNIQUE, List.of(part)));
        }
    }

    private void dropColumn(String name) {
        int pos = position(name);
        if (pos < 0) {
            throw DdlErrors.cantDropColumn(name);
        }
        ColumnDef c = columns.remove(pos);
        if (columns.isEmpty()) {
            throw DdlErrors.cantRemoveAllFields();
        }
        addedColumns.remove(Integer.valueOf(c.id()));
        mustBeNotNull.remove(c.id());
        for (IndexDef index : List.copyOf(indexes)) {
            if (index.columns().stream().noneMatch(p -> p.columnId() == c.id())) {
                continue;
            }
            removeIndex(index);
            List<IndexDef.KeyPart> rest = index.columns().stream().filter(p -> p.columnId() != c.id()).toList();
            if (!rest.isEmpty()) {
                IndexDef rebuilt = new IndexDef(nextIndexId++, index.name(), index.kind(), rest);
                indexes.add(rebuilt);
                added.add(rebuilt);
            }
        }
    }

    private void modifyColumn(String oldName, SqlColumnSpec spec) {
        int pos = position(oldName);
        if (pos < 0) {
            throw new MySqlException(ErrorCode.BAD_FIELD_ERROR, oldName, original.name());
        }
        ColumnDef old = columns.get(pos);
        ColumnDef c = ColumnFactory.build(old.id(), spec, original.collation());
        boolean inPrimaryKey = indexes.stream().anyMatch(i -> i.kind() == IndexDef.Kind.PRIMARY
                && i.columns().stream().anyMatch(p -> p.columnId() == old.id()));
        if (inPrimaryKey) {
            c = ColumnFactory.asPrimaryKeyPart(c);
        }
        boolean compatible = ColumnChanges.storageCompatible(old, c);
        c = c.withOriginDefault(compatible ? old.originDefault() : null);
        columns.set(pos, c);
        TableRules.checkDuplicateColumns(columns);
        if (!compatible) {
            needsEmptyTable.add("changing column '" + old.name() + "' from " + ShowCreateTable.typeText(old) + " to "
                    + ShowCreateTable.typeText(c));
        }
        if (old.nullable() && !c.nullable()) {
            mustBeNotNull.add(c.id());
        }
        if (c.autoIncrement() && !old.autoIncrement()) {
            newAutoIncrementColumn = c.id();
        }
        if (spec.primaryKey()) {
            pendingIndexes.add(new SqlIndexSpec(null, SqlIndexSpec.Kind.PRIMARY,
                    List.of(new SqlIndexColumn(c.name(), null, false))));
        }
        if (spec.unique()) {
            pendingIndexes.add(new SqlIndexSpec(null, SqlIndexSpec.Kind.UNIQUE,
                    List.of(new SqlIndexColumn(c.name(), null, false))));
        }
        revalidateIndexesOf(c);
    }

    /** Key parts over a changed column must still be valid for its new type (prefix lengths, BLOB keys). */
    private void revalidateIndexesOf(ColumnDef c) {
        for (IndexDef index : List.copyOf(indexes)) {
            if (index.columns().stream().noneMatch(p -> p.columnId() == c.id())) {
                continue;
            }
            List<SqlIndexColumn> parts = new ArrayList<>();
            for (IndexDef.KeyPart p : index.columns()) {
                String col = columns.stream().filter(x -> x.id() == p.columnId()).findFirst().orElseThrow().name();
                parts.add(new SqlIndexColumn(col, p.prefixLength() > 0 ? p.prefixLength() : null, false));
            }
            List<IndexDef> others = new ArrayList<>(indexes);
            others.remove(index);
            SqlIndexSpec.Kind kind = switch (index.kind()) {
                case PRIMARY -> SqlIndexSpec.Kind.PRIMARY;
                case UNIQUE -> SqlIndexSpec.Kind.UNIQUE;
                case SECONDARY -> SqlIndexSpec.Kind.INDEX;
            };
            IndexDef checked = IndexFactory.build(index.id(), new SqlIndexSpec(index.name(), kind, parts), columns,
                    others, new Warnings());
            if (!checked.columns().equals(index.columns())) {
                needsEmptyTable.add("changing the key parts of index '" + index.name() + "'");
                indexes.set(indexes.indexOf(index), checked);
            }
        }
    }

    private void dropIndex(String name) {
        IndexDef index = indexes.stream().filter(i -> i.name().equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> DdlErrors.cantDropIndex(name));
        removeIndex(index);
    }

    private void removeIndex(IndexDef index) {
        indexes.remove(index);
        if (added.remove(index)) {
            return;
        }
        if (index.kind() == IndexDef.Kind.PRIMARY && handleColumnId >= 0) {
            handleColumnId = -1;
            handleDropped = true;
        } else {
            dropped.add(index.id());
        }
    }

    private void addIndex(SqlIndexSpec spec) {
        IndexDef index = IndexFactory.build(nextIndexId, spec, columns, indexes, warnings);
        if (index == null) {
            return;
        }
        nextIndexId++;
        indexes.add(index);
        added.add(index);
        if (index.kind() == IndexDef.Kind.PRIMARY) {
            for (IndexDef.KeyPart p : index.columns()) {
                int pos = columns.indexOf(columns.stream().filter(c -> c.id() == p.columnId()).findFirst()
                        .orElseThrow());
                ColumnDef c = columns.get(pos);
                if (c.nullable()) {
                    mustBeNotNull.add(c.id());
                }
                columns.set(pos, ColumnFactory.asPrimaryKeyPart(c));
            }
        }
    }

    private int position(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private void publish(TableName renameTo) {
        TableRules.checkAutoIncrement(columns, indexes);
        boolean needsRows = !needsEmptyTable.isEmpty() || !added.isEmpty() || !mustBeNotNull.isEmpty()
                || newAutoIncrementColumn >= 0 || handleDropped || !addedColumns.isEmpty();
        boolean empty = needsRows && TableRows.isEmpty(ctx.catalog().store(), original);
        if (!empty && !needsEmptyTable.isEmpty()) {
            throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, needsEmptyTable.get(0) + " of a table with rows");
        }
        for (int i = 0; i < columns.size(); i++) {
            ColumnDef c = columns.get(i);
            if (addedColumns.contains(c.id())) {
                columns.set(i, c.withOriginDefault(ColumnChanges.originDefault(c, empty)));
            }
        }
        if (handleColumnId < 0 && !handleDropped && empty && original.handleColumnId() < 0) {
            // an empty table that gains an integer primary key can key its rows by it
            handleColumnId = TableRules.handleColumn(columns, indexes);
            if (handleColumnId >= 0) {
                added.removeIf(i -> i.kind() == IndexDef.Kind.PRIMARY);
            }
        }
        TableDef next = new TableDef(original.id(), renameTo == null ? original.database() : renameTo.database(),
                renameTo == null ? original.name() : renameTo.table(), columns, TableRules.sorted(columns, indexes),
                handleColumnId, nextColumnId, nextIndexId, original.comment(), original.collation());
        CatalogChange change = new CatalogChange().putTable(next);
        dropped.forEach(id -> change.dropIndexData(original.id(), id));
        if (handleDropped) {
            long max = TableRows.maxHandle(ctx.catalog().store(), original);
            if (max == Long.MAX_VALUE) {
                throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, "dropping a primary key whose largest value is"
                        + " the largest BIGINT");
            }
            change.rowIdStart(original.id(), max == Long.MIN_VALUE ? 1 : Math.max(1, max + 1));
        }
        List<IndexDef> toFill = added.stream().filter(next::hasIndexEntries).toList();
        if (!empty && (!toFill.isEmpty() || !mustBeNotNull.isEmpty() || newAutoIncrementColumn >= 0)) {
            long maxAuto = fill(next, toFill);
            if (newAutoIncrementColumn >= 0 && maxAuto >= 1) {
                change.autoIncrementStart(original.id(), maxAuto + 1);
            }
        } else {
            toFill.forEach(i -> ctx.catalog().placeIndex(next, i));
        }
        ctx.catalog().apply(change);
    }

    /** Persists the new index ids, places and fills the new indexes; on failure their entries are deleted. */
    private long fill(TableDef next, List<IndexDef> toFill) {
        if (!toFill.isEmpty()) {
            ctx.catalog().apply(new CatalogChange().putTable(new TableDef(original.id(), original.database(),
                    original.name(), original.columns(), original.indexes(), original.handleColumnId(),
                    original.nextColumnId(), nextIndexId, original.comment(), original.collation())));
            toFill.forEach(i -> ctx.catalog().placeIndex(next, i));
        }
        try {
            return new IndexBackfill(ctx.catalog().store(), next, toFill, List.copyOf(mustBeNotNull),
                    newAutoIncrementColumn).run();
        } catch (RuntimeException e) {
            if (!toFill.isEmpty()) {
                CatalogChange cleanup = new CatalogChange();
                toFill.forEach(i -> cleanup.dropIndexData(original.id(), i.id()));
                ctx.catalog().apply(cleanup);
            }
            throw e;
        }
    }
}
