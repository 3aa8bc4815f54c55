package io.basalt.sql.parser;

import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.dialect.MysqlSqlDialect;

/**
 * The dialect to print parsed statements back as MySQL text (error messages, SHOW PROCESSLIST): Calcite's MySQL
 * dialect, but string literals escape backslashes as MySQL's lexer requires (without NO_BACKSLASH_ESCAPES), so
 * that the printed text parses to the same values. Immutable.
 */
public final class MySqlTextDialect extends MysqlSqlDialect {
    public static final SqlDialect INSTANCE = new MySqlTextDialect();

    private MySqlTextDialect() {
        super(MysqlSqlDialect.DEFAULT_CONTEXT);
    }

    @Override
    public void quoteStringLiteral(StringBuilder buf, String charsetName, String val) {
        buf.append('\'').append(val.replace("\\", "\\\\").replace("'", "''")).append('\'');
    }
}
