package io.basalt.it.driver;

import io.basalt.it.ServerUnderTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.basalt.it.driver.Sql.column;
import static io.basalt.it.driver.Sql.count;
import static io.basalt.it.driver.Sql.exec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What applications do through MySQL Connector/J 9 and MariaDB Connector/J 3, under every {@link DriverConfig}:
 * DDL, generated keys, prepared statements of every type, batches, transactions, savepoints and metadata calls.
 */
class DriverCompatibilityTest {
    @RegisterExtension
    static final ServerUnderTest SERVER = ServerUnderTest.create();

    private static final String TEXT = "héllo wörld 😀 ' \" \\ ; -- /* ? */ ";
    private static final String JSON = "{\"k\": [1, 2], \"s\": \"x\"}";

    private static Connection open(DriverConfig config, String test) throws SQLException {
        String db = config.database(test);
        try (Connection admin = SERVER.mariadb("", "")) {
            Sql.freshDatabase(admin, db);
        }
        return config.connect(SERVER, db);
    }

    @ParameterizedTest
    @EnumSource(DriverConfig.class)
    void connectsAsRootWithEmptyPassword(DriverConfig config) throws SQLException {
        try (Connection c = open(config, "connect")) {
            assertThat(column(c, "SELECT 1")).containsExactly("1");
            assertThat(column(c, "SELECT DATABASE()")).containsExactly(config.database("connect"));
            DatabaseMetaData md = c.getMetaData();
            assertThat(md.getDatabaseProductVersion()).isNotBlank();
            assertThat(c.getAutoCommit()).isTrue();
            assertThat(c.isValid(5)).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(DriverConfig.class)
    void generatedKeysForSingleAndMultiRowInserts(DriverConfig config) throws SQLException {
        try (Connection c = open(config, "keys")) {
            exec(c, "CREATE TABLE ai (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, v VARCHAR(10))");
            try (Statement st = c.createStatement()) {
                assertThat(st.executeUpdate("INSERT INTO ai (v) VALUES ('a')", Statement.RETURN_GENERATED_KEYS))
                        .isEqualTo(1);
                assertThat(keys(st)).containsExactly(1L);
                assertThat(st.executeUpdate("INSERT INTO ai (v) VALUES ('b'), ('c'), ('d')",
                        Statement.RETURN_GENERATED_KEYS)).isEqualTo(3);
                assertThat(keys(st)).containsExactlyElementsOf(multiRowKeys(config, 2, 3));
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO ai (v) VALUES (?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                ps.setString(1, "e");
                assertThat(ps.executeUpdate()).isEqualTo(1);
                assertThat(keys(ps)).containsExactly(5L);
                assertThat(column(c, "SELECT LAST_INSERT_ID()")).containsExactly("5");
                for (String v : List.of("f", "g", "h")) {
                    ps.setString(1, v);
                    ps.addBatch();
                }
                ps.executeBatch();
                assertThat(keys(ps)).containsExactly(6L, 7L, 8L);
            }
            assertThat(column(c, "SELECT v FROM ai ORDER BY id")).containsExactly("a", "b", "c", "d", "e", "f", "g",
                    "h");
            try (Statement st = c.createStatement()) {
                st.executeUpdate("INSERT INTO ai (id, v) VALUES (0, 'zero'), (NULL, 'null')",
                        Statement.RETURN_GENERATED_KEYS);
                assertThat(keys(st)).containsExactlyElementsOf(multiRowKeys(config, 9, 2));
            }
        }
    }

    /**
     * The keys a driver reports for a multi-row INSERT: Connector/J derives one per row from the OK packet's first
     * id, MariaDB Connector/J reports only that first id for a plain statement.
     */
    private static List<Long> multiRowKeys(DriverConfig config, long first, int rows) {
        List<Long> keys = new ArrayList<>();
        for (int i = 0; i < (config.isMariadbDriver() ? 1 : rows); i++) {
            keys.add(first + i);
        }
        return keys;
    }

    private static List<Long> keys(Statement st) throws SQLException {
        List<Long> keys = new ArrayList<>();
        try (ResultSet rs = st.getGeneratedKeys()) {
            while (rs.next()) {
                keys.add(rs.getLong(1));
            }
        }
        return keys;
    }

    @ParameterizedTest
    @EnumSource(DriverConfig.class)
    void preparedStatementsRoundTripEveryType(DriverConfig config) throws SQLException {
        byte[] bytes = {0, 1, 2, (byte) 0xFF, (byte) 0x80, '\'', '\\', '"', 0x1A, '\n'};
        byte[] blob = new byte[60_000];
        new Random(7).nextBytes(blob);
        String longText = "x".repeat(10_000) + "é";
        try (Connection c = open(config, "types")) {
            exec(c, """
                    CREATE TABLE types (
                      id INT NOT NULL PRIMARY KEY,
                      i INT, bi BIGINT, ubi BIGINT UNSIGNED, ti TINYINT, si SMALLINT, bo BOOL,
                      de DECIMAL(20,6), db DOUBLE, fl FLOAT,
                      s VARCHAR(100), ch CHAR(10), tx TEXT,
                      vb VARBINARY(100), bl BLOB,
                      d DATE, dt DATETIME(6), ts TIMESTAMP(3) NULL, t TIME,
                      y YEAR, e ENUM('a','b','c'), j JSON
                    )""");
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO types VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                ps.setInt(1, 1);
                ps.setInt(2, Integer.MIN_VALUE);
                ps.setLong(3, Long.MAX_VALUE);
                ps.setBigDecimal(4, new BigDecimal("18446744073709551615"));
                ps.setInt(5, -128);
                ps.setShort(6, (short) 32767);
                ps.setBoolean(7, true);
                ps.setBigDecimal(8, new BigDecimal("-12345678901234.123456"));
                ps.setDouble(9, Math.PI);
                ps.setFloat(10, 1.5f);
                ps.setString(11, TEXT);
                ps.setString(12, "abc");
                ps.setString(13, longText);
                ps.setBytes(14, bytes);
                ps.setBytes(15, blob);
                ps.setDate(16, Date.valueOf("2024-02-29"));
                ps.setTimestamp(17, Timestamp.valueOf("2024-02-29 13:45:10.123456"));
                ps.setTimestamp(18, Timestamp.valueOf("2024-01-15 10:20:30.125"));
                ps.setTime(19, Time.valueOf("23:59:59"));
                ps.setInt(20, 2024);
                ps.setString(21, "b");
                ps.setString(22, JSON);
                assertThat(ps.executeUpdate()).isEqualTo(1);
                int[] sqlTypes = {Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.TINYINT, Types.SMALLINT,
                    Types.BOOLEAN, Types.DECIMAL, Types.DOUBLE, Types.FLOAT, Types.VARCHAR, Types.CHAR,
                    Types.LONGVARCHAR, Types.VARBINARY, Types.BLOB, Types.DATE, Types.TIMESTAMP, Types.TIMESTAMP,
                    Types.TIME, Types.INTEGER, Types.VARCHAR, Types.VARCHAR};
                ps.setInt(1, 2);
                for (int i = 0; i < sqlTypes.length; i++) {
                    ps.setNull(i + 2, sqlTypes[i]);
                }
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM types WHERE id = ?")) {
                ps.setInt(1, 1);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getInt("i")).isEqualTo(Integer.MIN_VALUE);
                    assertThat(rs.getLong("bi")).isEqualTo(Long.MAX_VALUE);
                    assertThat(rs.getBigDecimal("ubi")).isEqualTo(new BigDecimal("18446744073709551615"));
                    assertThat(rs.getString("ubi")).isEqualTo("18446744073709551615");
                    assertThat(rs.getInt("ti")).isEqualTo(-128);
                    assertThat(rs.getShort("si")).isEqualTo((short) 32767);
                    assertThat(rs.getBoolean("bo")).isTrue();
                    assertThat(rs.getBigDecimal("de")).isEqualTo(new BigDecimal("-12345678901234.123456"));
                    assertThat(rs.getDouble("db")).isEqualTo(Math.PI);
                    assertThat(rs.getFloat("fl")).isEqualTo(1.5f);
                    assertThat(rs.getString("s")).isEqualTo(TEXT);
                    assertThat(rs.getString("ch")).isEqualTo("abc");
                    assertThat(rs.getString("tx")).isEqualTo(longText);
                    assertThat(rs.getBytes("vb")).isEqualTo(bytes);
                    assertThat(rs.getBytes("bl")).isEqualTo(blob);
                    assertThat(rs.getDate("d")).isEqualTo(Date.valueOf("2024-02-29"));
                    assertThat(rs.getTimestamp("dt")).isEqualTo(
                            fractions(config, Timestamp.valueOf("2024-02-29 13:45:10.123456")));
                    assertThat(rs.getTimestamp("ts")).isEqualTo(
                            fractions(config, Timestamp.valueOf("2024-01-15 10:20:30.125")));
                    assertThat(rs.getTime("t")).isEqualTo(Time.valueOf("23:59:59"));
                    assertThat(rs.getInt("y")).isEqualTo(2024);
                    assertThat(rs.getString("e")).isEqualTo("b");
                    assertThat(rs.getString("j")).isEqualTo(JSON);
                    assertThat(rs.next()).isFalse();
                }
                ps.setInt(1, 2);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    for (int col = 2; col <= 22; col++) {
                        assertThat(rs.getObject(col)).as("column %d of the NULL row", col).isNull();
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT id FROM types WHERE s = ? AND vb = ? AND d = ? AND dt = ? AND de = ? AND bi = ?")) {
                ps.setString(1, TEXT);
                ps.setBytes(2, bytes);
                ps.setDate(3, Date.valueOf("2024-02-29"));
                ps.setTimestamp(4, fractions(config, Timestamp.valueOf("2024-02-29 13:45:10.123456")));
                ps.setBigDecimal(5, new BigDecimal("-12345678901234.123456"));
                ps.setLong(6, Long.MAX_VALUE);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).as("lookup by every bound type").isTrue();
                    assertThat(rs.getInt(1)).isEqualTo(1);
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT ? + 1, CONCAT(?, '!'), ? IS NULL")) {
                ps.setLong(1, 41);
                ps.setString(2, "hi");
                ps.setNull(3, Types.VARCHAR);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(42);
                    assertThat(rs.getString(2)).isEqualTo("hi!");
                    assertThat(rs.getBoolean(3)).isTrue();
                }
            }
        }
    }

    /**
     * The timestamp as the driver stores it. MariaDB announces itself as "5.5.5-10.x", so Connector/J believes it
     * predates fractional seconds and drops them; Basalt announces 8.0.x and must keep them.
     */
    private static Timestamp fractions(DriverConfig config, Timestamp ts) {
        if (SERVER.isBasalt() || config.isMariadbDriver()) {
            return ts;
        }
        Timestamp truncated = new Timestamp(ts.getTime());
        truncated.setNanos(0);
        return truncated;
    }

    @ParameterizedTest
    @EnumSource(DriverConfig.class)
    void batchesOfPreparedAndPlainStatements(DriverConfig config) throws SQLException {
        try (Connection c = open(config, "batch")) {
            exec(c, "CREATE TABLE b (id INT PRIMARY KEY, v VARCHAR(20))");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO b (id, v) VALUES (?, ?)")) {
                for (int i = 1; i <= 200; i++) {
                    ps.setInt(1, i);
                    ps.setString(2, "row " + i);
                    ps.addBatch();
                }
                int[] counts = ps.executeBatch();
                assertThat(Arrays.stream(counts).boxed().toList()).hasSize(200)
                        .allMatch(n -> n == 1 || n == Statement.SUCCESS_NO_INFO);
            }
            assertThat(count(c, "SELECT COUNT(*) FROM b")).isEqualTo(200);
            try (Statement st = c.createStatement()) {
                st.addBatch("INSERT INTO b VALUES (201, 'x')");
                st.addBatch("UPDATE b SET v = 'updated' WHERE id <= 10");
                st.addBatch("DELETE FROM b WHERE id > 190");
                assertThat(st.executeBatch()).containsExactly(1, 10, 11);
            }
            assertThat(count(c, "SELECT COUNT(*) FROM b WHERE v = 'updated'")).isEqualTo(10);
            assertThat(count(c, "SELECT COUNT(*) FROM b")).isEqualTo(190);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO b (id, v) VALUES (?, 'dup')")) {
                for (int id : new int[] {500, 501, 501, 502}) {
                    ps.setInt(1, id);
                    ps.addBatch();
                }
                assertThatThrownBy(ps::executeBatch).isInstanceOf(BatchUpdateException.class)
                        .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1062))
                        .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("23000"));
            }
            // rewritten or bulk batches fail as one statement, others row by row: never half of a statement
            assertThat(column(c, "SELECT id FROM b WHERE v = 'dup' AND id < 502 ORDER BY id"))
                    .isIn(List.of(), List.of("500", "501"));
            assertThat(column(c, "SELECT 1")).containsExactly("1");
        }
    }

    @ParameterizedTest
    @EnumSource(DriverConfig.class)
    void transactionsCommitRollbackAndAutocommit(DriverConfig config) throws SQLException {
        String db = config.database("txn");
        try (Connection c = open(config, "txn"); Connection observer = config.connect(SERVER, db)) {
            exec(c, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            c.setAutoCommit(false);
            exec(c, "INSERT INTO t VALUES (1, 1)");
            assertThat(count(c, "SELECT COUNT(*) FROM t")).as("own write visible").isEqualTo(1);
            assertThat(count(observer, "SELECT COUNT(*) FROM t")).as("uncommitted write hidden").isZero();
            c.rollback();
            assertThat(count(c, "SELECT COUNT(*) FROM t")).isZero();

            exec(c, "INSERT INTO t VALUES (2, 2)");
            c.commit();
            assertThat(column(observer, "SELECT id FROM t")).as("committed write visible").containsExactly("2");

            exec(c, "UPDATE t SET v = 20 WHERE id = 2");
            c.setAutoCommit(true);
            assertThat(column(observer, "SELECT v FROM t WHERE id = 2"))
                    .as("setAutoCommit(true) commits the open transaction").containsExactly("20");

            c.setAutoCommit(false);
            exec(c, "INSERT INTO t VALUES (3, 3)");
        }
        try (Connection c = config.connect(SERVER, db)) {
            assertThat(count(c, "SELECT COUNT(*) FROM t WHERE id = 3"))
                    .as("closing a connection rolls its transaction back").isZero();
            exec(c, "START TRANSACTION");
            exec(c, "INSERT INTO t VALUES (4, 4)");
            exec(c, "COMMIT");
            exec(c, "BEGIN");
            exec(c, "DELETE FROM t");
            exec(c, "ROLLBACK");
            assertThat(column(c, "SELECT id FROM t ORDER BY id")).containsExactly("2", "4");
        }
    }

    @ParameterizedTest
    @EnumSource(DriverConfig.class)
    void savepoints(DriverConfig config) throws SQLException {
        try (Connection c = open(config, "savepoint")) {
            exec(c, "CREATE TABLE t (id INT PRIMARY KEY)");
            c.setAutoCommit(false);
            exec(c, "INSERT INTO t VALUES (1)");
            Savepoint first = c.setSavepoint("first");
            exec(c, "INSERT INTO t VALUES (2)");
            Savepoint second = c.setSavepoint();
            exec(c, "INSERT INTO t VALUES (3)");
            c.rollback(second);
            assertThat(column(c, "SELECT id FROM t ORDER BY id")).containsExactly("1", "2");
            c.rollback(first);
            exec(c, "INSERT INTO t VALUES (4)");
            Savepoint third = c.setSavepoint("third");
            c.releaseSavepoint(third);
            c.commit();
            c.setAutoCommit(true);
            assertThat(column(c, "SELECT id FROM t ORDER BY id")).containsExactly("1", "4");
        }
    }

    @ParameterizedTest
    @EnumSource(DriverConfig.class)
    void databaseMetaData(DriverConfig config) throws SQLException {
        String db = config.database("meta");
        try (Connection c = open(config, "meta")) {
            exec(c, """
                    CREATE TABLE meta_t (
                      id INT NOT NULL AUTO_INCREMENT,
                      code VARCHAR(20) NOT NULL,
                      amount DECIMAL(10,2),
                      created DATETIME,
                      PRIMARY KEY (id),
                      UNIQUE KEY uk_code (code),
                      KEY idx_amount (amount)
                    )""", "CREATE TABLE meta_u (a INT NOT NULL, b INT NOT NULL, PRIMARY KEY (a, b))");
            DatabaseMetaData md = c.getMetaData();
            assertThat(strings(md.getCatalogs(), "TABLE_CAT")).contains(db);
            assertThat(strings(md.getTables(db, null, "%", new String[] {"TABLE"}), "TABLE_NAME"))
                    .containsExactlyInAnyOrder("meta_t", "meta_u");

            List<Map<String, Object>> columns = rows(md.getColumns(db, null, "meta_t", "%"));
            assertThat(columns).extracting(r -> r.get("COLUMN_NAME")).containsExactly("id", "code", "amount",
                    "created");
            assertThat(columns).extracting(r -> ((Number) r.get("DATA_TYPE")).intValue())
                    .containsExactly(Types.INTEGER, Types.VARCHAR, Types.DECIMAL, Types.TIMESTAMP);
            assertThat(((Number) columns.get(1).get("COLUMN_SIZE")).intValue()).isEqualTo(20);
            assertThat(((Number) columns.get(1).get("NULLABLE")).intValue()).isEqualTo(DatabaseMetaData.columnNoNulls);
            assertThat(((Number) columns.get(2).get("DECIMAL_DIGITS")).intValue()).isEqualTo(2);
            assertThat(columns.get(0).get("IS_AUTOINCREMENT")).isEqualTo("YES");
            assertThat(columns.get(1).get("IS_AUTOINCREMENT")).isEqualTo("NO");

            List<Map<String, Object>> pk = rows(md.getPrimaryKeys(db, null, "meta_u"));
            Map<Object, Integer> keySeq = new HashMap<>();
            pk.forEach(r -> keySeq.put(r.get("COLUMN_NAME"), ((Number) r.get("KEY_SEQ")).intValue()));
            assertThat(keySeq).containsExactlyInAnyOrderEntriesOf(Map.of("a", 1, "b", 2));

            List<Map<String, Object>> indexes = rows(md.getIndexInfo(db, null, "meta_t", false, false));
            Map<Object, Object> nonUnique = new HashMap<>();
            indexes.forEach(r -> nonUnique.put(r.get("INDEX_NAME"), r.get("NON_UNIQUE")));
            assertThat(nonUnique).containsKeys("PRIMARY", "uk_code", "idx_amount");
            assertThat(isTrue(nonUnique.get("uk_code"))).isFalse();
            assertThat(isTrue(nonUnique.get("idx_amount"))).isTrue();
            assertThat(strings(md.getIndexInfo(db, null, "meta_t", true, false), "INDEX_NAME"))
                    .contains("PRIMARY", "uk_code").doesNotContain("idx_amount");
        }
    }

    @Test
    void multiStatementTextReturnsEveryResult() throws SQLException {
        try (Connection c = open(DriverConfig.MYSQL_MULTI_QUERIES, "multi"); Statement st = c.createStatement()) {
            exec(c, "CREATE TABLE t (id INT PRIMARY KEY)");
            boolean isResult = st.execute("INSERT INTO t VALUES (1); SELECT id FROM t; UPDATE t SET id = 2;"
                    + " SELECT id FROM t");
            assertThat(isResult).isFalse();
            assertThat(st.getUpdateCount()).isEqualTo(1);
            assertThat(st.getMoreResults()).isTrue();
            assertThat(firstValue(st.getResultSet())).isEqualTo("1");
            assertThat(st.getMoreResults()).isFalse();
            assertThat(st.getUpdateCount()).isEqualTo(1);
            assertThat(st.getMoreResults()).isTrue();
            assertThat(firstValue(st.getResultSet())).isEqualTo("2");
            assertThat(st.getMoreResults()).isFalse();
            assertThat(st.getUpdateCount()).isEqualTo(-1);
        }
    }

    private static String firstValue(ResultSet rs) throws SQLException {
        try (rs) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    /** A boolean metadata column as the drivers report it: Boolean (Connector/J) or a number (MariaDB C/J). */
    private static boolean isTrue(Object value) {
        return value instanceof Boolean b ? b : ((Number) value).longValue() != 0;
    }

    private static List<String> strings(ResultSet rs, String column) throws SQLException {
        List<String> values = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                values.add(rs.getString(column));
            }
        }
        return values;
    }

    private static List<Map<String, Object>> rows(ResultSet rs) throws SQLException {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Map<String, Object> row = new HashMap<>();
                for (int i = 1; i <= n; i++) {
                    row.put(rs.getMetaData().getColumnLabel(i), rs.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
