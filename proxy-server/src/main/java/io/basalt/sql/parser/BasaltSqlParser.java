package io.basalt.sql.parser;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.parser.impl.BasaltSqlParserImpl;
import io.basalt.sql.parser.impl.BasaltSqlParserImplConstants;
import io.basalt.sql.parser.impl.ParseException;
import io.basalt.sql.parser.impl.Token;
import java.util.List;
import java.util.Set;
import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlAlter;
import org.apache.calcite.sql.SqlIdentifier;
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

    /** Operators that need a right operand: a statement ending in one fails at its end, as in MySQL. */
    private static final Set<Integer> BINARY_OPERATORS = Set.of(BasaltSqlParserImplConstants.PLUS,
        BasaltSqlParserImplConstants.MINUS, BasaltSqlParserImplConstants.STAR, BasaltSqlParserImplConstants.SLASH,
        BasaltSqlParserImplConstants.PERCENT_REMAINDER, BasaltSqlParserImplConstants.CONCAT,
        BasaltSqlParserImplConstants.EQ, BasaltSqlParserImplConstants.LT, BasaltSqlParserImplConstants.GT,
        BasaltSqlParserImplConstants.LE, BasaltSqlParserImplConstants.GE, BasaltSqlParserImplConstants.NE,
        BasaltSqlParserImplConstants.NE2, BasaltSqlParserImplConstants.AND, BasaltSqlParserImplConstants.OR);

    private BasaltSqlParser() {
    }

    /**
     * Parses one statement. A trailing {@code ;}, whitespace or comment is allowed.
     *
     * @throws MySqlException 1064 PARSE_ERROR with MySQL's message (near-text and line number of the client's text)
     *                        or 1065 EMPTY_QUERY for blank or comment-only text
     */
    public static SqlNode parse(String sql) {
        return parseStatement(sql).node();
    }

    /** Parses one statement as {@link #parse} does, keeping the way back to the client's text. */
    public static ParsedStatement parseStatement(String sql) {
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
        SqlIdentifier aliasedStar = StarAliasRule.findAliasedStar(node);
        if (aliasedStar != null) {
            throw SyntaxErrors.at(sql, tokenAfter(sql, normalized, text, aliasedStar.getParserPosition()));
        }
        DualTableRemover.apply(node);
        return new ParsedStatement(node, sql, normalized);
    }

    /** The offset in the client's text of the first token after {@code pos}. */
    private static int tokenAfter(String sql, MySqlLexicalNormalizer.Result normalized, String text,
                                  SqlParserPos pos) {
        int offset = TextPositions.offsetOf(text, pos.getEndLineNum(), pos.getEndColumnNum()) + 1;
        while (offset < text.length() && Character.isWhitespace(text.charAt(offset))) {
            offset++;
        }
        return normalized.sourceOffset(offset, sql.length());
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

    /**
     * The offset in the client's text where MySQL would report the error: the start of the offending token, the
     * text end when the statement stops short (also after a dangling binary operator, which MySQL's parser reads
     * before failing), or the token after a select-list star that took an alias.
     */
    private static int errorOffset(String sql, MySqlLexicalNormalizer.Result normalized, String text,
                                   SqlParseException e) {
        if (e.getCause() instanceof ParseException pe && pe.currentToken != null && pe.currentToken.next != null) {
            Token bad = pe.currentToken.next;
            if (bad.kind == BasaltSqlParserImplConstants.EOF
                || (bad.next != null && bad.next.kind == BasaltSqlParserImplConstants.EOF
                    && BINARY_OPERATORS.contains(bad.kind))) {
                return sql.length();
            }
            int consumed = TextPositions.offsetOf(text, pe.currentToken.beginLine, pe.currentToken.beginColumn);
            int starAlias = StarAliasRule.aliasStart(text, consumed);
            if (starAlias >= 0) {
                return normalized.sourceOffset(starAlias, sql.length());
            }
        }
        SqlParserPos pos = e.getPos();
        if (pos == null || pos.getLineNum() <= 0) {
            return 0;
        }
        int offset = TextPositions.offsetOf(text, pos.getLineNum(), pos.getColumnNum());
        return offset >= text.length() ? sql.length() : normalized.sourceOffset(offset, sql.length());
    }
}
