package io.basalt.it.replica;

import io.basalt.it.SqlEndpoint;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bounded write load for binlog consumers: a schema with one table per column family (integers, decimals and
 * floats, strings and binaries, temporals, ENUM), DDL while writers run, and writer threads doing single-statement
 * and multi-statement transactions (INSERT, UPDATE, DELETE, rolled-back ones, NULLs). Write conflicts between writers
 * are expected and retried as a client would.
 */
final class MixedWriters {
    static final String DATABASE = "repl";

    private MixedWriters() {
    }

    static void createSchema(SqlEndpoint server) throws SQLException {
        try (Connection c = server.mariadb("", ""); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
            st.execute("CREATE TABLE " + DATABASE + ".nums (id INT PRIMARY KEY, ti TINYINT, si SMALLINT UNSIGNED,"
                    + " mi MEDIUMINT, bi BIGINT UNSIGNED, de DECIMAL(12,3), fl FLOAT, db DOUBLE, KEY (bi))");
            st.execute("CREATE TABLE " + DATABASE + ".strs (id INT PRIMARY KEY, ch CHAR(10), vc VARCHAR(300),"
                    + " tx TEXT, vb VARBINARY(40), bl BLOB, en ENUM('red','green','blue'))");
            st.execute("CREATE TABLE " + DATABASE + ".times (id INT PRIMARY KEY, d DATE, dt DATETIME(6),"
                    + " ts TIMESTAMP NULL, t TIME, y YEAR)");
        }
    }

    /** Runs {@code threads} writers for {@code duration}; returns the number of committed transactions. */
    static long run(SqlEndpoint server, int threads, Duration duration, long seed) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicLong committed = new AtomicLong();
        long end = System.nanoTime() + duration.toNanos();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < threads; w++) {
                Random rnd = new Random(seed * 1000 + w);
                futures.add(pool.submit(() -> {
                    try (Connection c = server.mariadb(DATABASE, "")) {
                        while (System.nanoTime() < end) {
                            if (oneTransaction(c, rnd)) {
                                committed.incrementAndGet();
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(duration.toSeconds() + 120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        return committed.get();
    }

    /** One transaction; false when it was rolled back (on purpose or after a conflict). */
    private static boolean oneTransaction(Connection c, Random rnd) throws SQLException {
        int id = rnd.nextInt(200);
        try {
            switch (rnd.nextInt(6)) {
                case 0 -> upsertNums(c, id, rnd);
                case 1 -> upsertStrs(c, id, rnd);
                case 2 -> upsertTimes(c, id, rnd);
                case 3 -> {
                    c.setAutoCommit(false);
                    upsertNums(c, id, rnd);
                    upsertStrs(c, id, rnd);
                    try (Statement st = c.createStatement()) {
                        st.executeUpdate("DELETE FROM times WHERE id = " + rnd.nextInt(200));
                    }
                    c.commit();
                    c.setAutoCommit(true);
                }
                case 4 -> {
                    c.setAutoCommit(false);
                    upsertTimes(c, id, rnd);
                    c.rollback();
                    c.setAutoCommit(true);
                    return false;
                }
                default -> {
                    try (Statement st = c.createStatement()) {
                        st.executeUpdate("UPDATE nums SET db = db * 2, de = NULL WHERE id BETWEEN " + id + " AND "
                                + (id + 3));
                    }
                }
            }
            return true;
        } catch (SQLException e) {
            if (!"40001".equals(e.getSQLState()) && e.getErrorCode() != 1205) {
                throw e;
            }
            if (!c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(true);
            }
            return false;
        }
    }

    private static void upsertNums(Connection c, int id, Random rnd) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO nums (id, ti, si, mi, bi, de, fl, db) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON DUPLICATE KEY UPDATE ti = VALUES(ti), bi = VALUES(bi), de = VALUES(de)")) {
            ps.setInt(1, id);
            ps.setInt(2, rnd.nextInt(256) - 128);
            ps.setInt(3, rnd.nextInt(65536));
            if (rnd.nextInt(5) == 0) {
                ps.setNull(4, java.sql.Types.INTEGER);
            } else {
                ps.setInt(4, rnd.nextInt(16_000_000) - 8_000_000);
            }
            ps.setBigDecimal(5, new java.math.BigDecimal(Long.toUnsignedString(rnd.nextLong())));
            ps.setBigDecimal(6, java.math.BigDecimal.valueOf(rnd.nextInt(2_000_000_000), 3));
            ps.setFloat(7, rnd.nextInt(1000) / 8f);
            ps.setDouble(8, rnd.nextDouble() * 1e6);
            ps.executeUpdate();
        }
    }

    private static void upsertStrs(Connection c, int id, Random rnd) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("REPLACE INTO strs VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setInt(1, id);
            ps.setString(2, "c" + rnd.nextInt(1000));
            ps.setString(3, "vc ü € 漢 " + "x".repeat(rnd.nextInt(280)));
            ps.setString(4, rnd.nextBoolean() ? null : "text " + rnd.nextLong());
            byte[] bytes = new byte[rnd.nextInt(40)];
            rnd.nextBytes(bytes);
            ps.setBytes(5, bytes);
            byte[] blob = new byte[rnd.nextInt(3000)];
            rnd.nextBytes(blob);
            ps.setBytes(6, blob);
            ps.setString(7, new String[] {"red", "green", "blue"}[rnd.nextInt(3)]);
            ps.executeUpdate();
        }
    }

    private static void upsertTimes(Connection c, int id, Random rnd) throws SQLException {
        try (Statement st = c.createStatement()) {
            int day = 1 + rnd.nextInt(28);
            st.executeUpdate("REPLACE INTO times VALUES (" + id + ", '2024-02-" + day + "', '2023-12-31 23:59:"
                    + (10 + rnd.nextInt(50)) + "." + (100000 + rnd.nextInt(900000)) + "', "
                    + (rnd.nextBoolean() ? "NULL" : "'2021-06-0" + (1 + rnd.nextInt(9)) + " 10:00:00'") + ", '-"
                    + rnd.nextInt(838) + ":15:59', " + (1901 + rnd.nextInt(254)) + ")");
        }
    }
}
