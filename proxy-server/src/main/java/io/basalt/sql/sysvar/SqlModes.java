package io.basalt.sql.sysvar;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * sql_mode values as MariaDB 10.11 validates and normalises them: a comma-separated list of mode names (matched
 * case-insensitively, no surrounding spaces, empty items skipped) or the numeric bit set; combination modes (ANSI,
 * TRADITIONAL, ORACLE, ...) set their own bit plus their members; the result lists the names of the set bits in bit
 * order, upper case. Bad values fail with 1231, non-integer numbers with 1232.
 */
public final class SqlModes {

    /** Mode names by bit position (MariaDB's order). */
    private static final List<String> NAMES = List.of(
            "REAL_AS_FLOAT", "PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "IGNORE_BAD_TABLE_OPTIONS",
            "ONLY_FULL_GROUP_BY", "NO_UNSIGNED_SUBTRACTION", "NO_DIR_IN_CREATE", "POSTGRESQL", "ORACLE", "MSSQL",
            "DB2", "MAXDB", "NO_KEY_OPTIONS", "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS", "MYSQL323", "MYSQL40", "ANSI",
            "NO_AUTO_VALUE_ON_ZERO", "NO_BACKSLASH_ESCAPES", "STRICT_TRANS_TABLES", "STRICT_ALL_TABLES",
            "NO_ZERO_IN_DATE", "NO_ZERO_DATE", "ALLOW_INVALID_DATES", "ERROR_FOR_DIVISION_BY_ZERO", "TRADITIONAL",
            "NO_AUTO_CREATE_USER", "HIGH_NOT_PRECEDENCE", "NO_ENGINE_SUBSTITUTION", "PAD_CHAR_TO_FULL_LENGTH",
            "EMPTY_STRING_IS_NULL", "SIMULTANEOUS_ASSIGNMENT", "TIME_ROUND_FRACTIONAL");

    private static final long ALL_BITS = (1L << NAMES.size()) - 1;

    private static final List<String> ANSI_LIKE = List.of("PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE",
            "NO_KEY_OPTIONS", "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS");

    /** What each combination mode sets besides its own bit. */
    private static final Map<String, List<String>> COMBINATIONS = Map.of(
            "ANSI", List.of("REAL_AS_FLOAT", "PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE"),
            "TRADITIONAL", List.of("STRICT_TRANS_TABLES", "STRICT_ALL_TABLES", "NO_ZERO_IN_DATE", "NO_ZERO_DATE",
                    "ERROR_FOR_DIVISION_BY_ZERO", "NO_AUTO_CREATE_USER", "NO_ENGINE_SUBSTITUTION"),
            "POSTGRESQL", ANSI_LIKE,
            "MSSQL", ANSI_LIKE,
            "DB2", ANSI_LIKE,
            "MAXDB", concat(ANSI_LIKE, "NO_AUTO_CREATE_USER"),
            "ORACLE", concat(ANSI_LIKE, "NO_AUTO_CREATE_USER", "SIMULTANEOUS_ASSIGNMENT"),
            "MYSQL323", List.of("HIGH_NOT_PRECEDENCE"),
            "MYSQL40", List.of("HIGH_NOT_PRECEDENCE"));

    private SqlModes() {
    }

    /**
     * Validates and normalises a SET value for the variable {@code variableName}.
     *
     * @param value a String (names), a Long / integral number (bit set), or null
     */
    public static String normalize(String variableName, Object value) {
        if (value == null) {
            throw new MySqlException(ErrorCode.WRONG_VALUE_FOR_VAR, variableName, "NULL");
        }
        if (value instanceof Long || value instanceof Integer) {
            long bits = ((Number) value).longValue();
            if ((bits & ~ALL_BITS) != 0) {
                throw new MySqlException(ErrorCode.WRONG_VALUE_FOR_VAR, variableName, Long.toString(bits));
            }
            return format(expand(bits));
        }
        if (value instanceof Number) {
            throw integralOrTypeError(variableName, value);
        }
        String text = value instanceof byte[] b ? new String(b, StandardCharsets.UTF_8)
                : value.toString();
        long bits = 0;
        for (String item : text.split(",", -1)) {
            if (item.isEmpty()) {
                continue;
            }
            int bit = NAMES.indexOf(item.toUpperCase(Locale.ROOT));
            if (bit < 0) {
                throw new MySqlException(ErrorCode.WRONG_VALUE_FOR_VAR, variableName, item);
            }
            bits |= 1L << bit;
        }
        return format(expand(bits));
    }

    /** The bitmask of a normalised sql_mode value, as a binlog Query event carries it (unknown names ignored). */
    public static long bits(String sqlMode) {
        long bits = 0;
        if (sqlMode != null) {
            for (String item : sqlMode.split(",")) {
                int bit = NAMES.indexOf(item.toUpperCase(Locale.ROOT));
                if (bit >= 0) {
                    bits |= 1L << bit;
                }
            }
        }
        return bits;
    }

    /** Whether a normalised sql_mode value contains {@code mode} (e.g. STRICT_TRANS_TABLES). */
    public static boolean contains(String sqlMode, String mode) {
        if (sqlMode == null) {
            return false;
        }
        // scans item by item without splitting: every statement asks, so this stays allocation-free
        int n = mode.length();
        int start = 0;
        while (true) {
            int end = sqlMode.indexOf(',', start);
            int itemEnd = end < 0 ? sqlMode.length() : end;
            if (itemEnd - start == n && sqlMode.regionMatches(true, start, mode, 0, n)) {
                return true;
            }
            if (end < 0) {
                return false;
            }
            start = end + 1;
        }
    }

    private static MySqlException integralOrTypeError(String variableName, Object value) {
        if (value instanceof BigDecimal d && d.stripTrailingZeros().scale() <= 0) {
            return new MySqlException(ErrorCode.WRONG_VALUE_FOR_VAR, variableName, d.toPlainString());
        }
        return new MySqlException(ErrorCode.WRONG_TYPE_FOR_VAR, variableName);
    }

    private static long expand(long bits) {
        long result = bits;
        for (Map.Entry<String, List<String>> combination : COMBINATIONS.entrySet()) {
            if ((bits & (1L << NAMES.indexOf(combination.getKey()))) != 0) {
                for (String member : combination.getValue()) {
                    result |= 1L << NAMES.indexOf(member);
                }
            }
        }
        return result;
    }

    private static String format(long bits) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < NAMES.size(); i++) {
            if ((bits & (1L << i)) != 0) {
                if (!sb.isEmpty()) {
                    sb.append(',');
                }
                sb.append(NAMES.get(i));
            }
        }
        return sb.toString();
    }

    private static List<String> concat(List<String> base, String... more) {
        List<String> all = new ArrayList<>(base);
        all.addAll(List.of(more));
        return List.copyOf(all);
    }
}
