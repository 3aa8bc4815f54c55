package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;

/** The value at a position of the input row. */
public record ColumnRef(int index, SqlType type, boolean nullable) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        return row[index];
    }
}
