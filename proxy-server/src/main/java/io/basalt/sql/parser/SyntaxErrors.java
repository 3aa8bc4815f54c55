package io.basalt.sql.parser;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

/** Builds MySQL's 1064 message for a position in the text the client sent. Stateless. */
final class SyntaxErrors {

    /** MySQL prints at most this many characters of the text after the error position ({@code %-.80s}). */
    private static final int NEAR_TEXT_MAX = 80;

    private SyntaxErrors() {
    }

    /**
     * @param sql    the statement as the client sent it
     * @param offset where parsing failed in {@code sql}; {@code sql.length()} for an unexpected end
     */
    static MySqlException at(String sql, int offset) {
        int at = Math.max(0, Math.min(offset, sql.length()));
        int end = at;
        for (int count = 0; end < sql.length() && count < NEAR_TEXT_MAX; count++) {
            end += Character.charCount(sql.codePointAt(end));
        }
        return new MySqlException(ErrorCode.PARSE_ERROR,
            "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version"
                + " for the right syntax to use near '" + sql.substring(at, end) + "' at line " + lineOf(sql, at));
    }

    private static int lineOf(String sql, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (sql.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
