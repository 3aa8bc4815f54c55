package io.basalt.sql.catalog;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.type.TypeKind;
import java.util.Locale;
import java.util.Map;

/**
 * The character sets and collations Basalt accepts in DDL. Every string is held as Java text whatever the
 * declared character set; the collation only decides comparison: binary ({@code *_bin}, {@code *_cs},
 * {@code binary}) or case- and accent-insensitive (everything else, as utf8mb4_general_ci).
 */
public final class CharsetCollation {
    public static final String DEFAULT_CHARSET = "utf8mb4";
    public static final String DEFAULT_COLLATION = "utf8mb4_general_ci";

    /** Default collation of each known character set. MariaDB 10.11 reads utf8 as utf8mb3. */
    private static final Map<String, String> DEFAULTS = Map.of(
            "utf8mb4", "utf8mb4_general_ci",
            "utf8mb3", "utf8mb3_general_ci",
            "latin1", "latin1_swedish_ci",
            "ascii", "ascii_general_ci",
            "binary", "binary");

    private static final String[] CHARSETS = DEFAULTS.keySet().toArray(String[]::new);

    private CharsetCollation() {
    }

    /** Whether values of the kind carry a collation (character strings, ENUM and JSON). */
    public static boolean hasCollation(TypeKind kind) {
        return kind.isString();
    }

    public static boolean isBinary(String collation) {
        return collation.equals("binary") || collation.endsWith("_bin") || collation.endsWith("_cs");
    }

    public static String charsetOf(String collation) {
        if (collation.equals("binary")) {
            return "binary";
        }
        int sep = collation.indexOf('_');
        // hands out the known name rather than a substring: binlog row images ask once per string value
        for (String charset : CHARSETS) {
            if (charset.length() == sep && collation.startsWith(charset)) {
                return charset;
            }
        }
        return collation.substring(0, sep);
    }

    /**
     * The collation a column or table gets from its CHARACTER SET and COLLATE clauses (either may be null), falling
     * back to {@code inherited}.
     *
     * @throws MySqlException 1115 unknown character set, 1273 unknown collation, 1253 collation of another charset
     */
    public static String resolve(String charset, String collation, String inherited) {
        String cs = charset == null ? null : normalizeCharset(charset);
        if (cs != null && !DEFAULTS.containsKey(cs)) {
            throw new MySqlException(ErrorCode.UNKNOWN_CHARACTER_SET, charset);
        }
        if (collation == null) {
            return cs == null ? inherited : DEFAULTS.get(cs);
        }
        String coll = normalizeCollation(collation);
        if (cs != null && !charsetOf(coll).equals(cs)) {
            throw new MySqlException(1253, "42000",
                    "COLLATION '" + coll + "' is not valid for CHARACTER SET '" + cs + "'", null);
        }
        return coll;
    }

    private static String normalizeCharset(String charset) {
        String cs = charset.toLowerCase(Locale.ROOT);
        return cs.equals("utf8") ? "utf8mb3" : cs;
    }

    private static String normalizeCollation(String collation) {
        String c = collation.toLowerCase(Locale.ROOT);
        if (c.equals("binary")) {
            return c;
        }
        if (c.startsWith("utf8_")) {
            c = "utf8mb3_" + c.substring("utf8_".length());
        }
        int sep = c.indexOf('_');
        boolean known = sep > 0 && DEFAULTS.containsKey(c.substring(0, sep))
                && (c.endsWith("_ci") || c.endsWith("_cs") || c.endsWith("_bin"));
        if (!known) {
            throw new MySqlException(ErrorCode.UNKNOWN_COLLATION, collation);
        }
        return c;
    }
}
