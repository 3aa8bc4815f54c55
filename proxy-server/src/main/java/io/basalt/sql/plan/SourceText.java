package io.basalt.sql.plan;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Slices the statement text a node was parsed from: MySQL names unaliased computed columns by their text. */
final class SourceText {
    private SourceText() {
    }

    static String of(String sql, SqlNode node) {
        SqlParserPos pos = node.getParserPosition();
        int start = offset(sql, pos.getLineNum(), pos.getColumnNum());
        int end = offset(sql, pos.getEndLineNum(), pos.getEndColumnNum());
        if (start < 0 || end < start || end >= sql.length()) {
            return node.toString();
        }
        return sql.substring(start, end + 1);
    }

    /** 1-based line and column to a string index, or -1. */
    private static int offset(String sql, int line, int column) {
        if (line < 1 || column < 1) {
            return -1;
        }
        int idx = 0;
        for (int l = 1; l < line; l++) {
            idx = sql.indexOf('\n', idx);
            if (idx < 0) {
                return -1;
            }
            idx++;
        }
        return idx + column - 1;
    }
}
