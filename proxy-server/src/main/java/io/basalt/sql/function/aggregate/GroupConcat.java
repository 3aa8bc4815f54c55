package io.basalt.sql.function.aggregate;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.value.Comparison;
import io.basalt.sql.value.ComparisonType;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.SqlErrors;
import io.basalt.sql.value.Values;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * GROUP_CONCAT([DISTINCT] v1[, v2...] [ORDER BY k1 [DESC], ...] [SEPARATOR s]). Each row passed to
 * {@link Accumulator#add} holds the values v1..vn followed by the ORDER BY keys; rows with a NULL value are skipped,
 * DISTINCT applies to the values only, and the order comes from a comparator over whole rows (build it with
 * {@link #orderBy}). The result is cut at group_concat_max_len bytes with warning 1260.
 */
public final class GroupConcat {
    static final SqlType RESULT_TYPE = SqlType.of(TypeKind.MEDIUMTEXT);

    private GroupConcat() {
    }

    /**
     * @param valueTypes types of the concatenated values (the first {@code valueTypes.length} entries of a row)
     * @param order      row order, or null to keep arrival order
     */
    public static Accumulator newAccumulator(SqlType[] valueTypes, boolean distinct, String separator,
                                             Comparator<Object[]> order, EvalContext ctx) {
        return new Concat(valueTypes, distinct, separator, order, ctx);
    }

    /**
     * The ORDER BY of a GROUP_CONCAT: keys at {@code keyIndexes} of each row, compared by the rules of their types
     * (NULLs first ascending).
     */
    public static Comparator<Object[]> orderBy(int[] keyIndexes, SqlType[] keyTypes, boolean[] descending,
                                               EvalContext ctx) {
        ComparisonType[] comparisons = new ComparisonType[keyTypes.length];
        for (int i = 0; i < keyTypes.length; i++) {
            comparisons[i] = Comparison.ordering(keyTypes[i]);
        }
        return (x, y) -> {
            for (int i = 0; i < keyIndexes.length; i++) {
                Object a = x[keyIndexes[i]];
                Object b = y[keyIndexes[i]];
                int c;
                if (a == null || b == null) {
                    c = a == null ? (b == null ? 0 : -1) : 1;
                } else {
                    c = comparisons[i].compare(a, keyTypes[i], b, keyTypes[i], ctx);
                }
                if (c != 0) {
                    return descending[i] ? -c : c;
                }
            }
            return 0;
        };
    }

    static AggregateDef definition() {
        return new AggregateDef("GROUP_CONCAT", 1, -1, a -> RESULT_TYPE,
                (t, ctx) -> new Concat(t, false, ",", null, ctx));
    }

    /** The accumulator; DISTINCT is handled here because it applies to the values, not to the sort keys. */
    private static final class Concat implements Accumulator {
        private final SqlType[] types;
        private final DistinctFilter distinct;
        private final String separator;
        private final Comparator<Object[]> order;
        private final EvalContext ctx;
        private final List<Object[]> rows = new ArrayList<>();

        Concat(SqlType[] types, boolean distinct, String separator, Comparator<Object[]> order, EvalContext ctx) {
            this.types = types;
            this.distinct = distinct ? new DistinctFilter(types) : null;
            this.separator = separator;
            this.order = order;
            this.ctx = ctx;
        }

        @Override
        public void add(Object[] args) {
            for (int i = 0; i < types.length; i++) {
                if (args[i] == null) {
                    return;
                }
            }
            if (distinct != null) {
                Object[] values = args.length == types.length ? args : java.util.Arrays.copyOf(args, types.length);
                if (!distinct.firstTime(values)) {
                    return;
                }
            }
            rows.add(args.clone());
        }

        @Override
        public Object result() {
            if (rows.isEmpty()) {
                return null;
            }
            if (order != null) {
                rows.sort(order);
            }
            long max = ctx.groupConcatMaxLen();
            StringBuilder sb = new StringBuilder();
            long bytes = 0;
            for (int r = 0; r < rows.size(); r++) {
                StringBuilder piece = new StringBuilder();
                if (r > 0) {
                    piece.append(separator);
                }
                Object[] row = rows.get(r);
                for (int i = 0; i < types.length; i++) {
                    piece.append(Values.toText(row[i], types[i]));
                }
                String text = piece.toString();
                long len = utf8Length(text);
                if (bytes + len > max) {
                    sb.append(cut(text, max - bytes));
                    ctx.warn(SqlErrors.GROUP_CONCAT_CUT, "Row " + (r + 1) + " was cut by GROUP_CONCAT()");
                    break;
                }
                sb.append(text);
                bytes += len;
            }
            return sb.toString();
        }

        private static long utf8Length(String s) {
            long n = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
            }
            return n;
        }

        /** The longest prefix of s within {@code bytes} UTF-8 bytes, not splitting a character. */
        private static String cut(String s, long bytes) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            int end = (int) Math.max(0, Math.min(bytes, b.length));
            while (end > 0 && end < b.length && (b[end] & 0xC0) == 0x80) {
                end--;
            }
            return new String(b, 0, end, StandardCharsets.UTF_8);
        }
    }
}
