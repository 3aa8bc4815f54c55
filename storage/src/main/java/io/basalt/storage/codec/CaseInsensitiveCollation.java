package io.basalt.storage.codec;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;

/**
 * Sort keys for the server's default collation, modelled on MariaDB's utf8mb4_general_ci: letters compare
 * without case and without accents ("a" = "A" = "á"), and trailing spaces are ignored (PAD SPACE).
 * Two strings are equal under the collation iff their sort keys are byte-equal.
 */
public final class CaseInsensitiveCollation {
    private CaseInsensitiveCollation() {
    }

    public static byte[] sortKey(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        String trimmed = s.substring(0, end);
        boolean ascii = true;
        for (int i = 0; i < trimmed.length() && ascii; i++) {
            ascii = trimmed.charAt(i) < 0x80;
        }
        String folded;
        if (ascii) {
            folded = trimmed.toUpperCase(java.util.Locale.ROOT);
        } else {
            String decomposed = Normalizer.normalize(trimmed, Normalizer.Form.NFD);
            StringBuilder sb = new StringBuilder(decomposed.length());
            decomposed.codePoints()
                    .filter(cp -> Character.getType(cp) != Character.NON_SPACING_MARK)
                    .map(Character::toUpperCase)
                    .forEach(sb::appendCodePoint);
            folded = sb.toString();
        }
        return folded.getBytes(StandardCharsets.UTF_8);
    }

    public static boolean equal(String a, String b) {
        return java.util.Arrays.equals(sortKey(a), sortKey(b));
    }
}
