package io.basalt.it.corpus;

import io.basalt.it.SqlEndpoint;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Runs corpus statements one by one on a single MariaDB Connector/J connection (text protocol) and renders each
 * answer canonically:
 * <ul>
 *   <li>a result set: the column labels joined by {@code " | "}, one line per row (values via {@code getString},
 *       SQL NULL as {@code NULL}, backslash, tab, CR and LF escaped), then {@code (N rows)};</li>
 *   <li>an update count: {@code affected: N}, followed by {@code last_insert_id: N} when the OK packet carries a
 *       generated id;</li>
 *   <li>an error: {@code ERROR <code> (<sqlstate>): <message>}.</li>
 * </ul>
 * A statement that loses the connection is rendered as an error and the next statement gets a fresh connection.
 *
 * <p>Not thread-safe: one runner per thread.
 */
public final class CorpusRunner {
    /** A hung statement fails after this long instead of hanging the build. */
    static final String URL_PARAMS = "socketTimeout=120000";
    private static final Pattern CONNECTION_PREFIX = Pattern.compile("^\\(conn=\\d+\\) ");

    private final SqlEndpoint endpoint;

    public CorpusRunner(SqlEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    public List<StatementOutcome> run(List<CorpusStatement> statements) throws SQLException {
        List<StatementOutcome> outcomes = new ArrayList<>(statements.size());
        Connection connection = endpoint.mariadb("", URL_PARAMS);
        try {
            for (CorpusStatement statement : statements) {
                if (connection.isClosed()) {
                    connection = endpoint.mariadb("", URL_PARAMS);
                }
                outcomes.add(new StatementOutcome(statement.id(), statement.sql(), execute(connection, statement)));
            }
        } finally {
            connection.close();
        }
        return outcomes;
    }

    private static String execute(Connection connection, CorpusStatement statement) {
        try (Statement st = connection.createStatement()) {
            if (st.execute(statement.sql(), Statement.RETURN_GENERATED_KEYS)) {
                try (ResultSet rs = st.getResultSet()) {
                    return renderRows(rs, statement);
                }
            }
            return renderUpdate(st);
        } catch (SQLException e) {
            return "ERROR " + e.getErrorCode() + " (" + e.getSQLState() + "): "
                    + CONNECTION_PREFIX.matcher(String.valueOf(e.getMessage())).replaceFirst("");
        }
    }

    private static String renderUpdate(Statement st) throws SQLException {
        StringBuilder out = new StringBuilder("affected: ").append(st.getUpdateCount());
        try (ResultSet keys = st.getGeneratedKeys()) {
            if (keys.next() && keys.getLong(1) != 0) {
                out.append("\nlast_insert_id: ").append(keys.getString(1));
            }
        }
        return out.toString();
    }

    private static String renderRows(ResultSet rs, CorpusStatement statement) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int columns = md.getColumnCount();
        List<String> labels = new ArrayList<>(columns);
        for (int i = 1; i <= columns; i++) {
            labels.add(md.getColumnLabel(i));
        }
        List<String> rows = new ArrayList<>();
        while (rs.next()) {
            List<String> values = new ArrayList<>(columns);
            for (int i = 1; i <= columns; i++) {
                String v = rs.getString(i);
                values.add(v == null ? "NULL" : escape(v));
            }
            rows.add(String.join(" | ", values));
        }
        StringBuilder out = new StringBuilder(String.join(" | ", labels));
        if (!statement.directives().contains(Directive.COLUMNS_ONLY)) {
            if (statement.directives().contains(Directive.SORTED)) {
                rows.sort(null);
            }
            rows.forEach(row -> out.append('\n').append(row));
        }
        return out.append("\n(").append(rows.size()).append(rows.size() == 1 ? " row)" : " rows)").toString();
    }

    private static String escape(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
