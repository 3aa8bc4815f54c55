package io.basalt.sql.parser;

import static io.basalt.sql.parser.Parsing.parseAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.parser.ast.SqlAnalyzeTable;
import io.basalt.sql.parser.ast.SqlBegin;
import io.basalt.sql.parser.ast.SqlColumnSpec;
import io.basalt.sql.parser.ast.SqlCommit;
import io.basalt.sql.parser.ast.SqlCreateIndex;
import io.basalt.sql.parser.ast.SqlCreateTable;
import io.basalt.sql.parser.ast.SqlDropTable;
import io.basalt.sql.parser.ast.SqlIndexColumn;
import io.basalt.sql.parser.ast.SqlIndexSpec;
import io.basalt.sql.parser.ast.SqlMySqlDelete;
import io.basalt.sql.parser.ast.SqlMySqlInsert;
import io.basalt.sql.parser.ast.SqlMySqlUpdate;
import io.basalt.sql.parser.ast.SqlSetStatement;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.junit.jupiter.api.Test;

/** Every statement sysbench 1.0.x sends (specs/mysql-clients-and-anchors.md A.3), verbatim. */
class SysbenchStatementsTest {

    static final String PREPARE_CREATE_TABLE = "CREATE TABLE sbtest1(\n"
        + "  id INTEGER NOT NULL AUTO_INCREMENT,\n"
        + "  k INTEGER DEFAULT '0' NOT NULL,\n"
        + "  c CHAR(120) DEFAULT '' NOT NULL,\n"
        + "  pad CHAR(60) DEFAULT '' NOT NULL,\n"
        + "  PRIMARY KEY (id)\n"
        + ") /*! ENGINE = innodb */ ";

    @Test
    void prepareCreateTableKeepsEveryColumnAttributeAndTheExecutableCommentsEngine() {
        SqlCreateTable create = parseAs(PREPARE_CREATE_TABLE, SqlCreateTable.class);

        assertThat(create.table().names).containsExactly("sbtest1");
        assertThat(create.ifNotExists()).isFalse();
        assertThat(create.columns()).extracting(SqlColumnSpec::name).containsExactly("id", "k", "c", "pad");
        SqlColumnSpec id = create.columns().get(0);
        assertThat(id.type().name()).isEqualTo("INT");
        assertThat(id.notNull()).isTrue();
        assertThat(id.autoIncrement()).isTrue();
        assertThat(id.defaultValue()).isNull();
        SqlColumnSpec k = create.columns().get(1);
        assertThat(((SqlLiteral) k.defaultValue()).getValueAs(String.class)).isEqualTo("0");
        assertThat(k.notNull()).isTrue();
        SqlColumnSpec c = create.columns().get(2);
        assertThat(c.type().name()).isEqualTo("CHAR");
        assertThat(c.type().length()).isEqualTo(120);
        assertThat(((SqlLiteral) c.defaultValue()).getValueAs(String.class)).isEmpty();
        assertThat(create.indexes()).containsExactly(
            new SqlIndexSpec(null, SqlIndexSpec.Kind.PRIMARY, List.of(new SqlIndexColumn("id", null, false))));
        assertThat(create.options()).containsEntry("ENGINE", "innodb");
    }

    @Test
    void prepareVariantsWithoutAutoIncrementAndWithSecondaryKey() {
        SqlCreateTable noAutoInc = parseAs(PREPARE_CREATE_TABLE
            .replace("INTEGER NOT NULL AUTO_INCREMENT", "INTEGER NOT NULL"), SqlCreateTable.class);
        assertThat(noAutoInc.columns().get(0).autoIncrement()).isFalse();

        SqlCreateTable secondary = parseAs(PREPARE_CREATE_TABLE.replace("PRIMARY KEY (id)", "KEY xid (id)"),
            SqlCreateTable.class);
        assertThat(secondary.indexes()).containsExactly(
            new SqlIndexSpec("xid", SqlIndexSpec.Kind.INDEX, List.of(new SqlIndexColumn("id", null, false))));

        SqlCreateTable bulk = parseAs("CREATE TABLE IF NOT EXISTS sbtest3 (id INTEGER NOT NULL, "
            + "k INTEGER DEFAULT '0' NOT NULL, PRIMARY KEY (id))", SqlCreateTable.class);
        assertThat(bulk.ifNotExists()).isTrue();
        assertThat(bulk.columns()).hasSize(2);
    }

