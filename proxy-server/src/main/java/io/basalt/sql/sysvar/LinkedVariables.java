package io.basalt.sql.sysvar;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Variables that move together as in MySQL: setting {@code character_set_X} (X = connection, server, database) also
 * sets {@code collation_X} to that charset's default collation, and setting {@code collation_X} sets
 * {@code character_set_X} to the collation's charset.
 */
final class LinkedVariables {
    private static final String CHARSET_PREFIX = "character_set_";
    private static final String COLLATION_PREFIX = "collation_";

    private LinkedVariables() {
    }

    /** Every (canonical name → value) update that assigning {@code value} to {@code name} implies, itself first. */
    static Map<String, Object> updates(String name, Object value) {
        Map<String, Object> updates = new LinkedHashMap<>();
        updates.put(name, value);
        if (value == null) {
            return updates;
        }
        if (name.startsWith(CHARSET_PREFIX) && linked(name.substring(CHARSET_PREFIX.length()))) {
            String suffix = name.substring(CHARSET_PREFIX.length());
            updates.put(COLLATION_PREFIX + suffix,
                    CharacterSets.requireCharset(value.toString()).defaultCollation());
        } else if (name.startsWith(COLLATION_PREFIX) && linked(name.substring(COLLATION_PREFIX.length()))) {
            String suffix = name.substring(COLLATION_PREFIX.length());
            updates.put(CHARSET_PREFIX + suffix, CharacterSets.requireCollation(value.toString()).charset());
        }
        return updates;
    }

    private static boolean linked(String suffix) {
        return suffix.equals("connection") || suffix.equals("server") || suffix.equals("database");
    }
}
