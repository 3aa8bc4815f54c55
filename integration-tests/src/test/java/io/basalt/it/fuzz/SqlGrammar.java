package io.basalt.it.fuzz;

import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Generates valid-ish MySQL statements over the fuzz schema ({@link #SCHEMA}): queries with expressions, joins,
 * grouping, ordering and limits; inserts (with duplicates, IGNORE and ON DUPLICATE KEY UPDATE), updates, deletes,
 * replaces and transaction control. A small share refers to unknown columns or mixes types on purpose. Ids stay in a
 * small range so that tables stay small and keys collide. Not thread-safe.
 */
final class SqlGrammar {
    static final List<String> SCHEMA = List.of(
            "CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, a INT, b VARCHAR(20), c DECIMAL(10,2), d DATETIME,"
                    + " KEY idx_a (a), UNIQUE KEY uk_b (b))",
            "CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, t1_id INT, v VARCHAR(50),"
                    + " f DOUBLE, KEY idx_t1 (t1_id))");
    private static final String[] T1_COLUMNS = {"id", "a", "b", "c", "d"};
    private static final String[] T2_COLUMNS = {"id", "t1_id", "v", "f"};
    private static final String[] JOIN_COLUMNS = {"t1.id", "t1.a", "t1.b", "t1.c", "t2.v", "t2.f"};
    private static final String[] COMPARISONS = {"=", "<>", "<", "<=", ">", ">=", "<=>", "!="};
    private static final String[] ARITHMETIC = {"+", "-", "*", "/", "DIV", "%"};
    private static final String[] UNARY_FUNCTIONS = {"ABS", "UPPER", "LOWER", "LENGTH", "FLOOR", "HEX", "TRIM",
        "REVERSE", "SIGN", "ROUND", "COALESCE", "CONCAT"};
    private static final String[] BINARY_FUNCTIONS = {"COALESCE", "IFNULL", "CONCAT", "ROUND", "GREATEST", "LEAST",
        "NULLIF", "LEFT"};
    private static final String[] AGGREGATES = {"COUNT", "SUM", "MIN", "MAX", "AVG"};

    private final Random random;

    SqlGrammar(Random random) {
        this.random = random;
    }

    String statement() {
        int p = random.nextInt(100);
        if (p < 40) {
            return select();
        } else if (p < 58) {
            return insert();
        } else if (p < 70) {
            return update();
        } else if (p < 78) {
            return delete();
        } else if (p < 83) {
            return replace();
        } else if (p < 88) {
            return pick("BEGIN", "START TRANSACTION", "COMMIT", "ROLLBACK", "SET autocommit = 1");
        } else if (p < 93) {
            return join();
        } else if (p < 97) {
            return "SELECT " + expr(T1_COLUMNS, 3) + ", " + expr(T1_COLUMNS, 2) + " FROM t1" + where(T1_COLUMNS)
                    + " UNION " + pick("", "ALL ") + "SELECT " + expr(T2_COLUMNS, 2) + ", " + expr(T2_COLUMNS, 2)
                    + " FROM t2";
        }
        return "SELECT " + expr(T1_COLUMNS, 2) + " FROM t1 WHERE a IN (SELECT t1_id FROM t2" + where(T2_COLUMNS)
                + ")" + pick("", " ORDER BY 1 LIMIT 3");
    }

    private String select() {
        StringBuilder sql = new StringBuilder("SELECT ");
        boolean aggregate = random.nextInt(4) == 0;
        if (aggregate) {
            sql.append(column(T1_COLUMNS)).append(", ").append(random.nextInt(5) == 0 ? "COUNT(*)"
                    : pick(AGGREGATES) + "(" + pick("", "DISTINCT ") + column(T1_COLUMNS) + ")");
        } else {
            int n = 1 + random.nextInt(3);
            for (int i = 0; i < n; i++) {
                sql.append(i == 0 ? "" : ", ").append(expr(T1_COLUMNS, 3));
            }
        }
        sql.append(" FROM t1").append(where(T1_COLUMNS));
        if (aggregate) {
            sql.append(" GROUP BY 1").append(pick("", " HAVING COUNT(*) > " + random.nextInt(3)));
        }
        if (random.nextBoolean()) {
            sql.append(" ORDER BY ").append(aggregate ? "1" : column(T1_COLUMNS)).append(pick("", " DESC"));
        }
        if (random.nextBoolean()) {
            sql.append(" LIMIT ").append(random.nextInt(10)).append(pick("", " OFFSET " + random.nextInt(5)));
        }
        return sql.append(pick("", "", "", " FOR UPDATE", " LOCK IN SHARE MODE")).toString();
    }

    private String join() {
        return "SELECT t1.id, t2.v, " + pick(AGGREGATES) + "(t2.f) FROM t1 " + pick("JOIN", "LEFT JOIN", "RIGHT JOIN")
                + " t2 ON t2.t1_id = t1." + pick("id", "a") + where(JOIN_COLUMNS)
                + " GROUP BY t1.id, t2.v ORDER BY 1, 2 LIMIT " + (1 + random.nextInt(20));
    }

    private String insert() {
        if (random.nextInt(3) == 0) {
            return "INSERT INTO t2 (t1_id, v, f) VALUES " + rows(() -> "(" + id() + ", " + string() + ", "
                    + number() + ")");
        }
        String head = "INSERT " + pick("", "", "IGNORE ") + "INTO t1 (id, a, b, c, d) VALUES ";
        String sql = head + rows(() -> "(" + id() + ", " + value() + ", " + string() + ", " + number() + ", "
                + datetime() + ")");
        return random.nextInt(3) == 0 ? sql + " ON DUPLICATE KEY UPDATE a = " + pick("VALUES(a)", "a + 1",
                String.valueOf(random.nextInt(100))) : sql;
    }

    private String replace() {
        return "REPLACE INTO t1 (id, a, b) VALUES (" + id() + ", " + value() + ", " + string() + ")";
    }

    private String update() {
        boolean t1 = random.nextInt(3) > 0;
        String[] columns = t1 ? T1_COLUMNS : T2_COLUMNS;
        String target = column(columns);
        return "UPDATE " + (t1 ? "t1" : "t2") + " SET " + target + " = " + expr(columns, 2) + where(columns)
                + pick("", " ORDER BY id LIMIT " + (1 + random.nextInt(5)));
    }

    private String delete() {
        boolean t1 = random.nextBoolean();
        String[] columns = t1 ? T1_COLUMNS : T2_COLUMNS;
        return "DELETE FROM " + (t1 ? "t1" : "t2") + " WHERE " + predicate(columns)
                + pick("", " ORDER BY id DESC LIMIT " + (1 + random.nextInt(3)));
    }

    private String where(String[] columns) {
        return random.nextInt(4) == 0 ? "" : " WHERE " + predicate(columns);
    }

    private String predicate(String[] columns) {
        int p = random.nextInt(10);
        String c = column(columns);
        String single = switch (p) {
            case 0 -> c + " IS " + pick("", "NOT ") + "NULL";
            case 1 -> c + " BETWEEN " + value() + " AND " + value();
            case 2 -> c + " IN (" + value() + ", " + value() + ", " + value() + ")";
            case 3 -> c + " LIKE " + pick("'a%'", "'%1%'", "'_'", "'%'");
            case 4 -> columns[0] + " = " + id();
            default -> expr(columns, 2) + " " + pick(COMPARISONS) + " " + expr(columns, 1);
        };
        return random.nextInt(4) == 0 ? single + " " + pick("AND", "OR", "XOR") + " " + predicate(columns) : single;
    }

    private String expr(String[] columns, int depth) {
        int p = random.nextInt(depth <= 0 ? 2 : 6);
        return switch (p) {
            case 0 -> column(columns);
            case 1 -> value();
            case 2 -> "(" + expr(columns, depth - 1) + " " + pick(ARITHMETIC) + " " + expr(columns, depth - 1) + ")";
            case 3 -> random.nextInt(3) == 0
                    ? pick(BINARY_FUNCTIONS) + "(" + expr(columns, depth - 1) + ", " + expr(columns, depth - 1) + ")"
                    : pick(UNARY_FUNCTIONS) + "(" + expr(columns, depth - 1) + ")";
            case 4 -> "CASE WHEN " + predicate(columns) + " THEN " + expr(columns, depth - 1) + " ELSE "
                    + expr(columns, depth - 1) + " END";
            default -> "CAST(" + expr(columns, depth - 1) + " AS " + pick("SIGNED", "UNSIGNED", "CHAR", "DECIMAL(8,2)",
                    "DATE", "DOUBLE") + ")";
        };
    }

    private String column(String[] columns) {
        return random.nextInt(200) == 0 ? "nosuch_column" : pick(columns);
    }

    private String value() {
        return switch (random.nextInt(6)) {
            case 0 -> "NULL";
            case 1 -> string();
            case 2 -> number();
            case 3 -> datetime();
            default -> Integer.toString(random.nextInt(400) - 200);
        };
    }

    private String id() {
        return Integer.toString(1 + random.nextInt(200));
    }

    private String number() {
        return switch (random.nextInt(4)) {
            case 0 -> Integer.toString(random.nextInt(1000));
            case 1 -> String.format(Locale.ROOT, "%.2f", random.nextDouble() * 1000 - 500);
            case 2 -> pick("9223372036854775807", "-9223372036854775808", "18446744073709551615", "1e300", "0.000001");
            default -> "'" + random.nextInt(100) + "'";
        };
    }

    private String string() {
        return pick("'a'", "'b'", "'abc'", "''", "'x" + random.nextInt(300) + "'", "'O''Brien'", "'ÄÖ😀'", "'1'",
                "'12abc'", "'" + "z".repeat(25) + "'", "NULL");
    }

    private String datetime() {
        return pick("'2024-02-29 13:45:10'", "'2024-13-01'", "'1970-01-01 00:00:01'", "NOW()", "'not a date'",
                "20240101", "NULL");
    }

    private String rows(Supplier<String> row) {
        int n = 1 + random.nextInt(4);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ", ").append(row.get());
        }
        return sb.toString();
    }

    private String pick(String... options) {
        return options[random.nextInt(options.length)];
    }
}
