package io.basalt.sql.plan;

/**
 * Clause names as MariaDB 10.11 prints them in 1054 "Unknown column 'c' in '...'" and 1052 "Column 'c' in ... is
 * ambiguous" (it names the clause by its keyword, where MySQL says "field list", "where clause" and so on).
 */
public final class Clause {
    public static final String SELECT = "SELECT";
    public static final String WHERE = "WHERE";
    public static final String GROUP_BY = "GROUP BY";
    public static final String HAVING = "HAVING";
    public static final String ORDER_BY = "ORDER BY";
    public static final String ON = "ON";
    public static final String SET = "SET";
    public static final String INSERT_INTO = "INSERT INTO";
    public static final String LIMIT = "LIMIT";

    private Clause() {
    }
}
