package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.type.TypeKind.Category;

import java.util.List;

/**
 * The common type of several expressions, as MariaDB aggregates them for CASE, IF, IFNULL, COALESCE, GREATEST/LEAST
 * results and UNION columns: NULLs are ignored; integers widen (signed mixed with unsigned becomes DECIMAL); integers
 * with decimals give DECIMAL; any FLOAT/DOUBLE gives DOUBLE; temporals of one kind keep it, mixed temporals give
 * DATETIME; numbers or temporals mixed with strings give a string; any binary string gives a binary string. Convert
 * each value to the result with {@link Values#coerce}.
 */
public final class TypeUnifier {
    private TypeUnifier() {
    }

    public static SqlType unify(List<SqlType> types) {
        return unify(types.toArray(new SqlType[0]), 0, types.size());
    }

    /** Unifies {@code types[from..to)} (no allocation for callers that already hold an array). */
    public static SqlType unify(SqlType[] types, int from, int to) {
        SqlType result = null;
        for (int i = from; i < to; i++) {
            SqlType t = types[i];
            if (t.kind() == TypeKind.NULL) {
                continue;
            }
            result = result == null ? t : pair(result, t);
        }
        return result == null ? SqlType.NULL : result;
    }

    private static SqlType pair(SqlType a, SqlType b) {
        Category ca = a.kind().category();
        Category cb = b.kind().category();
        boolean stringA = ca == Category.STRING || ca == Category.BINARY;
        boolean stringB = cb == Category.STRING || cb == Category.BINARY;
        if (stringA || stringB || ca == Category.TEMPORAL != (cb == Category.TEMPORAL)) {
            return stringOf(a, b);
        }
        if (ca == Category.TEMPORAL) {
            if (a.kind() == b.kind()) {
                return a.fsp() >= b.fsp() ? a : b;
            }
            return SqlType.temporal(TypeKind.DATETIME, Math.max(a.fsp(), b.fsp()));
        }
        if (ca == Category.FLOATING || cb == Category.FLOATING) {
            return a.kind() == TypeKind.FLOAT && b.kind() == TypeKind.FLOAT ? a : SqlType.DOUBLE;
        }
        if (ca == Category.DECIMAL || cb == Category.DECIMAL || a.unsigned() != b.unsigned()) {
            int scale = Math.max(Arithmetic.scaleOf(a), Arithmetic.scaleOf(b));
            int intDigits = Math.max(Arithmetic.digits(a) - Arithmetic.scaleOf(a),
                    Arithmetic.digits(b) - Arithmetic.scaleOf(b));
            return SqlType.decimal(Math.min(Arithmetic.MAX_PRECISION, intDigits + scale), scale);
        }
        TypeKind wider = a.kind().ordinal() >= b.kind().ordinal() ? a.kind() : b.kind();
        if (wider == TypeKind.YEAR) {
            wider = a.kind() == TypeKind.YEAR && b.kind() == TypeKind.YEAR ? TypeKind.YEAR : TypeKind.INT;
        }
        return new SqlType(wider, Math.max(a.length(), b.length()), 0, 0, a.unsigned(), List.of());
    }

    private static SqlType stringOf(SqlType a, SqlType b) {
        boolean binary = a.kind().category() == Category.BINARY || b.kind().category() == Category.BINARY;
        boolean json = a.kind() == TypeKind.JSON && b.kind() == TypeKind.JSON;
        if (json) {
            return SqlType.JSON;
        }
        boolean lob = a.kind().isTextOrBlob() || b.kind().isTextOrBlob();
        if (lob) {
            return binary ? SqlType.LONGBLOB : SqlType.LONGTEXT;
        }
        int length = Math.max(charLength(a), charLength(b));
        return binary ? SqlType.of(TypeKind.VARBINARY).withLength(length) : SqlType.varchar(length);
    }

    /** Characters needed to show any value of the type as text. */
    static int charLength(SqlType t) {
        return switch (t.kind().category()) {
            case STRING, BINARY -> t.kind() == TypeKind.ENUM ? enumLength(t) : t.length();
            case INTEGER -> Arithmetic.digits(t) + 1;
            case DECIMAL -> t.precision() + 2;
            case FLOATING -> 23;
            case TEMPORAL -> switch (t.kind()) {
                case DATE -> 10;
                case TIME -> 10 + (t.fsp() > 0 ? t.fsp() + 1 : 0);
                default -> 19 + (t.fsp() > 0 ? t.fsp() + 1 : 0);
            };
            case NULL -> 0;
        };
    }

    private static int enumLength(SqlType t) {
        int max = 0;
        for (String label : t.enumValues()) {
            max = Math.max(max, label.length());
        }
        return max;
    }
}
