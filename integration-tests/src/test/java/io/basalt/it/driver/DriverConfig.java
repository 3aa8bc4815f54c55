package io.basalt.it.driver;

import io.basalt.it.SqlEndpoint;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The driver configurations the compatibility tests run under: MySQL Connector/J 9 with client-side and server-side
 * prepared statements, batch rewriting and multi-queries, and MariaDB Connector/J 3 in its default (text) mode and
 * with server-side prepared statements.
 */
enum DriverConfig {
    MYSQL_CLIENT_PREPARE(false, "useServerPrepStmts=false"),
    MYSQL_SERVER_PREPARE(false, "useServerPrepStmts=true&cachePrepStmts=true"),
    MYSQL_REWRITE_BATCHES(false, "rewriteBatchedStatements=true"),
    MYSQL_MULTI_QUERIES(false, "allowMultiQueries=true"),
    MARIADB(true, ""),
    MARIADB_SERVER_PREPARE(true, "useServerPrepStmts=true");

    private final boolean mariadbDriver;
    private final String params;

    DriverConfig(boolean mariadbDriver, String params) {
        this.mariadbDriver = mariadbDriver;
        this.params = params;
    }

    Connection connect(SqlEndpoint server, String database) throws SQLException {
        return mariadbDriver ? server.mariadb(database, params) : server.mysql(database, params);
    }

    boolean isMariadbDriver() {
        return mariadbDriver;
    }

    /** A database name unique to this configuration and test. */
    String database(String test) {
        return ("drv_" + test + "_" + name()).toLowerCase(Locale.ROOT);
    }
}