    @Test
    void bulkInsertOf3000RowsParsesIntoOneValuesCall() {
        String sql = bulkInsert(3000, new Random(42));
        assertThat(sql.length()).isGreaterThan(512 * 1024);

        long start = System.nanoTime();
        SqlMySqlInsert insert = parseAs(sql, SqlMySqlInsert.class);
        long firstMicros = (System.nanoTime() - start) / 1000;
        start = System.nanoTime();
        BasaltSqlParser.parse(sql);
        long againMicros = (System.nanoTime() - start) / 1000;
        // reported, not asserted: timing asserts are flaky on shared machines
        System.out.printf("3000-row sysbench INSERT (%d chars) parsed in %d us, again in %d us%n", sql.length(),
            firstMicros, againMicros);

        assertThat(insert.columns()).extracting(SqlNode::toString).containsExactly("k", "c", "pad");
        SqlBasicCall values = (SqlBasicCall) insert.source();
        assertThat(values.getOperator()).isSameAs(SqlStdOperatorTable.VALUES);
        assertThat(values.getOperandList()).hasSize(3000);
        SqlBasicCall last = (SqlBasicCall) values.getOperandList().get(2999);
        assertThat(last.getKind()).isEqualTo(SqlKind.ROW);
        assertThat(((SqlLiteral) last.operand(1)).getValueAs(String.class)).hasSize(119);
        assertThat(((SqlLiteral) last.operand(2)).getValueAs(String.class)).hasSize(59);
    }

    @Test
    void bulkInsertLuaAndOltpInsertText() {
        SqlMySqlInsert bulk = parseAs("INSERT INTO sbtest1 VALUES(1,1),(2,2),(3,3)", SqlMySqlInsert.class);
        assertThat(bulk.columns()).isEmpty();
        assertThat(((SqlBasicCall) bulk.source()).operandCount()).isEqualTo(3);

        SqlMySqlInsert oltp = parseAs("INSERT INTO sbtest7 (id, k, c, pad) VALUES (0, 4567, '"
            + digits(new Random(1), 10) + "', '" + digits(new Random(2), 5) + "')", SqlMySqlInsert.class);
        SqlBasicCall row = (SqlBasicCall) ((SqlBasicCall) oltp.source()).operand(0);
        assertThat(((SqlLiteral) row.operand(0)).longValue(true)).isZero();
    }

    @Test
    void preparedReadStatementsHaveOrderedDynamicParameters() {
        SqlSelect point = parseAs("SELECT c FROM sbtest1 WHERE id=?", SqlSelect.class);
        assertThat((SqlNode) ((SqlBasicCall) point.getWhere()).operand(1)).isInstanceOf(SqlDynamicParam.class);

        SqlSelect range = parseAs("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?", SqlSelect.class);
        SqlBasicCall between = (SqlBasicCall) range.getWhere();
        assertThat(between.getKind()).isEqualTo(SqlKind.BETWEEN);
        assertThat(((SqlDynamicParam) between.operand(1)).getIndex()).isZero();
        assertThat(((SqlDynamicParam) between.operand(2)).getIndex()).isEqualTo(1);

        SqlSelect sum = parseAs("SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?", SqlSelect.class);
        assertThat(((SqlBasicCall) sum.getSelectList().get(0)).getOperator().getName()).isEqualTo("SUM");

        SqlOrderBy ordered = parseAs("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c", SqlOrderBy.class);
        assertThat(ordered.orderList).hasSize(1);

        SqlOrderBy distinct = parseAs("SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
            SqlOrderBy.class);
        assertThat(((SqlSelect) distinct.query).isDistinct()).isTrue();
    }

