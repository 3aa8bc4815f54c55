package io.basalt.sql.show;

import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.parser.ast.VariableScoped;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.setvar.SystemVariableReader;
import io.basalt.sql.type.SqlType;

import java.util.List;

/** SHOW COUNT(*) WARNINGS | ERRORS: one column labelled {@code @@session.warning_count} / {@code error_count}. */
final class CountWarningsShow implements ShowCommand {
    private final String variable;

    CountWarningsShow(String variable) {
        this.variable = variable;
    }

    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        Object count = SystemVariableReader.read(session, VariableScoped.Scope.SESSION, variable);
        return new ResultSetData(
                List.of(ColumnDefinitions.forExpression("@@session." + variable,
                        SqlType.BIGINT.withLength(21).withUnsigned(true), true)),
                List.<Object[]>of(new Object[] {count}));
    }
}
