package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Values;

/** A `?` placeholder (or a literal the text-protocol plan cache replaced): its value comes with each execution. */
public record ParamRef(int index) implements Expr {
    /** Result metadata of a bare `?` in a select list, as MySQL reports it before knowing the value. */
    private static final SqlType PLACEHOLDER = SqlType.LONGTEXT;

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        return ctx.param(index);
    }

    @Override
    public SqlType type() {
        return PLACEHOLDER;
    }

    @Override
    public boolean dynamicType() {
        return true;
    }

    @Override
    public SqlType typeOf(Object value) {
        return value == null ? SqlType.NULL : Values.typeOf(value);
    }
}
