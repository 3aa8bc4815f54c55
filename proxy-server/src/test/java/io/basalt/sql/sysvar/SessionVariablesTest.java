package io.basalt.sql.sysvar;

import io.basalt.protocol.error.MySqlException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Scopes, synonyms, conversions and errors of system variables, as MariaDB 10.11 behaves. */
class SessionVariablesTest {
    private final SystemVariables globals = SystemVariables.withDefaults();
    private final SessionVariables session = new SessionVariables(globals);

    /** Every variable Connector/J's connect query, MariaDB C/J, the mysql CLI and a MariaDB replica read. */
    @ParameterizedTest
    @ValueSource(strings = {"auto_increment_increment", "character_set_client", "character_set_connection",
        "character_set_results", "character_set_server", "collation_server", "collation_connection", "init_connect",
        "interactive_timeout", "license", "lower_case_table_names", "max_allowed_packet", "net_write_timeout",
        "performance_schema", "sql_mode", "system_time_zone", "time_zone", "transaction_isolation", "wait_timeout",
        "autocommit", "transaction_read_only", "tx_isolation", "tx_read_only", "version", "version_comment",
        "character_set_database", "character_set_system", "collation_database", "session_track_system_variables",
        "query_cache_size", "query_cache_type", "gtid_domain_id", "server_id", "gtid_strict_mode", "log_bin",
        "binlog_format", "binlog_checksum", "sync_binlog", "gtid_binlog_pos", "gtid_current_pos",
        "gtid_slave_pos", "rpl_semi_sync_master_enabled", "last_insert_id", "identity", "timestamp"})
    void connectTimeVariablesResolve(String name) {
        assertThat(globals.exists(name)).isTrue();
        session.get(name);
    }

    @Test
    void connectTimeValuesAreTheRecommendedOnes() {
        assertThat(session.get("character_set_results")).isNull();
        assertThat(session.getString("character_set_client")).isEqualTo("utf8mb4");
        assertThat(session.getString("sql_mode")).contains("STRICT_TRANS_TABLES");
        assertThat(session.getString("transaction_isolation")).isEqualTo("REPEATABLE-READ");
        assertThat(session.get("max_allowed_packet")).isEqualTo(67_108_864L);
        assertThat(session.get("sql_select_limit")).isEqualTo(-1L);
        assertThat(session.autocommit()).isTrue();
        assertThat(globals.getString("binlog_checksum")).isEqualTo("CRC32");
        assertThat(globals.getString("binlog_format")).isEqualTo("ROW");
        assertThat(globals.get("log_bin")).isEqualTo(0L);
    }

    @Test
    void maxAllowedPacketIsSetGloballyOnly() {
        assertThatThrownBy(() -> session.set("max_allowed_packet", 1024L))
                .isInstanceOfSatisfying(MySqlException.class, e -> {
                    assertThat(e.code()).isEqualTo(1621);
                    assertThat(e.getMessage()).isEqualTo(
                            "SESSION variable 'max_allowed_packet' is read-only. Use SET GLOBAL to assign the value");
                });
    }

    @Test
    void isolationSynonymsShareOneValue() {
        session.set("tx_isolation", "read-committed");
        assertThat(session.get("transaction_isolation")).isEqualTo("READ-COMMITTED");
        session.set("transaction_isolation", 3L);
        assertThat(session.get("tx_isolation")).isEqualTo("SERIALIZABLE");
        session.set("transaction_read_only", "ON");
        assertThat(session.get("tx_read_only")).isEqualTo(1L);
    }

    @Test
    void setGlobalIsSeenByNewSessionsOnly() {
        session.set("wait_timeout", 5L);
        globals.set("net_write_timeout", 99L);

        assertThat(session.get("net_write_timeout")).isEqualTo(60L);
        assertThat(new SessionVariables(globals).get("net_write_timeout")).isEqualTo(99L);
        assertThat(session.getGlobal("net_write_timeout")).isEqualTo(99L);

        session.reset();
        assertThat(session.get("net_write_timeout")).isEqualTo(99L);
        assertThat(session.get("wait_timeout")).isEqualTo(28_800L);
    }

