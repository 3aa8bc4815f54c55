package io.basalt.sql.exec.access;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Converts a search value to an indexed column's value model when the index's order and equality are the
 * comparison MySQL would use for it; otherwise null, and the caller scans instead (a string compared with an
 * integer column compares as numbers, which the index cannot answer exactly).
 */
final class IndexValues {
    private IndexValues() {
    }

    static Object convert(Object v, SqlType column) {
        TypeKind.Category c = column.kind().category();
        switch (c) {
            case INTEGER -> {
                return v instanceof String ? null : HandleValues.exact(v);
            }
            case STRING -> {
                return v instanceof String s && column.kind() != TypeKind.ENUM ? s : null;
            }
            case BINARY -> {
                return v instanceof byte[] ? v : null;
            }
            case DECIMAL -> {
                if (v instanceof Long l) {
                    return BigDecimal.valueOf(l);
                }
                return v instanceof BigDecimal ? v : null;
            }
            case TEMPORAL -> {
                if (column.kind() == TypeKind.DATE) {
                    return v instanceof LocalDate ? v : null;
                }
                if (column.kind() == TypeKind.DATETIME || column.kind() == TypeKind.TIMESTAMP) {
                    return v instanceof LocalDateTime ? v : null;
                }
                return null;
            }
            default -> {
                return null;
            }
        }
    }
}
