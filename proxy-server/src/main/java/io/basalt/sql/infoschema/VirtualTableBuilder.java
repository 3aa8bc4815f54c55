package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the definition of a virtual table in the words of MariaDB's information_schema: {@code col} for a NOT NULL
 * column, {@code nullable} for the others, with the column types as MariaDB declares them (observed lengths).
 */
public final class VirtualTableBuilder {
    private final String database;
    private final String name;
    private final long id;
    private final List<ColumnDef> columns = new ArrayList<>();

    /** @param id negative, unique among virtual tables */
    public VirtualTableBuilder(String database, String name, long id) {
        this.database = database;
        this.name = name;
        this.id = id;
    }

    public VirtualTableBuilder col(String columnName, SqlType type) {
        return add(columnName, type, false);
    }

    public VirtualTableBuilder nullable(String columnName, SqlType type) {
        return add(columnName, type, true);
    }

    public TableDef build() {
        return new TableDef(id, database, name, columns, List.of(), -1, columns.size(), 0, "");
    }

    private VirtualTableBuilder add(String columnName, SqlType type, boolean isNullable) {
        columns.add(new ColumnDef(columns.size(), columnName, type, isNullable, DefaultValue.NONE, false, false, ""));
        return this;
    }

    public static SqlType varchar(int chars) {
        return SqlType.varchar(chars);
    }

    /** A TEXT column MariaDB declares with a character length (its wire length is chars × 4). */
    public static SqlType text(int chars) {
        return new SqlType(TypeKind.TEXT, chars, 0, 0, false, List.of());
    }

    public static SqlType blob() {
        return SqlType.of(TypeKind.BLOB);
    }

    public static SqlType bigint(int width) {
        return SqlType.BIGINT.withLength(width);
    }

    public static SqlType ubigint(int width) {
        return SqlType.BIGINT.withLength(width).withUnsigned(true);
    }

    public static SqlType integer(int width) {
        return SqlType.INT.withLength(width);
    }

    public static SqlType uint(int width) {
        return SqlType.INT.withLength(width).withUnsigned(true);
    }

    public static SqlType tinyint(int width) {
        return SqlType.of(TypeKind.TINYINT).withLength(width);
    }

    public static SqlType datetime(int fsp) {
        return SqlType.temporal(TypeKind.DATETIME, fsp);
    }

    public static SqlType decimal(int precision, int scale) {
        return SqlType.decimal(precision, scale);
    }

    public static SqlType dbl(int length, int decimals) {
        return new SqlType(TypeKind.DOUBLE, 0, length, decimals, false, List.of());
    }
}
