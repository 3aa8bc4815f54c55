package io.basalt.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.codec.StatementText;
import io.basalt.protocol.error.MySqlException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MySqlLexicalNormalizerTest {

    private static String normalized(String sql) {
        return MySqlLexicalNormalizer.normalize(sql).text();
    }

    @ParameterizedTest(name = "[{0}] -> [{1}]")
    @CsvSource(delimiter = '|', quoteCharacter = '~', ignoreLeadingAndTrailingWhitespace = false, value = {
        "SELECT 1 # comment|SELECT 1  ",
        "SELECT 1 -- comment|SELECT 1  ",
        "SELECT 1 --\tcomment|SELECT 1  ",
        "SELECT 1--1|SELECT 1- -1",
        "SELECT /* c */ 1|SELECT   1",
        "SELECT /*+ MAX_EXECUTION_TIME(5) */ 1|SELECT   1",
        "SELECT /*M! 1 */ 2|SELECT   2",
        "SELECT /*! 1 */|SELECT   1  ",
        "SELECT /*!40101 1 */|SELECT   1  ",
        "SELECT /*!80000 1 */|SELECT   1  ",
        "SELECT /*!90000 1 */ 2|SELECT   2",
        "SELECT \"dq\"|SELECT 'dq'",
        "SELECT 'it''s'|SELECT 'it''s'",
        "SELECT 'it\\'s'|SELECT 'it''s'",
        "SELECT \"say \"\"hi\"\"\"|SELECT 'say \"hi\"'",
        "SELECT 'a' 'b' \"c\"|SELECT 'abc'",
        "SELECT 'a\\%b\\_c'|SELECT 'a\\%b\\_c'",
        "SELECT _utf8mb4'x'|SELECT 'x'",
        "SELECT _latin1 \"x\"|SELECT 'x'",
        "SELECT N'x'|SELECT 'x'",
        "SELECT _binary'AB'|SELECT X'4142'",
        "SELECT x'0a'|SELECT x'0a'",
        "SELECT 0x0a|SELECT X'0a'",
        "SELECT 0xABC|SELECT X'0ABC'",
        "SELECT b'101'|SELECT X'05'",
        "SELECT 0b11111111|SELECT X'FF'",
        "SELECT 0xyz|SELECT 0xyz",
        "SELECT `a``b`|SELECT `a``b`",
        "SELECT `#not a comment`|SELECT `#not a comment`",
        "SELECT '-- not a comment'|SELECT '-- not a comment'",
        "a RLIKE b|a REGEXP b",
        "interval 1 day|INTERVAL$ 1 day",
        "x FOR UPDATE|x FOR_UPDATE$",
        "x for /* c */ share|x FOR_SHARE$",
        "t FORCE INDEX (PRIMARY) WHERE|t   WHERE",
        "t USE KEY FOR ORDER BY (a, b) JOIN|t   INNER JOIN",
        "a join b|a INNER JOIN b",
        "SELECT INSERT('abc', 1, 1, 'x')|SELECT `INSERT`('abc', 1, 1, 'x')",
        "SELECT current_user( ), CURRENT_USER|SELECT current_user, CURRENT_USER",
        "a LEFT OUTER JOIN b CROSS JOIN c inner join d|a LEFT OUTER JOIN b CROSS JOIN c inner join d",
        "INSERT IGNORE INTO t|INSERT IGNORE INTO t"})
    void rewrites(String sql, String expected) {
        assertThat(normalized(sql)).isEqualTo(expected);
    }

    @Test
    void binaryLiteralKeepsBytesThatAreNotUtf8() {
        String sql = StatementText.decode(new byte[] {'_', 'b', 'i', 'n', 'a', 'r', 'y', '\'', (byte) 0xFF, 0x41,
            (byte) 0x80, '\''});
        assertThat(normalized(sql)).isEqualTo("X'FF4180'");
    }

    @Test
    void escapesAsMySqlDecodesThem() {
        assertThat(normalized("'\\0\\b\\n\\r\\t\\Z\\\\\\q\\\"'")).isEqualTo("'\0\b\n\r\t\u001a\\q\"'");
    }

    @Test
    void everyOutputCharacterMapsBackIntoTheInput() {
        String sql = "SELECT \"a\\tb\", 0x0A /* c */ FROM t WHERE x = _utf8mb4'y' AND z RLIKE 'q' FOR UPDATE";
        MySqlLexicalNormalizer.Result result = MySqlLexicalNormalizer.normalize(sql);

        String text = result.text();
        assertThat(sql.substring(result.sourceOffset(text.indexOf("FROM"), sql.length()))).startsWith("FROM t");
        assertThat(sql.substring(result.sourceOffset(text.indexOf("REGEXP"), sql.length()))).startsWith("RLIKE");
        assertThat(sql.substring(result.sourceOffset(text.indexOf("'y'"), sql.length()))).startsWith("_utf8mb4'y'");
        assertThat(result.sourceOffset(text.indexOf("'y'") + 2, sql.length())).isEqualTo(sql.indexOf("'y'") + 2);
        assertThat(result.sourceOffset(text.length(), sql.length())).isEqualTo(sql.length());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {"SELECT 'open|7", "SELECT \"open\\\"|7",
        "SELECT `open|7", "SELECT /* open|7", "SELECT /*! open|7", "SELECT b'102'|7"})
    void unterminatedOrInvalidLiteralsFailAtTheirStart(String sql, int offset) {
        MySqlException e = org.assertj.core.api.Assertions.catchThrowableOfType(MySqlException.class,
            () -> MySqlLexicalNormalizer.normalize(sql));
        assertThat(e.code()).isEqualTo(1064);
        assertThat(e.getMessage()).contains("near '" + sql.substring(offset) + "'");
    }
}