    @Test
    void preparedWriteStatements() {
        SqlMySqlUpdate index = parseAs("UPDATE sbtest1 SET k=k+1 WHERE id=?", SqlMySqlUpdate.class);
        assertThat(index.targetColumns()).extracting(SqlNode::toString).containsExactly("k");
        assertThat(index.sourceExpressions().get(0).getKind()).isEqualTo(SqlKind.PLUS);

        SqlMySqlUpdate nonIndex = parseAs("UPDATE sbtest1 SET c=? WHERE id=?", SqlMySqlUpdate.class);
        assertThat(((SqlDynamicParam) nonIndex.sourceExpressions().get(0)).getIndex()).isZero();
        assertThat(((SqlDynamicParam) ((SqlBasicCall) nonIndex.where()).operand(1)).getIndex()).isEqualTo(1);

        SqlMySqlDelete delete = parseAs("DELETE FROM sbtest1 WHERE id=?", SqlMySqlDelete.class);
        assertThat(delete.table().names).containsExactly("sbtest1");
        assertThat(delete.orderBy()).isEmpty();
        assertThat(delete.limit()).isNull();

        SqlMySqlInsert insert = parseAs("INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)",
            SqlMySqlInsert.class);
        SqlBasicCall row = (SqlBasicCall) ((SqlBasicCall) insert.source()).operand(0);
        assertThat(row.getOperandList()).hasSize(4).allSatisfy(n -> assertThat(n).isInstanceOf(SqlDynamicParam.class));
    }

    @Test
    void indexTransactionCleanupAndPrewarmStatements() {
        SqlCreateIndex index = parseAs("CREATE INDEX k_1 ON sbtest1(k)", SqlCreateIndex.class);
        assertThat(index.name()).isEqualTo("k_1");
        assertThat(index.kind()).isEqualTo(SqlIndexSpec.Kind.INDEX);
        assertThat(index.columns()).containsExactly(new SqlIndexColumn("k", null, false));

        SqlDropTable drop = parseAs("DROP TABLE IF EXISTS sbtest1", SqlDropTable.class);
        assertThat(drop.ifExists()).isTrue();
        assertThat(drop.tables()).extracting(SqlNode::toString).containsExactly("sbtest1");

        parseAs("BEGIN", SqlBegin.class);
        parseAs("COMMIT", SqlCommit.class);
        parseAs("SET tmp_table_size=1048576", SqlSetStatement.class);
        parseAs("ANALYZE TABLE sbtest1", SqlAnalyzeTable.class);
        SqlSelect avg = parseAs("SELECT AVG(id) FROM (SELECT * FROM sbtest1 FORCE KEY (PRIMARY) LIMIT 10000) t",
            SqlSelect.class);
        assertThat(avg.getFrom().getKind()).isEqualTo(SqlKind.AS);
        parseAs("SELECT COUNT(*) FROM (SELECT * FROM sbtest1 WHERE k LIKE '%0%' LIMIT 10000) t", SqlSelect.class);
    }

    /** sysbench's bulk INSERT: the head, then rows appended with no space after VALUES. */
    static String bulkInsert(int rows, Random random) {
        StringJoiner joiner = new StringJoiner(",", "INSERT INTO sbtest1(k, c, pad) VALUES", "");
        for (int i = 0; i < rows; i++) {
            joiner.add("(" + (1 + random.nextInt(10_000)) + ", '" + digits(random, 10) + "', '"
                + digits(random, 5) + "')");
        }
        return joiner.toString();
    }

    /** {@code groups} groups of 11 digits joined by dashes, as sysbench's c and pad columns. */
    static String digits(Random random, int groups) {
        StringJoiner joiner = new StringJoiner("-");
        for (int g = 0; g < groups; g++) {
            StringBuilder group = new StringBuilder();
            for (int d = 0; d < 11; d++) {
                group.append((char) ('0' + random.nextInt(10)));
            }
            joiner.add(group);
        }
        return joiner.toString();
    }
}
