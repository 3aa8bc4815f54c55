package io.basalt.sql.binlog;

import io.basalt.protocol.binlog.BinlogColumn;
import io.basalt.protocol.binlog.BinlogColumnType;
import io.basalt.sql.catalog.CharsetCollation;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.sysvar.CharacterSets;
import io.basalt.sql.type.SqlType;

import java.util.List;

/**
 * Catalog column types as MariaDB 10.11 describes them in a Table_map event: the binlog type code and metadata
 * (byte lengths from the column's character set), signedness, nullability, name and collation id.
 */
public final class BinlogColumns {
    private BinlogColumns() {
    }

    /** The table's columns in order, as an unmodifiable list (sessions share it through {@link BinlogColumnCache}). */
    public static List<BinlogColumn> of(TableDef table) {
        return table.columns().stream().map(BinlogColumns::of).toList();
    }

    public static BinlogColumn of(ColumnDef c) {
        SqlType t = c.type();
        String name = c.name();
        boolean nullable = c.nullable();
        return switch (t.kind()) {
            case TINYINT -> BinlogColumn.integer(name, BinlogColumnType.TINY, t.unsigned(), nullable);
            case SMALLINT -> BinlogColumn.integer(name, BinlogColumnType.SHORT, t.unsigned(), nullable);
            case MEDIUMINT -> BinlogColumn.integer(name, BinlogColumnType.INT24, t.unsigned(), nullable);
            case INT -> BinlogColumn.integer(name, BinlogColumnType.LONG, t.unsigned(), nullable);
            case BIGINT -> BinlogColumn.integer(name, BinlogColumnType.LONGLONG, t.unsigned(), nullable);
            case DECIMAL -> BinlogColumn.decimal(name, t.precision(), t.scale(), t.unsigned(), nullable);
            case FLOAT -> BinlogColumn.floatColumn(name, nullable);
            case DOUBLE -> BinlogColumn.doubleColumn(name, nullable);
            case CHAR -> BinlogColumn.fixedString(name, t.length() * maxBytes(c), collationId(c), nullable);
            case VARCHAR -> BinlogColumn.varchar(name, t.length() * maxBytes(c), collationId(c), nullable);
            case BINARY -> BinlogColumn.fixedString(name, t.length(), BinlogColumn.BINARY_CHARSET, nullable);
            case VARBINARY -> BinlogColumn.varchar(name, t.length(), BinlogColumn.BINARY_CHARSET, nullable);
            case TINYTEXT -> BinlogColumn.blob(name, 1, collationId(c), nullable);
            case TEXT -> BinlogColumn.blob(name, 2, collationId(c), nullable);
            case MEDIUMTEXT -> BinlogColumn.blob(name, 3, collationId(c), nullable);
            case LONGTEXT -> BinlogColumn.blob(name, 4, collationId(c), nullable);
            case TINYBLOB -> BinlogColumn.blob(name, 1, BinlogColumn.BINARY_CHARSET, nullable);
            case BLOB -> BinlogColumn.blob(name, 2, BinlogColumn.BINARY_CHARSET, nullable);
            case MEDIUMBLOB -> BinlogColumn.blob(name, 3, BinlogColumn.BINARY_CHARSET, nullable);
            case LONGBLOB -> BinlogColumn.blob(name, 4, BinlogColumn.BINARY_CHARSET, nullable);
            case DATE -> BinlogColumn.date(name, nullable);
            case TIME -> BinlogColumn.temporal(name, BinlogColumnType.TIME2, t.fsp(), nullable);
            case DATETIME -> BinlogColumn.temporal(name, BinlogColumnType.DATETIME2, t.fsp(), nullable);
            case TIMESTAMP -> BinlogColumn.temporal(name, BinlogColumnType.TIMESTAMP2, t.fsp(), nullable);
            case YEAR -> BinlogColumn.year(name, nullable);
            case ENUM -> BinlogColumn.enumeration(name, t.enumValues(), collationId(c), nullable);
            case JSON -> BinlogColumn.json(name, nullable);
            case NULL -> throw new IllegalArgumentException("column " + name + " has no storable type");
        };
    }

    /** The collation id MariaDB logs for a character column (utf8mb4_general_ci when none is recorded). */
    static int collationId(ColumnDef c) {
        String coll = c.collation() == null ? CharsetCollation.DEFAULT_COLLATION : c.collation();
        return CharacterSets.collation(coll).map(CharacterSets.Collation::id).orElse(45);
    }

    private static int maxBytes(ColumnDef c) {
        String cs = c.charset() == null ? CharsetCollation.DEFAULT_CHARSET : c.charset();
        return CharacterSets.charset(cs).map(CharacterSets.CharacterSet::maxLength).orElse(4);
    }
}
