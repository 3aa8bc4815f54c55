package io.basalt.sql.sysvar;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's system variables: their definitions ({@link SystemVariableDefinitions}) and global values.
 * Thread-safe: global values live in a concurrent map; SET GLOBAL from any session is visible to new sessions.
 */
public final class SystemVariables {
    private final Map<String, SystemVariable> definitions;
    private final Map<String, Object> globalValues = new ConcurrentHashMap<>();

    public SystemVariables(Collection<SystemVariable> definitions, Map<String, Object> overrides) {
        Map<String, SystemVariable> defs = new ConcurrentHashMap<>();
        for (SystemVariable d : definitions) {
            defs.put(d.name(), d);
            if (d.defaultValue() != null) {
                globalValues.put(d.name(), d.defaultValue());
            }
        }
        this.definitions = Collections.unmodifiableMap(defs);
        overrides.forEach((k, v) -> globalValues.put(k, coerce(definition(k), v)));
    }

    public static SystemVariables withDefaults() {
        return new SystemVariables(SystemVariableDefinitions.ALL, Map.of());
    }

    /** @throws MySqlException 1193 when no variable has this name */
    public SystemVariable definition(String name) {
        SystemVariable d = definitions.get(name.toLowerCase(Locale.ROOT));
        if (d == null) {
            throw new MySqlException(ErrorCode.UNKNOWN_SYSTEM_VARIABLE, name);
        }
        return d;
    }

    public boolean exists(String name) {
        return definitions.containsKey(name.toLowerCase(Locale.ROOT));
    }

    public List<SystemVariable> all() {
        List<SystemVariable> list = new ArrayList<>(definitions.values());
        list.sort((a, b) -> a.name().compareTo(b.name()));
        return list;
    }

    public Object get(String name) {
        SystemVariable d = definition(name);
        return globalValues.get(d.name());
    }

    public long getLong(String name) {
        Object v = get(name);
        return v instanceof Long l ? l : 0L;
    }

    /** SET GLOBAL name = value. */
    public void set(String name, Object value) {
        SystemVariable d = definition(name);
        if (d.scope() == SystemVariable.Scope.SESSION) {
            throw new MySqlException(ErrorCode.LOCAL_VARIABLE, d.name());
        }
        Object v = value == null ? d.defaultValue() : coerce(d, value);
        if (v == null) {
            globalValues.remove(d.name());
        } else {
            globalValues.put(d.name(), v);
        }
    }

    /**
     * Converts a SET value to the variable's type: booleans accept ON/OFF/TRUE/FALSE/1/0, enums their names or
     * ordinals, integers numbers or numeric strings. Read-only variables and bad values fail as MySQL fails.
     */
    Object coerce(SystemVariable d, Object value) {
        if (d.readOnly()) {
            throw new MySqlException(ErrorCode.UNKNOWN_ERROR,
                    "Variable '" + d.name() + "' is a read only variable");
        }
        String text = value instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8)
                : String.valueOf(value);
        return switch (d.type()) {
            case BOOLEAN -> switch (text.toUpperCase(Locale.ROOT)) {
                case "1", "ON", "TRUE" -> 1L;
                case "0", "OFF", "FALSE" -> 0L;
                default -> throw new MySqlException(ErrorCode.WRONG_VALUE_FOR_VAR, d.name(), text);
            };
            case INTEGER -> {
                if (value instanceof Number n) {
                    yield n.longValue();
                }
                try {
                    yield Long.parseLong(text.trim());
                } catch (NumberFormatException e) {
                    throw new MySqlException(ErrorCode.WRONG_TYPE_FOR_VAR, d.name());
                }
            }
            case ENUM -> {
                String upper = text.toUpperCase(Locale.ROOT);
                if (value instanceof Long l && l >= 0 && l < d.allowed().size()) {
                    yield d.allowed().get(l.intValue());
                }
                if (!d.allowed().contains(upper)) {
                    throw new MySqlException(ErrorCode.WRONG_VALUE_FOR_VAR, d.name(), text);
                }
                yield upper;
            }
            case STRING, NULLABLE_STRING -> text;
        };
    }
}
