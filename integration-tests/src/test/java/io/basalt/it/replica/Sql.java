package io.basalt.it.replica;

import io.basalt.it.SqlEndpoint;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/** One-shot statements against a server (a fresh MariaDB Connector/J connection each), for the binlog tests. */
final class Sql {
    private Sql() {
    }

    static void exec(SqlEndpoint server, String... statements) throws SQLException {
        try (Connection c = server.mariadb("", ""); Statement st = c.createStatement()) {
            for (String s : statements) {
                st.execute(s);
            }
        }
    }

    /** Column {@code column} of the first row of {@code query}. */
    static String value(SqlEndpoint server, String query, int column) throws SQLException {
        try (Connection c = server.mariadb("", ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(query)) {
            rs.next();
            return rs.getString(column);
        }
    }

    static String value(SqlEndpoint server, String query) throws SQLException {
        return value(server, query, 1);
    }

    /** The first row of {@code query} by column label (SHOW SLAVE STATUS); empty when there is none. */
    static Map<String, String> firstRow(SqlEndpoint server, String query) throws SQLException {
        Map<String, String> row = new HashMap<>();
        try (Connection c = server.mariadb("", ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(query)) {
            if (rs.next()) {
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.put(rs.getMetaData().getColumnLabel(i), rs.getString(i));
                }
            }
        }
        return row;
    }
}
