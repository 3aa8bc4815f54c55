package io.basalt.sql.binlog;

import io.basalt.sql.catalog.CharsetCollation;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;

/**
 * A row of the SQL value model ({@link io.basalt.sql.type.SqlType}) as the protocol's row-image values: strings
 * become bytes of the column's character set, ENUM labels their 1-based index, TIMESTAMP an instant in the
 * session's time zone; the other values pass through.
 */
public final class BinlogRowValues {
    private static final Charset CP1252 = Charset.forName("windows-1252");

    private BinlogRowValues() {
    }

    public static Object[] of(TableDef table, Object[] row, ZoneId zone) {
        return of(table, row, zone, null, null);
    }

    /**
     * The after image of an update: a value that is the very object of the before image (a column the statement
     * left alone) reuses its converted value instead of encoding a long string a second time.
     */
    public static Object[] after(TableDef table, Object[] newRow, Object[] oldRow, Object[] oldValues, ZoneId zone) {
        return of(table, newRow, zone, oldRow, oldValues);
    }

    private static Object[] of(TableDef table, Object[] row, ZoneId zone, Object[] oldRow, Object[] oldValues) {
        List<ColumnDef> cols = table.columns();
        Object[] out = new Object[row.length];
        for (int i = 0; i < row.length; i++) {
            if (row[i] == null) {
                continue;
            }
            out[i] = oldRow != null && row[i] == oldRow[i] ? oldValues[i] : value(cols.get(i), row[i], zone);
        }
        return out;
    }

    static Object value(ColumnDef c, Object v, ZoneId zone) {
        switch (c.type().kind()) {
            case CHAR, VARCHAR, TINYTEXT, TEXT, MEDIUMTEXT, LONGTEXT:
                return v instanceof String s ? s.getBytes(charset(c)) : v;
            case BINARY, VARBINARY, TINYBLOB, BLOB, MEDIUMBLOB, LONGBLOB, JSON:
                return v instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : v;
            case ENUM:
                return v instanceof String s ? enumIndex(c.type().enumValues(), s) : v;
            case TIMESTAMP:
                return v instanceof LocalDateTime t ? t.atZone(zone).toInstant() : v;
            case DECIMAL:
                return v instanceof BigDecimal d ? d.setScale(c.type().scale(), RoundingMode.HALF_UP) : v;
            default:
                return v;
        }
    }

    /** 1-based position of {@code label}, 0 for the empty "invalid value" MariaDB stores for a bad label. */
    private static int enumIndex(List<String> values, String label) {
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i).equalsIgnoreCase(label)) {
                return i + 1;
            }
        }
        return 0;
    }

    private static Charset charset(ColumnDef c) {
        String cs = c.charset() == null ? CharsetCollation.DEFAULT_CHARSET : c.charset();
        return switch (cs) {
            case "latin1" -> CP1252;
            case "ascii" -> StandardCharsets.US_ASCII;
            default -> StandardCharsets.UTF_8;
        };
    }
}
