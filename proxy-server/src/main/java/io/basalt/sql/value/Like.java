package io.basalt.sql.value;

/**
 * A compiled LIKE pattern: {@code %} matches any sequence, {@code _} one character, the escape character (default
 * backslash) makes the next character literal. Characters compare under the case-insensitive collation ('A' LIKE
 * 'a', 'á' LIKE 'a'), or bytewise-exact for a binary comparison. Trailing spaces are significant, as in MySQL.
 * Compile once per constant pattern; immutable and thread-safe.
 */
public final class Like {
    private static final int ANY_ONE = -1;
    private static final int ANY_SEQUENCE = -2;

    /** Folded literal code points, or ANY_ONE / ANY_SEQUENCE. */
    private final int[] tokens;
    private final boolean binary;

    private Like(int[] tokens, boolean binary) {
        this.tokens = tokens;
        this.binary = binary;
    }

    public static Like compile(String pattern) {
        return compile(pattern, '\\', false);
    }

    /** @param binary compare characters exactly (a binary string is involved) */
    public static Like compile(String pattern, char escape, boolean binary) {
        int[] cps = pattern.codePoints().toArray();
        int[] tokens = new int[cps.length];
        int n = 0;
        for (int i = 0; i < cps.length; i++) {
            int c = cps[i];
            if (c == escape && i + 1 < cps.length) {
                tokens[n++] = fold(cps[++i], binary);
            } else if (c == '%') {
                if (n == 0 || tokens[n - 1] != ANY_SEQUENCE) {
                    tokens[n++] = ANY_SEQUENCE;
                }
            } else if (c == '_') {
                tokens[n++] = ANY_ONE;
            } else {
                tokens[n++] = fold(c, binary);
            }
        }
        return new Like(java.util.Arrays.copyOf(tokens, n), binary);
    }

    /** Whether s matches; s must not be null. */
    public boolean matches(String s) {
        int p = 0;
        int i = 0;
        int starP = -1;
        int starI = -1;
        int len = s.length();
        while (i < len) {
            int c = s.codePointAt(i);
            int width = Character.charCount(c);
            if (p < tokens.length && tokens[p] != ANY_SEQUENCE
                    && (tokens[p] == ANY_ONE || tokens[p] == fold(c, binary))) {
                p++;
                i += width;
            } else if (p < tokens.length && tokens[p] == ANY_SEQUENCE) {
                starP = p++;
                starI = i;
            } else if (starP >= 0) {
                p = starP + 1;
                starI += Character.charCount(s.codePointAt(starI));
                i = starI;
            } else {
                return false;
            }
        }
        while (p < tokens.length && tokens[p] == ANY_SEQUENCE) {
            p++;
        }
        return p == tokens.length;
    }

    private static int fold(int c, boolean binary) {
        return binary ? c : Collation.foldChar(c);
    }
}
