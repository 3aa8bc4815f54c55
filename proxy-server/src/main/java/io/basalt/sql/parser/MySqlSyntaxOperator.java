package io.basalt.sql.parser;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;

/**
 * A MySQL operator with its own surface syntax (INTERVAL, CAST(x AS t), CONVERT(x USING cs), EXTRACT, TIMESTAMPDIFF,
 * VALUES(col), expr COLLATE c). The syntax is only needed to print the call back as MySQL text. Immutable.
 */
final class MySqlSyntaxOperator extends SqlSpecialOperator {

    /** Prints one call of the operator. */
    @FunctionalInterface
    interface Printer {
        void print(SqlWriter writer, SqlCall call);
    }

    private final Printer printer;

    MySqlSyntaxOperator(String name, int precedence, SqlReturnTypeInference returnType, Printer printer) {
        super(name, SqlKind.OTHER_FUNCTION, precedence, true, returnType, null, OperandTypes.VARIADIC);
        this.printer = printer;
    }

    @Override
    public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
        printer.print(writer, call);
    }

    /** The text of a literal operand that is syntax (a unit, a type, a charset), printed unquoted. */
    static String word(SqlNode node) {
        return ((SqlLiteral) node).getValueAs(String.class);
    }
}
