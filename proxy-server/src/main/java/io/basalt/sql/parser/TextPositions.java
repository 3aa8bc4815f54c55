package io.basalt.sql.parser;

/**
 * Converts the parser's 1-based (line, column) positions to string offsets, counting line breaks as JavaCC does
 * ({@code \n}, {@code \r\n} and a lone {@code \r} each end a line; a tab is one column). Stateless.
 */
final class TextPositions {

    private TextPositions() {
    }

    /** The offset of (line, column) in {@code text}; positions past the end give {@code text.length()}. */
    static int offsetOf(String text, int line, int column) {
        int offset = 0;
        int currentLine = 1;
        while (currentLine < line && offset < text.length()) {
            char c = text.charAt(offset++);
            if (c == '\n' || (c == '\r' && (offset >= text.length() || text.charAt(offset) != '\n'))) {
                currentLine++;
            }
        }
        return Math.min(text.length(), offset + Math.max(0, column - 1));
    }
}
