package io.basalt.sql.dml;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.AssignTarget;
import io.basalt.sql.value.ColumnAssigner;
import io.basalt.sql.value.Temporals;

/** Column defaults, assignment conversion and NOT NULL checks for INSERT and UPDATE. */
final class ColumnValues {
    private ColumnValues() {
    }

    /** The value a column gets when an INSERT does not give one (or says DEFAULT). */
    static Object defaultOf(TableDef t, ColumnDef c, ExecContext ctx) {
        DefaultValue d = c.defaultValue();
        if (d instanceof DefaultValue.Constant k) {
            return k.value();
        }
        if (d instanceof DefaultValue.CurrentTimestamp ts) {
            return Temporals.truncate(ctx.statementTime(), ts.fsp());
        }
        if (c.nullable() || c.autoIncrement()) {
            return null;
        }
        throw new MySqlException(1364, "HY000", "Field '" + c.name() + "' doesn't have a default value", null);
    }

    /** Converts {@code v} for storage in column {@code c}; NULL into a NOT NULL column is 1048. */
    static Object assign(TableDef t, ColumnDef c, Object v, SqlType vType, long rowNumber, ExecContext ctx) {
        if (v == null) {
            if (!c.nullable() && !c.autoIncrement()) {
                throw new MySqlException(io.basalt.protocol.error.ErrorCode.BAD_NULL_ERROR, c.name());
            }
            return null;
        }
        return ColumnAssigner.assign(v, vType, new AssignTarget(t.database(), t.name(), c.name(), c.type()),
                rowNumber, ctx, ctx.strictMode());
    }
}
