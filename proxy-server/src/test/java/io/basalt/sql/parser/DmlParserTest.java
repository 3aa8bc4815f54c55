package io.basalt.sql.parser;

import static io.basalt.sql.parser.Parsing.errorOf;
import static io.basalt.sql.parser.Parsing.parseAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.parser.ast.SqlLockingSelect;
import io.basalt.sql.parser.ast.SqlMySqlDelete;
import io.basalt.sql.parser.ast.SqlMySqlInsert;
import io.basalt.sql.parser.ast.SqlMySqlUpdate;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.junit.jupiter.api.Test;

class DmlParserTest {

    private static SqlBasicCall row(SqlMySqlInsert insert, int index) {
        return (SqlBasicCall) ((SqlBasicCall) insert.source()).operand(index);
    }

    @Test
    void insertForms() {
        SqlMySqlInsert plain = parseAs("INSERT INTO db.t (a, b) VALUES (1, 'x'), (2, DEFAULT)", SqlMySqlInsert.class);
        assertThat(plain.table().names).containsExactly("db", "t");
        assertThat(plain.ignore()).isFalse();
        assertThat(plain.replace()).isFalse();
        assertThat(plain.onDuplicateKeyUpdate()).isEmpty();
        assertThat(row(plain, 1).operand(1).getKind()).isEqualTo(SqlKind.DEFAULT);

        SqlMySqlInsert value = parseAs("INSERT t VALUE (1)", SqlMySqlInsert.class);
        assertThat(value.columns()).isEmpty();
        assertThat(((SqlBasicCall) value.source()).operandCount()).isEqualTo(1);

        SqlMySqlInsert empty = parseAs("INSERT INTO t () VALUES ()", SqlMySqlInsert.class);
        assertThat(empty.columns()).isEmpty();
        assertThat(row(empty, 0).operandCount()).isZero();

        SqlMySqlInsert ignore = parseAs("INSERT LOW_PRIORITY IGNORE INTO t VALUES (1)", SqlMySqlInsert.class);
        assertThat(ignore.ignore()).isTrue();

        SqlMySqlInsert rowConstructors = parseAs("INSERT INTO t VALUES ROW(1, 2), ROW(3, 4)", SqlMySqlInsert.class);
        assertThat(row(rowConstructors, 1).operandCount()).isEqualTo(2);
    }

    @Test
    void insertSetFormBecomesColumnsAndOneRow() {
        SqlMySqlInsert insert = parseAs("INSERT INTO t SET a = 1, b = 'x', c = DEFAULT", SqlMySqlInsert.class);

        assertThat(insert.columns()).extracting(SqlNode::toString).containsExactly("a", "b", "c");
        SqlBasicCall values = (SqlBasicCall) insert.source();
        assertThat(values.getOperator()).isSameAs(SqlStdOperatorTable.VALUES);
        assertThat(values.operandCount()).isEqualTo(1);
        assertThat(row(insert, 0).operand(2).getKind()).isEqualTo(SqlKind.DEFAULT);
    }

    @Test
    void joinOfADerivedTable() {
        SqlSelect select = parseAs("SELECT c.name, x.cnt FROM c JOIN (SELECT cust_id, COUNT(*) AS cnt FROM o"
            + " GROUP BY cust_id) x ON x.cust_id = c.id", SqlSelect.class);
        assertThat(select.getFrom()).isInstanceOf(SqlJoin.class);
    }

    @Test
    void wordsMySqlDoesNotReserveAreNames() {
        // column names from MariaDB's own corpus and the alias Connector/J's getIndexInfo query uses
        SqlMySqlInsert insert = parseAs("INSERT INTO nonreserved (at, status, comment, action, date, text, year)"
            + " VALUES (1, 2, 3, 4, '2024-01-01', 't', 2024)", SqlMySqlInsert.class);
        assertThat(insert.columns()).extracting(SqlNode::toString)
            .containsExactly("at", "status", "comment", "action", "date", "text", "year");
        SqlSelect select = parseAs("SELECT NULL CARDINALITY, 0 AS PAGES FROM INFORMATION_SCHEMA.STATISTICS",
            SqlSelect.class);
        assertThat(select.getSelectList()).extracting(Parsing::mysql)
            .containsExactly("NULL AS `CARDINALITY`", "0 AS `PAGES`");
    }

    @Test
    void insertFromQuery() {
        assertThat(parseAs("INSERT INTO t SELECT * FROM s", SqlMySqlInsert.class).source())
            .isInstanceOf(SqlSelect.class);
        assertThat(parseAs("INSERT INTO t (a) SELECT x FROM s ORDER BY x LIMIT 3", SqlMySqlInsert.class).source())
            .isInstanceOf(SqlOrderBy.class);
        SqlMySqlInsert parenthesized = parseAs("INSERT INTO t (SELECT * FROM s)", SqlMySqlInsert.class);
        assertThat(parenthesized.columns()).isEmpty();
        assertThat(parenthesized.source()).isInstanceOf(SqlSelect.class);
    }

