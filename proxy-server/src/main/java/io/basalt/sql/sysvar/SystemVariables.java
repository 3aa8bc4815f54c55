package io.basalt.sql.sysvar;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;


import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The server's system variables: their definitions ({@link SystemVariableDefinitions}) and global values.
 *
 * <p>Thread-safe: the global values are an immutable map replaced on every SET GLOBAL (copy on write, SET GLOBAL
 * is rare), so a new session takes a consistent {@link #snapshot()} without copying, and a SET GLOBAL is seen by
 * sessions that start afterwards, not by running ones (as in MySQL).
 */
public final class SystemVariables {
    private final Map<String, SystemVariable> definitions;
    private final Map<String, String> aliases;
    private volatile Map<String, Object> globalValues;
    /** Read-only variables whose value another component computes when read (gtid_binlog_pos). */
    private final Map<String, Supplier<Object>> live = new ConcurrentHashMap<>();
    /** Told of every SET GLOBAL after it is applied (canonical name, new value). */
    private final List<BiConsumer<String, Object>> listeners = new CopyOnWriteArrayList<>();

    /**
     * @param overrides startup values (from configuration and the running server) by variable name; they may set
     *                  read-only variables and are converted to each variable's type
     */
    public SystemVariables(Collection<SystemVariable> definitions, Map<String, Object> overrides) {
        this(definitions, SystemVariableDefinitions.ALIASES, overrides);
    }

    private SystemVariables(Collection<SystemVariable> definitions, Map<String, String> aliases,
                            Map<String, Object> overrides) {
        Map<String, SystemVariable> defs = new HashMap<>();
        for (SystemVariable d : definitions) {
            defs.put(d.name(), d);
        }
        this.definitions = Map.copyOf(defs);
        this.aliases = Map.copyOf(aliases);
        Map<String, Object> values = new HashMap<>();
        for (SystemVariable d : definitions) {
            if (d.defaultValue() != null && !aliases.containsKey(d.name())) {
                values.put(d.name(), d.defaultValue());
            }
        }
        overrides.forEach((name, value) -> {
            SystemVariable d = definition(name);
            Object converted = VariableValues.convert(d, value, WarningSink.IGNORE);
            LinkedVariables.updates(canonical(d.name()), converted).forEach((k, v) -> putOrRemove(values, k, v));
        });
        this.globalValues = unmodifiable(values);
    }

    public static SystemVariables withDefaults() {
        return new SystemVariables(SystemVariableDefinitions.ALL, Map.of());
    }

    /** Every definition Basalt has, for a server that overrides some of them. */
    public static List<SystemVariable> standardDefinitions() {
        return SystemVariableDefinitions.ALL;
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

    /** The name under which a variable's value is kept: synonyms (tx_isolation, identity, ...) resolve to one. */
    public String canonical(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        return aliases.getOrDefault(key, key);
    }

    /** All definitions, sorted by name (the order of SHOW VARIABLES). */
    public List<SystemVariable> all() {
        return definitions.values().stream().sorted(Comparator.comparing(SystemVariable::name)).toList();
    }

    /** The global value (for a SESSION-only variable: its default). */
    public Object get(String name) {
        definition(name);
        String key = canonical(name);
        Supplier<Object> source = live.get(key);
        return source != null ? source.get() : globalValues.get(key);
    }

    /** Makes a read-only variable's global value come from {@code source} on every read. */
    public void bindLive(String name, Supplier<Object> source) {
        live.put(canonical(definition(name).name()), source);
    }

    /** Registers {@code listener} for SET GLOBAL: it runs after the new value is stored, in the setting thread. */
    public void onGlobalChange(BiConsumer<String, Object> listener) {
        listeners.add(listener);
    }

    public long getLong(String name) {
        Object v = get(name);
        return v instanceof Long l ? l : 0L;
    }

    public String getString(String name) {
        Object v = get(name);
        return v == null ? null : v.toString();
    }

    /**
     * Validates {@code SET GLOBAL name = value}.
     *
     * @throws MySqlException 1193 unknown, 1238 read-only, 1228 SESSION-only, 1231/1232 bad value
     */
    public VariableAssignment prepareGlobal(String name, Object value, WarningSink warnings) {
        SystemVariable d = checkGlobal(name);
        Object converted = VariableValues.convert(d, value, warnings);
        return () -> store(d, converted);
    }

    /** Validates {@code SET GLOBAL name = DEFAULT}: back to the compiled-in default. */
    public VariableAssignment prepareGlobalDefault(String name) {
        SystemVariable d = checkGlobal(name);
        return () -> store(d, d.defaultValue());
    }

    /** SET GLOBAL name = value, applied at once. */
    public void set(String name, Object value) {
        prepareGlobal(name, value, WarningSink.IGNORE).apply();
    }

    /** The global values at this moment (canonical names), for a new session. Never modified. */
    Map<String, Object> snapshot() {
        return globalValues;
    }

    static void checkWritable(SystemVariable d) {
        if (d.readOnly()) {
            throw new MySqlException(ErrorCode.INCORRECT_GLOBAL_LOCAL_VAR, d.name(), "read only");
        }
    }

    private SystemVariable checkGlobal(String name) {
        SystemVariable d = definition(name);
        checkWritable(d);
        if (d.scope() == SystemVariable.Scope.SESSION) {
            throw new MySqlException(ErrorCode.LOCAL_VARIABLE, d.name());
        }
        return d;
    }

    private void store(SystemVariable d, Object value) {
        synchronized (this) {
            Map<String, Object> next = new HashMap<>(globalValues);
            LinkedVariables.updates(canonical(d.name()), value).forEach((k, v) -> putOrRemove(next, k, v));
            globalValues = unmodifiable(next);
        }
        listeners.forEach(l -> l.accept(canonical(d.name()), value));
    }

    private static void putOrRemove(Map<String, Object> map, String key, Object value) {
        if (value == null) {
            map.remove(key);
        } else {
            map.put(key, value);
        }
    }

    private static Map<String, Object> unmodifiable(Map<String, Object> values) {
        return Collections.unmodifiableMap(values);
    }
}
