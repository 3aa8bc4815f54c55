package io.basalt.sql.catalog;

/** A database (schema). */
public record DatabaseDef(String name, String charset, String collation) {
}
