package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.parser.ast.VariableScoped;
import io.basalt.sql.setvar.SystemVariableReader;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Values;

/**
 * @@[global.|session.]name, read at evaluation time (a SET earlier in the same text is visible), with MySQL's scope
 * errors and the variables that live in the session (timestamp, last_insert_id, warning_count, ...).
 */
public record SystemVariableRef(String name, VariableScoped.Scope scope, SqlType type) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        return SystemVariableReader.read(ctx.session(), scope, name);
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
