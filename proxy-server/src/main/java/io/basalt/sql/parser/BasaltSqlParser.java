package io.basalt.sql.parser;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.parser.impl.BasaltSqlParserImpl;
import io.basalt.sql.parser.impl.BasaltSqlParserImplConstants;
import io.basalt.sql.parser.impl.ParseException;
import java.util.List;
import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlAlter;
import org.apache.calcite.sql.SqlMerge;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

/**
 * Entry point of the MySQL SQL parser: {@link MySqlLexicalNormalizer} rewrites MySQL lexical forms, the generated
 * {@link BasaltSqlParserImpl} (Calcite's grammar extended with MySQL statements) parses, and syntax errors come back
 * as MySQL's 1064 with the near-text taken from the client's own text. Stateless and thread-safe; every call
 * builds its own parser instance.
 */
public final class BasaltSqlParser {

    /** MySQL identifiers are at most 64 characters; aliases up to 256. */
    static final int IDENTIFIER_MAX_LENGTH = 256;

    private static final SqlParser.Config CONFIG = SqlParser.config()
        .withParserFactory(BasaltSqlParserImpl.FACTORY)
        .withLex(Lex.MYSQL)
        .withConformance(SqlConformanceEnum.MYSQL_5)
        .withIdentifierMaxLength(IDENTIFIER_MAX_LENGTH);

    private BasaltSqlParser() {
    }

    /**
     * Parses one statement. A trailing {@code ;}, whitespace or comment is allowed.
     *
     * @throws MySqlException 1064 PARSE_ERROR with MySQL's message (near-text and line number of the client's text)
     *                        or 1065 EMPTY_QUERY for blank or comment-only text
     */
    public static SqlNode parse(String sql) {
        MySqlLexicalNormalizer.Result normalized = MySqlLexicalNormalizer.normalize(sql);
        String text = stripTerminators(normalized.text());
        if (text.isEmpty()) {
            throw new MySqlException(ErrorCode.EMPTY_QUERY);
        }
        SqlNode node;
        try {
            node = SqlParser.create(text, CONFIG).parseStmt();
        } catch (SqlParseException e) {
            throw SyntaxErrors.at(sql, errorOffset(sql, normalized, text, e));
        }
        if (node instanceof SqlMerge || node instanceof SqlAlter) {
            // Calcite statements that MySQL does not have (MERGE, ALTER SYSTEM/SESSION, RESET)
            throw SyntaxErrors.at(sql, normalized.sourceOffset(0, sql.length()));
        }
        DualTableRemover.apply(node);
        return node;
    }

    /**
     * Splits a multi-statement text on {@code ;} outside quotes, backticks and comments; pieces holding only
     * whitespace and comments are dropped.
     */
    public static List<String> split(String text) {
        return StatementSplitter.split(text);
    }

    private static String stripTerminators(String text) {
        int end = text.length();
        while (end > 0 && (Character.isWhitespace(text.charAt(end - 1)) || text.charAt(end - 1) == ';')) {
            end--;
        }
        int start = 0;
        while (start < end && Character.isWhitespace(text.charAt(start))) {
            start++;
        }
        return start == end ? "" : text.substring(0, end);
    }

    /** The offset in the client's text where parsing failed: the start of the offending token, or the text end. */
    private static int errorOffset(String sql, MySqlLexicalNormalizer.Result normalized, String text,
                                   SqlParseException e) {
        if (e.getCause() instanceof ParseException pe && pe.currentToken != null && pe.currentToken.next != null
            && pe.currentToken.next.kind == BasaltSqlParserImplConstants.EOF) {
            return sql.length();
        }
        SqlParserPos pos = e.getPos();
        if (pos == null || pos.getLineNum() <= 0) {
            return 0;
        }
        int offset = TextPositions.offsetOf(text, pos.getLineNum(), pos.getColumnNum());
        return offset >= text.length() ? sql.length() : normalized.sourceOffset(offset, sql.length());
    }
}
