package io.basalt.sql.result;

import io.basalt.protocol.constants.Collations;
import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.sql.catalog.CharsetCollation;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.sysvar.SystemVariable;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.util.List;

/**
 * The one place that turns a {@link SqlType} into the ColumnDefinition41 fields MariaDB 10.11 sends to a client
 * whose {@code character_set_results} is utf8mb4 (observed on a real server; see ColumnDefinitionsTest):
 * <ul>
 *   <li>length: display width for integers (INT 11, INT UNSIGNED 10, BIGINT 20), characters × 4 for text,
 *       DECIMAL(p,s) p + (s &gt; 0) + (signed), FLOAT 12, DOUBLE 22, DATE 10, TIME 10, DATETIME/TIMESTAMP 19, each
 *       temporal + fsp + 1 when fsp &gt; 0, TEXT types 255/65535/16777215 × 4, LONGTEXT/LONGBLOB/JSON 2^32-1;</li>
 *   <li>decimals: DECIMAL scale, temporal fsp, 31 (not fixed) for FLOAT/DOUBLE without (M,D) or fixed result
 *       decimals, 0 for table string columns and 39 for string expressions;</li>
 *   <li>collation 45 (utf8mb4_general_ci) for text, 63 (binary) for the rest, as MariaDB sends them once text is
 *       converted to utf8mb4 for the client (Basalt always sends UTF-8); a column with a binary collation
 *       ({@code utf8mb4_bin}) has the BINARY flag;</li>
 *   <li>JSON is sent as MariaDB does (LONGTEXT with utf8mb4_bin: BLOB type, BLOB|BINARY flags).</li>
 * </ul>
 * Stateless.
 */
public final class ColumnDefinitions {
    /** PART_KEY_FLAG: the column is part of some index (ColumnFlags does not define it). */
    public static final int PART_KEY = 1 << 14;
    /** NOT_FIXED_DEC: decimals of FLOAT/DOUBLE values without a declared scale. */
    public static final int NOT_FIXED_DECIMALS = 31;
    /** What MariaDB sends as decimals for string expressions. */
    public static final int STRING_EXPRESSION_DECIMALS = 39;

    private static final long MAX_LENGTH = 4_294_967_295L;
    private static final int UTF8MB4_MAX_BYTES = 4;

    private ColumnDefinitions() {
    }

    /**
     * A result column read straight from a table column.
     *
     * @param schema     the table's database
     * @param tableAlias the name the query gave the table (its name when it has no alias)
     * @param label      the result column's name (alias or column name)
     */
    public static ColumnDefinition forColumn(String schema, String tableAlias, TableDef table, ColumnDef column,
                                             String label) {
        SqlType type = column.type();
        return new ColumnDefinition(schema, tableAlias, table.name(), label, column.name(), collation(type),
                columnLength(type), columnFieldType(type), columnFlags(table, column), columnDecimals(type));
    }

    /** A computed result column (expression, literal, variable, function). */
    public static ColumnDefinition forExpression(String label, SqlType type, boolean nullable) {
        return ColumnDefinition.computed(label, collation(type), columnLength(type), expressionFieldType(type),
                expressionFlags(type, nullable), expressionDecimals(type));
    }

    /**
     * The column of {@code SELECT @@name}: BIGINT(1) for booleans, BIGINT(21) [UNSIGNED] for integers, DOUBLE(21,6)
     * for seconds, VARCHAR as long as the value for strings; never NOT NULL.
     */
    public static ColumnDefinition forSystemVariable(String label, SystemVariable variable, Object value) {
        return forExpression(label, systemVariableType(variable, value), true);
    }

    /** The SqlType a {@code @@variable} reference has in expressions. */
    public static SqlType systemVariableType(SystemVariable variable, Object value) {
        return switch (variable.type()) {
            case BOOLEAN -> SqlType.BIGINT.withLength(1);
            case INTEGER -> SqlType.BIGINT.withLength(21);
            case UNSIGNED -> SqlType.BIGINT.withLength(21).withUnsigned(true);
            case DOUBLE -> new SqlType(TypeKind.DOUBLE, 0, 21, 6, false, List.of());
            default -> SqlType.varchar(value == null ? 0 : value.toString().length());
        };
    }

