package io.basalt.sql.function;

import io.basalt.sql.value.Collation;

/**
 * Character-position helpers for string functions: MySQL positions count characters (code points), 1-based.
 * Strings without surrogate pairs take the direct char-index path.
 */
final class Text {
    private Text() {
    }

    static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /** The char index of code point number {@code cp} (0-based), clamped to the end. */
    static int offset(String s, int cp) {
        if (cp <= 0) {
            return 0;
        }
        if (!hasSurrogates(s)) {
            return Math.min(cp, s.length());
        }
        int n = length(s);
        return cp >= n ? s.length() : s.offsetByCodePoints(0, cp);
    }

    /** Code points [from, from + count) (0-based, clamped). */
    static String substring(String s, long from, long count) {
        if (count <= 0 || from < 0) {
            return "";
        }
        int start = offset(s, (int) Math.min(from, Integer.MAX_VALUE));
        int end = offset(s, (int) Math.min(from + count, Integer.MAX_VALUE));
        return s.substring(start, Math.max(start, end));
    }

    /** The code-point index of a char index. */
    static int cpIndex(String s, int charIndex) {
        return hasSurrogates(s) ? s.codePointCount(0, charIndex) : charIndex;
    }

    static boolean hasSurrogates(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isSurrogate(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** The UTF-8 length of a char: MariaDB's search compares byte runs, so 'a' never matches the 2-byte 'à'. */
    private static int utf8Class(char c) {
        return c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }

    /**
     * The char index of the first occurrence of needle in hay at or after char index {@code from}, comparing
     * characters of equal UTF-8 length under the case-insensitive collation; -1 when absent.
     */
    static int indexOfCi(String hay, String needle, int from) {
        int n = needle.length();
        if (n == 0) {
            return from <= hay.length() ? from : -1;
        }
        outer:
        for (int i = Math.max(0, from); i + n <= hay.length(); i++) {
            for (int k = 0; k < n; k++) {
                char a = hay.charAt(i + k);
                char b = needle.charAt(k);
                if (a != b && (utf8Class(a) != utf8Class(b) || Collation.foldChar(a) != Collation.foldChar(b))) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
