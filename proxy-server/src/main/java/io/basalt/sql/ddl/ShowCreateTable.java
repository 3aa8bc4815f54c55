package io.basalt.sql.ddl;

import io.basalt.sql.catalog.CharsetCollation;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.row.ValueText;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SHOW CREATE TABLE text as MariaDB 10.11 writes it: backticked names, integer display widths, {@code DEFAULT NULL}
 * for nullable columns, numeric defaults unquoted, {@code current_timestamp()}, JSON as
 * {@code longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin ... CHECK (json_valid(`c`))}, indexes in MariaDB's
 * order, {@code AUTO_INCREMENT=n} when the next value is above 1. One deliberate difference: the engine is
 * {@value #ENGINE}, not InnoDB. Not modelled, so never shown: ZEROFILL, DESC key parts, FULLTEXT indexes.
 */
public final class ShowCreateTable {
    public static final String ENGINE = "Basalt";

    private ShowCreateTable() {
    }

    public static String render(TableDef table) {
        return render(table, 0);
    }

    /**
     * @param nextAutoIncrement the table's next AUTO_INCREMENT value
     *                          ({@link io.basalt.sql.catalog.AutoIncrementAllocator#peekNext}); shown when above 1
     *                          and the table has an AUTO_INCREMENT column
     */
    public static String render(TableDef table, long nextAutoIncrement) {
        List<String> lines = new ArrayList<>();
        for (ColumnDef c : table.columns()) {
            lines.add("  " + column(table, c));
        }
        for (IndexDef i : table.indexes()) {
            lines.add("  " + index(table, i));
        }
        StringBuilder sb = new StringBuilder("CREATE TABLE ").append(quote(table.name())).append(" (\n");
        sb.append(String.join(",\n", lines)).append("\n) ENGINE=").append(ENGINE);
        if (nextAutoIncrement > 1 && table.autoIncrementColumn().isPresent()) {
            sb.append(" AUTO_INCREMENT=").append(nextAutoIncrement);
        }
        sb.append(" DEFAULT CHARSET=").append(CharsetCollation.charsetOf(table.collation()))
                .append(" COLLATE=").append(table.collation());
        if (table.comment() != null && !table.comment().isEmpty()) {
            sb.append(" COMMENT=").append(literal(table.comment()));
        }
        return sb.toString();
    }

    private static String column(TableDef table, ColumnDef c) {
        StringBuilder sb = new StringBuilder(quote(c.name())).append(' ').append(typeText(c));
        TypeKind kind = c.type().kind();
        String collation = kind == TypeKind.JSON ? "utf8mb4_bin" : c.collation();
        if (collation != null && !collation.equals(table.collation())) {
            sb.append(" CHARACTER SET ").append(CharsetCollation.charsetOf(collation))
                    .append(" COLLATE ").append(collation);
        }
        if (!c.nullable()) {
            sb.append(" NOT NULL");
        } else if (kind == TypeKind.TIMESTAMP) {
            sb.append(" NULL");
        }
        String def = defaultText(c);
        if (def != null) {
            sb.append(" DEFAULT ").append(def);
        }
        if (c.onUpdateNow()) {
            sb.append(" ON UPDATE ").append(now(c.type().fsp()));
        }
        if (c.autoIncrement()) {
            sb.append(" AUTO_INCREMENT");
        }
        if (c.comment() != null && !c.comment().isEmpty()) {
            sb.append(" COMMENT ").append(literal(c.comment()));
        }
        if (kind == TypeKind.JSON) {
            sb.append(" CHECK (json_valid(").append(quote(c.name())).append("))");
        }
        return sb.toString();
    }

    /** The column type as MariaDB writes it, e.g. {@code int(11) unsigned}, {@code decimal(10,2)}. */
    static String typeText(ColumnDef c) {
        SqlType t = c.type();
        String unsigned = t.unsigned() ? " unsigned" : "";
        return switch (t.kind()) {
            case TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT -> lower(t.kind()) + "(" + t.length() + ")" + unsigned;
            case DECIMAL -> "decimal(" + t.precision() + "," + t.scale() + ")" + unsigned;
            case FLOAT, DOUBLE -> lower(t.kind()) + (t.precision() > 0 ? "(" + t.precision() + "," + t.scale() + ")"
                    : "") + unsigned;
            case CHAR, VARCHAR, BINARY, VARBINARY -> lower(t.kind()) + "(" + t.length() + ")";
            case TIME, DATETIME, TIMESTAMP -> lower(t.kind()) + (t.fsp() > 0 ? "(" + t.fsp() + ")" : "");
            case YEAR -> "year(4)";
            case JSON -> "longtext";
            case ENUM -> {
                List<String> labels = new ArrayList<>();
                t.enumValues().forEach(l -> labels.add(literal(l)));
                yield "enum(" + String.join(",", labels) + ")";
            }
            default -> lower(t.kind());
        };
    }

    private static String defaultText(ColumnDef c) {
        if (c.autoIncrement()) {
            return null;
        }
        DefaultValue d = c.defaultValue();
        if (d instanceof DefaultValue.CurrentTimestamp now) {
            return now(now.fsp());
        }
        Object v = d instanceof DefaultValue.Constant k ? k.value() : null;
        if (v == null) {
            return c.nullable() ? "NULL" : null;
        }
        if (v instanceof Long || v instanceof BigDecimal || v instanceof Double) {
            return ValueText.format(c, v);
        }
        if (v instanceof byte[] b) {
            return defaultLiteral(new String(b, StandardCharsets.ISO_8859_1));
        }
        return defaultLiteral(ValueText.format(c, v));
    }

    private static String index(TableDef table, IndexDef i) {
        StringBuilder sb = new StringBuilder(switch (i.kind()) {
            case PRIMARY -> "PRIMARY KEY ";
            case UNIQUE -> "UNIQUE KEY " + quote(i.name()) + " ";
            case SECONDARY -> "KEY " + quote(i.name()) + " ";
        });
        List<String> parts = new ArrayList<>();
        for (IndexDef.KeyPart p : i.columns()) {
            ColumnDef c = table.columnById(p.columnId());
            parts.add(quote(c.name()) + (p.prefixLength() > 0 ? "(" + p.prefixLength() + ")" : ""));
        }
        sb.append('(').append(String.join(",", parts)).append(')');
        if (TableRules.isLongUnique(table::columnById, i)) {
            sb.append(" USING HASH");
        }
        return sb.toString();
    }

    private static String now(int fsp) {
        return "current_timestamp(" + (fsp > 0 ? Integer.toString(fsp) : "") + ")";
    }

    private static String lower(TypeKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    static String quote(String identifier) {
        return "`" + identifier.replace("`", "``") + "`";
    }

    /** A name-like literal (comment, ENUM label) as MariaDB quotes it: '' for a quote, backslash escapes. */
    static String literal(String s) {
        return quoted(s, "''");
    }

    /** A DEFAULT value as MariaDB quotes it: \' for a quote, backslash escapes. */
    private static String defaultLiteral(String s) {
        return quoted(s, "\\'");
    }

    private static String quoted(String s, String quote) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '\'' -> sb.append(quote);
                case '\\' -> sb.append("\\\\");
                case '\0' -> sb.append("\\0");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\u001a' -> sb.append("\\Z");
                default -> sb.append(ch);
            }
        }
        return sb.append('\'').toString();
    }
}
