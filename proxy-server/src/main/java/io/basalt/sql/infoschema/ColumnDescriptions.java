package io.basalt.sql.infoschema;

import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.row.ValueText;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.util.Locale;

/**
 * How MariaDB 10.11 describes a column in SHOW COLUMNS and information_schema.COLUMNS: the type text
 * ({@code int(10) unsigned}, {@code decimal(10,2)}, {@code enum('a','b')}; JSON is {@code longtext} as in
 * MariaDB), the key marker (PRI / UNI / MUL), Extra, the default in both spellings, and the numeric and
 * character facts of information_schema.COLUMNS. Stateless.
 */
public final class ColumnDescriptions {
    /** What SHOW FULL COLUMNS and information_schema report as privileges: Basalt users hold all of them. */
    public static final String PRIVILEGES = "select,insert,update,references";

    private ColumnDescriptions() {
    }

    /** The column type as SHOW COLUMNS shows it. */
    public static String typeText(SqlType type) {
        TypeKind kind = type.kind();
        String base = switch (kind) {
            case TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT ->
                    dataType(type) + "(" + ColumnDefinitions.columnLength(type) + ")";
            case DECIMAL -> "decimal(" + type.precision() + "," + type.scale() + ")";
            case FLOAT, DOUBLE -> type.precision() > 0
                    ? dataType(type) + "(" + type.precision() + "," + type.scale() + ")" : dataType(type);
            case CHAR, VARCHAR, BINARY, VARBINARY -> dataType(type) + "(" + type.length() + ")";
            case TIME, DATETIME, TIMESTAMP -> type.fsp() > 0 ? dataType(type) + "(" + type.fsp() + ")"
                    : dataType(type);
            case YEAR -> "year(4)";
            case ENUM -> "enum(" + String.join(",", type.enumValues().stream()
                    .map(ColumnDescriptions::quote).toList()) + ")";
            default -> dataType(type);
        };
        boolean showsUnsigned = kind.isNumeric() && kind != TypeKind.YEAR && type.unsigned();
        return showsUnsigned ? base + " unsigned" : base;
    }

    /** information_schema.COLUMNS.DATA_TYPE: the type name in lower case. */
    public static String dataType(SqlType type) {
        return type.kind() == TypeKind.JSON ? "longtext" : type.kind().name().toLowerCase(Locale.ROOT);
    }

    /** PRI, UNI, MUL or "" as SHOW COLUMNS' Key, derived from the column flags exactly as MariaDB does. */
    public static String key(TableDef table, ColumnDef column) {
        int flags = ColumnDefinitions.columnFlags(table, column);
        if ((flags & ColumnFlags.PRI_KEY) != 0) {
            return "PRI";
        }
        if ((flags & ColumnFlags.UNIQUE_KEY) != 0) {
            return "UNI";
        }
        return (flags & ColumnFlags.MULTIPLE_KEY) != 0 ? "MUL" : "";
    }

    /** SHOW COLUMNS' Extra: {@code auto_increment} or {@code on update current_timestamp()}. */
    public static String extra(ColumnDef column) {
        if (column.autoIncrement()) {
            return "auto_increment";
        }
        return column.onUpdateNow() ? "on update " + currentTimestamp(column.type().fsp()) : "";
    }

    /** SHOW COLUMNS' Default: the value as text, null when there is none or it is NULL. */
    public static String showDefault(ColumnDef column) {
        DefaultValue dflt = column.defaultValue();
        if (dflt instanceof DefaultValue.CurrentTimestamp now) {
            return currentTimestamp(now.fsp());
        }
        if (dflt instanceof DefaultValue.Constant c && c.value() != null) {
            return ValueText.format(column, c.value());
        }
        return null;
    }

    /**
     * information_schema.COLUMNS.COLUMN_DEFAULT as MariaDB writes it: an SQL expression ({@code 'x''y'},
     * {@code 1.50}, {@code current_timestamp()}, {@code NULL}); SQL NULL when a NOT NULL column has no default.
     */
    public static String schemaDefault(ColumnDef column) {
        DefaultValue dflt = column.defaultValue();
        if (dflt instanceof DefaultValue.CurrentTimestamp now) {
            return currentTimestamp(now.fsp());
        }
        if (dflt instanceof DefaultValue.Constant c) {
            if (c.value() == null) {
                return "NULL";
            }
            String text = ValueText.format(column, c.value());
            return column.type().kind().isNumeric() ? text : quote(text);
        }
        return column.nullable() && !column.autoIncrement() ? "NULL" : null;
    }

    /** CHARACTER_MAXIMUM_LENGTH: characters for text, bytes for binary strings and TEXT/BLOB; null otherwise. */
    public static Long characterMaximumLength(SqlType type) {
        return switch (type.kind()) {
            case CHAR, VARCHAR, BINARY, VARBINARY -> (long) type.length();
            case ENUM -> (long) maxLabelLength(type);
            case TINYTEXT, TINYBLOB -> 255L;
            case TEXT, BLOB -> 65_535L;
            case MEDIUMTEXT, MEDIUMBLOB -> 16_777_215L;
            case LONGTEXT, LONGBLOB, JSON -> 4_294_967_295L;
            default -> null;
        };
    }

    /** CHARACTER_OCTET_LENGTH: utf8mb4 bytes (4 per character) for CHAR / VARCHAR / ENUM. */
    public static Long characterOctetLength(SqlType type) {
        Long max = characterMaximumLength(type);
        boolean perCharacter = type.kind() == TypeKind.CHAR || type.kind() == TypeKind.VARCHAR
                || type.kind() == TypeKind.ENUM;
        if (max == null || !perCharacter) {
            return max;
        }
        return max * 4;
    }

    public static Long numericPrecision(SqlType type) {
        return switch (type.kind()) {
            case TINYINT -> 3L;
            case SMALLINT -> 5L;
            case MEDIUMINT -> 7L;
            case INT -> 10L;
            case BIGINT -> type.unsigned() ? 20L : 19L;
            case DECIMAL -> (long) type.precision();
            case FLOAT -> type.precision() > 0 ? type.precision() : 12L;
            case DOUBLE -> type.precision() > 0 ? type.precision() : 22L;
            default -> null;
        };
    }

    public static Long numericScale(SqlType type) {
        return switch (type.kind()) {
            case TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT -> 0L;
            case DECIMAL -> (long) type.scale();
            case FLOAT, DOUBLE -> type.precision() > 0 ? (long) type.scale() : null;
            default -> null;
        };
    }

    public static Long datetimePrecision(SqlType type) {
        return switch (type.kind()) {
            case TIME, DATETIME, TIMESTAMP -> (long) type.fsp();
            default -> null;
        };
    }

    /** A string literal as MariaDB quotes it in DDL: single quotes, embedded quotes doubled. */
    public static String quote(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    private static String currentTimestamp(int fsp) {
        return fsp > 0 ? "current_timestamp(" + fsp + ")" : "current_timestamp()";
    }

    private static int maxLabelLength(SqlType type) {
        return type.enumValues().stream().mapToInt(String::length).max().orElse(0);
    }
}
