package io.basalt.sql.parser;

import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlPrefixOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;

/**
 * The MySQL operators that Calcite's standard table lacks, as produced by {@link BasaltSqlParser}. Precedences follow
 * MySQL's operator precedence on Calcite's scale (OR 22, AND 24, NOT 26, comparison 30, LIKE 32, + - 40, * / 60,
 * unary 80), so that printing and tree building agree with MySQL. Return types are indicative only: the engine
 * gives MySQL semantics. Stateless, shared.
 */
public final class MySqlOperators {

    /** Precedence of the function-like syntaxes: as tight as a function call, so printing never parenthesizes them. */
    private static final int ATOM = 100;

    /** Integer division, {@code a DIV b}. */
    public static final SqlBinaryOperator DIV = binary("DIV", 60, ReturnTypes.BIGINT_NULLABLE);
    /** {@code a MOD b}, {@code a % b}, {@code MOD(a, b)}. */
    public static final SqlBinaryOperator MOD = binary("MOD", 60, ReturnTypes.NULLABLE_MOD);
    /** Logical exclusive or; binds between AND and OR. */
    public static final SqlBinaryOperator XOR = new XorOperator();
    /** {@code a <=> b}: equality where NULL equals NULL; never NULL. */
    public static final SqlBinaryOperator NULL_SAFE_EQUAL = binary("<=>", 30, ReturnTypes.BOOLEAN);
    /** {@code a REGEXP b}, {@code a RLIKE b}; NOT REGEXP is {@code NOT(REGEXP)}. */
    public static final SqlBinaryOperator REGEXP = binary("REGEXP", 32, ReturnTypes.BOOLEAN_NULLABLE);
    public static final SqlBinaryOperator BIT_OR = binary("|", 34, ReturnTypes.BIGINT_NULLABLE);
    public static final SqlBinaryOperator BIT_AND = binary("&", 36, ReturnTypes.BIGINT_NULLABLE);
    public static final SqlBinaryOperator SHIFT_LEFT = binary("<<", 38, ReturnTypes.BIGINT_NULLABLE);
    public static final SqlBinaryOperator SHIFT_RIGHT = binary(">>", 38, ReturnTypes.BIGINT_NULLABLE);
    public static final SqlBinaryOperator BIT_XOR = binary("^", 70, ReturnTypes.BIGINT_NULLABLE);
    public static final SqlPrefixOperator BIT_NOT = prefix("~", ReturnTypes.BIGINT_NULLABLE);
    /**
     * Parse-time form of {@code a NOT REGEXP b}: building a call of it yields {@code NOT(REGEXP(a, b))}, so it never
     * appears in a tree. Public only because the generated parser lives in another package.
     */
    public static final SqlBinaryOperator NOT_REGEXP = new NegatedBinaryOperator("NOT REGEXP", REGEXP);
    /** {@code BINARY expr}: the operand as a binary string. */
    public static final SqlPrefixOperator BINARY = prefix("BINARY", ReturnTypes.VARBINARY_NULLABLE);
    /** {@code @v := expr}: assigns a user variable and yields the value. Operands: SqlUserVariable, expr. */
    public static final SqlBinaryOperator ASSIGN = new SqlBinaryOperator(":=", SqlKind.OTHER, 20, false,
        ReturnTypes.ARG1, InferTypes.RETURN_TYPE, OperandTypes.ANY_ANY);