    /**
     * The flags of a table column: NOT_NULL, PRI_KEY (every primary key part), UNIQUE_KEY (the column of a
     * one-column unique index), MULTIPLE_KEY (first column of any other index), PART_KEY, UNSIGNED, ZEROFILL (YEAR),
     * BINARY (binary strings, temporals, JSON), BLOB, AUTO_INCREMENT, ENUM, TIMESTAMP (a TIMESTAMP with a
     * CURRENT_TIMESTAMP default or ON UPDATE), ON_UPDATE_NOW, NO_DEFAULT_VALUE (NOT NULL without DEFAULT, not
     * AUTO_INCREMENT; every column of a virtual information_schema table) and NUM.
     */
    public static int columnFlags(TableDef table, ColumnDef column) {
        SqlType type = column.type();
        TypeKind kind = type.kind();
        int flags = keyFlags(table, column);
        if (!column.nullable()) {
            flags |= ColumnFlags.NOT_NULL;
        }
        if (type.unsigned() || kind == TypeKind.TIMESTAMP) {
            flags |= ColumnFlags.UNSIGNED;
        }
        if (kind == TypeKind.YEAR) {
            flags |= ColumnFlags.ZEROFILL;
        }
        boolean binaryCollation = column.collation() != null && CharsetCollation.isBinary(column.collation());
        if (kind.category() == TypeKind.Category.BINARY || kind.category() == TypeKind.Category.TEMPORAL
                || kind == TypeKind.JSON || binaryCollation) {
            flags |= ColumnFlags.BINARY;
        }
        if (kind.isTextOrBlob() || kind == TypeKind.JSON) {
            flags |= ColumnFlags.BLOB;
        }
        if (column.autoIncrement()) {
            flags |= ColumnFlags.AUTO_INCREMENT;
        }
        if (kind == TypeKind.ENUM) {
            flags |= ColumnFlags.ENUM;
        }
        boolean defaultNow = column.defaultValue() instanceof DefaultValue.CurrentTimestamp;
        if (kind == TypeKind.TIMESTAMP && (defaultNow || column.onUpdateNow())) {
            flags |= ColumnFlags.TIMESTAMP;
        }
        if (column.onUpdateNow()) {
            flags |= ColumnFlags.ON_UPDATE_NOW;
        }
        boolean virtual = table.id() < 0;
        if (virtual || (!column.nullable() && column.defaultValue() instanceof DefaultValue.None
                && !column.autoIncrement())) {
            flags |= ColumnFlags.NO_DEFAULT_VALUE;
        }
        if (kind.isNumeric() || kind == TypeKind.YEAR) {
            flags |= ColumnFlags.NUM;
        }
        return flags;
    }

    /** The display length in bytes as the column definition carries it. */
    public static long columnLength(SqlType type) {
        int fsp = type.fsp();
        return switch (type.kind()) {
            case TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT -> integerWidth(type);
            case YEAR -> 4;
            case DECIMAL -> type.precision() + (type.scale() > 0 ? 1 : 0) + (type.unsigned() ? 0 : 1);
            case FLOAT -> type.precision() > 0 ? type.precision() : 12;
            case DOUBLE -> type.precision() > 0 ? type.precision() : 22;
            case CHAR, VARCHAR -> (long) type.length() * UTF8MB4_MAX_BYTES;
            case ENUM -> (long) type.enumValues().stream().mapToInt(String::length).max().orElse(0)
                    * UTF8MB4_MAX_BYTES;
            case BINARY, VARBINARY -> type.length();
            case TINYTEXT -> textLength(type, 255);
            case TEXT -> textLength(type, 65_535);
            case MEDIUMTEXT -> textLength(type, 16_777_215);
            case LONGTEXT, LONGBLOB, JSON -> MAX_LENGTH;
            case TINYBLOB -> 255;
            case BLOB -> 65_535;
            case MEDIUMBLOB -> 16_777_215;
            case DATE -> 10;
            case TIME -> 10 + (fsp > 0 ? fsp + 1 : 0);
            case DATETIME, TIMESTAMP -> 19 + (fsp > 0 ? fsp + 1 : 0);
            case NULL -> 0;
        };
    }

