package io.basalt.sql.parser;

import static org.apache.calcite.util.Static.RESOURCE;

import io.basalt.sql.parser.ast.SqlSystemVariable;
import io.basalt.sql.parser.impl.BasaltSqlParserImplConstants;
import io.basalt.sql.parser.ast.VariableScoped;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.dialect.MysqlSqlDialect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Helpers called from the generated parser's actions (src/main/codegen/includes/parserImpls.ftl), kept in Java so
 * that the grammar file holds grammar. Stateless.
 */
public final class ParseSupport {

    private static final SqlDialect DIALECT = MysqlSqlDialect.DEFAULT;
    /** MySQL's temporal units, simple and compound. */
    private static final Set<String> TIME_UNITS = Set.of("MICROSECOND", "SECOND", "MINUTE", "HOUR", "DAY", "WEEK",
        "MONTH", "QUARTER", "YEAR", "SECOND_MICROSECOND", "MINUTE_MICROSECOND", "MINUTE_SECOND", "HOUR_MICROSECOND",
        "HOUR_SECOND", "HOUR_MINUTE", "DAY_MICROSECOND", "DAY_SECOND", "DAY_MINUTE", "DAY_HOUR", "YEAR_MONTH");

    private ParseSupport() {
    }

    /**
     * A syntax error at {@code pos}; only the position is used, {@link BasaltSqlParser} replaces the message with
     * MySQL's.
     */
    public static CalciteContextException syntaxError(SqlParserPos pos) {
        return SqlUtil.newContextException(pos, RESOURCE.illegalNonQueryExpression());
    }

    /** Whether the tokens after EXPLAIN / DESCRIBE start a statement (rather than name a table). */
    public static boolean isExplainable(int first, int second) {
        return switch (first) {
            case BasaltSqlParserImplConstants.SELECT, BasaltSqlParserImplConstants.WITH,
                 BasaltSqlParserImplConstants.LPAREN, BasaltSqlParserImplConstants.VALUES,
                 BasaltSqlParserImplConstants.TABLE, BasaltSqlParserImplConstants.INSERT,
                 BasaltSqlParserImplConstants.REPLACE, BasaltSqlParserImplConstants.UPDATE,
                 BasaltSqlParserImplConstants.DELETE, BasaltSqlParserImplConstants.ANALYZE -> true;
            case BasaltSqlParserImplConstants.FORMAT -> second == BasaltSqlParserImplConstants.EQ;
            default -> false;
        };
    }

    /** Upper-cases a keyword or word. */
    public static String upper(String word) {
        return word.toUpperCase(Locale.ROOT);
    }

    /** A temporal unit of INTERVAL, EXTRACT, TIMESTAMPADD/DIFF as an upper-case char literal. */
    public static SqlLiteral unitLiteral(String word, SqlParserPos pos) {
        String unit = upper(word);
        if (!TIME_UNITS.contains(unit)) {
            throw syntaxError(pos);
        }
        return SqlLiteral.createCharString(unit, pos);
    }

    /** {@code @@name}, {@code @@session.name}, {@code @@global.name}, {@code @@local.name}. */
    public static SqlSystemVariable systemVariable(String image, SqlParserPos pos) {
        String body = image.substring(2);
        int dot = body.indexOf('.');
        VariableScoped.Scope scope = VariableScoped.Scope.DEFAULT;
        String name = body;
        if (dot > 0) {
            String prefix = body.substring(0, dot).toLowerCase(Locale.ROOT);
            switch (prefix) {
                case "session", "local" -> scope = VariableScoped.Scope.SESSION;
                case "global" -> scope = VariableScoped.Scope.GLOBAL;
                default -> throw syntaxError(pos);
            }
            name = body.substring(dot + 1);
        }
        return new SqlSystemVariable(scope, name, image, pos);
    }

    /** The scope a SET scope word gives: GLOBAL / PERSIST / PERSIST_ONLY are GLOBAL, SESSION / LOCAL are SESSION. */
    public static VariableScoped.Scope scopeOf(String word) {
        return switch (upper(word)) {
            case "GLOBAL", "PERSIST", "PERSIST_ONLY" -> VariableScoped.Scope.GLOBAL;
            default -> VariableScoped.Scope.SESSION;
        };
    }

    /** {@code CURRENT_TIMESTAMP[(precision)]}, the form every NOW() synonym takes in DDL. */
    public static SqlNode currentTimestamp(SqlParserPos pos, SqlNode precision) {
        return precision == null
            ? SqlStdOperatorTable.CURRENT_TIMESTAMP.createCall(pos)
            : SqlStdOperatorTable.CURRENT_TIMESTAMP.createCall(pos, precision);
    }

    /** Whether an identifier used where DDL expects {@code NOW()} names a current-timestamp function. */
    public static boolean isNowFunction(String name) {
        return switch (upper(name)) {
            case "NOW", "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP" -> true;
            default -> false;
        };
    }

    /** MySQL text of an expression, for messages such as ignored CHECK constraints. */
    public static String toSql(SqlNode node) {
        return node.toSqlString(DIALECT).getSql();
    }

    /** Identifier segments joined by dots, e.g. for {@code db.t}. */
    public static String dotted(SqlIdentifier id) {
        return String.join(".", id.names);
    }

    /** A comma-separated list in parentheses, e.g. {@code (a, b)}. */
    public static String parenthesized(List<String> names) {
        return "(" + String.join(", ", names) + ")";
    }

    /** The value of an integer literal token, or a syntax error if it does not fit an int. */
    public static int intValue(String image, SqlParserPos pos) {
        try {
            return Integer.parseInt(image);
        } catch (NumberFormatException e) {
            throw syntaxError(pos);
        }
    }

    /** The value of an integer literal token, or a syntax error if it does not fit a long. */
    public static long longValue(String image, SqlParserPos pos) {
        try {
            return Long.parseLong(image);
        } catch (NumberFormatException e) {
            throw syntaxError(pos);
        }
    }
}
