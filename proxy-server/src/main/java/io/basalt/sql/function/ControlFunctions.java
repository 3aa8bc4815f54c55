package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind.Category;
import io.basalt.sql.value.Comparison;
import io.basalt.sql.value.ComparisonType;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.TypeUnifier;
import io.basalt.sql.value.Values;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.function.FunctionDef.of;

/**
 * Control-flow and comparison functions: IF, IFNULL/NVL, NULLIF, COALESCE, GREATEST, LEAST, ISNULL, INTERVAL.
 * Results take the {@link TypeUnifier unified} type of the candidate arguments. These evaluate all arguments
 * (the binder may evaluate IF/COALESCE branches lazily instead; the result type is the same).
 */
final class ControlFunctions {
    private ControlFunctions() {
    }

    static List<FunctionDef> all() {
        List<FunctionDef> f = new ArrayList<>();
        f.add(of("IF", 3, 3, (a, c) -> TypeUnifier.unify(a.subList(1, 3)), (a, t, ctx) -> {
            Boolean cond = Values.isTrue(a[0], t[0], ctx);
            int pick = Boolean.TRUE.equals(cond) ? 1 : 2;
            return Values.coerce(a[pick], t[pick], TypeUnifier.unify(t, 1, 3), ctx);
        }).nullAware());
        FunctionDef ifnull = of("IFNULL", 2, 2, (a, c) -> TypeUnifier.unify(a), (a, t, ctx) -> {
            int pick = a[0] != null ? 0 : 1;
            return Values.coerce(a[pick], t[pick], TypeUnifier.unify(t, 0, 2), ctx);
        }).nullAware();
        f.add(ifnull);
        f.add(ifnull.named("NVL"));
        f.add(of("NULLIF", 2, 2, (a, c) -> a.get(0), (a, t, ctx) -> {
            if (a[0] == null) {
                return null;
            }
            return a[1] != null && Comparison.compare(a[0], t[0], a[1], t[1], ctx) == 0 ? null : a[0];
        }).nullAware());
        f.add(of("COALESCE", 1, -1, (a, c) -> TypeUnifier.unify(a), (a, t, ctx) -> {
            for (int i = 0; i < a.length; i++) {
                if (a[i] != null) {
                    return Values.coerce(a[i], t[i], TypeUnifier.unify(t, 0, t.length), ctx);
                }
            }
            return null;
        }).nullAware());
        f.add(of("GREATEST", 2, -1, ControlFunctions::extremeType, (a, t, ctx) -> extreme(a, t, ctx, 1)));
        f.add(of("LEAST", 2, -1, ControlFunctions::extremeType, (a, t, ctx) -> extreme(a, t, ctx, -1)));
        f.add(of("ISNULL", 1, 1, Types.fixed(SqlType.INT.withLength(1)), (a, t, ctx) -> a[0] == null ? 1L : 0L)
                .nullAware());
        f.add(of("INTERVAL", 2, -1, Types.fixed(SqlType.INT.withLength(2)), ControlFunctions::interval)
                .nullAware());
        return f;
    }

    /**
     * GREATEST/LEAST compare all arguments in one domain: as strings when all are strings, as temporals when all
     * are temporals or strings, as numbers otherwise (DOUBLE when strings or a NULL literal are among them).
     */
    private static SqlType extremeType(List<SqlType> args, List<Object> constants) {
        List<SqlType> temporals = new ArrayList<>();
        boolean numeric = false;
        boolean nullArg = false;
        for (SqlType t : args) {
            Category c = t.kind().category();
            if (c == Category.TEMPORAL) {
                temporals.add(t);
            } else if (c == Category.INTEGER || c == Category.DECIMAL || c == Category.FLOATING) {
                numeric = true;
            } else if (c == Category.NULL) {
                nullArg = true;
            }
        }
        SqlType unified = TypeUnifier.unify(args);
        if (!numeric && !temporals.isEmpty()) {
            return TypeUnifier.unify(temporals);
        }
        if (numeric && (nullArg || unified.kind().category() == Category.STRING)) {
            return SqlType.DOUBLE;
        }
        return unified;
    }

    private static Object extreme(Object[] a, SqlType[] t, EvalContext ctx, int direction) {
        SqlType result = extremeType(List.of(t), List.of());
        ComparisonType ct = Comparison.of(result, result);
        int best = 0;
        for (int i = 1; i < a.length; i++) {
            if (ct.compare(a[i], t[i], a[best], t[best], ctx) * direction > 0) {
                best = i;
            }
        }
        return Values.coerce(a[best], t[best], result, ctx);
    }

    /** INTERVAL(n, n1, n2, ...): how many of the (ascending) n_i are ≤ n; -1 for NULL n. */
    private static Object interval(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a[0] == null) {
            return -1L;
        }
        double n = Values.toDouble(a[0], t[0], ctx);
        long count = 0;
        for (int i = 1; i < a.length; i++) {
            if (a[i] == null || Values.toDouble(a[i], t[i], ctx) > n) {
                break;
            }
            count++;
        }
        return count;
    }
}
