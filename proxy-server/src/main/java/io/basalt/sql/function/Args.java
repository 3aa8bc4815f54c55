package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.Values;

import java.math.BigDecimal;

/** Argument conversions for function bodies (MySQL's val_str / val_int / val_real / val_decimal). */
final class Args {
    private Args() {
    }

    static String str(Object[] a, SqlType[] t, int i) {
        return Values.toText(a[i], t[i]);
    }

    static long lng(Object[] a, SqlType[] t, int i, EvalContext ctx) {
        return Values.toLong(a[i], t[i], ctx);
    }

    static double dbl(Object[] a, SqlType[] t, int i, EvalContext ctx) {
        return Values.toDouble(a[i], t[i], ctx);
    }

    static BigDecimal dec(Object[] a, SqlType[] t, int i, EvalContext ctx) {
        return Values.toDecimal(a[i], t[i], ctx);
    }

    static byte[] bytes(Object[] a, SqlType[] t, int i) {
        return Values.toBytes(a[i], t[i]);
    }

    /** A count argument (LEFT's length, REPEAT's count): negative values and huge unsigned ones as MySQL reads them. */
    static long count(Object[] a, SqlType[] t, int i, EvalContext ctx) {
        long n = lng(a, t, i, ctx);
        return t[i].unsigned() && n < 0 ? Long.MAX_VALUE : n;
    }
}
