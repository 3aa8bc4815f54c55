package io.basalt.server;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression selects: identifiers left after removing strings, label matchers, range
 * selectors, Grafana variables, grouping clauses, function calls and keywords. Enough for dashboard queries; not a
 * PromQL parser.
 */
final class PromQlMetricNames {
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
    private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGE = Pattern.compile("\\[[^]]*]");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{?\\w+}?");
    private static final Pattern GROUPING = Pattern.compile(
            "\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.])([a-zA-Z_:][\\w:]*)(\\s*\\()?");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset", "inf", "nan",
            "by", "without", "on", "ignoring", "group_left", "group_right");

    private PromQlMetricNames() {
    }

    static Set<String> of(String expr) {
        String s = STRING.matcher(expr).replaceAll(" ");
        s = MATCHERS.matcher(s).replaceAll(" ");
        s = RANGE.matcher(s).replaceAll(" ");
        s = VARIABLE.matcher(s).replaceAll(" ");
        s = GROUPING.matcher(s).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(s);
        while (m.find()) {
            boolean call = m.group(2) != null;
            if (!call && !KEYWORDS.contains(m.group(1).toLowerCase(Locale.ROOT))) {
                names.add(m.group(1));
            }
        }
        return names;
    }
}
