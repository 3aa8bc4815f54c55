package io.basalt.sql.value;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * REGEXP / RLIKE and the REGEXP_* functions: MariaDB's PCRE patterns on java.util.regex, case-insensitive for
 * character strings (case-sensitive when a binary string is involved), with the POSIX bracket classes
 * ({@code [[:alpha:]]}) and word-boundary markers ({@code [[:<:]]}, {@code [[:>:]]}) translated. Compile constant
 * patterns once with {@link #compile}; {@link #cached} serves patterns that change per row from a bounded cache.
 * Immutable and thread-safe.
 */
public final class Regexp {
    private static final int CACHE_LIMIT = 256;
    private static final Map<String, Regexp> CACHE_CI = new ConcurrentHashMap<>();
    private static final Map<String, Regexp> CACHE_CS = new ConcurrentHashMap<>();
    private static final Map<String, String> POSIX_CLASSES = Map.ofEntries(
            Map.entry("alpha", "\\p{IsAlphabetic}"), Map.entry("digit", "\\p{Digit}"),
            Map.entry("alnum", "\\p{IsAlphabetic}\\p{Digit}"), Map.entry("space", "\\s"),
            Map.entry("upper", "\\p{IsUppercase}"), Map.entry("lower", "\\p{IsLowercase}"),
            Map.entry("punct", "\\p{Punct}"), Map.entry("xdigit", "\\p{XDigit}"), Map.entry("blank", " \\t"),
            Map.entry("cntrl", "\\p{Cntrl}"), Map.entry("print", "\\p{Print}"), Map.entry("graph", "\\p{Graph}"),
            Map.entry("word", "\\w"));

    private final Pattern pattern;

    private Regexp(Pattern pattern) {
        this.pattern = pattern;
    }

    /** Compiles a pattern; error 1139 when it is malformed. */
    public static Regexp compile(String regex, boolean caseSensitive) {
        int flags = caseSensitive ? 0 : Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
        try {
            return new Regexp(Pattern.compile(translate(regex), flags));
        } catch (PatternSyntaxException e) {
            throw SqlErrors.error(1139, "Got error '" + e.getDescription() + "' from regexp");
        }
    }

    /** A compiled pattern from a bounded cache, for patterns that are not constant. */
    public static Regexp cached(String regex, boolean caseSensitive) {
        Map<String, Regexp> cache = caseSensitive ? CACHE_CS : CACHE_CI;
        Regexp r = cache.get(regex);
        if (r == null) {
            r = compile(regex, caseSensitive);
            if (cache.size() >= CACHE_LIMIT) {
                cache.clear();
            }
            cache.put(regex, r);
        }
        return r;
    }

    /** {@code s REGEXP pattern}: whether the pattern occurs anywhere in s. */
    public boolean find(String s) {
        return pattern.matcher(s).find();
    }

    public Matcher matcher(String s) {
        return pattern.matcher(s);
    }

    /** Rewrites the POSIX forms Java lacks; everything else passes through. */
    static String translate(String regex) {
        if (regex.indexOf("[[:") < 0) {
            return regex;
        }
        String r = regex.replace("[[:<:]]", "\\b(?=\\w)").replace("[[:>:]]", "\\b(?<=\\w)");
        StringBuilder sb = new StringBuilder(r.length() + 16);
        int i = 0;
        while (i < r.length()) {
            int open = r.indexOf("[:", i);
            if (open < 0) {
                sb.append(r, i, r.length());
                break;
            }
            int close = r.indexOf(":]", open + 2);
            String name = close < 0 ? null : r.substring(open + 2, close);
            String replacement = name == null ? null : POSIX_CLASSES.get(name);
            if (replacement == null || !insideBracket(r, open)) {
                sb.append(r, i, open + 2);
                i = open + 2;
                continue;
            }
            sb.append(r, i, open).append(replacement);
            i = close + 2;
        }
        return sb.toString();
    }

    private static boolean insideBracket(String r, int index) {
        int depth = 0;
        for (int i = 0; i < index; i++) {
            char c = r.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                depth++;
            } else if (c == ']' && depth > 0) {
                depth--;
            }
        }
        return depth > 0;
    }
}
