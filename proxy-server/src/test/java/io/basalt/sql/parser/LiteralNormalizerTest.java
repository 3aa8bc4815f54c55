package io.basalt.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.codec.StatementText;
import java.math.BigDecimal;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LiteralNormalizerTest {

    private static NormalizedStatement normalize(String sql) {
        NormalizedStatement n = LiteralNormalizer.normalize(sql);
        assertThat(n).as(sql).isNotNull();
        assertThat(dynamicParams(BasaltSqlParser.parse(n.key()))).as("parameters of %s", n.key())
            .isEqualTo(n.literals().size());
        return n;
    }

    private static int dynamicParams(SqlNode node) {
        int[] count = {0};
        node.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlDynamicParam param) {
                count[0]++;
                return null;
            }
        });
        return count[0];
    }

    @Test
    void statementsDifferingOnlyInLiteralsShareTheKey() {
        NormalizedStatement a = normalize("SELECT c FROM sbtest1 WHERE id = 5 AND k > 'x'");
        NormalizedStatement b = normalize("SELECT c FROM sbtest1 WHERE id = 77 AND k > 'it''s'");

        assertThat(a.key()).isEqualTo(b.key()).isEqualTo("SELECT c FROM sbtest1 WHERE id = ? AND k > ?");
        assertThat(a.literals()).containsExactly(5L, "x");
        assertThat(b.literals()).containsExactly(77L, "it's");
    }

    @Test
    void valuesFollowTheValueModel() {
        NormalizedStatement n = normalize("SELECT * FROM t WHERE a = 1 AND b = 1.50 AND c = 2e3 AND d = -7 "
            + "AND e = 99999999999999999999 AND f = \"q\\\"x\" AND g = _utf8mb4'u' AND h = N'n'");
        assertThat(n.literals()).containsExactly(1L, new BigDecimal("1.50"), 2000.0, -7L,
            new BigDecimal("99999999999999999999"), "q\"x", "u", "n");
        assertThat(n.key()).contains("d = ?");
    }

    @Test
    void hexBitAndBinaryLiteralsAreBytes() {
        NormalizedStatement n = normalize("SELECT * FROM t WHERE a = X'0A0B' AND b = 0xff AND c = b'101' "
            + "AND d = _binary'ab'");
        assertThat(n.literals()).hasSize(4);
        assertThat((byte[]) n.literals().get(0)).containsExactly(0x0A, 0x0B);
        assertThat((byte[]) n.literals().get(1)).containsExactly(0xFF);
        assertThat((byte[]) n.literals().get(2)).containsExactly(5);
        assertThat((byte[]) n.literals().get(3)).containsExactly('a', 'b');
    }

    @Test
    void binaryLiteralKeepsBytesThatAreNotUtf8() {
        String sql = "DELETE FROM t WHERE b = " + StatementText.decode(new byte[] {'_', 'b', 'i', 'n', 'a', 'r', 'y',
            '\'', (byte) 0xFF, (byte) 0x80, '\''});
        assertThat((byte[]) normalize(sql).literals().get(0)).containsExactly(0xFF, 0x80);
    }

    @Test
    void binaryMinusStaysAnOperator() {
        NormalizedStatement n = normalize("SELECT * FROM t WHERE a - 1 > -2 AND b IN (-3, 4)");
        assertThat(n.key()).isEqualTo("SELECT * FROM t WHERE a - ? > ? AND b IN (?, ?)");
        assertThat(n.literals()).containsExactly(1L, -2L, -3L, 4L);
    }

    @Test
    void inListsKeepTheirArity() {
        String two = normalize("SELECT * FROM t WHERE a IN (1, 2)").key();
        String three = normalize("SELECT * FROM t WHERE a IN (1, 2, 3)").key();
        assertThat(two).isNotEqualTo(three).endsWith("(?, ?)");
        assertThat(three).endsWith("(?, ?, ?)");
    }

    @Test
    void literalsThatAreSyntaxStay() {
        assertThat(normalize("SELECT a, 1, 'x' FROM t WHERE b = 2 GROUP BY 1 ORDER BY 2 DESC LIMIT 10").key())
            .isEqualTo("SELECT a, 1, 'x' FROM t WHERE b = ? GROUP BY 1 ORDER BY 2 DESC LIMIT ?");
        assertThat(normalize("SELECT * FROM t WHERE CAST(a AS DECIMAL(10,2)) = 1 AND CONVERT(b, CHAR(5)) = 'x'")
            .key()).isEqualTo("SELECT * FROM t WHERE CAST(a AS DECIMAL(10,2)) = ? AND CONVERT(b, CHAR(5)) = ?");
        assertThat(normalize("SELECT * FROM t WHERE d > DATE '2020-01-01' + INTERVAL 3 DAY").key())
            .isEqualTo("SELECT * FROM t WHERE d > DATE '2020-01-01' + INTERVAL ? DAY");
        assertThat(normalize("SELECT * FROM t WHERE a LIKE 'x%' ESCAPE '!' AND b = 'y' COLLATE utf8mb4_bin").key())
            .isEqualTo("SELECT * FROM t WHERE a LIKE ? ESCAPE '!' AND b = ? COLLATE utf8mb4_bin");
        assertThat(normalize("SELECT GROUP_CONCAT(a SEPARATOR ';') FROM t WHERE @'v' = 1").key())
            .isEqualTo("SELECT GROUP_CONCAT(a SEPARATOR ';') FROM t WHERE @'v' = ?");
    }

    @Test
    void dmlStatements() {
        assertThat(normalize("INSERT INTO sbtest1 (id, k, c, pad) VALUES (0, 12, 'cc', 'pp'), (1, 2, 'c', 'p')")
            .key()).isEqualTo("INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?), (?, ?, ?, ?)");
        assertThat(normalize("UPDATE t SET a = 'x', b = b + 1 WHERE id = 7 ORDER BY id LIMIT 1").key())
            .isEqualTo("UPDATE t SET a = ?, b = b + ? WHERE id = ? ORDER BY id LIMIT ?");
        assertThat(normalize("DELETE FROM t WHERE id = 9").key()).isEqualTo("DELETE FROM t WHERE id = ?");
        assertThat(normalize("REPLACE INTO t VALUES (1)").key()).isEqualTo("REPLACE INTO t VALUES (?)");
        assertThat(normalize("INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a = a + 2").key())
            .isEqualTo("INSERT INTO t VALUES (?) ON DUPLICATE KEY UPDATE a = a + ?");
        assertThat(normalize("(SELECT a FROM t WHERE b = 2) UNION (SELECT a FROM u WHERE b = 3)").literals())
            .containsExactly(2L, 3L);
        assertThat(normalize("SELECT a FROM t WHERE b = 1 FOR UPDATE").key())
            .isEqualTo("SELECT a FROM t WHERE b = ? FOR UPDATE");
        assertThat(normalize("/* c 1 */ SELECT a FROM t WHERE b = 1 -- 2").key())
            .isEqualTo("/* c 1 */ SELECT a FROM t WHERE b = ? -- 2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT * FROM t WHERE id = ?", "SHOW TABLES", "SET a = 1", "CREATE TABLE t (a INT)",
        "BEGIN", "SELECT 'unterminated", "SELECT 1 /* open", "", "  -- only comment", "(1)"})
    void notCachedByNormalizedText(String sql) {
        assertThat(LiteralNormalizer.normalize(sql)).isNull();
    }

    @Test
    void sysbenchBulkInsertNormalizesEveryValue() {
        String sql = SysbenchStatementsTest.bulkInsert(100, new java.util.Random(3));
        NormalizedStatement n = normalize(sql);
        assertThat(n.literals()).hasSize(300);
        assertThat(n.key()).startsWith("INSERT INTO sbtest1(k, c, pad) VALUES(?, ?, ?),(?, ?, ?)");
    }
}
