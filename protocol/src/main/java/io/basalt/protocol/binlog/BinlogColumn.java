package io.basalt.protocol.binlog;

import java.util.List;

/**
 * One column of a Table_map event, and how its row values are encoded.
 *
 * <p>{@code meta} is the type's table-map parameter as a number:
 * <ul>
 *   <li>VARCHAR: maximum length in bytes (length prefix of 1 byte up to 255, else 2);</li>
 *   <li>STRING (CHAR/BINARY): length in bytes (characters × charset max bytes);</li>
 *   <li>ENUM: pack length of the index, 1 or 2 (more than 255 values);</li>
 *   <li>BLOB (TINY/TEXT/MEDIUM/LONG, and JSON which MariaDB stores as LONGTEXT): length bytes 1..4;</li>
 *   <li>NEWDECIMAL: {@code precision << 8 | scale};</li>
 *   <li>TIME2/DATETIME2/TIMESTAMP2: fractional-second precision 0..6;</li>
 *   <li>FLOAT 4, DOUBLE 8; every other type 0.</li>
 * </ul>
 * Use the factories; they fill {@code meta} for you.
 *
 * @param unsigned for integer and decimal types (the SIGNEDNESS metadata, and how values decode)
 * @param name column name for the COLUMN_NAME metadata; null when unknown (decoded without metadata)
 * @param charsetId collation id of character columns (63 = binary for BINARY/VARBINARY/BLOB), 0 for others
 * @param enumValues the ENUM's values for the ENUM_STR_VALUE metadata, empty for other types
 */
public record BinlogColumn(BinlogColumnType type, int meta, boolean unsigned, boolean nullable, String name,
        int charsetId, List<String> enumValues) {

    /** Collation id of binary strings (BINARY, VARBINARY, BLOB). */
    public static final int BINARY_CHARSET = 63;
    /** utf8mb4_bin, the collation of MariaDB's JSON (an alias of LONGTEXT). */
    public static final int JSON_CHARSET = 46;

    public BinlogColumn {
        enumValues = List.copyOf(enumValues);
    }

    /** A column without ENUM values. */
    public BinlogColumn(BinlogColumnType type, int meta, boolean unsigned, boolean nullable, String name,
            int charsetId) {
        this(type, meta, unsigned, nullable, name, charsetId, List.of());
    }

    /** An integer column: {@code type} is TINY, SHORT, INT24, LONG or LONGLONG. */
    public static BinlogColumn integer(String name, BinlogColumnType type, boolean unsigned, boolean nullable) {
        return new BinlogColumn(type, 0, unsigned, nullable, name, 0);
    }

    public static BinlogColumn decimal(String name, int precision, int scale, boolean unsigned, boolean nullable) {
        if (precision < 1 || precision > 65 || scale < 0 || scale > 38 || scale > precision) {
            throw new IllegalArgumentException("DECIMAL(" + precision + "," + scale + ")");
        }
        return new BinlogColumn(BinlogColumnType.NEWDECIMAL, precision << 8 | scale, unsigned, nullable, name, 0);
    }

    public static BinlogColumn floatColumn(String name, boolean nullable) {
        return new BinlogColumn(BinlogColumnType.FLOAT, 4, false, nullable, name, 0);
    }

    public static BinlogColumn doubleColumn(String name, boolean nullable) {
        return new BinlogColumn(BinlogColumnType.DOUBLE, 8, false, nullable, name, 0);
    }

    /** VARCHAR/VARBINARY with a maximum of {@code maxBytes} bytes. */
    public static BinlogColumn varchar(String name, int maxBytes, int charsetId, boolean nullable) {
        return new BinlogColumn(BinlogColumnType.VARCHAR, maxBytes, false, nullable, name, charsetId);
    }

    /** CHAR/BINARY of {@code bytes} bytes (at most 1023: the metadata keeps 10 bits). */
    public static BinlogColumn fixedString(String name, int bytes, int charsetId, boolean nullable) {
        if (bytes < 0 || bytes > 1023) {
            throw new IllegalArgumentException("CHAR byte length " + bytes);
        }
        return new BinlogColumn(BinlogColumnType.STRING, bytes, false, nullable, name, charsetId);
    }

    /** ENUM; values are 1-based indexes into {@code values}. */
    public static BinlogColumn enumeration(String name, List<String> values, int charsetId, boolean nullable) {
        int packLength = values.size() < 256 ? 1 : 2;
        return new BinlogColumn(BinlogColumnType.ENUM, packLength, false, nullable, name, charsetId, values);
    }

    /** TINYBLOB/BLOB/MEDIUMBLOB/LONGBLOB ({@code lengthBytes} 1..4) or the TEXT types with a text collation. */
    public static BinlogColumn blob(String name, int lengthBytes, int charsetId, boolean nullable) {
        if (lengthBytes < 1 || lengthBytes > 4) {
            throw new IllegalArgumentException("BLOB length bytes " + lengthBytes);
        }
        return new BinlogColumn(BinlogColumnType.BLOB, lengthBytes, false, nullable, name, charsetId);
    }

    /** MariaDB's JSON: LONGTEXT in utf8mb4_bin. */
    public static BinlogColumn json(String name, boolean nullable) {
        return blob(name, 4, JSON_CHARSET, nullable);
    }

    public static BinlogColumn date(String name, boolean nullable) {
        return new BinlogColumn(BinlogColumnType.DATE, 0, false, nullable, name, 0);
    }

    /** YEAR, which MariaDB marks UNSIGNED in the SIGNEDNESS metadata. */
    public static BinlogColumn year(String name, boolean nullable) {
        return new BinlogColumn(BinlogColumnType.YEAR, 0, true, nullable, name, 0);
    }

    /** TIME2, DATETIME2 or TIMESTAMP2 with {@code fsp} fractional digits. */
    public static BinlogColumn temporal(String name, BinlogColumnType type, int fsp, boolean nullable) {
        if (fsp < 0 || fsp > 6) {
            throw new IllegalArgumentException("fsp " + fsp);
        }
        return new BinlogColumn(type, fsp, false, nullable, name, 0);
    }

    /** DECIMAL precision (NEWDECIMAL only). */
    public int precision() {
        return meta >> 8;
    }

    /** DECIMAL scale (NEWDECIMAL only). */
    public int scale() {
        return meta & 0xff;
    }
}
