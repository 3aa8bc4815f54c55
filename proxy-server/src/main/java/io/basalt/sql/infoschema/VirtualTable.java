package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;

import java.util.List;

/**
 * A table of information_schema: a fixed definition (database {@code information_schema}, negative id, no
 * indexes, MariaDB 10.11's column names and types) and rows computed from the catalog and the server's state each
 * time it is scanned. The planner scans it like a stored table; WHERE, ORDER BY and the rest are the engine's.
 * Implementations are stateless and thread-safe.
 */
public interface VirtualTable {
    TableDef definition();

    /** The rows, each in column order and in the value model of {@link io.basalt.sql.type.SqlType}. */
    List<Object[]> rows(VirtualTableContext context);

    default String name() {
        return definition().name();
    }
}
