package io.basalt.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * A MySQL-protocol server reachable over TCP with user root and an empty password: Basalt or the MariaDB
 * reference. Tests talk to either through this interface, so the same test can be checked against MariaDB first.
 */
public interface SqlEndpoint {
    String USER = "root";

    /** A short name for logs and reports ("basalt", "mariadb"). */
    String name();

    String host();

    int port();

    /** Whether the server process is still running. */
    boolean isAlive();

    /** A MySQL Connector/J URL; {@code database} may be empty, {@code params} is appended after {@code ?}. */
    default String mysqlUrl(String database, String params) {
        return "jdbc:mysql://" + host() + ":" + port() + "/" + database + "?user=" + USER + "&password="
                + (params.isEmpty() ? "" : "&" + params);
    }

    /** A MariaDB Connector/J URL; {@code database} may be empty, {@code params} is appended after {@code ?}. */
    default String mariadbUrl(String database, String params) {
        return "jdbc:mariadb://" + host() + ":" + port() + "/" + database + "?user=" + USER + "&password="
                + (params.isEmpty() ? "" : "&" + params);
    }

    default Connection mysql(String database, String params) throws SQLException {
        return DriverManager.getConnection(mysqlUrl(database, params));
    }

    default Connection mariadb(String database, String params) throws SQLException {
        return DriverManager.getConnection(mariadbUrl(database, params));
    }
}
