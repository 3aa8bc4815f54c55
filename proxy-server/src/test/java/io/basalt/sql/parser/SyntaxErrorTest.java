package io.basalt.sql.parser;

import static io.basalt.sql.parser.Parsing.SYNTAX_PREFIX;
import static io.basalt.sql.parser.Parsing.errorOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** 1064 / 1065 errors with MySQL's wording, near-text and line, measured on the client's own text. */
class SyntaxErrorTest {

    private static void assertNear(String sql, String near, int line) {
        MySqlException e = errorOf(sql);
        assertThat(e.code()).isEqualTo(1064);
        assertThat(e.sqlState()).isEqualTo("42000");
        assertThat(e.getMessage()).isEqualTo(SYNTAX_PREFIX + near + "' at line " + line);
    }

    @Test
    void messagesAsMySqlPrintsThem() {
        // mysql 8.0: ERROR 1064 (42000): ... near 'SELEC 1' at line 1
        assertNear("SELEC 1", "SELEC 1", 1);
        // mysql 8.0: ERROR 1064 (42000): ... near '' at line 1
        assertNear("SELECT * FROM", "", 1);
        assertNear("SELECT * FROM t WHERE", "", 1);
        assertNear("select a from t where b = 1 limit", "", 1);
        // mariadb 10.11: ... near '' at line 1
        assertNear("SELECT 1 +", "", 1);
    }

    @Test
    void starTakesNoAlias() {
        // mariadb 10.11: ... near 'FORM t' at line 1 (FORM is not an alias of *)
        assertNear("SELECT * FORM t", "FORM t", 1);
        assertNear("SELECT t.* AS x FROM t", "AS x FROM t", 1);
        assertNear("SELECT a FROM (SELECT * y FROM t) d", "y FROM t) d", 1);
    }

    @Test
    void lineNumberAndNearTextComeFromTheErrorToken() {
        assertNear("SELECT a,\n  b\nFROM t\nWHERE c = 1 GROUP x", "x", 4);
        assertNear("CREATE TABLE t (\n  a INT,\n  b INT NOT NUL\n)", "NUL\n)", 3);
        assertNear("INSERT INTO t VALUES (1,)", ")", 1);
    }

    @Test
    void positionsPointIntoTheOriginalTextAfterLexicalRewriting() {
        assertNear("SELECT \"a\\tb\" /* comment */ , 0x0A # c\n FROM t WHERE x = _utf8mb4'y' BLAH 1",
            "BLAH 1", 2);
        assertNear("SELECT 'it''s' 'x' FROM FROM", "FROM", 1);
        assertNear("SELECT a FROM t WHERE d > NOW() - INTERVAL 1 FORTNIGHT", "FORTNIGHT", 1);
    }

    @Test
    void nearTextIsCutAt80Characters() {
        String tail = "x".repeat(200);
        MySqlException e = errorOf("SELEC " + tail);
        assertThat(e.getMessage()).isEqualTo(SYNTAX_PREFIX + ("SELEC " + tail).substring(0, 80) + "' at line 1");
    }

    @Test
    void unterminatedQuotesAndCommentsPointAtTheirStart() {
        assertNear("SELECT 'abc", "'abc", 1);
        assertNear("SELECT \"abc\\\"", "\"abc\\\"", 1);
        assertNear("SELECT `abc", "`abc", 1);
        assertNear("SELECT 1 /* open", "/* open", 1);
        assertNear("SELECT 1 /*! open", "/*! open", 1);
    }

    @Test
    void statementsMySqlDoesNotHaveAreSyntaxErrors() {
        assertThat(errorOf("MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN UPDATE SET b = 1").code())
            .isEqualTo(1064);
        assertThat(errorOf("ALTER SESSION SET x = 1").code()).isEqualTo(1064);
        assertThat(errorOf("SELECT 1; SELECT 2").getMessage()).contains("near '; SELECT 2'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", ";", " ;; ", "-- only a comment", "# hash comment\n", "/* block */",
        "/*+ hint */"})
    void emptyQueries(String sql) {
        MySqlException e = errorOf(sql);
        assertThat(e.code()).isEqualTo(ErrorCode.EMPTY_QUERY.code());
        assertThat(e.getMessage()).isEqualTo("Query was empty");
    }

    @Test
    void deepNestingIsAnErrorNotACrash() {
        String sql = "SELECT " + "(".repeat(50_000) + "1" + ")".repeat(50_000);
        assertThat(errorOf(sql).code()).isEqualTo(1064);
    }
}
