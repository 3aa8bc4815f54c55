package io.basalt.sql.sysvar;

import io.basalt.sql.sysvar.SystemVariable.Scope;
import io.basalt.sql.sysvar.SystemVariable.VarType;

import java.util.ArrayList;
import java.util.List;

/**
 * Every system variable Basalt knows: those it honours and those clients read at connect time (Connector/J's
 * variable query, MariaDB C/J's combined SET, the mysql CLI, sysbench). A variable that only exists so that clients
 * work is marked "informational" in its comment group.
 */
final class SystemVariableDefinitions {
    static final List<SystemVariable> ALL;

    static {
        List<SystemVariable> v = new ArrayList<>();
        // honoured by the server
        v.add(bool("autocommit", Scope.BOTH, true));
        v.add(integer("max_allowed_packet", Scope.BOTH, 67_108_864L));
        v.add(integer("auto_increment_increment", Scope.BOTH, 1L));
        v.add(integer("auto_increment_offset", Scope.BOTH, 1L));
        v.add(enumeration("transaction_isolation", Scope.BOTH, "REPEATABLE-READ",
                "READ-UNCOMMITTED", "READ-COMMITTED", "REPEATABLE-READ", "SERIALIZABLE"));
        v.add(enumeration("tx_isolation", Scope.BOTH, "REPEATABLE-READ",
                "READ-UNCOMMITTED", "READ-COMMITTED", "REPEATABLE-READ", "SERIALIZABLE"));
        v.add(bool("transaction_read_only", Scope.BOTH, false));
        v.add(bool("tx_read_only", Scope.BOTH, false));
        v.add(integer("innodb_lock_wait_timeout", Scope.BOTH, 50L));
        v.add(integer("lock_wait_timeout", Scope.BOTH, 31_536_000L));
        v.add(bool("tidb_enable_async_commit", Scope.BOTH, true));
        v.add(bool("tidb_enable_1pc", Scope.BOTH, true));
        v.add(enumeration("tidb_txn_mode", Scope.BOTH, "PESSIMISTIC", "PESSIMISTIC", "OPTIMISTIC"));
        v.add(str("sql_mode", Scope.BOTH,
                "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"));
        v.add(str("time_zone", Scope.BOTH, "SYSTEM"));
        v.add(integer("sql_select_limit", Scope.BOTH, -1L));
        v.add(integer("max_prepared_stmt_count", Scope.GLOBAL, 16_382L));
        v.add(integer("max_connections", Scope.GLOBAL, 4096L));
        v.add(integer("wait_timeout", Scope.BOTH, 28_800L));
        v.add(integer("interactive_timeout", Scope.BOTH, 28_800L));
        v.add(bool("foreign_key_checks", Scope.BOTH, true));
        v.add(bool("unique_checks", Scope.BOTH, true));
        v.add(bool("sql_safe_updates", Scope.BOTH, false));
        v.add(integer("timestamp", Scope.SESSION, null));
        v.add(integer("last_insert_id", Scope.SESSION, 0L));
        v.add(integer("div_precision_increment", Scope.BOTH, 4L));
        v.add(integer("group_concat_max_len", Scope.BOTH, 1024L));
        // character sets: utf8mb4 end to end; character_set_results NULL saves Connector/J a round trip
        v.add(str("character_set_client", Scope.BOTH, "utf8mb4"));
        v.add(str("character_set_connection", Scope.BOTH, "utf8mb4"));
        v.add(nullableStr("character_set_results", Scope.BOTH, null));
        v.add(str("character_set_server", Scope.BOTH, "utf8mb4"));
        v.add(str("character_set_database", Scope.BOTH, "utf8mb4"));
        v.add(readOnly("character_set_system", Scope.GLOBAL, "utf8mb3"));
        v.add(readOnly("character_set_filesystem", Scope.BOTH, "binary"));
        v.add(str("collation_connection", Scope.BOTH, "utf8mb4_general_ci"));
        v.add(str("collation_server", Scope.BOTH, "utf8mb4_general_ci"));
        v.add(str("collation_database", Scope.BOTH, "utf8mb4_general_ci"));
        // informational: identity of the server and settings clients read at connect
        v.add(readOnly("version_comment", Scope.GLOBAL, "Basalt"));
        v.add(readOnly("version_compile_os", Scope.GLOBAL, "Linux"));
        v.add(readOnly("version_compile_machine", Scope.GLOBAL, "x86_64"));
        v.add(readOnly("license", Scope.GLOBAL, "Apache-2.0"));
        v.add(readOnly("system_time_zone", Scope.GLOBAL, "UTC"));
        v.add(readOnlyInt("lower_case_table_names", 0L));
        v.add(readOnlyInt("performance_schema", 0L));
        v.add(readOnlyInt("have_query_cache", 0L));
        v.add(integer("query_cache_size", Scope.GLOBAL, 0L));
        v.add(enumeration("query_cache_type", Scope.BOTH, "OFF", "OFF", "ON", "DEMAND"));
        v.add(str("init_connect", Scope.GLOBAL, ""));
        v.add(integer("net_write_timeout", Scope.BOTH, 60L));
        v.add(integer("net_read_timeout", Scope.BOTH, 30L));
        v.add(integer("net_buffer_length", Scope.BOTH, 16_384L));
        v.add(integer("connect_timeout", Scope.GLOBAL, 10L));
        v.add(str("session_track_system_variables", Scope.BOTH, ""));
        v.add(str("session_track_schema", Scope.BOTH, "ON"));
        v.add(str("session_track_state_change", Scope.BOTH, "OFF"));
        v.add(str("session_track_transaction_info", Scope.BOTH, "OFF"));
        v.add(str("default_storage_engine", Scope.BOTH, "Basalt"));
        v.add(str("storage_engine", Scope.BOTH, "Basalt"));
        v.add(integer("tmp_table_size", Scope.BOTH, 16_777_216L));
        v.add(integer("max_heap_table_size", Scope.BOTH, 16_777_216L));
        v.add(integer("sort_buffer_size", Scope.BOTH, 262_144L));
        v.add(integer("max_join_size", Scope.BOTH, -1L));
        v.add(integer("sql_auto_is_null", Scope.BOTH, 0L));
        v.add(bool("sql_log_bin", Scope.BOTH, true));
        v.add(bool("sql_notes", Scope.BOTH, true));
        v.add(bool("sql_warnings", Scope.BOTH, false));
        v.add(bool("sql_quote_show_create", Scope.BOTH, true));
        v.add(bool("big_tables", Scope.BOTH, false));
        v.add(bool("read_only", Scope.GLOBAL, false));
        v.add(readOnly("hostname", Scope.GLOBAL, "localhost"));
        v.add(readOnlyInt("port", 4000L));
        v.add(readOnly("datadir", Scope.GLOBAL, "./data/"));
        v.add(readOnly("basedir", Scope.GLOBAL, "/"));
        v.add(readOnly("socket", Scope.GLOBAL, ""));
        v.add(readOnly("default_authentication_plugin", Scope.GLOBAL, "mysql_native_password"));
        v.add(integer("server_id", Scope.GLOBAL, 1L));
        v.add(readOnly("protocol_version", Scope.GLOBAL, "10"));
        v.add(bool("explicit_defaults_for_timestamp", Scope.BOTH, true));
        v.add(integer("default_week_format", Scope.BOTH, 0L));
        v.add(str("lc_time_names", Scope.BOTH, "en_US"));
        v.add(str("lc_messages", Scope.BOTH, "en_US"));
        v.add(integer("optimizer_search_depth", Scope.BOTH, 62L));
        v.add(integer("max_execution_time", Scope.BOTH, 0L));
        v.add(integer("max_statement_time", Scope.BOTH, 0L));
        v.add(integer("long_query_time", Scope.BOTH, 10L));
        v.add(integer("thread_cache_size", Scope.GLOBAL, 0L));
        v.add(integer("table_open_cache", Scope.GLOBAL, 4000L));
        v.add(integer("open_files_limit", Scope.GLOBAL, 65_535L));
        ALL = List.copyOf(v);
    }

