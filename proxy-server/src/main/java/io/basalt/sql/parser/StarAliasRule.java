package io.basalt.sql.parser;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import java.util.Locale;
import java.util.Set;

/**
 * MySQL allows no alias on a select item {@code *} or {@code t.*}; Calcite's grammar takes one. Without this rule
 * {@code SELECT * y FROM t} would be accepted and {@code SELECT * FORM t} would fail a token late (at {@code t},
 * where MySQL names {@code FORM}). Stateless.
 */
final class StarAliasRule {
    /** Words after which {@code *} is the select-list star rather than a multiplication. */
    private static final Set<String> SELECT_LIST_STARTS = Set.of("SELECT", "DISTINCT", "DISTINCTROW", "ALL",
        "STRAIGHT_JOIN", "HIGH_PRIORITY", "SQL_CALC_FOUND_ROWS", "SQL_NO_CACHE", "SQL_CACHE", "SQL_SMALL_RESULT",
        "SQL_BIG_RESULT", "SQL_BUFFER_RESULT");

    private StarAliasRule() {
    }

    /** The first select-list star of a parsed statement that carries an alias, or null. */
    static SqlIdentifier findAliasedStar(SqlNode node) {
        Finder finder = new Finder();
        node.accept(finder);
        return finder.star;
    }

    /**
     * When the token starting at {@code tokenOffset} of {@code text} was taken as the alias of a select-list star
     * ({@code * name} or {@code * AS name}), the offset of the first token after the star; else -1.
     */
    static int aliasStart(String text, int tokenOffset) {
        int i = skipSpacesBack(text, tokenOffset);
        int wordStart = wordStart(text, i);
        if (wordStart < i && text.substring(wordStart, i).equalsIgnoreCase("AS")) {
            i = skipSpacesBack(text, wordStart);
        }
        if (i == 0 || text.charAt(i - 1) != '*') {
            return -1;
        }
        int star = i - 1;
        int before = skipSpacesBack(text, star);
        boolean selectListStar = before > 0 && (text.charAt(before - 1) == ',' || text.charAt(before - 1) == '.'
            || SELECT_LIST_STARTS.contains(text.substring(wordStart(text, before), before).toUpperCase(Locale.ROOT)));
        if (!selectListStar) {
            return -1;
        }
        int after = star + 1;
        while (after < text.length() && Character.isWhitespace(text.charAt(after))) {
            after++;
        }
        return after;
    }

    private static int skipSpacesBack(String text, int end) {
        int i = end;
        while (i > 0 && Character.isWhitespace(text.charAt(i - 1))) {
            i--;
        }
        return i;
    }

    private static int wordStart(String text, int end) {
        int i = end;
        while (i > 0 && (Character.isLetterOrDigit(text.charAt(i - 1)) || text.charAt(i - 1) == '_')) {
            i--;
        }
        return i;
    }

    /** Not thread-safe; one instance per search. */
    private static final class Finder extends SqlBasicVisitor<Void> {
        private SqlIdentifier star;

        @Override
        public Void visit(SqlCall call) {
            if (star == null && call instanceof SqlSelect select) {
                for (SqlNode item : select.getSelectList()) {
                    if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(0) instanceof SqlIdentifier id
                        && id.isStar()) {
                        star = id;
                        return null;
                    }
                }
            }
            return super.visit(call);
        }
    }
}
