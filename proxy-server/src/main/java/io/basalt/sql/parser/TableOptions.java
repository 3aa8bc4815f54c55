package io.basalt.sql.parser;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Table options of CREATE / ALTER TABLE in written order, by upper-case name; a later duplicate wins, as in MySQL.
 * (A class rather than a Map in the grammar because the JavaCC version Calcite's template targets cannot parse
 * two-argument generics.) Not thread-safe, one per statement.
 */
public final class TableOptions {
    private final Map<String, String> options = new LinkedHashMap<>();

    public void put(String name, String value) {
        options.put(name, value);
    }

    public Map<String, String> asMap() {
        return options;
    }
}
