package io.basalt.sql.type;

import java.util.List;

/**
 * A MySQL data type with its attributes.
 *
 * <p>Value model: at run time a value of this type is {@code null} (SQL NULL) or
 * <ul>
 *   <li>integers, YEAR: {@link Long} (a BIGINT UNSIGNED value above {@code Long.MAX_VALUE} is carried as the same 64
 *       bits, i.e. negative; {@link #unsigned()} says how to read it);</li>
 *   <li>DECIMAL: {@link java.math.BigDecimal}; FLOAT and DOUBLE: {@link Double};</li>
 *   <li>CHAR, VARCHAR, TEXT types, ENUM (its label), JSON (its text): {@link String};</li>
 *   <li>BINARY, VARBINARY, BLOB types: {@code byte[]};</li>
 *   <li>DATE: {@link java.time.LocalDate}; DATETIME and TIMESTAMP: {@link java.time.LocalDateTime};
 *       TIME: {@link java.time.Duration} (may be negative, |value| ≤ 838:59:59.999999).</li>
 * </ul>
 *
 * @param length     CHAR/VARCHAR/BINARY/VARBINARY length in characters or bytes; display width for integers
 * @param precision  DECIMAL precision (digits)
 * @param scale      DECIMAL scale; fractional-second precision (fsp, 0–6) for TIME, DATETIME, TIMESTAMP
 * @param enumValues ENUM labels in declaration order (empty otherwise)
 */
public record SqlType(TypeKind kind, int length, int precision, int scale, boolean unsigned,
                      List<String> enumValues) {

    public static final SqlType BIGINT = of(TypeKind.BIGINT);
    public static final SqlType BIGINT_UNSIGNED = new SqlType(TypeKind.BIGINT, 20, 0, 0, true, List.of());
    public static final SqlType INT = of(TypeKind.INT);
    public static final SqlType DOUBLE = of(TypeKind.DOUBLE);
    public static final SqlType LONGTEXT = of(TypeKind.LONGTEXT);
    public static final SqlType LONGBLOB = of(TypeKind.LONGBLOB);
    public static final SqlType DATE = of(TypeKind.DATE);
    public static final SqlType DATETIME = of(TypeKind.DATETIME);
    public static final SqlType TIME = of(TypeKind.TIME);
    public static final SqlType JSON = of(TypeKind.JSON);
    public static final SqlType NULL = of(TypeKind.NULL);

    public SqlType {
        enumValues = List.copyOf(enumValues);
    }

    /** The type with MySQL's default attributes (INT(11), DECIMAL(10,0), VARCHAR needs {@link #varchar}). */
    public static SqlType of(TypeKind kind) {
        return switch (kind) {
            case TINYINT -> new SqlType(kind, 4, 0, 0, false, List.of());
            case SMALLINT -> new SqlType(kind, 6, 0, 0, false, List.of());
            case MEDIUMINT -> new SqlType(kind, 9, 0, 0, false, List.of());
            case INT -> new SqlType(kind, 11, 0, 0, false, List.of());
            case BIGINT -> new SqlType(kind, 20, 0, 0, false, List.of());
            case YEAR -> new SqlType(kind, 4, 0, 0, true, List.of());
            case DECIMAL -> new SqlType(kind, 0, 10, 0, false, List.of());
            case CHAR, BINARY -> new SqlType(kind, 1, 0, 0, false, List.of());
            default -> new SqlType(kind, 0, 0, 0, false, List.of());
        };
    }

    public static SqlType varchar(int length) {
        return new SqlType(TypeKind.VARCHAR, length, 0, 0, false, List.of());
    }

    public static SqlType decimal(int precision, int scale) {
        return new SqlType(TypeKind.DECIMAL, 0, precision, scale, false, List.of());
    }

    public static SqlType temporal(TypeKind kind, int fsp) {
        return new SqlType(kind, 0, 0, fsp, false, List.of());
    }

    public SqlType withUnsigned(boolean u) {
        return new SqlType(kind, length, precision, scale, u, enumValues);
    }

    public SqlType withLength(int newLength) {
        return new SqlType(kind, newLength, precision, scale, unsigned, enumValues);
    }

    /** Fractional-second precision of a temporal type. */
    public int fsp() {
        return scale;
    }
}
