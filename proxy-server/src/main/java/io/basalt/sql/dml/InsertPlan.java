package io.basalt.sql.dml;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.exec.PlanNode;
import io.basalt.sql.exec.RowSource;
import io.basalt.sql.exec.access.HandleRow;
import io.basalt.sql.exec.access.RowLocker;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.row.Handles;
import io.basalt.sql.row.IndexEntry;
import io.basalt.sql.row.IndexKeys;
import io.basalt.sql.txn.StorageErrors;
import io.basalt.sql.type.SqlType;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.txn.Transaction;

import java.util.ArrayList;
import java.util.List;

/**
 * A bound INSERT / INSERT IGNORE / REPLACE / INSERT ... ON DUPLICATE KEY UPDATE. Rows come from VALUES expressions
 * (one Expr per target column, null = DEFAULT) or from a query. Conflicts for IGNORE/REPLACE/ODKU are found by
 * locking reads of the row's unique keys before writing, so they behave the same in pessimistic and optimistic
 * transactions.
 *
 * @param targets     table column index for each supplied value
 * @param values      VALUES rows (null when {@code source} is a query)
 * @param odkuColumns / odkuValues ON DUPLICATE KEY UPDATE assignments, bound against [existing row..., new row...]
 */
public record InsertPlan(TableDef table, int[] targets, List<Expr[]> values, PlanNode source, SqlType[] sourceTypes,
                         Mode mode, int[] odkuColumns, Expr[] odkuValues) {
    public enum Mode { INSERT, IGNORE, REPLACE, UPSERT }

    public DmlResult execute(ExecContext ctx, boolean foundRows) {
        Transaction txn = ctx.txn();
        long affected = 0;
        long duplicates = 0;
        long firstGenerated = 0;
        long explicitAuto = 0;
        int autoIdx = table.autoIncrementColumn().map(c -> table.columnIndexById(c.id())).orElse(-1);
        List<Object[]> inputs = new ArrayList<>();
        List<SqlType[]> inputTypes = new ArrayList<>();
        if (values != null) {
            for (Expr[] exprs : values) {
                Object[] v = new Object[exprs.length];
                SqlType[] ty = new SqlType[exprs.length];
                for (int i = 0; i < exprs.length; i++) {
                    if (exprs[i] != null) {
                        v[i] = exprs[i].eval(null, ctx);
                        ty[i] = exprs[i].typeOf(v[i]);
                    }
                }
                inputs.add(v);
                inputTypes.add(ty);
            }
        } else {
            try (RowSource in = source.open(ctx)) {
                for (Object[] r = in.next(); r != null; r = in.next()) {
                    inputs.add(r);
                    inputTypes.add(sourceTypes);
                }
            }
        }
        long rowNumber = 0;
        for (int r = 0; r < inputs.size(); r++) {
            rowNumber++;
            Object[] in = inputs.get(r);
            boolean[] given = new boolean[table.columns().size()];
            Object[] row = new Object[table.columns().size()];
            for (int i = 0; i < targets.length; i++) {
                boolean isDefault = values != null && values.get(r)[i] == null;
                if (!isDefault) {
                    ColumnDef c = table.columns().get(targets[i]);
                    row[targets[i]] = ColumnValues.assign(table, c, in[i], inputTypes.get(r)[i], rowNumber, ctx);
                    given[targets[i]] = true;
                }
            }
            for (int i = 0; i < row.length; i++) {
                if (!given[i]) {
                    row[i] = ColumnValues.defaultOf(table, table.columns().get(i), ctx);
                }
            }
            if (autoIdx >= 0) {
                Object v = row[autoIdx];
                if (v == null || (v instanceof Long l && l == 0)) {
                    var vars = ctx.session().variables();
                    long id = ctx.autoIncrement().next(table, vars.getLong("auto_increment_increment"),
                            vars.getLong("auto_increment_offset"));
                    row[autoIdx] = id;
                    if (firstGenerated == 0) {
                        firstGenerated = id;
                    }
                } else if (v instanceof Long l) {
                    allocator(ctx).observe(table, l);
                    explicitAuto = l;
                }
            }
            checkNotNull(row);
            long written = writeRow(txn, ctx, row, foundRows);
            if (written == 0 && mode == Mode.IGNORE) {
                duplicates++;
            }
            affected += written;
        }
        if (firstGenerated != 0) {
            ctx.setLastInsertId(firstGenerated);
        }
        String info = inputs.size() > 1 || source != null
                ? "Records: " + inputs.size() + "  Duplicates: " + duplicates + "  Warnings: "
                        + ctx.session().warnings().count()
                : "";
        return new DmlResult(affected, firstGenerated != 0 ? firstGenerated : explicitAuto, info);
    }

    private static io.basalt.sql.catalog.AutoIncrementAllocator allocator(ExecContext ctx) {
        return ctx.catalog().autoIncrement();
    }

    private void checkNotNull(Object[] row) {
        for (int i = 0; i < row.length; i++) {
            if (row[i] == null && !table.columns().get(i).nullable()) {
                throw new MySqlException(io.basalt.protocol.error.ErrorCode.BAD_NULL_ERROR,
                        table.columns().get(i).name());
            }
        }
    }

    /** Writes one row under the statement's conflict rule; returns its affected-rows contribution. */
    private long writeRow(Transaction txn, ExecContext ctx, Object[] row, boolean foundRows) {
        long handle = table.hasHandleColumn() ? Handles.of(table, row) : 0;
        if (mode == Mode.INSERT) {
            RowWriter.insert(txn, ctx.rowLog(), table,
                    table.hasHandleColumn() ? handle : allocator(ctx).nextRowId(table), row);
            return 1;
        }
        long deleted = 0;
        while (true) {
            Conflict conflict = findConflict(txn, row, handle);
            if (conflict == null) {
                RowWriter.insert(txn, ctx.rowLog(), table,
                        table.hasHandleColumn() ? handle : allocator(ctx).nextRowId(table), row);
                return 1 + deleted;
            }
            switch (mode) {
                case IGNORE -> {
                    ctx.warn(1062, RowWriter.duplicate(table, conflict.index(), row).getMessage());
                    return 0;
                }
                case REPLACE -> {
                    RowWriter.delete(txn, ctx.rowLog(), table, conflict.row());
                    deleted++;
                }
                default -> {
                    return upsert(txn, ctx, conflict.row(), row, foundRows);
                }
            }
        }
    }

    /** An existing row holding one of the new row's unique keys, and which key. */
    private record Conflict(HandleRow row, IndexDef index) {
    }

    private Conflict findConflict(Transaction txn, Object[] row, long handle) {
        try {
            if (table.hasHandleColumn()) {
                HandleRow r = RowLocker.lockAndRead(txn, table, handle);
                if (r != null) {
                    return new Conflict(r, table.primaryKey().orElse(null));
                }
            }
            for (IndexDef idx : table.indexes()) {
                if (!idx.unique() || !table.hasIndexEntries(idx)) {
                    continue;
                }
                IndexEntry e = IndexKeys.entry(table, idx, row, 0);
                if (!e.unique()) {
                    continue;
                }
                byte[] v = txn.lockKeys(List.of(e.key()), true, null).get(0);
                if (v != null) {
                    HandleRow r = RowLocker.lockAndRead(txn, table, IndexKeys.handleOf(idx, e.key(), v));
                    if (r != null) {
                        return new Conflict(r, idx);
                    }
                }
            }
            return null;
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
    }

    private long upsert(Transaction txn, ExecContext ctx, HandleRow existing, Object[] inserting, boolean foundRows) {
        int n = table.columns().size();
        Object[] both = new Object[2 * n];
        System.arraycopy(existing.row(), 0, both, 0, n);
        System.arraycopy(inserting, 0, both, n, n);
        Object[] updated = existing.row().clone();
        for (int i = 0; i < odkuColumns.length; i++) {
            System.arraycopy(updated, 0, both, 0, n);
            ColumnDef c = table.columns().get(odkuColumns[i]);
            Object v = odkuValues[i].eval(both, ctx);
            updated[odkuColumns[i]] = ColumnValues.assign(table, c, v, odkuValues[i].typeOf(v), 1, ctx);
        }
        if (java.util.Arrays.deepEquals(updated, existing.row())) {
            return foundRows ? 1 : 0;
        }
        long newHandle = table.hasHandleColumn() ? Handles.of(table, updated) : existing.handle();
        RowWriter.update(txn, ctx.rowLog(), table, existing, newHandle, updated);
        return 2;
    }
}
