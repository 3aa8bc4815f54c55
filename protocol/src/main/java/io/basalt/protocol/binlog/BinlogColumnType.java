package io.basalt.protocol.binlog;

/**
 * Column types of Table_map events (MySQL binlog type codes, MariaDB with {@code mysql56_temporal_format=ON}).
 * {@link #ENUM} is written as {@link #STRING} with the real type in the metadata, as MariaDB does.
 */
public enum BinlogColumnType {
    TINY(1),
    SHORT(2),
    LONG(3),
    FLOAT(4),
    DOUBLE(5),
    LONGLONG(8),
    INT24(9),
    DATE(10),
    YEAR(13),
    VARCHAR(15),
    TIMESTAMP2(17),
    DATETIME2(18),
    TIME2(19),
    NEWDECIMAL(246),
    ENUM(247),
    BLOB(252),
    STRING(254);

    private final int code;

    BinlogColumnType(int code) {
        this.code = code;
    }

    /** The MySQL type code. */
    public int code() {
        return code;
    }

    /** The code written in a Table_map's column-type array. */
    public int wireCode() {
        return this == ENUM ? STRING.code : code;
    }

    /** Whether MariaDB counts the type in the SIGNEDNESS optional metadata (numeric types, YEAR included). */
    public boolean isNumeric() {
        return switch (this) {
            case TINY, SHORT, INT24, LONG, LONGLONG, FLOAT, DOUBLE, NEWDECIMAL, YEAR -> true;
            default -> false;
        };
    }

    /** Whether the column has a collation in the charset optional metadata (strings, text and blobs). */
    public boolean isCharacter() {
        return this == VARCHAR || this == STRING || this == BLOB;
    }

    /** The type for a Table_map column-type code (after resolving STRING's real type). */
    static BinlogColumnType ofWireCode(int code) {
        for (BinlogColumnType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        throw new IllegalArgumentException("unsupported binlog column type " + code);
    }
}
