package io.basalt.sql.parser;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a multi-statement COM_QUERY text on {@code ;} that are outside quotes, backticks and comments, following
 * MySQL's lexical rules (see {@link MySqlLexicalNormalizer}). Pieces are trimmed; pieces holding only whitespace
 * and comments are dropped. Stateless.
 */
final class StatementSplitter {

    private StatementSplitter() {
    }

    static List<String> split(String text) {
        List<String> pieces = new ArrayList<>();
        int start = 0;
        boolean hasContent = false;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int skip = MySqlLexicalNormalizer.commentEnd(text, i);
            if (skip > i) {
                i = skip;
                continue;
            }
            if (c == '\'' || c == '"' || c == '`') {
                i = MySqlLexicalNormalizer.quotedEnd(text, i);
                hasContent = true;
                continue;
            }
            if (c == ';') {
                if (hasContent) {
                    pieces.add(text.substring(start, i).strip());
                }
                start = i + 1;
                hasContent = false;
            } else if (!Character.isWhitespace(c)) {
                hasContent = true;
            }
            i++;
        }
        if (hasContent) {
            pieces.add(text.substring(start).strip());
        }
        return pieces;
    }
}
