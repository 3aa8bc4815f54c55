package io.basalt.sql.parser;

import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.util.Optionality;

/**
 * MySQL's {@code GROUP_CONCAT([DISTINCT] expr, ... [ORDER BY ...] [SEPARATOR 's'])}. A call has four operands:
 * SqlNodeList of expressions, SqlNodeList of ORDER BY items (possibly empty), the separator literal and a boolean
 * literal for DISTINCT. Immutable.
 */
final class MySqlGroupConcatFunction extends SqlAggFunction {

    MySqlGroupConcatFunction() {
        super("GROUP_CONCAT", null, SqlKind.OTHER_FUNCTION, ReturnTypes.VARCHAR_NULLABLE, null,
            OperandTypes.VARIADIC, SqlFunctionCategory.STRING, false, false, Optionality.OPTIONAL);
    }

    @Override
    public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
        SqlWriter.Frame frame = writer.startFunCall("GROUP_CONCAT");
        if (((SqlLiteral) call.operand(3)).booleanValue()) {
            writer.keyword("DISTINCT");
        }
        for (SqlNode expression : (SqlNodeList) call.operand(0)) {
            writer.sep(",");
            expression.unparse(writer, 0, 0);
        }
        SqlNodeList orderBy = call.operand(1);
        if (!orderBy.isEmpty()) {
            writer.keyword("ORDER BY");
            SqlWriter.Frame list = writer.startList("", "");
            for (SqlNode item : orderBy) {
                writer.sep(",");
                item.unparse(writer, 0, 0);
            }
            writer.endList(list);
        }
        writer.keyword("SEPARATOR");
        call.operand(2).unparse(writer, 0, 0);
        writer.endFunCall(frame);
    }
}
