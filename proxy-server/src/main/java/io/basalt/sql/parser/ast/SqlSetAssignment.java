package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;

/**
 * One assignment of a SET statement.
 *
 * @param kind      SYSTEM ({@code [GLOBAL|SESSION|LOCAL] x = v}, {@code @@[scope.]x = v}), USER ({@code @x = v}),
 *                  NAMES ({@code NAMES cs [COLLATE c] | NAMES DEFAULT}), CHARACTER_SET ({@code CHARACTER SET cs},
 *                  {@code CHARSET cs})
 * @param scope     PERSIST / PERSIST_ONLY are GLOBAL; LOCAL is SESSION; DEFAULT when none was written
 * @param name      lower-case variable name; null for NAMES / CHARACTER_SET
 * @param value     the expression; bare words (ON, OFF, utf8mb4...) come as {@link SqlIdentifier}; null when
 *                  {@code isDefault} or for NAMES / CHARACTER_SET
 * @param isDefault {@code x = DEFAULT}
 * @param charset   NAMES / CHARACTER_SET charset; null means DEFAULT
 * @param collation NAMES ... COLLATE; nullable
 */
public record SqlSetAssignment(Kind kind, Scope scope, String name, SqlNode value, boolean isDefault,
                               String charset, String collation) implements VariableScoped {

    public enum Kind { SYSTEM, USER, NAMES, CHARACTER_SET }

    void unparse(SqlWriter writer) {
        switch (kind) {
            case NAMES -> {
                writer.keyword("NAMES");
                writer.literal(charset == null ? "DEFAULT" : charset);
                if (collation != null) {
                    writer.keyword("COLLATE");
                    writer.literal(collation);
                }
            }
            case CHARACTER_SET -> {
                writer.keyword("CHARACTER SET");
                writer.literal(charset == null ? "DEFAULT" : charset);
            }
            case USER, SYSTEM -> {
                String prefix = kind == Kind.USER ? "@" : switch (scope) {
                    case DEFAULT -> "@@";
                    case SESSION -> "@@session.";
                    case GLOBAL -> "@@global.";
                };
                writer.literal(prefix + name);
                writer.sep("=");
                if (isDefault) {
                    writer.keyword("DEFAULT");
                } else {
                    value.unparse(writer, 0, 0);
                }
            }
            default -> throw new IllegalStateException(kind.name());
        }
    }
}