    @Test
    void sessionDefaultIsTheCurrentGlobalValueAndGlobalDefaultTheCompiledOne() {
        globals.set("sql_mode", "TRADITIONAL");
        session.set("sql_mode", "ANSI");

        session.setDefault("sql_mode");
        assertThat(session.getString("sql_mode")).startsWith("STRICT_TRANS_TABLES,STRICT_ALL_TABLES");

        globals.prepareGlobalDefault("sql_mode").apply();
        assertThat(globals.getString("sql_mode"))
                .isEqualTo("STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION");
    }

    @Test
    void globalOnlyVariablesReadTheGlobalValue() {
        globals.set("read_only", "ON");
        assertThat(session.get("read_only")).isEqualTo(1L);
    }

    @Test
    void scopeErrors() {
        assertError(() -> session.set("read_only", 1L), 1229,
                "Variable 'read_only' is a GLOBAL variable and should be set with SET GLOBAL");
        assertError(() -> globals.set("timestamp", 1L), 1228,
                "Variable 'timestamp' is a SESSION variable and can't be used with SET GLOBAL");
        assertError(() -> session.set("version", "x"), 1238, "Variable 'version' is a read only variable");
        assertError(() -> globals.set("version", "x"), 1238, "Variable 'version' is a read only variable");
        assertError(() -> session.getSession("read_only"), 1238, "Variable 'read_only' is a GLOBAL variable");
        assertError(() -> session.getGlobal("timestamp"), 1238, "Variable 'timestamp' is a SESSION variable");
        assertError(() -> session.set("foo_bar", 1L), 1193, "Unknown system variable 'foo_bar'");
    }

    @Test
    void booleansTakeZeroOneAndWords() {
        for (Object on : List.of(1L, "on", "TRUE", Boolean.TRUE)) {
            session.set("foreign_key_checks", 0L);
            session.set("foreign_key_checks", on);
            assertThat(session.get("foreign_key_checks")).isEqualTo(1L);
        }
        session.set("autocommit", "off");
        assertThat(session.autocommit()).isFalse();
        assertError(() -> session.set("autocommit", 2L), 1231,
                "Variable 'autocommit' can't be set to the value of '2'");
        assertError(() -> session.set("autocommit", "1"), 1231,
                "Variable 'autocommit' can't be set to the value of '1'");
        assertError(() -> session.set("autocommit", null), 1231,
                "Variable 'autocommit' can't be set to the value of 'NULL'");
        assertError(() -> session.set("autocommit", new BigDecimal("1.0")), 1232,
                "Incorrect argument type to variable 'autocommit'");
    }

    @Test
    void integersAreClampedWithWarning1292AndRejectStrings() {
        List<String> warnings = new ArrayList<>();
        session.prepareSet("auto_increment_increment", 0L, (code, msg) -> warnings.add(code + " " + msg)).apply();
        assertThat(session.get("auto_increment_increment")).isEqualTo(1L);
        session.prepareSet("auto_increment_increment", 70_000L, (code, msg) -> warnings.add(code + " " + msg))
                .apply();
        assertThat(session.get("auto_increment_increment")).isEqualTo(65_535L);
        session.prepareSet("auto_increment_increment", -5L, (code, msg) -> warnings.add(code + " " + msg)).apply();
        assertThat(session.get("auto_increment_increment")).isEqualTo(1L);
        assertThat(warnings).containsExactly(
                "1292 Truncated incorrect auto_increment_increment value: '0'",
                "1292 Truncated incorrect auto_increment_increment value: '70000'",
                "1292 Truncated incorrect auto_increment_increment value: '-5'");
        assertError(() -> session.set("auto_increment_increment", "3"), 1232,
                "Incorrect argument type to variable 'auto_increment_increment'");
        assertError(() -> session.set("auto_increment_increment", 1.7), 1232,
                "Incorrect argument type to variable 'auto_increment_increment'");
        assertError(() -> session.set("auto_increment_increment", null), 1232,
                "Incorrect argument type to variable 'auto_increment_increment'");
    }

    @Test
    void enumsTakeNamesOrOrdinals() {
        session.set("tx_isolation", 1L);
        assertThat(session.get("tx_isolation")).isEqualTo("READ-COMMITTED");
        assertError(() -> session.set("tx_isolation", 9L), 1231,
                "Variable 'tx_isolation' can't be set to the value of '9'");
        assertError(() -> session.set("tx_isolation", "bogus"), 1231,
                "Variable 'tx_isolation' can't be set to the value of 'bogus'");
    }

