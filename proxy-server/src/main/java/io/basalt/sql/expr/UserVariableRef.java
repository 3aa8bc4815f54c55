package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Values;

/** @name: the session's user variable, NULL when never set. */
public record UserVariableRef(String name) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        return ctx.session().userVariables().get(name);
    }

    @Override
    public SqlType type() {
        return SqlType.LONGTEXT;
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
