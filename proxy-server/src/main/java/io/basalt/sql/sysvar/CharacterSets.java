package io.basalt.sql.sysvar;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The character sets and collations Basalt accepts in SET NAMES, the character_set_* / collation_* variables, SHOW
 * COLLATION / SHOW CHARACTER SET and information_schema, with MariaDB 10.11's ids and descriptions.
 *
 * <p>Basalt stores and compares all text as utf8mb4 with {@code utf8mb4_general_ci} semantics (storage's
 * CaseInsensitiveCollation); the other names are accepted so that clients that set them connect, and they are
 * reported back as set. {@code utf8mb4_0900_ai_ci} (MySQL 8's default, unknown to MariaDB 10.11) is accepted for
 * MySQL clients and behaves as {@code utf8mb4_general_ci}. As in MariaDB 10.11 (old_mode UTF8_IS_UTF8MB3),
 * {@code utf8} means utf8mb3.
 */
public final class CharacterSets {

    /** A character set as SHOW CHARACTER SET lists it. */
    public record CharacterSet(String name, String description, String defaultCollation, int maxLength) {
    }

    /** A collation as SHOW COLLATION lists it. */
    public record Collation(String name, String charset, int id, boolean isDefault, int sortLength) {
    }

    private static final List<CharacterSet> CHARSETS = List.of(
            new CharacterSet("latin1", "cp1252 West European", "latin1_swedish_ci", 1),
            new CharacterSet("ascii", "US ASCII", "ascii_general_ci", 1),
            new CharacterSet("utf8mb3", "UTF-8 Unicode", "utf8mb3_general_ci", 3),
            new CharacterSet("utf8mb4", "UTF-8 Unicode", "utf8mb4_general_ci", 4),
            new CharacterSet("binary", "Binary pseudo charset", "binary", 1));

    private static final List<Collation> COLLATIONS = List.of(
            new Collation("latin1_swedish_ci", "latin1", 8, true, 1),
            new Collation("latin1_bin", "latin1", 47, false, 1),
            new Collation("latin1_general_ci", "latin1", 48, false, 1),
            new Collation("latin1_general_cs", "latin1", 49, false, 1),
            new Collation("ascii_general_ci", "ascii", 11, true, 1),
            new Collation("ascii_bin", "ascii", 65, false, 1),
            new Collation("utf8mb3_general_ci", "utf8mb3", 33, true, 1),
            new Collation("utf8mb3_bin", "utf8mb3", 83, false, 1),
            new Collation("utf8mb3_unicode_ci", "utf8mb3", 192, false, 8),
            new Collation("utf8mb4_general_ci", "utf8mb4", 45, true, 1),
            new Collation("utf8mb4_bin", "utf8mb4", 46, false, 1),
            new Collation("utf8mb4_unicode_ci", "utf8mb4", 224, false, 8),
            new Collation("utf8mb4_unicode_520_ci", "utf8mb4", 246, false, 8),
            new Collation("utf8mb4_0900_ai_ci", "utf8mb4", 255, false, 8),
            new Collation("binary", "binary", 63, true, 1));

    private static final Map<String, CharacterSet> CHARSETS_BY_NAME = CHARSETS.stream()
            .collect(Collectors.toUnmodifiableMap(CharacterSet::name, c -> c));

    private static final Map<String, Collation> COLLATIONS_BY_NAME = COLLATIONS.stream()
            .collect(Collectors.toUnmodifiableMap(Collation::name, c -> c));

    private CharacterSets() {
    }

    public static List<CharacterSet> all() {
        return CHARSETS;
    }

    public static List<Collation> collations() {
        return COLLATIONS;
    }

    /** Looks a character set up case-insensitively; {@code utf8} is utf8mb3. */
    public static Optional<CharacterSet> charset(String name) {
        String key = canonicalCharsetName(name);
        return Optional.ofNullable(CHARSETS_BY_NAME.get(key));
    }

    /** Looks a collation up case-insensitively; {@code utf8_*} names are the utf8mb3 ones. */
    public static Optional<Collation> collation(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        if (key.startsWith("utf8_")) {
            key = "utf8mb3_" + key.substring("utf8_".length());
        }
        return Optional.ofNullable(COLLATIONS_BY_NAME.get(key));
    }

    /** @throws MySqlException 1115 Unknown character set */
    public static CharacterSet requireCharset(String name) {
        return charset(name).orElseThrow(() -> new MySqlException(ErrorCode.UNKNOWN_CHARACTER_SET, name));
    }

    /** @throws MySqlException 1273 Unknown collation */
    public static Collation requireCollation(String name) {
        return collation(name).orElseThrow(() -> new MySqlException(ErrorCode.UNKNOWN_COLLATION, name));
    }

    /**
     * The collation for {@code charset}: the named one (which must belong to it) or the charset's default.
     *
     * @throws MySqlException 1273 for an unknown collation, 1253 when it belongs to another charset
     */
    public static Collation collationFor(CharacterSet charset, String collationName) {
        if (collationName == null) {
            return requireCollation(charset.defaultCollation());
        }
        Collation c = requireCollation(collationName);
        if (!c.charset().equals(charset.name())) {
            throw collationMismatch(c.name(), charset.name());
        }
        return c;
    }

    /** Error 1253 ER_COLLATION_CHARSET_MISMATCH, which ErrorCode does not list yet. */
    static MySqlException collationMismatch(String collation, String charset) {
        return new MySqlException(1253, "42000",
                "COLLATION '" + collation + "' is not valid for CHARACTER SET '" + charset + "'", null);
    }

    private static String canonicalCharsetName(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        return key.equals("utf8") ? "utf8mb3" : key;
    }
}
