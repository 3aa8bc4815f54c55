package io.basalt.sql.sysvar;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.util.HashMap;
import java.util.Map;

/**
 * One session's view of the system variables: values set in this session over the server's global values.
 * Owned by the session's worker thread.
 */
public final class SessionVariables {
    private final SystemVariables globals;
    private final Map<String, Object> values = new HashMap<>();
    private boolean autocommit;

    public SessionVariables(SystemVariables globals) {
        this.globals = globals;
        reset();
    }

    public SystemVariables globals() {
        return globals;
    }

    /** Back to the global values (COM_RESET_CONNECTION, COM_CHANGE_USER). */
    public void reset() {
        values.clear();
        autocommit = globals.getLong("autocommit") != 0;
    }

    /** The session value of a variable (the global one for GLOBAL-only variables). */
    public Object get(String name) {
        String key = name.toLowerCase(java.util.Locale.ROOT);
        SystemVariable def = globals.definition(key);
        if (def.scope() == SystemVariable.Scope.GLOBAL) {
            return globals.get(key);
        }
        if (key.equals("autocommit")) {
            return autocommit ? 1L : 0L;
        }
        return values.containsKey(key) ? values.get(key) : globals.get(key);
    }

    public long getLong(String name) {
        Object v = get(name);
        return v instanceof Long l ? l : 0L;
    }

    public String getString(String name) {
        Object v = get(name);
        return v == null ? null : v.toString();
    }

    /** SET [SESSION] name = value, with MySQL's validation and errors. */
    public void set(String name, Object value) {
        String key = name.toLowerCase(java.util.Locale.ROOT);
        SystemVariable def = globals.definition(key);
        if (def.scope() == SystemVariable.Scope.GLOBAL) {
            throw new MySqlException(ErrorCode.GLOBAL_VARIABLE, def.name());
        }
        Object v = value == null ? def.defaultValue() : globals.coerce(def, value);
        if (key.equals("autocommit")) {
            autocommit = (Long) v != 0;
        } else {
            values.put(key, v);
        }
    }

    /** SET name = DEFAULT in session scope: back to the global value. */
    public void setDefault(String name) {
        String key = name.toLowerCase(java.util.Locale.ROOT);
        SystemVariable def = globals.definition(key);
        if (key.equals("autocommit")) {
            autocommit = globals.getLong(key) != 0;
        } else if (def.scope() != SystemVariable.Scope.GLOBAL) {
            values.remove(key);
        }
    }

    public boolean autocommit() {
        return autocommit;
    }

    public long maxAllowedPacket() {
        return getLong("max_allowed_packet");
    }
}
