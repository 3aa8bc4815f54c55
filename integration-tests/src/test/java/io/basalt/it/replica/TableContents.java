package io.basalt.it.replica;

import io.basalt.it.SqlEndpoint;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every row of every table of one database as text, ordered by the first column (the tests' primary keys): what
 * two servers are compared by after replication or replay.
 */
final class TableContents {
    private TableContents() {
    }

    static Map<String, List<String>> of(SqlEndpoint server, String database) throws SQLException {
        Map<String, List<String>> tables = new TreeMap<>();
        try (Connection c = server.mariadb(database, ""); Statement st = c.createStatement()) {
            List<String> names = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT table_name FROM information_schema.tables"
                    + " WHERE table_schema = '" + database + "'")) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
            for (String table : names) {
                List<String> rows = new ArrayList<>();
                try (ResultSet rs = st.executeQuery("SELECT * FROM `" + table + "` ORDER BY 1")) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        StringBuilder row = new StringBuilder();
                        for (int i = 1; i <= columns; i++) {
                            row.append(i == 1 ? "" : " | ").append(rs.getString(i));
                        }
                        rows.add(row.toString());
                    }
                }
                tables.put(table, rows);
            }
        }
        return tables;
    }
}
