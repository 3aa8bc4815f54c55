package io.basalt.sql.sysvar;

import io.basalt.sql.sysvar.SystemVariable.Scope;
import io.basalt.sql.sysvar.SystemVariable.VarType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every system variable Basalt knows: those it honours and those clients read at connect time (Connector/J's
 * variable query, MariaDB C/J's combined SET, the mysql CLI's {@code \s}, sysbench, a MariaDB replica's login).
 * Types, scopes, defaults and ranges follow MariaDB 10.11 unless a comment says otherwise. Values that depend on the
 * running server (version, hostname, port, datadir, ...) are overridden by the server at startup.
 */
final class SystemVariableDefinitions {
    /** Synonyms: both names are listed, and both read and write the variable named by the value. */
    static final Map<String, String> ALIASES = Map.of(
            "tx_isolation", "transaction_isolation",
            "tx_read_only", "transaction_read_only",
            "storage_engine", "default_storage_engine",
            "identity", "last_insert_id");

    private static final long UNSIGNED_MAX = -1L;
    private static final long UINT32_MAX = 4_294_967_295L;
    private static final String[] ISOLATION_LEVELS =
            {"READ-UNCOMMITTED", "READ-COMMITTED", "REPEATABLE-READ", "SERIALIZABLE"};

    static final List<SystemVariable> ALL;

    static {
        List<SystemVariable> v = new ArrayList<>();
        // transactions and statements (honoured by the engine)
        v.add(bool("autocommit", Scope.BOTH, true));
        v.add(enumeration("transaction_isolation", Scope.BOTH, "REPEATABLE-READ", ISOLATION_LEVELS));
        v.add(enumeration("tx_isolation", Scope.BOTH, "REPEATABLE-READ", ISOLATION_LEVELS));
        v.add(bool("transaction_read_only", Scope.BOTH, false));
        v.add(bool("tx_read_only", Scope.BOTH, false));
        v.add(enumeration("completion_type", Scope.BOTH, "NO_CHAIN", "NO_CHAIN", "CHAIN", "RELEASE"));
        v.add(unsigned("innodb_lock_wait_timeout", Scope.BOTH, 50, 0, 100_000_000));
        v.add(unsigned("lock_wait_timeout", Scope.BOTH, 86_400, 0, 31_536_000));
        v.add(bool("tidb_enable_async_commit", Scope.BOTH, true));
        v.add(bool("tidb_enable_1pc", Scope.BOTH, true));
        v.add(enumeration("tidb_txn_mode", Scope.BOTH, "PESSIMISTIC", "PESSIMISTIC", "OPTIMISTIC"));
        v.add(unsigned("auto_increment_increment", Scope.BOTH, 1, 1, 65_535));
        v.add(unsigned("auto_increment_offset", Scope.BOTH, 1, 1, 65_535));
        v.add(of("sql_mode", Scope.BOTH, VarType.SQL_MODE,
                "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"));
        v.add(of("time_zone", Scope.BOTH, VarType.TIME_ZONE, "SYSTEM"));
        v.add(readOnly("system_time_zone", "UTC"));
        v.add(unsigned("sql_select_limit", Scope.BOTH, UNSIGNED_MAX, 0, UNSIGNED_MAX));
        v.add(unsigned("max_join_size", Scope.BOTH, UNSIGNED_MAX, 1, UNSIGNED_MAX));
        v.add(bool("sql_big_selects", Scope.BOTH, true));
        v.add(bool("sql_safe_updates", Scope.BOTH, false));
        v.add(bool("sql_auto_is_null", Scope.BOTH, false));
        v.add(bool("foreign_key_checks", Scope.BOTH, true));
        v.add(bool("unique_checks", Scope.BOTH, true));
        v.add(bool("sql_notes", Scope.BOTH, true));
        v.add(bool("sql_warnings", Scope.BOTH, false));
        v.add(bool("sql_quote_show_create", Scope.BOTH, true));
        v.add(bool("big_tables", Scope.BOTH, false));
        v.add(bool("explicit_defaults_for_timestamp", Scope.BOTH, true));
        v.add(unsigned("div_precision_increment", Scope.BOTH, 4, 0, 38));
        v.add(unsigned("group_concat_max_len", Scope.BOTH, 1_048_576, 4, UINT32_MAX));
        v.add(unsigned("default_week_format", Scope.BOTH, 0, 0, 7));
        v.add(str("lc_time_names", Scope.BOTH, "en_US"));
        v.add(str("lc_messages", Scope.BOTH, "en_US"));
        v.add(dbl("max_statement_time", Scope.BOTH, 0.0));
        v.add(unsigned("max_execution_time", Scope.BOTH, 0, 0, UINT32_MAX));
        v.add(dbl("long_query_time", Scope.BOTH, 10.0));
        v.add(unsigned("optimizer_search_depth", Scope.BOTH, 62, 0, 63));
        v.add(unsigned("tmp_table_size", Scope.BOTH, 16_777_216, 0, UNSIGNED_MAX));
        v.add(unsigned("max_heap_table_size", Scope.BOTH, 16_777_216, 16_384, UNSIGNED_MAX));
        v.add(unsigned("sort_buffer_size", Scope.BOTH, 2_097_152, 1024, UNSIGNED_MAX));
        v.add(unsigned("join_buffer_size", Scope.BOTH, 262_144, 128, UNSIGNED_MAX));
        v.add(unsigned("read_buffer_size", Scope.BOTH, 131_072, 8192, 2_147_483_647));
        v.add(str("default_storage_engine", Scope.BOTH, "Basalt"));
        v.add(str("storage_engine", Scope.BOTH, "Basalt"));
        // values bound to the session (read and written through io.basalt.sql.setvar.SystemVariableReader)
        v.add(new SystemVariable("timestamp", Scope.SESSION, VarType.DOUBLE, null, false, List.of(), 0, 0));
        v.add(unsigned("last_insert_id", Scope.SESSION, 0, 0, UNSIGNED_MAX));
        v.add(unsigned("identity", Scope.SESSION, 0, 0, UNSIGNED_MAX));
        v.add(unsigned("insert_id", Scope.SESSION, 0, 0, UNSIGNED_MAX));
        v.add(readOnlySession("warning_count"));
        v.add(readOnlySession("error_count"));
        v.add(readOnlySession("in_transaction"));
        // character sets: utf8mb4 end to end; character_set_results NULL saves Connector/J a round trip
        v.add(of("character_set_client", Scope.BOTH, VarType.CHARSET, "utf8mb4"));
        v.add(of("character_set_connection", Scope.BOTH, VarType.CHARSET, "utf8mb4"));
        v.add(of("character_set_results", Scope.BOTH, VarType.NULLABLE_CHARSET, null));
        v.add(of("character_set_server", Scope.BOTH, VarType.CHARSET, "utf8mb4"));
        v.add(of("character_set_database", Scope.BOTH, VarType.CHARSET, "utf8mb4"));
        v.add(of("character_set_filesystem", Scope.BOTH, VarType.CHARSET, "binary"));
        v.add(readOnly("character_set_system", "utf8mb3"));
        v.add(readOnly("character_sets_dir", ""));
        v.add(of("collation_connection", Scope.BOTH, VarType.COLLATION, "utf8mb4_general_ci"));
        v.add(of("collation_server", Scope.BOTH, VarType.COLLATION, "utf8mb4_general_ci"));
        v.add(of("collation_database", Scope.BOTH, VarType.COLLATION, "utf8mb4_general_ci"));
        // connections and the network
        v.add(unsigned("max_allowed_packet", Scope.BOTH, 67_108_864, 1024, 1_073_741_824));
        v.add(unsigned("max_connections", Scope.GLOBAL, 4096, 10, 100_000));
        v.add(unsigned("max_user_connections", Scope.BOTH, 0, 0, 2_147_483_647));
        v.add(unsigned("max_prepared_stmt_count", Scope.GLOBAL, 16_382, 0, UINT32_MAX));
        v.add(unsigned("wait_timeout", Scope.BOTH, 28_800, 1, 31_536_000));
        v.add(unsigned("interactive_timeout", Scope.BOTH, 28_800, 1, 31_536_000));
        v.add(unsigned("connect_timeout", Scope.GLOBAL, 10, 2, 31_536_000));
        v.add(unsigned("net_write_timeout", Scope.BOTH, 60, 1, 31_536_000));
        v.add(unsigned("net_read_timeout", Scope.BOTH, 30, 1, 31_536_000));
        v.add(unsigned("net_buffer_length", Scope.BOTH, 16_384, 1024, 1_048_576));
        v.add(str("init_connect", Scope.GLOBAL, ""));
        v.add(str("session_track_system_variables", Scope.BOTH,
                "autocommit,character_set_client,character_set_connection,character_set_results,time_zone"));
        v.add(bool("session_track_schema", Scope.BOTH, true));
        v.add(bool("session_track_state_change", Scope.BOTH, false));
        v.add(enumeration("session_track_transaction_info", Scope.BOTH, "OFF",
                "OFF", "STATE", "CHARACTERISTICS"));
        v.add(bool("read_only", Scope.GLOBAL, false));
        v.add(readOnlyBool("skip_networking", false));
        v.add(readOnlyBool("skip_name_resolve", false));
        v.add(readOnly("have_ssl", "DISABLED"));
        v.add(readOnly("default_authentication_plugin", "mysql_native_password"));
        // identity of the server (overridden at startup where the server knows better)
        v.add(readOnly("version", "10.11.99-Basalt-MariaDB"));
        v.add(readOnly("version_comment", "Basalt"));
        v.add(readOnly("version_compile_os", "Linux"));
        v.add(readOnly("version_compile_machine", "x86_64"));
        v.add(readOnly("license", "Apache-2.0"));
        v.add(readOnlyUnsigned("protocol_version", 10));
        v.add(readOnly("hostname", "localhost"));
        v.add(readOnlyUnsigned("port", 4000));
        v.add(readOnly("socket", ""));
        v.add(readOnly("datadir", "./data/"));
        v.add(readOnly("basedir", "/"));
        v.add(readOnly("tmpdir", "/tmp"));
        v.add(readOnly("secure_file_priv", ""));
        v.add(readOnly("log_error", ""));
        v.add(bool("general_log", Scope.GLOBAL, false));
        v.add(bool("slow_query_log", Scope.GLOBAL, false));
        v.add(str("log_output", Scope.GLOBAL, "FILE"));
        v.add(readOnlyUnsigned("lower_case_table_names", 0));
        v.add(readOnlyBool("performance_schema", false));
        v.add(readOnly("have_query_cache", "NO"));
        v.add(unsigned("query_cache_size", Scope.GLOBAL, 0, 0, UNSIGNED_MAX));
        v.add(enumeration("query_cache_type", Scope.BOTH, "OFF", "OFF", "ON", "DEMAND"));
        v.add(unsigned("thread_cache_size", Scope.GLOBAL, 0, 0, 16_384));
        v.add(unsigned("table_open_cache", Scope.GLOBAL, 4000, 1, 1_048_576));
        v.add(readOnlyUnsigned("open_files_limit", 65_535));
        // replication and the binary log (the binlog issue makes log_bin and the gtid positions live)
        // the binlog takes server_id and binlog_checksum from the configuration at startup: read-only here rather than
        // settable without effect
        v.add(readOnlyUnsigned("server_id", 1));
        v.add(unsigned("gtid_domain_id", Scope.BOTH, 0, 0, UINT32_MAX));
        v.add(unsigned("gtid_seq_no", Scope.SESSION, 0, 0, UNSIGNED_MAX));
        v.add(bool("gtid_strict_mode", Scope.GLOBAL, false));
        v.add(bool("gtid_ignore_duplicates", Scope.GLOBAL, false));
        v.add(readOnly("gtid_binlog_pos", ""));
        v.add(readOnly("gtid_binlog_state", ""));
        v.add(readOnly("gtid_current_pos", ""));
        v.add(str("gtid_slave_pos", Scope.GLOBAL, ""));
        v.add(new SystemVariable("last_gtid", Scope.SESSION, VarType.STRING, "", true, List.of(), 0, 0));
        v.add(readOnlyBool("log_bin", false));
        v.add(readOnly("log_bin_basename", ""));
        v.add(readOnly("log_bin_index", ""));
        v.add(readOnlyBool("log_slave_updates", false));
        v.add(bool("log_bin_compress", Scope.GLOBAL, false));
        // only row-based logging is written: other formats are refused as unknown values (1231)
        v.add(enumeration("binlog_format", Scope.BOTH, "ROW", "ROW"));
        v.add(enumeration("binlog_row_image", Scope.BOTH, "FULL", "MINIMAL", "NOBLOB", "FULL", "FULL_NODUP"));
        v.add(enumeration("binlog_row_metadata", Scope.GLOBAL, "NO_LOG", "NO_LOG", "MINIMAL", "FULL"));
        v.add(readOnly("binlog_checksum", "CRC32"));
        v.add(bool("binlog_annotate_row_events", Scope.BOTH, true));
        v.add(unsigned("max_binlog_size", Scope.GLOBAL, 1_073_741_824, 4096, 1_073_741_824));
        v.add(unsigned("sync_binlog", Scope.GLOBAL, 1, 0, UINT32_MAX));
        v.add(unsigned("binlog_commit_wait_count", Scope.GLOBAL, 0, 0, UINT32_MAX));
        v.add(unsigned("binlog_commit_wait_usec", Scope.GLOBAL, 100_000, 0, UINT32_MAX));
        v.add(unsigned("binlog_cache_size", Scope.GLOBAL, 32_768, 4096, UNSIGNED_MAX));
        v.add(unsigned("binlog_large_commit_threshold", Scope.GLOBAL, 134_217_728, 10_485_760, UNSIGNED_MAX));
        v.add(unsigned("binlog_expire_logs_seconds", Scope.GLOBAL, 0, 0, UINT32_MAX));
        v.add(dbl("expire_logs_days", Scope.GLOBAL, 0.0));
        v.add(bool("master_verify_checksum", Scope.GLOBAL, false));
        v.add(bool("sql_log_bin", Scope.SESSION, true));
        v.add(bool("skip_replication", Scope.SESSION, false));
        v.add(bool("skip_parallel_replication", Scope.SESSION, false));
        v.add(bool("rpl_semi_sync_master_enabled", Scope.GLOBAL, false));
        v.add(unsigned("slave_net_timeout", Scope.GLOBAL, 60, 1, 31_536_000));
        v.add(readOnly("report_host", ""));
        ALL = List.copyOf(v);
    }

    private SystemVariableDefinitions() {
    }

    private static SystemVariable of(String name, Scope scope, VarType type, Object dflt) {
        return new SystemVariable(name, scope, type, dflt, false, List.of(), 0, 0);
    }

    private static SystemVariable bool(String name, Scope scope, boolean dflt) {
        return of(name, scope, VarType.BOOLEAN, dflt ? 1L : 0L);
    }

    private static SystemVariable unsigned(String name, Scope scope, long dflt, long min, long max) {
        return new SystemVariable(name, scope, VarType.UNSIGNED, dflt, false, List.of(), min, max);
    }

    private static SystemVariable dbl(String name, Scope scope, double dflt) {
        return of(name, scope, VarType.DOUBLE, dflt);
    }

    private static SystemVariable str(String name, Scope scope, String dflt) {
        return of(name, scope, VarType.STRING, dflt);
    }

    private static SystemVariable enumeration(String name, Scope scope, String dflt, String... allowed) {
        return new SystemVariable(name, scope, VarType.ENUM, dflt, false, List.of(allowed), 0, 0);
    }

    private static SystemVariable readOnly(String name, String value) {
        return new SystemVariable(name, Scope.GLOBAL, VarType.STRING, value, true, List.of(), 0, 0);
    }

    private static SystemVariable readOnlyUnsigned(String name, long value) {
        return new SystemVariable(name, Scope.GLOBAL, VarType.UNSIGNED, value, true, List.of(), 0, UNSIGNED_MAX);
    }

    private static SystemVariable readOnlyBool(String name, boolean value) {
        return new SystemVariable(name, Scope.GLOBAL, VarType.BOOLEAN, value ? 1L : 0L, true, List.of(), 0, 0);
    }

    private static SystemVariable readOnlySession(String name) {
        return new SystemVariable(name, Scope.SESSION, VarType.UNSIGNED, 0L, true, List.of(), 0, UNSIGNED_MAX);
    }
}
