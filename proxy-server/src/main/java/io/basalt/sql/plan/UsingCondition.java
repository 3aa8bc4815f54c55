package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.ArrayList;
import java.util.List;

/** JOIN ... USING (a, b): the equivalent ON left.a = right.a AND left.b = right.b. */
final class UsingCondition {
    private UsingCondition() {
    }

    static SqlNode expand(SqlNode using, List<ScopeColumn> leftCols, List<ScopeColumn> rightCols) {
        List<SqlNode> equalities = new ArrayList<>();
        for (SqlNode n : (SqlNodeList) using) {
            String col = ((SqlIdentifier) n).getSimple();
            String lq = qualifierOf(col, leftCols);
            String rq = qualifierOf(col, rightCols);
            equalities.add(new SqlBasicCall(SqlStdOperatorTable.EQUALS, List.of(
                    new SqlIdentifier(List.of(lq, col), SqlParserPos.ZERO),
                    new SqlIdentifier(List.of(rq, col), SqlParserPos.ZERO)), SqlParserPos.ZERO));
        }
        SqlNode on = equalities.get(0);
        for (int i = 1; i < equalities.size(); i++) {
            on = new SqlBasicCall(SqlStdOperatorTable.AND, List.of(on, equalities.get(i)), SqlParserPos.ZERO);
        }
        return on;
    }

    private static String qualifierOf(String col, List<ScopeColumn> side) {
        for (ScopeColumn c : side) {
            if (c.name().equalsIgnoreCase(col)) {
                return c.qualifier();
            }
        }
        throw new MySqlException(ErrorCode.BAD_FIELD_ERROR, col, "from clause");
    }
}
