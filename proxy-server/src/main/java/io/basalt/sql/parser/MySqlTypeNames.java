package io.basalt.sql.parser;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * MySQL's type names and their synonyms, for column definitions and CAST / CONVERT targets. Stateless.
 */
public final class MySqlTypeNames {

    /** Written (upper-case, single-spaced) name to canonical name. */
    private static final Map<String, String> COLUMN_TYPES = Map.ofEntries(
        Map.entry("TINYINT", "TINYINT"), Map.entry("INT1", "TINYINT"),
        Map.entry("SMALLINT", "SMALLINT"), Map.entry("INT2", "SMALLINT"),
        Map.entry("MEDIUMINT", "MEDIUMINT"), Map.entry("MIDDLEINT", "MEDIUMINT"), Map.entry("INT3", "MEDIUMINT"),
        Map.entry("INT", "INT"), Map.entry("INTEGER", "INT"), Map.entry("INT4", "INT"),
        Map.entry("BIGINT", "BIGINT"), Map.entry("INT8", "BIGINT"),
        Map.entry("BOOL", "BOOLEAN"), Map.entry("BOOLEAN", "BOOLEAN"),
        Map.entry("DECIMAL", "DECIMAL"), Map.entry("DEC", "DECIMAL"), Map.entry("NUMERIC", "DECIMAL"),
        Map.entry("FIXED", "DECIMAL"),
        Map.entry("FLOAT", "FLOAT"), Map.entry("FLOAT4", "FLOAT"),
        Map.entry("DOUBLE", "DOUBLE"), Map.entry("DOUBLE PRECISION", "DOUBLE"), Map.entry("REAL", "DOUBLE"),
        Map.entry("FLOAT8", "DOUBLE"),
        Map.entry("CHAR", "CHAR"), Map.entry("CHARACTER", "CHAR"), Map.entry("NCHAR", "CHAR"),
        Map.entry("NATIONAL CHAR", "CHAR"), Map.entry("NATIONAL CHARACTER", "CHAR"),
        Map.entry("VARCHAR", "VARCHAR"), Map.entry("CHARACTER VARYING", "VARCHAR"), Map.entry("CHAR VARYING", "VARCHAR"),
        Map.entry("NVARCHAR", "VARCHAR"), Map.entry("NATIONAL VARCHAR", "VARCHAR"),
        Map.entry("NATIONAL CHAR VARYING", "VARCHAR"), Map.entry("NATIONAL CHARACTER VARYING", "VARCHAR"),
        Map.entry("NCHAR VARCHAR", "VARCHAR"), Map.entry("NCHAR VARYING", "VARCHAR"),
        Map.entry("VARCHARACTER", "VARCHAR"),
        Map.entry("BINARY", "BINARY"), Map.entry("VARBINARY", "VARBINARY"),
        Map.entry("TINYTEXT", "TINYTEXT"), Map.entry("TEXT", "TEXT"), Map.entry("MEDIUMTEXT", "MEDIUMTEXT"),
        Map.entry("LONGTEXT", "LONGTEXT"), Map.entry("LONG", "MEDIUMTEXT"), Map.entry("LONG VARCHAR", "MEDIUMTEXT"),
        Map.entry("TINYBLOB", "TINYBLOB"), Map.entry("BLOB", "BLOB"), Map.entry("MEDIUMBLOB", "MEDIUMBLOB"),
        Map.entry("LONGBLOB", "LONGBLOB"), Map.entry("LONG VARBINARY", "MEDIUMBLOB"),
        Map.entry("DATE", "DATE"), Map.entry("TIME", "TIME"), Map.entry("DATETIME", "DATETIME"),
        Map.entry("TIMESTAMP", "TIMESTAMP"), Map.entry("YEAR", "YEAR"),
        Map.entry("ENUM", "ENUM"), Map.entry("SET", "SET"), Map.entry("JSON", "JSON"), Map.entry("BIT", "BIT"));

    /** CAST / CONVERT targets; each maps to the canonical word, and whether it takes (n) / (p,s). */
    private static final Map<String, String> CAST_TYPES = Map.ofEntries(
        Map.entry("SIGNED", "SIGNED"), Map.entry("UNSIGNED", "UNSIGNED"),
        Map.entry("INT", "SIGNED"), Map.entry("INTEGER", "SIGNED"),
        Map.entry("CHAR", "CHAR"), Map.entry("CHARACTER", "CHAR"), Map.entry("NCHAR", "CHAR"),
        Map.entry("VARCHAR", "CHAR"),
        Map.entry("BINARY", "BINARY"), Map.entry("VARBINARY", "BINARY"),
        Map.entry("DECIMAL", "DECIMAL"), Map.entry("DEC", "DECIMAL"), Map.entry("NUMERIC", "DECIMAL"),
        Map.entry("FIXED", "DECIMAL"),
        Map.entry("DATE", "DATE"), Map.entry("TIME", "TIME"), Map.entry("DATETIME", "DATETIME"),
        Map.entry("TIMESTAMP", "DATETIME"), Map.entry("YEAR", "YEAR"),
        Map.entry("DOUBLE", "DOUBLE"), Map.entry("REAL", "DOUBLE"), Map.entry("FLOAT", "FLOAT"),
        Map.entry("JSON", "JSON"));

    private static final Set<String> CAST_WITH_SCALE = Set.of("DECIMAL");
    private static final Set<String> CAST_WITH_LENGTH = Set.of("CHAR", "BINARY", "DECIMAL", "TIME", "DATETIME",
        "FLOAT");

    private MySqlTypeNames() {
    }

    /** The canonical column type of a (possibly multi-word) type name, or null if it is not a MySQL type. */
    public static String columnType(List<String> words) {
        return COLUMN_TYPES.get(String.join(" ", words).toUpperCase(Locale.ROOT));
    }

    /**
     * The CAST target text, e.g. {@code SIGNED}, {@code CHAR(10)}, {@code DECIMAL(10,2)}, {@code DATETIME(3)}, or
     * null if the word is not a CAST type or takes no such length / scale.
     */
    public static String castTarget(String word, Integer length, Integer scale) {
        String canonical = CAST_TYPES.get(word.toUpperCase(Locale.ROOT));
        if (canonical == null
            || (length != null && !CAST_WITH_LENGTH.contains(canonical))
            || (scale != null && !CAST_WITH_SCALE.contains(canonical))) {
            return null;
        }
        if (length == null) {
            return canonical;
        }
        return canonical + "(" + length + (scale == null ? "" : "," + scale) + ")";
    }
}
