package io.basalt.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementSplitterTest {

    @Test
    void splitsOnSemicolonsOutsideQuotesAndComments() {
        assertThat(BasaltSqlParser.split("SELECT 1; SELECT 2;SELECT 3")).containsExactly("SELECT 1", "SELECT 2",
            "SELECT 3");
        assertThat(BasaltSqlParser.split("SELECT 'a;b'; SELECT \"c;d\"; SELECT `e;f`")).containsExactly(
            "SELECT 'a;b'", "SELECT \"c;d\"", "SELECT `e;f`");
        assertThat(BasaltSqlParser.split("SELECT 'it\\';s'; SELECT 'x'';y'")).containsExactly("SELECT 'it\\';s'",
            "SELECT 'x'';y'");
        assertThat(BasaltSqlParser.split("SELECT 1 /* ; */; SELECT 2 -- ;\n; SELECT 3 # ;\n"))
            .containsExactly("SELECT 1 /* ; */", "SELECT 2 -- ;", "SELECT 3 # ;");
    }

    @Test
    void dropsEmptyPieces() {
        assertThat(BasaltSqlParser.split(";; SELECT 1 ;  ; -- c\n ; /* x */")).containsExactly("SELECT 1");
        assertThat(BasaltSqlParser.split("   ")).isEmpty();
        assertThat(BasaltSqlParser.split("")).isEmpty();
    }

    @Test
    void executableCommentsAreContent() {
        assertThat(BasaltSqlParser.split("/*!40101 SET NAMES utf8 */; SELECT 1"))
            .containsExactly("/*!40101 SET NAMES utf8 */", "SELECT 1");
    }

    @Test
    void piecesParseOneByOne() {
        for (String piece : BasaltSqlParser.split("CREATE TABLE t (a INT); INSERT INTO t VALUES (1); "
            + "UPDATE t SET a = ';'; SELECT * FROM t")) {
            assertThat(BasaltSqlParser.parse(piece)).isNotNull();
        }
    }
}
