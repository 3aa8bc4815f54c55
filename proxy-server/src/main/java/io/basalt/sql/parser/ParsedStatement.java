package io.basalt.sql.parser;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A parsed statement together with the way back from parser positions to the text the client sent (the parser
 * reads a lexically normalized copy whose offsets differ). MySQL names unaliased computed columns by their text as
 * written, and error messages quote it. Immutable.
 */
public final class ParsedStatement {
    private final SqlNode node;
    private final String sql;
    private final MySqlLexicalNormalizer.Result normalized;

    ParsedStatement(SqlNode node, String sql, MySqlLexicalNormalizer.Result normalized) {
        this.node = node;
        this.sql = sql;
        this.normalized = normalized;
    }

    public SqlNode node() {
        return node;
    }

    /** The statement as the client sent it. */
    public String sql() {
        return sql;
    }

    /** The client's text of {@code part} (a node of this statement); its unparsed form if it has no position. */
    public String sourceText(SqlNode part) {
        SqlParserPos pos = part.getParserPosition();
        String text = normalized.text();
        if (pos.getLineNum() < 1 || pos.getEndLineNum() < 1) {
            return part.toString();
        }
        int start = TextPositions.offsetOf(text, pos.getLineNum(), pos.getColumnNum());
        int last = TextPositions.offsetOf(text, pos.getEndLineNum(), pos.getEndColumnNum());
        if (last < start || last >= text.length()) {
            return part.toString();
        }
        return sql.substring(normalized.sourceOffset(start, sql.length()),
            normalized.sourceOffset(last, sql.length()) + 1);
    }
}
