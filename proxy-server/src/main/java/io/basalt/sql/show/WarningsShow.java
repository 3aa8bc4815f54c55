package io.basalt.sql.show;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.type.SqlType;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;

import java.util.List;

/**
 * SHOW WARNINGS | ERRORS [LIMIT [offset,] n]: Level, Code, Message of the session's diagnostics area (ERRORS: the
 * errors only). Leaving the diagnostics area untouched is the caller's part.
 */
final class WarningsShow implements ShowCommand {
    private final boolean errorsOnly;

    WarningsShow(boolean errorsOnly) {
        this.errorsOnly = errorsOnly;
    }

    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        List<ColumnDefinition> columns = List.of(
                ColumnDefinitions.forExpression("Level", SqlType.varchar(7), false),
                ColumnDefinitions.forExpression("Code", SqlType.INT.withLength(4).withUnsigned(true), false),
                ColumnDefinitions.forExpression("Message", SqlType.varchar(512), false));
        long offset = show.offset() == null ? 0 : limitValue(show.offset());
        long limit = show.limit() == null ? Long.MAX_VALUE : limitValue(show.limit());
        List<Object[]> rows = session.warnings().entries().stream()
                .filter(e -> !errorsOnly || e.level().equals("Error"))
                .skip(offset)
                .limit(limit)
                .map((Warnings.Entry e) -> new Object[] {e.level(), (long) e.code(), e.message()})
                .toList();
        return new ResultSetData(columns, rows);
    }

    private static long limitValue(SqlNode node) {
        if (node instanceof SqlLiteral literal && literal.getValue() instanceof Number) {
            return Math.max(0, literal.longValue(true));
        }
        throw new MySqlException(ErrorCode.WRONG_ARGUMENTS, "LIMIT");
    }
}
