package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Values;

/** @@[global.|session.]name, read at evaluation time (a SET earlier in the same text is visible). */
public record SystemVariableRef(String name, boolean global, SqlType type) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        var vars = ctx.session().variables();
        return global ? vars.globals().get(name) : vars.get(name);
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
