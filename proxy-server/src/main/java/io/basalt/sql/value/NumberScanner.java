package io.basalt.sql.value;

/**
 * Finds the numeric prefix of a string the way MySQL reads strings as numbers: leading white space skipped, an
 * optional sign, digits with an optional fraction and (for non-integer reads) an exponent. Whatever follows decides
 * the diagnostic: nothing ({@link #CLEAN}), only spaces ({@link #TRAILING_SPACE}, a Note), anything else
 * ({@link #GARBAGE}, a Warning). A string without digits is {@link #NO_NUMBER} and reads as 0.
 */
final class NumberScanner {
    static final int CLEAN = 0;
    static final int TRAILING_SPACE = 1;
    static final int GARBAGE = 2;
    static final int NO_NUMBER = 3;

    /** Start and end of the numeric text within the string, and what follows it. */
    record Scan(int start, int end, int status) {
        boolean hasNumber() {
            return status != NO_NUMBER;
        }
    }

    private NumberScanner() {
    }

    /** @param integerOnly stop at '.' and 'e' (MySQL's string-to-integer read) */
    static Scan scan(String s, boolean integerOnly) {
        int n = s.length();
        int i = 0;
        while (i < n && isSpace(s.charAt(i))) {
            i++;
        }
        int start = i;
        if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (!integerOnly && i < n && s.charAt(i) == '.') {
            int j = i + 1;
            int frac = 0;
            while (j < n && isDigit(s.charAt(j))) {
                j++;
                frac++;
            }
            if (digits > 0 || frac > 0) {
                i = j;
                digits += frac;
            }
        }
        if (digits == 0) {
            return new Scan(start, start, NO_NUMBER);
        }
        if (!integerOnly && i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (s.charAt(j) == '-' || s.charAt(j) == '+')) {
                j++;
            }
            int expDigits = 0;
            while (j < n && isDigit(s.charAt(j))) {
                j++;
                expDigits++;
            }
            if (expDigits > 0) {
                i = j;
            }
        }
        return new Scan(start, i, trailingStatus(s, i));
    }

    private static int trailingStatus(String s, int from) {
        int n = s.length();
        if (from == n) {
            return CLEAN;
        }
        for (int i = from; i < n; i++) {
            if (!isSpace(s.charAt(i))) {
                return GARBAGE;
            }
        }
        return TRAILING_SPACE;
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
