package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.type.TypeKind.Category;

import java.util.List;

/** Result-type helpers for function definitions. */
final class Types {
    /** Longest VARCHAR result; longer results are LONGTEXT (as MariaDB turns long results into BLOB types). */
    private static final int MAX_VARCHAR = 16383;

    private Types() {
    }

    static SqlType varchar(long length) {
        return length > MAX_VARCHAR ? SqlType.LONGTEXT : SqlType.varchar((int) Math.max(0, length));
    }

    static SqlType varbinary(long length) {
        return length > MAX_VARCHAR ? SqlType.LONGBLOB : SqlType.of(TypeKind.VARBINARY).withLength((int) length);
    }

    static FunctionDef.TypeRule fixed(SqlType t) {
        return (args, constants) -> t;
    }

    static FunctionDef.TypeRule varcharRule(int length) {
        return (args, constants) -> varchar(length);
    }

    /** Characters needed to show a value of t. */
    static int chars(SqlType t) {
        return switch (t.kind().category()) {
            case STRING, BINARY -> t.kind().isTextOrBlob() ? Integer.MAX_VALUE / 4
                    : t.kind() == TypeKind.ENUM ? 255 : t.length();
            case INTEGER -> 21;
            case DECIMAL -> t.precision() + 2;
            case FLOATING -> 23;
            case TEMPORAL -> 26;
            case NULL -> 0;
        };
    }

    static boolean isBinary(SqlType t) {
        return t.kind().category() == Category.BINARY;
    }

    static boolean anyBinary(List<SqlType> types) {
        for (SqlType t : types) {
            if (isBinary(t)) {
                return true;
            }
        }
        return false;
    }

    static boolean anyBinary(SqlType[] types) {
        for (SqlType t : types) {
            if (isBinary(t)) {
                return true;
            }
        }
        return false;
    }

    static boolean isInteger(SqlType t) {
        return t.kind().category() == Category.INTEGER;
    }

    /** The literal value of argument i as a long, or {@code fallback} when it is not a numeric literal. */
    static long constantLong(List<Object> constants, int i, long fallback) {
        if (i >= constants.size()) {
            return fallback;
        }
        Object c = constants.get(i);
        if (c instanceof Number n) {
            return Math.round(n.doubleValue());
        }
        if (c instanceof String s) {
            try {
                return Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
        return fallback;
    }

    static String constantString(List<Object> constants, int i) {
        return i < constants.size() && constants.get(i) instanceof String s ? s : null;
    }
}
