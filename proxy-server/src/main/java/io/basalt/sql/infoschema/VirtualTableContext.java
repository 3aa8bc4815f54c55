package io.basalt.sql.infoschema;

import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.sysvar.StatusVariables;

import java.util.List;
import java.util.function.Supplier;

/**
 * What information_schema rows are computed from.
 *
 * @param catalog    the catalog version the statement reads
 * @param session    the session running the statement (its variables for SESSION_VARIABLES)
 * @param sessions   the live sessions, for PROCESSLIST (called only when needed)
 * @param status     the status variables
 * @param statistics row estimates and AUTO_INCREMENT values for TABLES
 */
public record VirtualTableContext(CatalogSnapshot catalog, Session session, Supplier<List<Session>> sessions,
                                  StatusVariables status, TableStatistics statistics) {
}
