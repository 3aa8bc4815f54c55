package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.CatalogChange;
import io.basalt.sql.catalog.CharsetCollation;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DatabaseDef;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.parser.ast.SqlColumnSpec;
import io.basalt.sql.parser.ast.SqlCreateTable;
import io.basalt.sql.parser.ast.SqlIndexColumn;
import io.basalt.sql.parser.ast.SqlIndexSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * CREATE TABLE [IF NOT EXISTS] t (...) [options] and CREATE TABLE t LIKE s. The table id is allocated and its key
 * ranges placed on shards before the definition is published, so no data is ever written before placement.
 * FOREIGN KEY and CHECK constraints are not enforced: each one gets a warning.
 */
final class CreateTable {
    private CreateTable() {
    }

    static long execute(DdlContext ctx, SqlCreateTable stmt, String currentDatabase, Warnings warnings) {
        TableName name = TableName.of(stmt.table(), currentDatabase);
        name.checkValid();
        DatabaseDef db = ctx.requireDatabase(name.database());
        if (ctx.snapshot().table(name.database(), name.table()).isPresent()) {
            if (stmt.ifNotExists()) {
                warnings.add("Note", ErrorCode.TABLE_EXISTS_ERROR.code(),
                        ErrorCode.TABLE_EXISTS_ERROR.format(name.table()));
                return 0;
            }
            throw new MySqlException(ErrorCode.TABLE_EXISTS_ERROR, name.table());
        }
        TableDef def;
        if (stmt.likeTable() != null) {
            TableDef source = ctx.requireTable(TableName.of(stmt.likeTable(), currentDatabase));
            List<ColumnDef> columns = source.columns().stream().map(c -> c.withOriginDefault(null)).toList();
            def = new TableDef(0, name.database(), name.table(), columns, source.indexes(), source.handleColumnId(),
                    source.nextColumnId(), source.nextIndexId(), source.comment(), source.collation());
        } else {
            def = define(name, stmt, db, warnings);
        }
        for (String constraint : stmt.ignoredConstraints()) {
            warnings.warn(ErrorCode.NOT_SUPPORTED_YET.code(),
                    ErrorCode.NOT_SUPPORTED_YET.format("enforcing " + constraint + "; the constraint is ignored"));
        }
        TableDef unplaced = def;
        Long start = stmt.likeTable() == null ? stmt.autoIncrementStart() : null;
        return ctx.withExclusive(List.of(name), () -> {
            TableDef placed = unplaced.withId(ctx.catalog().reserveTableId());
            ctx.catalog().place(placed);
            CatalogChange change = new CatalogChange().putTable(placed);
            if (start != null && start > 1) {
                change.autoIncrementStart(placed.id(), start);
            }
            ctx.catalog().apply(change);
            return 0L;
        });
    }

    private static TableDef define(TableName name, SqlCreateTable stmt, DatabaseDef db, Warnings warnings) {
        String collation = CharsetCollation.resolve(stmt.options().get("CHARSET"), stmt.options().get("COLLATE"),
                db.collation() == null ? CharsetCollation.DEFAULT_COLLATION : db.collation());
        List<ColumnDef> columns = new ArrayList<>();
        List<SqlIndexSpec> indexSpecs = new ArrayList<>();
        int nextColumnId = 1;
        for (SqlColumnSpec spec : stmt.columns()) {
            columns.add(ColumnFactory.build(nextColumnId++, spec, collation));
            TableRules.checkDuplicateColumns(columns);
            SqlIndexColumn part = new SqlIndexColumn(spec.name(), null, false);
            if (spec.primaryKey()) {
                indexSpecs.add(new SqlIndexSpec(null, SqlIndexSpec.Kind.PRIMARY, List.of(part)));
            }
            if (spec.unique()) {
                indexSpecs.add(new SqlIndexSpec(null, SqlIndexSpec.Kind.UNIQUE, List.of(part)));
            }
        }
        indexSpecs.addAll(stmt.indexes());
        List<IndexDef> indexes = new ArrayList<>();
        long nextIndexId = 1;
        for (SqlIndexSpec spec : indexSpecs) {
            IndexDef index = IndexFactory.build(nextIndexId, spec, columns, indexes, warnings);
            if (index != null) {
                indexes.add(index);
                nextIndexId++;
            }
        }
        columns = TableRules.primaryKeyColumnsNotNull(columns, indexes);
        TableRules.checkAutoIncrement(columns, indexes);
        return new TableDef(0, name.database(), name.table(), columns, TableRules.sorted(columns, indexes),
                TableRules.handleColumn(columns, indexes), nextColumnId, nextIndexId, stmt.comment(), collation);
    }
}
