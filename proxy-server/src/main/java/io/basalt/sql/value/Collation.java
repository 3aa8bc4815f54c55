package io.basalt.sql.value;

import io.basalt.storage.codec.CaseInsensitiveCollation;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The server's default collation (utf8mb4_general_ci as modelled by storage's {@link CaseInsensitiveCollation}):
 * case- and accent-insensitive, trailing spaces ignored. Orders exactly as the storage sort keys do, so that rows
 * read in index order and rows sorted here agree, and two strings are equal here iff their storage keys are equal.
 * ASCII strings take an allocation-free path; others go through the storage sort key.
 */
public final class Collation {
    /** Lazily filled fold table for the BMP; 0 = not computed yet (races only recompute the same value). */
    private static final int[] FOLDED_BMP = new int[0x10000];

    private Collation() {
    }

    /**
     * Compares in one pass while both strings are ASCII: the first difference between two ASCII characters decides,
     * as each of them is one weight of the sort key, so the (long) rest of the strings is never scanned — sorting
     * sysbench's 120-character values mostly looks at a few characters. A non-ASCII character before the decision
     * falls back to the storage sort keys.
     */
    public static int compareCi(String a, String b) {
        int la = trimmedLength(a);
        int lb = trimmedLength(b);
        int n = Math.min(la, lb);
        for (int i = 0; i < n; i++) {
            char ca = a.charAt(i);
            char cb = b.charAt(i);
            if ((ca | cb) >= 0x80) {
                return compareSortKeys(a, b);
            }
            int d = upper(ca) - upper(cb);
            if (d != 0) {
                return d;
            }
        }
        // a longer rest that is not all ASCII may fold to nothing (ignorable characters): let the sort keys decide
        if (la != lb && !(la > lb ? isAscii(a, lb, la) : isAscii(b, la, lb))) {
            return compareSortKeys(a, b);
        }
        return la - lb;
    }

    private static int compareSortKeys(String a, String b) {
        return Arrays.compareUnsigned(CaseInsensitiveCollation.sortKey(a), CaseInsensitiveCollation.sortKey(b));
    }

    public static boolean equalsCi(String a, String b) {
        return compareCi(a, b) == 0;
    }

    /** A string that is equal for two inputs iff they are equal under the collation (for hashing and grouping). */
    public static String sortKey(String s) {
        int len = trimmedLength(s);
        if (isAscii(s, 0, len)) {
            boolean folded = true;
            for (int i = 0; i < len && folded; i++) {
                char c = s.charAt(i);
                folded = c < 'a' || c > 'z';
            }
            if (folded) {
                return len == s.length() ? s : s.substring(0, len);
            }
            char[] out = new char[len];
            for (int i = 0; i < len; i++) {
                out[i] = (char) upper(s.charAt(i));
            }
            return new String(out);
        }
        return new String(CaseInsensitiveCollation.sortKey(s), StandardCharsets.UTF_8);
    }

    /** The character folded as the collation compares it (upper case, accents removed) — used by LIKE. */
    public static int foldChar(int codePoint) {
        if (codePoint < 0x80) {
            return upper((char) codePoint);
        }
        if (codePoint < FOLDED_BMP.length) {
            int cached = FOLDED_BMP[codePoint];
            if (cached == 0) {
                cached = computeFold(codePoint);
                FOLDED_BMP[codePoint] = cached;
            }
            return cached;
        }
        return computeFold(codePoint);
    }

    private static int computeFold(int codePoint) {
        String key = new String(CaseInsensitiveCollation.sortKey(new String(Character.toChars(codePoint))),
                StandardCharsets.UTF_8);
        return key.isEmpty() ? codePoint : key.codePointAt(0);
    }

    private static int upper(char c) {
        return c >= 'a' && c <= 'z' ? c - 32 : c;
    }

    private static int trimmedLength(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return end;
    }

    private static boolean isAscii(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
