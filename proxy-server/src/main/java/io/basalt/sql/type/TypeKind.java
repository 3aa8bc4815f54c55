package io.basalt.sql.type;

import io.basalt.protocol.constants.FieldType;

/**
 * The MySQL column types Basalt supports, with their wire type and the Java class a value of the type has at run
 * time (see {@link SqlType} for the value model).
 */
public enum TypeKind {
    TINYINT(FieldType.TINY, Category.INTEGER),
    SMALLINT(FieldType.SHORT, Category.INTEGER),
    MEDIUMINT(FieldType.INT24, Category.INTEGER),
    INT(FieldType.LONG, Category.INTEGER),
    BIGINT(FieldType.LONGLONG, Category.INTEGER),
    DECIMAL(FieldType.NEWDECIMAL, Category.DECIMAL),
    FLOAT(FieldType.FLOAT, Category.FLOATING),
    DOUBLE(FieldType.DOUBLE, Category.FLOATING),
    CHAR(FieldType.STRING, Category.STRING),
    VARCHAR(FieldType.VAR_STRING, Category.STRING),
    TINYTEXT(FieldType.BLOB, Category.STRING),
    TEXT(FieldType.BLOB, Category.STRING),
    MEDIUMTEXT(FieldType.BLOB, Category.STRING),
    LONGTEXT(FieldType.BLOB, Category.STRING),
    BINARY(FieldType.STRING, Category.BINARY),
    VARBINARY(FieldType.VAR_STRING, Category.BINARY),
    TINYBLOB(FieldType.BLOB, Category.BINARY),
    BLOB(FieldType.BLOB, Category.BINARY),
    MEDIUMBLOB(FieldType.BLOB, Category.BINARY),
    LONGBLOB(FieldType.BLOB, Category.BINARY),
    DATE(FieldType.DATE, Category.TEMPORAL),
    TIME(FieldType.TIME, Category.TEMPORAL),
    DATETIME(FieldType.DATETIME, Category.TEMPORAL),
    TIMESTAMP(FieldType.TIMESTAMP, Category.TEMPORAL),
    YEAR(FieldType.YEAR, Category.INTEGER),
    /** Stored and returned as its label; the wire type of an ENUM result column is STRING with the ENUM flag. */
    ENUM(FieldType.STRING, Category.STRING),
    JSON(FieldType.JSON, Category.STRING),
    /** The type of a bare NULL literal. */
    NULL(FieldType.NULL, Category.NULL);

    /** How values of a kind behave in comparisons, arithmetic and casts. */
    public enum Category { INTEGER, DECIMAL, FLOATING, STRING, BINARY, TEMPORAL, NULL }

    private final FieldType fieldType;
    private final Category category;

    TypeKind(FieldType fieldType, Category category) {
        this.fieldType = fieldType;
        this.category = category;
    }

    public FieldType fieldType() {
        return fieldType;
    }

    public Category category() {
        return category;
    }

    public boolean isNumeric() {
        return category == Category.INTEGER || category == Category.DECIMAL || category == Category.FLOATING;
    }

    public boolean isString() {
        return category == Category.STRING;
    }

    public boolean isTextOrBlob() {
        return fieldType == FieldType.BLOB;
    }
}
