package io.basalt.sql.sysvar;

import java.util.List;

/**
 * Definition of one system variable: name (lower case), where it can be set, its value type and default.
 * Values are held as {@link Long} (integers and booleans 0/1), {@link String}, or null (only where MySQL allows
 * NULL, e.g. character_set_results).
 *
 * @param allowed for {@link VarType#ENUM}: the permitted values in upper case; empty otherwise
 * @param readOnly true when SET cannot change it at all
 */
public record SystemVariable(String name, Scope scope, VarType type, Object defaultValue, boolean readOnly,
                             List<String> allowed) {

    public enum Scope {
        /** SET GLOBAL only; the session sees the global value. */
        GLOBAL,
        /** SET SESSION only (e.g. timestamp). */
        SESSION,
        /** Both: a session starts with the global value. */
        BOTH
    }

    public enum VarType { BOOLEAN, INTEGER, STRING, ENUM, NULLABLE_STRING }

    public SystemVariable {
        allowed = List.copyOf(allowed);
    }
}