    @Test
    void secondsTakeNumbersOnly() {
        session.set("long_query_time", new BigDecimal("2.5"));
        assertThat(session.get("long_query_time")).isEqualTo(2.5);
        assertError(() -> session.set("long_query_time", "5"), 1232,
                "Incorrect argument type to variable 'long_query_time'");
    }

    @Test
    void charsetsAndCollationsByNameOrIdAndLinked() {
        session.set("character_set_results", 45L);
        assertThat(session.get("character_set_results")).isEqualTo("utf8mb4");
        session.set("character_set_results", null);
        assertThat(session.get("character_set_results")).isNull();

        session.set("character_set_connection", "latin1");
        assertThat(session.get("collation_connection")).isEqualTo("latin1_swedish_ci");
        session.set("collation_connection", 46L);
        assertThat(session.get("collation_connection")).isEqualTo("utf8mb4_bin");
        assertThat(session.get("character_set_connection")).isEqualTo("utf8mb4");
        session.set("character_set_client", "UTF8");
        assertThat(session.get("character_set_client")).isEqualTo("utf8mb3");

        assertError(() -> session.set("character_set_client", null), 1231,
                "Variable 'character_set_client' can't be set to the value of 'NULL'");
        assertError(() -> session.set("character_set_client", "foo"), 1115, "Unknown character set: 'foo'");
        assertError(() -> session.set("character_set_results", "utf8mb4_bin"), 1115,
                "Unknown character set: 'utf8mb4_bin'");
        assertError(() -> session.set("collation_connection", "foo"), 1273, "Unknown collation: 'foo'");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            +8:00         | +08:00
            -12:59        | -12:59
            +13:00        | +13:00
            system        | SYSTEM
            Europe/Berlin | Europe/Berlin
            """)
    void timeZonesAreValidated(String value, String stored) {
        session.set("time_zone", value);
        assertThat(session.get("time_zone")).isEqualTo(stored);
    }

    @ParameterizedTest
    @ValueSource(strings = {"+14:00", "+08:00:00", "bogus", "Mars/Olympus"})
    void unknownTimeZonesFailWith1298(String value) {
        assertError(() -> session.set("time_zone", value), 1298,
                "Unknown or incorrect time zone: '" + value + "'");
    }

    @Test
    void nullStringBecomesEmpty() {
        globals.set("init_connect", null);
        assertThat(globals.get("init_connect")).isEqualTo("");
    }

    @Test
    void showVariablesRendering() {
        assertThat(VariableValues.render(globals.definition("autocommit"), 1L)).isEqualTo("ON");
        assertThat(VariableValues.render(globals.definition("big_tables"), 0L)).isEqualTo("OFF");
        assertThat(VariableValues.render(globals.definition("sql_select_limit"), -1L))
                .isEqualTo("18446744073709551615");
        assertThat(VariableValues.render(globals.definition("long_query_time"), 10.0)).isEqualTo("10.000000");
        assertThat(VariableValues.render(globals.definition("character_set_results"), null)).isEmpty();
    }

    @Test
    void startupOverridesMaySetReadOnlyVariables() {
        SystemVariables configured = new SystemVariables(SystemVariables.standardDefinitions(),
                Map.of("version", "10.11.99-test", "port", 4406L, "character_set_server", "latin1"));
        assertThat(configured.get("version")).isEqualTo("10.11.99-test");
        assertThat(configured.get("port")).isEqualTo(4406L);
        assertThat(configured.get("collation_server")).isEqualTo("latin1_swedish_ci");
    }

    @Test
    void databaseCharsetFollowsTheDefaultDatabase() {
        session.useDatabaseCharset("latin1", "latin1_swedish_ci");
        assertThat(session.get("character_set_database")).isEqualTo("latin1");
        assertThat(session.get("collation_database")).isEqualTo("latin1_swedish_ci");

        session.set("character_set_server", "ascii");
        session.useDatabaseCharset(null, null);
        assertThat(session.get("character_set_database")).isEqualTo("ascii");
        assertThat(session.get("collation_database")).isEqualTo("ascii_general_ci");
    }

    @Test
    void allIsSortedByName() {
        List<String> names = globals.all().stream().map(SystemVariable::name).toList();
        assertThat(names).isSorted().contains("tx_isolation", "transaction_isolation");
    }

    private static void assertError(Runnable action, int code, String message) {
        assertThatThrownBy(action::run).isInstanceOfSatisfying(MySqlException.class, e -> {
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }
}
