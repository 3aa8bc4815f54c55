package io.basalt.sql.parser;

import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;

/**
 * An infix {@code NOT op} form (such as {@code NOT REGEXP}) for the parser's operator-precedence tree builder: it
 * has {@code op}'s precedence, and creating a call of it creates {@code NOT(op(a, b))} instead. Immutable.
 */
final class NegatedBinaryOperator extends SqlBinaryOperator {
    private final SqlBinaryOperator negated;

    NegatedBinaryOperator(String name, SqlBinaryOperator negated) {
        super(name, SqlKind.OTHER, negated.getLeftPrec(), true, ReturnTypes.BOOLEAN_NULLABLE, InferTypes.FIRST_KNOWN,
            OperandTypes.ANY_ANY);
        this.negated = negated;
    }

    @Override
    public SqlCall createCall(SqlLiteral functionQualifier, SqlParserPos pos, SqlNode... operands) {
        return SqlStdOperatorTable.NOT.createCall(pos, negated.createCall(functionQualifier, pos, operands));
    }
}
