package io.basalt.sql.sysvar;

import io.basalt.protocol.error.MySqlException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** sql_mode values and their normal form, as MariaDB 10.11 answers {@code SET sql_mode = ...; SELECT @@sql_mode}. */
class SqlModesTest {

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
            strict_trans_tables,ansi_quotes  | ANSI_QUOTES,STRICT_TRANS_TABLES
            STRICT_TRANS_TABLES,,ANSI_QUOTES | ANSI_QUOTES,STRICT_TRANS_TABLES
            ansi,strict_trans_tables         | REAL_AS_FLOAT,PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ANSI,STRICT_TRANS_TABLES
            TRADITIONAL                      | STRICT_TRANS_TABLES,STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,TRADITIONAL,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION
            oracle                           | PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ORACLE,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS,NO_AUTO_CREATE_USER,SIMULTANEOUS_ASSIGNMENT
            MYSQL40                          | MYSQL40,HIGH_NOT_PRECEDENCE
            time_round_fractional            | TIME_ROUND_FRACTIONAL
            """)
    void namesAreNormalisedAndCombinationsExpanded(String value, String expected) {
        assertThat(SqlModes.normalize("sql_mode", value)).isEqualTo(expected);
    }

    @Test
    void emptyStringClearsTheMode() {
        assertThat(SqlModes.normalize("sql_mode", "")).isEmpty();
    }

    @ParameterizedTest(name = "1 << {0}")
    @CsvSource(delimiter = '|', textBlock = """
            0  | REAL_AS_FLOAT
            8  | PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,POSTGRESQL,NO_KEY_OPTIONS,NO_TABLE_OPTIONS,NO_FIELD_OPTIONS
            21 | STRICT_TRANS_TABLES
            34 | TIME_ROUND_FRACTIONAL
            """)
    void numbersAreBitSets(int bit, String expected) {
        assertThat(SqlModes.normalize("sql_mode", 1L << bit)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
            foo                          | foo
            strict_trans_tables,foo      | foo
            ' strict_trans_tables , ansi_quotes' | ' strict_trans_tables '
            """)
    void unknownNamesFailWith1231NamingTheBadItem(String value, String bad) {
        assertThatThrownBy(() -> SqlModes.normalize("sql_mode", value))
                .isInstanceOfSatisfying(MySqlException.class, e -> {
                    assertThat(e.code()).isEqualTo(1231);
                    assertThat(e.getMessage()).isEqualTo("Variable 'sql_mode' can't be set to the value of '"
                            + bad + "'");
                });
    }

    @Test
    void nullNegativeAndUnknownBitsFailWith1231() {
        assertThatThrownBy(() -> SqlModes.normalize("sql_mode", null))
                .hasMessage("Variable 'sql_mode' can't be set to the value of 'NULL'");
        assertThatThrownBy(() -> SqlModes.normalize("sql_mode", -1L))
                .hasMessage("Variable 'sql_mode' can't be set to the value of '-1'");
        assertThatThrownBy(() -> SqlModes.normalize("sql_mode", 1L << 35))
                .hasMessage("Variable 'sql_mode' can't be set to the value of '34359738368'");
    }

    @Test
    void decimalsAndDoublesFailWith1232() {
        assertThatThrownBy(() -> SqlModes.normalize("sql_mode", new BigDecimal("1.5")))
                .isInstanceOfSatisfying(MySqlException.class, e -> assertThat(e.code()).isEqualTo(1232))
                .hasMessage("Incorrect argument type to variable 'sql_mode'");
        assertThatThrownBy(() -> SqlModes.normalize("sql_mode", 2.0))
                .isInstanceOfSatisfying(MySqlException.class, e -> assertThat(e.code()).isEqualTo(1232));
    }

    @Test
    void containsMatchesWholeNamesCaseInsensitively() {
        String mode = SqlModes.normalize("sql_mode", "STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION");
        assertThat(SqlModes.contains(mode, "strict_trans_tables")).isTrue();
        assertThat(SqlModes.contains(mode, "STRICT_ALL_TABLES")).isFalse();
        assertThat(SqlModes.contains("", "STRICT_TRANS_TABLES")).isFalse();
        assertThat(SqlModes.contains(null, "STRICT_TRANS_TABLES")).isFalse();
    }

    @Test
    void containsNeitherMatchesPartsOfNamesNorMissesTheLastOne() {
        String mode = "NO_ZERO_DATE,STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION";
        assertThat(SqlModes.contains(mode, "NO_ZERO_DATE")).isTrue();
        assertThat(SqlModes.contains(mode, "NO_ENGINE_SUBSTITUTION")).isTrue();
        assertThat(SqlModes.contains(mode, "STRICT_TRANS")).isFalse();
        assertThat(SqlModes.contains(mode, "TRANS_TABLES")).isFalse();
        assertThat(SqlModes.contains(mode, "NO_ZERO_DATE,STRICT_TRANS_TABLES")).isFalse();
        assertThat(SqlModes.contains("ANSI", "ANSI_QUOTES")).isFalse();
    }
}
