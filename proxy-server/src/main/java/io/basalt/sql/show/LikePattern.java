package io.basalt.sql.show;

import java.util.regex.Pattern;

/**
 * A MySQL LIKE pattern as SHOW ... LIKE uses it: {@code %} any run of characters, {@code _} one character,
 * {@code \} escapes the next character. Names of databases and tables match case-sensitively (MySQL with
 * lower_case_table_names=0); variable, column and collation names case-insensitively. Immutable.
 */
public final class LikePattern {
    private final Pattern regex;

    private LikePattern(Pattern regex) {
        this.regex = regex;
    }

    public static LikePattern compile(String pattern, boolean caseSensitive) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                sb.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (c == '%') {
                sb.append(".*");
            } else if (c == '_') {
                sb.append('.');
            } else {
                sb.append(Pattern.quote(String.valueOf(c)));
            }
        }
        int flags = Pattern.DOTALL | (caseSensitive ? 0 : Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        return new LikePattern(Pattern.compile(sb.toString(), flags));
    }

    /** Whether the whole text matches; NULL never matches. */
    public boolean matches(String text) {
        return text != null && regex.matcher(text).matches();
    }
}
