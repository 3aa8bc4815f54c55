package io.basalt.sql.plan;

import io.basalt.sql.type.SqlType;

/**
 * One column of a query result: its label, type and nullability, and the table column it shows unchanged (null
 * for computed columns) so that result metadata can carry the origin, as MySQL's does.
 */
public record OutputColumn(String label, SqlType type, boolean nullable, ScopeColumn origin) {
}
