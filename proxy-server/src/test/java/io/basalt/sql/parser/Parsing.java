package io.basalt.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.basalt.protocol.error.MySqlException;
import org.apache.calcite.sql.SqlNode;

/** Shared helpers of the parser tests. */
final class Parsing {

    static final String SYNTAX_PREFIX = "You have an error in your SQL syntax; check the manual that corresponds to "
        + "your MariaDB server version for the right syntax to use near '";

    private Parsing() {
    }

    static <T extends SqlNode> T parseAs(String sql, Class<T> type) {
        SqlNode node = BasaltSqlParser.parse(sql);
        assertThat(node).as(sql).isInstanceOf(type);
        return type.cast(node);
    }

    static MySqlException errorOf(String sql) {
        MySqlException e = catchThrowableOfType(MySqlException.class, () -> BasaltSqlParser.parse(sql));
        assertThat(e).as("no error for: %s", sql).isNotNull();
        return e;
    }

    /** The MySQL text of a node, as SHOW PROCESSLIST and messages would print it. */
    static String mysql(SqlNode node) {
        return node.toSqlString(MySqlTextDialect.INSTANCE).getSql().replace('\n', ' ');
    }
}
