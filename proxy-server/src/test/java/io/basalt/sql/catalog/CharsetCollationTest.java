package io.basalt.sql.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.protocol.error.MySqlException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Character sets of collations, and how CHARACTER SET / COLLATE clauses resolve. */
class CharsetCollationTest {

    @ParameterizedTest
    @CsvSource({"utf8mb4_general_ci, utf8mb4", "utf8mb4_unicode_520_ci, utf8mb4", "utf8mb3_bin, utf8mb3",
            "latin1_swedish_ci, latin1", "ascii_general_ci, ascii", "binary, binary"})
    void aCollationsCharsetIsTheNameBeforeItsFirstUnderscore(String collation, String charset) {
        assertThat(CharsetCollation.charsetOf(collation)).isEqualTo(charset);
    }

    @Test
    void resolveChecksTheCollationBelongsToTheCharset() {
        assertThat(CharsetCollation.resolve("latin1", null, "utf8mb4_general_ci")).isEqualTo("latin1_swedish_ci");
        assertThat(CharsetCollation.resolve(null, "UTF8_BIN", "utf8mb4_general_ci")).isEqualTo("utf8mb3_bin");
        assertThat(CharsetCollation.resolve(null, null, "ascii_bin")).isEqualTo("ascii_bin");
        assertThatThrownBy(() -> CharsetCollation.resolve("latin1", "utf8mb4_bin", null))
                .isInstanceOfSatisfying(MySqlException.class, e -> assertThat(e.code()).isEqualTo(1253));
        assertThatThrownBy(() -> CharsetCollation.resolve("klingon", null, null))
                .isInstanceOfSatisfying(MySqlException.class, e -> assertThat(e.code()).isEqualTo(1115));
    }
}