    /** The collation id: utf8mb4_general_ci for text, binary for everything else. */
    public static int collation(SqlType type) {
        return type.kind().isString() ? Collations.UTF8MB4_GENERAL_CI : Collations.BINARY;
    }

    private static int keyFlags(TableDef table, ColumnDef column) {
        int flags = 0;
        for (IndexDef index : table.indexes()) {
            List<IndexDef.KeyPart> parts = index.columns();
            for (int i = 0; i < parts.size(); i++) {
                if (parts.get(i).columnId() != column.id()) {
                    continue;
                }
                flags |= PART_KEY;
                if (index.kind() == IndexDef.Kind.PRIMARY) {
                    flags |= ColumnFlags.PRI_KEY;
                } else if (i == 0) {
                    flags |= index.unique() && parts.size() == 1 ? ColumnFlags.UNIQUE_KEY : ColumnFlags.MULTIPLE_KEY;
                }
            }
        }
        return flags;
    }

    private static long integerWidth(SqlType type) {
        int signedDefault = SqlType.of(type.kind()).length();
        if (type.length() <= 0) {
            return type.unsigned() ? unsignedWidth(type.kind()) : signedDefault;
        }
        // "INT UNSIGNED" without a width displays as int(10); a type built from the signed default keeps 11
        return type.unsigned() && type.length() == signedDefault ? unsignedWidth(type.kind()) : type.length();
    }

    private static int unsignedWidth(TypeKind kind) {
        return switch (kind) {
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case MEDIUMINT -> 8;
            case INT -> 10;
            default -> 20;
        };
    }

    private static long textLength(SqlType type, long maxBytes) {
        return (type.length() > 0 ? type.length() : maxBytes) * UTF8MB4_MAX_BYTES;
    }

    private static FieldType columnFieldType(SqlType type) {
        return type.kind() == TypeKind.JSON ? FieldType.BLOB : type.kind().fieldType();
    }

    private static int columnDecimals(SqlType type) {
        return switch (type.kind().category()) {
            case DECIMAL -> type.scale();
            // DOUBLE(M,D), or a DOUBLE result with fixed decimals (PI(), STD(int), DOUBLE(10,2) * 2)
            case FLOATING -> type.precision() > 0 || type.scale() > 0 ? type.scale() : NOT_FIXED_DECIMALS;
            case TEMPORAL -> type.kind() == TypeKind.DATE ? 0 : type.fsp();
            default -> 0;
        };
    }

    private static FieldType expressionFieldType(SqlType type) {
        return switch (type.kind()) {
            case TINYTEXT, TINYBLOB -> FieldType.TINY_BLOB;
            case MEDIUMTEXT, MEDIUMBLOB -> FieldType.MEDIUM_BLOB;
            case LONGTEXT, LONGBLOB, JSON -> FieldType.LONG_BLOB;
            case ENUM -> FieldType.VAR_STRING;
            default -> type.kind().fieldType();
        };
    }

    private static int expressionFlags(SqlType type, boolean nullable) {
        TypeKind kind = type.kind();
        int flags = nullable ? 0 : ColumnFlags.NOT_NULL;
        if (!kind.isString() || kind == TypeKind.JSON) {
            flags |= ColumnFlags.BINARY;
        }
        if (type.unsigned()) {
            flags |= ColumnFlags.UNSIGNED;
        }
        if (kind.isNumeric() || kind == TypeKind.YEAR || kind == TypeKind.NULL) {
            flags |= ColumnFlags.NUM;
        }
        return flags;
    }

    private static int expressionDecimals(SqlType type) {
        if (type.kind().isString() || type.kind().category() == TypeKind.Category.BINARY) {
            return STRING_EXPRESSION_DECIMALS;
        }
        return columnDecimals(type);
    }
}
