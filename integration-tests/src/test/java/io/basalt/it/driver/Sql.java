package io.basalt.it.driver;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Small JDBC helpers for tests: run statements, read a column. */
final class Sql {
    private Sql() {
    }

    static void exec(Connection c, String... statements) throws SQLException {
        try (Statement st = c.createStatement()) {
            for (String sql : statements) {
                st.execute(sql);
            }
        }
    }

    /** The first column of every row, via getString (null for SQL NULL). */
    static List<String> column(Connection c, String query) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(query)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    static long count(Connection c, String query) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(query)) {
            if (!rs.next()) {
                throw new IllegalStateException("no row from " + query);
            }
            return rs.getLong(1);
        }
    }

    /** Drops and recreates a database and returns it. */
    static String freshDatabase(Connection admin, String name) throws SQLException {
        exec(admin, "DROP DATABASE IF EXISTS " + name, "CREATE DATABASE " + name);
        return name;
    }
}
