package io.basalt.sql.sysvar;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.sysvar.SystemVariable.VarType;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Converts SET values to a variable's type and renders values as SHOW VARIABLES does, following MariaDB 10.11:
 * integer variables take integers only (a string or a decimal number is error 1232), booleans take 0/1 or
 * ON/OFF/TRUE/FALSE (other values 1231), enums a name or an ordinal, character sets and collations a name or a
 * collation id; out-of-range integers are clamped with warning 1292.
 */
public final class VariableValues {

    private VariableValues() {
    }

    /**
     * @param value the evaluated SET value in the SqlType value model (Long, BigDecimal, Double, String, byte[],
     *              Boolean) or null for SQL NULL
     * @return the value as the variable holds it
     */
    public static Object convert(SystemVariable def, Object value, WarningSink warnings) {
        Object v = value instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : value;
        if (v instanceof Boolean bool) {
            v = bool ? 1L : 0L;
        } else if (v instanceof Integer i) {
            v = i.longValue();
        }
        return switch (def.type()) {
            case BOOLEAN -> toBoolean(def, v);
            case INTEGER, UNSIGNED -> toInteger(def, v, warnings);
            case DOUBLE -> toDouble(def, v);
            case STRING -> v == null ? "" : requireString(def, v);
            case NULLABLE_STRING -> v == null ? null : requireString(def, v);
            case ENUM -> toEnum(def, v);
            case SQL_MODE -> SqlModes.normalize(def.name(), v);
            case CHARSET, NULLABLE_CHARSET -> toCharset(def, v);
            case COLLATION -> toCollation(def, v);
            case TIME_ZONE -> TimeZones.normalize(requireString(def, requireNonNull(def, v)));
        };
    }

    /** The text SHOW VARIABLES and information_schema show: ON/OFF for booleans, empty for NULL. */
    public static String render(SystemVariable def, Object value) {
        if (value == null) {
            return "";
        }
        return switch (def.type()) {
            case BOOLEAN -> ((Long) value) != 0 ? "ON" : "OFF";
            case UNSIGNED -> Long.toUnsignedString((Long) value);
            case DOUBLE -> String.format(Locale.ROOT, "%.6f", ((Number) value).doubleValue());
            default -> value.toString();
        };
    }

    private static Object requireNonNull(SystemVariable def, Object v) {
        if (v == null) {
            throw wrongValue(def, "NULL");
        }
        return v;
    }

    private static String requireString(SystemVariable def, Object v) {
        if (!(v instanceof String s)) {
            throw wrongType(def);
        }
        return s;
    }

    private static Long toBoolean(SystemVariable def, Object v) {
        if (v instanceof Long l) {
            if (l == 0 || l == 1) {
                return l;
            }
            throw wrongValue(def, l.toString());
        }
        if (v instanceof String s) {
            return switch (s.toUpperCase(Locale.ROOT)) {
                case "ON", "TRUE" -> 1L;
                case "OFF", "FALSE" -> 0L;
                default -> throw wrongValue(def, s);
            };
        }
        if (v == null) {
            throw wrongValue(def, "NULL");
        }
        throw wrongType(def);
    }

    private static Long toInteger(SystemVariable def, Object v, WarningSink warnings) {
        if (!(v instanceof Long l)) {
            throw wrongType(def);
        }
        boolean unsigned = def.type() == VarType.UNSIGNED;
        long value = unsigned && l < 0 ? Math.max(def.min(), 0) : l;
        boolean clamped = unsigned && l < 0;
        if (compare(value, def.min(), unsigned) < 0) {
            value = def.min();
            clamped = true;
        } else if (compare(value, def.max(), unsigned) > 0) {
            value = def.max();
            clamped = true;
        }
        if (clamped) {
            warnings.warn(ErrorCode.TRUNCATED_WRONG_VALUE.code(),
                    ErrorCode.TRUNCATED_WRONG_VALUE.format(def.name(), l.toString()));
        }
        return value;
    }

    private static int compare(long a, long b, boolean unsigned) {
        return unsigned ? Long.compareUnsigned(a, b) : Long.compare(a, b);
    }

    private static Double toDouble(SystemVariable def, Object v) {
        if (v instanceof Long || v instanceof BigDecimal || v instanceof Double) {
            return ((Number) v).doubleValue();
        }
        throw wrongType(def);
    }

    private static String toEnum(SystemVariable def, Object v) {
        if (v instanceof Long l) {
            if (l >= 0 && l < def.allowed().size()) {
                return def.allowed().get(l.intValue());
            }
            throw wrongValue(def, l.toString());
        }
        if (v instanceof String s) {
            String upper = s.toUpperCase(Locale.ROOT);
            if (def.allowed().contains(upper)) {
                return upper;
            }
            throw wrongValue(def, s);
        }
        if (v == null) {
            throw wrongValue(def, "NULL");
        }
        throw wrongType(def);
    }

    private static String toCharset(SystemVariable def, Object v) {
        if (v == null) {
            if (def.type() == VarType.NULLABLE_CHARSET) {
                return null;
            }
            throw wrongValue(def, "NULL");
        }
        if (v instanceof Long id) {
            return CharacterSets.collations().stream().filter(c -> c.id() == id).findFirst()
                    .map(CharacterSets.Collation::charset)
                    .orElseThrow(() -> new MySqlException(ErrorCode.UNKNOWN_CHARACTER_SET, id.toString()));
        }
        return CharacterSets.requireCharset(requireString(def, v)).name();
    }

    private static String toCollation(SystemVariable def, Object v) {
        if (v == null) {
            throw wrongValue(def, "NULL");
        }
        if (v instanceof Long id) {
            return CharacterSets.collations().stream().filter(c -> c.id() == id).findFirst()
                    .map(CharacterSets.Collation::name)
                    .orElseThrow(() -> new MySqlException(ErrorCode.UNKNOWN_COLLATION, id.toString()));
        }
        return CharacterSets.requireCollation(requireString(def, v)).name();
    }

    private static MySqlException wrongValue(SystemVariable def, String text) {
        return new MySqlException(ErrorCode.WRONG_VALUE_FOR_VAR, def.name(), text);
    }

    private static MySqlException wrongType(SystemVariable def) {
        return new MySqlException(ErrorCode.WRONG_TYPE_FOR_VAR, def.name());
    }
}
