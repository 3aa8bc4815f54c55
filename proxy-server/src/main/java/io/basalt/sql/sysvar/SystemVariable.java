package io.basalt.sql.sysvar;

import java.util.List;

/**
 * Definition of one system variable: name (lower case), where it can be set, its value type and default.
 * Values are held as {@link Long} (integers and booleans 0/1; an UNSIGNED value above {@code Long.MAX_VALUE} as the
 * same 64 bits), {@link Double}, {@link String}, or null (only for nullable types, e.g. character_set_results).
 *
 * @param allowed  for {@link VarType#ENUM}: the permitted values in upper case, in ordinal order; empty otherwise
 * @param readOnly true when SET cannot change it at all (error 1238)
 * @param min      smallest value for INTEGER / UNSIGNED (unsigned comparison for UNSIGNED); smaller values are
 *                 clamped with warning 1292, as MySQL does
 * @param max      largest value, likewise
 */
public record SystemVariable(String name, Scope scope, VarType type, Object defaultValue, boolean readOnly,
                             List<String> allowed, long min, long max) {

    public enum Scope {
        /** SET GLOBAL only; the session sees the global value. */
        GLOBAL,
        /** SET SESSION only (e.g. timestamp). */
        SESSION,
        /** Both: a session starts with the global value of the moment it connected. */
        BOTH
    }

    /** The value domain; {@link VariableValues} converts and renders each. */
    public enum VarType {
        /** 0/1, accepts ON/OFF/TRUE/FALSE; shown as ON/OFF. */
        BOOLEAN,
        /** Signed 64-bit integer. */
        INTEGER,
        /** Unsigned 64-bit integer. */
        UNSIGNED,
        /** Seconds with microseconds (timestamp, long_query_time); shown with 6 decimals. */
        DOUBLE,
        STRING,
        /** A string that may be SQL NULL. */
        NULLABLE_STRING,
        /** One of {@link #allowed()}, or its ordinal. */
        ENUM,
        /** A set of sql_mode names (see {@link SqlModes}). */
        SQL_MODE,
        /** A character set name (see {@link CharacterSets}). */
        CHARSET,
        /** A character set name or NULL (character_set_results). */
        NULLABLE_CHARSET,
        /** A collation name. */
        COLLATION,
        /** SYSTEM, an offset such as +08:00, or a region name (see {@link TimeZones}). */
        TIME_ZONE
    }

    public SystemVariable {
        allowed = List.copyOf(allowed);
    }

    public boolean nullable() {
        return type == VarType.NULLABLE_STRING || type == VarType.NULLABLE_CHARSET;
    }

    public boolean numeric() {
        return type == VarType.BOOLEAN || type == VarType.INTEGER || type == VarType.UNSIGNED
                || type == VarType.DOUBLE;
    }
}
