package io.basalt.sql.parser;

import java.util.List;

/**
 * A statement with its literals replaced by {@code ?}.
 *
 * @param key      the cache key; it parses like the original statement, with dynamic parameters where the literals
 *                 were (and no others)
 * @param literals the replaced values in text order, in the SqlType value model: Long, BigDecimal, Double, String,
 *                 byte[] (hex and bit literals). NULL is never replaced.
 */
public record NormalizedStatement(String key, List<Object> literals) {

    public NormalizedStatement {
        literals = List.copyOf(literals);
    }
}