    @Test
    void onDuplicateKeyUpdate() {
        SqlMySqlInsert insert = parseAs(
            "INSERT INTO t (a, b) VALUES (1, 2) ON DUPLICATE KEY UPDATE b = VALUES(b) + 1, c = DEFAULT",
            SqlMySqlInsert.class);

        assertThat(insert.onDuplicateKeyUpdate()).hasSize(2);
        SqlBasicCall first = (SqlBasicCall) insert.onDuplicateKeyUpdate().get(0);
        assertThat(first.getOperator()).isSameAs(SqlStdOperatorTable.EQUALS);
        assertThat(first.operand(0).toString()).isEqualTo("b");
        SqlBasicCall plus = first.operand(1);
        SqlBasicCall valuesRef = plus.operand(0);
        assertThat(valuesRef.getOperator()).isSameAs(MySqlOperators.VALUES_REF);
        assertThat(valuesRef.operand(0).toString()).isEqualTo("b");
    }

    @Test
    void replace() {
        SqlMySqlInsert replace = parseAs("REPLACE INTO t (a) VALUES (?)", SqlMySqlInsert.class);
        assertThat(replace.replace()).isTrue();
        assertThat((SqlNode) row(replace, 0).operand(0)).isInstanceOf(SqlDynamicParam.class);
        assertThat(parseAs("REPLACE t SET a = 1", SqlMySqlInsert.class).replace()).isTrue();
    }

    @Test
    void updateWithAliasOrderAndLimit() {
        SqlMySqlUpdate update = parseAs(
            "UPDATE LOW_PRIORITY IGNORE t AS x SET x.a = 1, b = b * 2 WHERE id > 5 ORDER BY id DESC LIMIT 10",
            SqlMySqlUpdate.class);

        assertThat(update.alias()).isEqualTo("x");
        assertThat(update.ignore()).isTrue();
        assertThat(update.targetColumns()).extracting(SqlNode::toString).containsExactly("x.a", "b");
        assertThat(update.sourceExpressions().get(1).getKind()).isEqualTo(SqlKind.TIMES);
        assertThat(update.where().getKind()).isEqualTo(SqlKind.GREATER_THAN);
        assertThat(update.orderBy()).singleElement().satisfies(o -> assertThat(o.getKind())
            .isEqualTo(SqlKind.DESCENDING));
        assertThat(((SqlLiteral) update.limit()).intValue(true)).isEqualTo(10);

        SqlMySqlUpdate bare = parseAs("UPDATE t SET a = DEFAULT", SqlMySqlUpdate.class);
        assertThat(bare.alias()).isNull();
        assertThat(bare.where()).isNull();
        assertThat(bare.orderBy()).isEmpty();
        assertThat(bare.limit()).isNull();
        assertThat(bare.sourceExpressions().get(0).getKind()).isEqualTo(SqlKind.DEFAULT);
    }

    @Test
    void multiTableUpdateIsASyntaxError() {
        assertThat(errorOf("UPDATE t1, t2 SET t1.a = t2.a").getMessage()).contains("near ', t2 SET t1.a = t2.a'");
    }

    @Test
    void deleteWithOrderAndLimit() {
        SqlMySqlDelete delete = parseAs("DELETE QUICK FROM t x WHERE a = 1 ORDER BY a LIMIT ?",
            SqlMySqlDelete.class);
        assertThat(delete.alias()).isEqualTo("x");
        assertThat(delete.orderBy()).hasSize(1);
        assertThat(delete.limit()).isInstanceOf(SqlDynamicParam.class);

        SqlMySqlDelete all = parseAs("DELETE FROM t", SqlMySqlDelete.class);
        assertThat(all.where()).isNull();
        assertThat(all.alias()).isNull();
    }

    @Test
    void lockingReads() {
        SqlLockingSelect forUpdate = parseAs("SELECT * FROM t WHERE id = 1 FOR UPDATE", SqlLockingSelect.class);
        assertThat(forUpdate.lockMode()).isEqualTo(SqlLockingSelect.LockMode.FOR_UPDATE);
        assertThat(forUpdate.query()).isInstanceOf(SqlSelect.class);
        assertThat(forUpdate.nowait()).isFalse();

        SqlLockingSelect share = parseAs("SELECT * FROM t LIMIT 1 LOCK IN SHARE MODE", SqlLockingSelect.class);
        assertThat(share.lockMode()).isEqualTo(SqlLockingSelect.LockMode.SHARE);
        assertThat(share.query()).isInstanceOf(SqlOrderBy.class);

        SqlLockingSelect forShare = parseAs("SELECT a FROM t FOR SHARE SKIP LOCKED", SqlLockingSelect.class);
        assertThat(forShare.lockMode()).isEqualTo(SqlLockingSelect.LockMode.SHARE);
        assertThat(forShare.skipLocked()).isTrue();

        assertThat(parseAs("SELECT a FROM t\nFOR\tUPDATE OF t NOWAIT", SqlLockingSelect.class).nowait()).isTrue();
    }
}