    private SystemVariableDefinitions() {
    }

    private static SystemVariable bool(String name, Scope scope, boolean dflt) {
        return new SystemVariable(name, scope, VarType.BOOLEAN, dflt ? 1L : 0L, false, List.of());
    }

    private static SystemVariable integer(String name, Scope scope, Long dflt) {
        return new SystemVariable(name, scope, VarType.INTEGER, dflt, false, List.of());
    }

    private static SystemVariable str(String name, Scope scope, String dflt) {
        return new SystemVariable(name, scope, VarType.STRING, dflt, false, List.of());
    }

    private static SystemVariable nullableStr(String name, Scope scope, String dflt) {
        return new SystemVariable(name, scope, VarType.NULLABLE_STRING, dflt, false, List.of());
    }

    private static SystemVariable enumeration(String name, Scope scope, String dflt, String... allowed) {
        return new SystemVariable(name, scope, VarType.ENUM, dflt, false, List.of(allowed));
    }

    private static SystemVariable readOnly(String name, Scope scope, String value) {
        return new SystemVariable(name, scope, VarType.STRING, value, true, List.of());
    }

    private static SystemVariable readOnlyInt(String name, long value) {
        return new SystemVariable(name, Scope.GLOBAL, VarType.INTEGER, value, true, List.of());
    }
}
