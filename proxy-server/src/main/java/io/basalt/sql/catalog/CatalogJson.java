package io.basalt.sql.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The persisted JSON form of catalog objects. Written explicitly rather than by reflection so that the stored
 * format stays fixed when the Java records grow; every document carries {@link #FORMAT} and a reader refuses a newer
 * one. Values (defaults) are tagged with their value-model class so they decode to exactly what was stored.
 */
final class CatalogJson {
    static final int FORMAT = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private CatalogJson() {
    }

    static byte[] database(DatabaseDef db) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("format", FORMAT);
        n.put("name", db.name());
        n.put("charset", db.charset());
        n.put("collation", db.collation());
        return write(n);
    }

    static DatabaseDef database(byte[] json) {
        JsonNode n = read(json);
        return new DatabaseDef(n.get("name").asText(), text(n, "charset"), text(n, "collation"));
    }

    static byte[] table(TableDef t) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("format", FORMAT);
        n.put("id", t.id());
        n.put("database", t.database());
        n.put("name", t.name());
        n.put("comment", t.comment());
        n.put("collation", t.collation());
        n.put("handleColumnId", t.handleColumnId());
        n.put("nextColumnId", t.nextColumnId());
        n.put("nextIndexId", t.nextIndexId());
        ArrayNode cols = n.putArray("columns");
        for (ColumnDef c : t.columns()) {
            cols.add(column(c));
        }
        ArrayNode idx = n.putArray("indexes");
        for (IndexDef i : t.indexes()) {
            ObjectNode in = idx.addObject();
            in.put("id", i.id());
            in.put("name", i.name());
            in.put("kind", i.kind().name());
            ArrayNode parts = in.putArray("parts");
            for (IndexDef.KeyPart p : i.columns()) {
                parts.addObject().put("column", p.columnId()).put("prefix", p.prefixLength());
            }
        }
        return write(n);
    }

    static TableDef table(byte[] json) {
        JsonNode n = read(json);
        List<ColumnDef> cols = new ArrayList<>();
        for (JsonNode c : n.get("columns")) {
            cols.add(column(c));
        }
        List<IndexDef> idx = new ArrayList<>();
        for (JsonNode i : n.get("indexes")) {
            List<IndexDef.KeyPart> parts = new ArrayList<>();
            for (JsonNode p : i.get("parts")) {
                parts.add(new IndexDef.KeyPart(p.get("column").asInt(), p.get("prefix").asInt()));
            }
            idx.add(new IndexDef(i.get("id").asLong(), i.get("name").asText(),
                    IndexDef.Kind.valueOf(i.get("kind").asText()), parts));
        }
        return new TableDef(n.get("id").asLong(), n.get("database").asText(), n.get("name").asText(), cols, idx,
                n.get("handleColumnId").asInt(), n.get("nextColumnId").asInt(), n.get("nextIndexId").asLong(),
                text(n, "comment"), n.get("collation").asText());
    }

    private static ObjectNode column(ColumnDef c) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("id", c.id());
        n.put("name", c.name());
        ObjectNode type = n.putObject("type");
        SqlType t = c.type();
        type.put("kind", t.kind().name());
        type.put("length", t.length());
        type.put("precision", t.precision());
        type.put("scale", t.scale());
        type.put("unsigned", t.unsigned());
        ArrayNode labels = type.putArray("enumValues");
        t.enumValues().forEach(labels::add);
        n.put("nullable", c.nullable());
        ObjectNode def = n.putObject("default");
        DefaultValue dv = c.defaultValue();
        if (dv instanceof DefaultValue.Constant k) {
            def.put("kind", "constant");
            def.set("value", value(k.value()));
        } else if (dv instanceof DefaultValue.CurrentTimestamp now) {
            def.put("kind", "now");
            def.put("fsp", now.fsp());
        } else {
            def.put("kind", "none");
        }
        n.put("autoIncrement", c.autoIncrement());
        n.put("onUpdateNow", c.onUpdateNow());
        n.put("comment", c.comment());
        n.put("collation", c.collation());
        n.set("originDefault", value(c.originDefault()));
        return n;
    }

    private static ColumnDef column(JsonNode n) {
        JsonNode type = n.get("type");
        List<String> labels = new ArrayList<>();
        type.get("enumValues").forEach(l -> labels.add(l.asText()));
        SqlType t = new SqlType(TypeKind.valueOf(type.get("kind").asText()), type.get("length").asInt(),
                type.get("precision").asInt(), type.get("scale").asInt(), type.get("unsigned").asBoolean(), labels);
        JsonNode def = n.get("default");
        DefaultValue dv = switch (def.get("kind").asText()) {
            case "none" -> DefaultValue.NONE;
            case "constant" -> new DefaultValue.Constant(value(def.get("value")));
            case "now" -> new DefaultValue.CurrentTimestamp(def.get("fsp").asInt());
            default -> throw new IllegalStateException("unknown default kind in catalog: " + def);
        };
        return new ColumnDef(n.get("id").asInt(), n.get("name").asText(), t, n.get("nullable").asBoolean(), dv,
                n.get("autoIncrement").asBoolean(), n.get("onUpdateNow").asBoolean(), text(n, "comment"),
                text(n, "collation"), value(n.get("originDefault")));
    }

    private static JsonNode value(Object v) {
        if (v == null) {
            return MAPPER.nullNode();
        }
        ObjectNode n = MAPPER.createObjectNode();
        if (v instanceof Long l) {
            n.put("t", "long").put("v", l.toString());
        } else if (v instanceof BigDecimal d) {
            n.put("t", "decimal").put("v", d.toString());
        } else if (v instanceof Double d) {
            n.put("t", "double").put("v", Double.toString(d));
        } else if (v instanceof String s) {
            n.put("t", "string").put("v", s);
        } else if (v instanceof byte[] b) {
            n.put("t", "bytes").put("v", Base64.getEncoder().encodeToString(b));
        } else if (v instanceof LocalDate d) {
            n.put("t", "date").put("v", d.toString());
        } else if (v instanceof LocalDateTime d) {
            n.put("t", "datetime").put("v", d.toString());
        } else if (v instanceof Duration d) {
            n.put("t", "time").put("v", Long.toString(d.toNanos() / 1_000));
        } else {
            throw new IllegalArgumentException("not a SQL value: " + v.getClass().getName());
        }
        return n;
    }

    private static Object value(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        String v = n.get("v").asText();
        return switch (n.get("t").asText()) {
            case "long" -> Long.valueOf(v);
            case "decimal" -> new BigDecimal(v);
            case "double" -> Double.valueOf(v);
            case "string" -> v;
            case "bytes" -> Base64.getDecoder().decode(v);
            case "date" -> LocalDate.parse(v);
            case "datetime" -> LocalDateTime.parse(v);
            case "time" -> Duration.of(Long.parseLong(v), ChronoUnit.MICROS);
            default -> throw new IllegalStateException("unknown value tag in catalog: " + n);
        };
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static byte[] write(ObjectNode n) {
        try {
            return MAPPER.writeValueAsBytes(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise catalog object", e);
        }
    }

    private static JsonNode read(byte[] json) {
        try {
            JsonNode n = MAPPER.readTree(json);
            int format = n.get("format").asInt();
            if (format > FORMAT) {
                throw new IllegalStateException("catalog object has format " + format + ", this server reads up to "
                        + FORMAT + "; it was written by a newer Basalt");
            }
            return n;
        } catch (IOException e) {
            throw new IllegalStateException("corrupt catalog object", e);
        }
    }
}