    /** {@code INTERVAL expr UNIT}. Operands: the value expression, the unit as a char literal ("DAY", "DAY_SECOND"). */
    public static final SqlOperator INTERVAL = syntax("INTERVAL", ATOM, null,
        (w, c) -> {
            w.keyword("INTERVAL");
            c.operand(0).unparse(w, 0, 0);
            w.keyword(MySqlSyntaxOperator.word(c.operand(1)));
        });
    /** {@code expr COLLATE name}. Operands: expr, the collation as a char literal. */
    public static final SqlBinaryOperator COLLATE = binary("COLLATE", 90, ReturnTypes.ARG0);
    /**
     * {@code CAST(expr AS type)} and {@code CONVERT(expr, type)}. Operands: expr, the target type text as a char
     * literal: SIGNED, UNSIGNED, CHAR, CHAR(10), BINARY, DECIMAL(10,2), DATE, DATETIME(3), TIME, DOUBLE, JSON...
     */
    public static final SqlOperator CAST = syntax("CAST", ATOM, null,
        (w, c) -> {
            SqlWriter.Frame frame = w.startFunCall("CAST");
            c.operand(0).unparse(w, 0, 0);
            w.sep("AS");
            w.keyword(MySqlSyntaxOperator.word(c.operand(1)));
            w.endFunCall(frame);
        });
    /** {@code CONVERT(expr USING charset)}. Operands: expr, the charset as a char literal. */
    public static final SqlOperator CONVERT_USING = syntax("CONVERT", ATOM, ReturnTypes.ARG0,
        (w, c) -> {
            SqlWriter.Frame frame = w.startFunCall("CONVERT");
            c.operand(0).unparse(w, 0, 0);
            w.sep("USING");
            w.identifier(MySqlSyntaxOperator.word(c.operand(1)), false);
            w.endFunCall(frame);
        });
    /** {@code EXTRACT(unit FROM expr)}. Operands: the unit as a char literal, expr. */
    public static final SqlOperator EXTRACT = syntax("EXTRACT", ATOM, ReturnTypes.BIGINT_NULLABLE,
        (w, c) -> {
            SqlWriter.Frame frame = w.startFunCall("EXTRACT");
            w.keyword(MySqlSyntaxOperator.word(c.operand(0)));
            w.sep("FROM");
            c.operand(1).unparse(w, 0, 0);
            w.endFunCall(frame);
        });
    /** {@code TIMESTAMPDIFF(unit, a, b)}. Operands: the unit as a char literal, a, b. */
    public static final SqlOperator TIMESTAMP_DIFF = unitFunction("TIMESTAMPDIFF", ReturnTypes.BIGINT_NULLABLE);
    /** {@code TIMESTAMPADD(unit, n, t)}. Operands: the unit as a char literal, n, t. */
    public static final SqlOperator TIMESTAMP_ADD = unitFunction("TIMESTAMPADD", ReturnTypes.ARG2_NULLABLE);
    /** See {@link MySqlGroupConcatFunction} for the operand layout. */
    public static final SqlAggFunction GROUP_CONCAT = new MySqlGroupConcatFunction();
    /** {@code VALUES(col)} inside ON DUPLICATE KEY UPDATE: the value the row would have inserted. One identifier. */
    public static final SqlOperator VALUES_REF = syntax("VALUES", ATOM, ReturnTypes.ARG0,
        (w, c) -> {
            SqlWriter.Frame frame = w.startFunCall("VALUES");
            c.operand(0).unparse(w, 0, 0);
            w.endFunCall(frame);
        });

    private MySqlOperators() {
    }

    private static SqlBinaryOperator binary(String name, int precedence, SqlReturnTypeInference returnType) {
        return new SqlBinaryOperator(name, SqlKind.OTHER, precedence, true, returnType, InferTypes.FIRST_KNOWN,
            OperandTypes.ANY_ANY);
    }

    private static SqlPrefixOperator prefix(String name, SqlReturnTypeInference returnType) {
        return new SqlPrefixOperator(name, SqlKind.OTHER, 80, returnType, InferTypes.RETURN_TYPE, OperandTypes.ANY);
    }

    private static SqlOperator syntax(String name, int precedence, SqlReturnTypeInference returnType,
                                      MySqlSyntaxOperator.Printer printer) {
        return new MySqlSyntaxOperator(name, precedence, returnType, printer);
    }

    private static SqlOperator unitFunction(String name, SqlReturnTypeInference returnType) {
        return syntax(name, ATOM, returnType, (w, c) -> {
            SqlWriter.Frame frame = w.startFunCall(name);
            w.keyword(MySqlSyntaxOperator.word(c.operand(0)));
            for (SqlNode operand : c.getOperandList().subList(1, c.operandCount())) {
                w.literal(",");
                operand.unparse(w, 0, 0);
            }
            w.endFunCall(frame);
        });
    }
}
