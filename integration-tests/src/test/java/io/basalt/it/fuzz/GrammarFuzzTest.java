package io.basalt.it.fuzz;

import io.basalt.it.ServerUnderTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * 10,000 random statements from {@link SqlGrammar} through JDBC, in blocks of 100 alternating between MariaDB
 * Connector/J (text protocol) and MySQL Connector/J with server-side prepared statements. Any answer is fine, an
 * error included, but never a lost connection; every 1,000 statements a fresh connection runs {@code SELECT 1}.
 */
class GrammarFuzzTest {
    private static final Logger LOG = LoggerFactory.getLogger(GrammarFuzzTest.class);
    private static final String DB = "fuzz_grammar";
    private static final int STATEMENTS = 10_000;
    private static final int BLOCK = 100;

    @RegisterExtension
    static final ServerUnderTest SERVER = ServerUnderTest.create();

    @Test
    void randomStatementsNeverCostTheConnection() throws SQLException {
        long seed = FuzzSeed.forTest("randomStatementsNeverCostTheConnection");
        SqlGrammar grammar = new SqlGrammar(new Random(seed));
        try (Connection admin = SERVER.mariadb("", ""); Statement st = admin.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + DB);
            st.execute("CREATE DATABASE " + DB);
            st.execute("USE " + DB);
            for (String ddl : SqlGrammar.SCHEMA) {
                st.execute(ddl);
            }
        }
        Map<Integer, Integer> errorCodes = new TreeMap<>();
        Map<Integer, String> examples = new TreeMap<>();
        int ok = 0;
        try (Connection text = SERVER.mariadb(DB, "socketTimeout=60000");
             Connection prepared = SERVER.mysql(DB, "useServerPrepStmts=true&socketTimeout=60000")) {
            for (int i = 0; i < STATEMENTS; i++) {
                Connection c = (i / BLOCK) % 2 == 0 ? text : prepared;
                String sql = grammar.statement();
                try {
                    execute(c, sql);
                    ok++;
                } catch (SQLNonTransientConnectionException e) {
                    fail("statement #" + i + " (seed " + seed + ") lost the connection: " + sql, e);
                } catch (SQLException e) {
                    if (e.getSQLState() != null && e.getSQLState().startsWith("08")) {
                        fail("statement #" + i + " (seed " + seed + ") lost the connection: " + sql, e);
                    }
                    errorCodes.merge(e.getErrorCode(), 1, Integer::sum);
                    examples.putIfAbsent(e.getErrorCode(), sql + "  -> " + e.getMessage());
                }
                if (i % BLOCK == BLOCK - 1) {
                    execute(c, "ROLLBACK");
                    execute(c, "SET autocommit = 1");
                }
                if (i % 1_000 == 999) {
                    assertFreshConnectionAnswers();
                }
            }
        }
        LOG.info("grammar fuzz: {} statements, {} succeeded, errors by code {}", STATEMENTS, ok, errorCodes);
        examples.forEach((code, example) -> LOG.info("first {}: {}", code, example));
        assertThat(ok).as("most generated statements are valid").isGreaterThan(STATEMENTS / 4);
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (ps.execute()) {
                try (ResultSet rs = ps.getResultSet()) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        for (int col = 1; col <= columns; col++) {
                            rs.getString(col);
                        }
                    }
                }
            }
        }
    }

    private static void assertFreshConnectionAnswers() throws SQLException {
        assertThat(SERVER.isAlive()).as("server process alive").isTrue();
        try (Connection c = SERVER.mariadb("", ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(1);
        }
    }
}
