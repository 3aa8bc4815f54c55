package io.basalt.sql.sysvar;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One session's view of the system variables: the global values of the moment the session started (or was reset)
 * with the values SET in this session over them. Values set later with SET GLOBAL are not seen, as in MySQL.
 * Variables bound to the session's own state (timestamp, last_insert_id, warning_count...) are read and written
 * through {@code io.basalt.sql.setvar.SystemVariableReader}; here they are plain stored values.
 *
 * <p>Owned by the session's worker thread.
 */
public final class SessionVariables {
    /** Variables with a session value that only SET GLOBAL changes (1621), as in MariaDB. */
    private static final Set<String> GLOBAL_SET_ONLY = Set.of("max_allowed_packet", "net_buffer_length");

    private final SystemVariables globals;
    private final Map<String, Object> values = new HashMap<>();
    private Map<String, Object> initial;
    private boolean autocommit;

    public SessionVariables(SystemVariables globals) {
        this.globals = globals;
        reset();
    }

    public SystemVariables globals() {
        return globals;
    }

    /** Back to the current global values (new connection, COM_RESET_CONNECTION, COM_CHANGE_USER). */
    public void reset() {
        values.clear();
        initial = globals.snapshot();
        autocommit = initial.get("autocommit") instanceof Long l && l != 0;
    }

    /**
     * {@code @@name}: the session value, or the global one for a GLOBAL-only variable.
     *
     * @throws MySqlException 1193 when no variable has this name
     */
    public Object get(String name) {
        SystemVariable def = globals.definition(name);
        if (def.scope() == SystemVariable.Scope.GLOBAL) {
            return globals.get(name);
        }
        String key = globals.canonical(name);
        if (key.equals("autocommit")) {
            return autocommit ? 1L : 0L;
        }
        return values.containsKey(key) ? values.get(key) : initial.get(key);
    }

    /** {@code @@session.name}. @throws MySqlException 1238 for a GLOBAL-only variable */
    public Object getSession(String name) {
        SystemVariable def = globals.definition(name);
        if (def.scope() == SystemVariable.Scope.GLOBAL) {
            throw new MySqlException(ErrorCode.INCORRECT_GLOBAL_LOCAL_VAR, def.name(), "GLOBAL");
        }
        return get(name);
    }

    /** {@code @@global.name}. @throws MySqlException 1238 for a SESSION-only variable */
    public Object getGlobal(String name) {
        SystemVariable def = globals.definition(name);
        if (def.scope() == SystemVariable.Scope.SESSION) {
            throw new MySqlException(ErrorCode.INCORRECT_GLOBAL_LOCAL_VAR, def.name(), "SESSION");
        }
        return globals.get(name);
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
     * Validates {@code SET [SESSION] name = value}.
     *
     * @param value the evaluated value (null = SQL NULL)
     * @throws MySqlException 1193 unknown, 1238 read-only, 1229 GLOBAL-only, 1231/1232/1115/1273/1298 bad value
     */
    public VariableAssignment prepareSet(String name, Object value, WarningSink warnings) {
        SystemVariable def = checkSession(name);
        Object converted = VariableValues.convert(def, value, warnings);
        return () -> store(def, converted);
    }

    /** Validates {@code SET [SESSION] name = DEFAULT}: the session takes the current global value. */
    public VariableAssignment prepareSetDefault(String name) {
        SystemVariable def = checkSession(name);
        Object value = def.scope() == SystemVariable.Scope.SESSION ? def.defaultValue() : globals.get(name);
        return () -> store(def, value);
    }

    /** SET [SESSION] name = value, applied at once (warnings are dropped). */
    public void set(String name, Object value) {
        prepareSet(name, value, WarningSink.IGNORE).apply();
    }

    /** SET [SESSION] name = DEFAULT, applied at once. */
    public void setDefault(String name) {
        prepareSetDefault(name).apply();
    }

    /**
     * USE db / COM_INIT_DB: character_set_database and collation_database follow the default database, as in
     * MySQL; with no database (charset null) they are the server's.
     */
    public void useDatabaseCharset(String charset, String collation) {
        values.put("character_set_database", charset != null ? charset : get("character_set_server"));
        values.put("collation_database", charset != null ? collation : get("collation_server"));
    }

    public boolean autocommit() {
        return autocommit;
    }

    public long maxAllowedPacket() {
        return getLong("max_allowed_packet");
    }

    private SystemVariable checkSession(String name) {
        SystemVariable def = globals.definition(name);
        SystemVariables.checkWritable(def);
        if (def.scope() == SystemVariable.Scope.GLOBAL) {
            throw new MySqlException(ErrorCode.GLOBAL_VARIABLE, def.name());
        }
        if (GLOBAL_SET_ONLY.contains(def.name())) {
            throw new MySqlException(ErrorCode.VARIABLE_IS_READONLY, "SESSION", def.name(), "GLOBAL");
        }
        return def;
    }

    private void store(SystemVariable def, Object value) {
        LinkedVariables.updates(globals.canonical(def.name()), value).forEach((key, v) -> {
            if (key.equals("autocommit")) {
                autocommit = v instanceof Long l && l != 0;
            } else {
                values.put(key, v);
            }
        });
    }
}
