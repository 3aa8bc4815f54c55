package io.basalt.sql.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.protocol.error.MySqlException;
import org.junit.jupiter.api.Test;

/** Character sets of collations, and how CHARACTER SET / COLLATE clauses resolve. */
class CharsetCollationTest {

    @Test
    void aCollationsCharsetIsTheNameBeforeItsFirstUnderscore() {
        assertThat(CharsetCollation.charsetOf("utf8mb4_general_ci")).isEqualTo("utf8mb4");
        assertThat(CharsetCollation.charsetOf("utf8mb4_unicode_520_ci")).isEqualTo("utf8mb4");
        assertThat(CharsetCollation.charsetOf("utf8mb3_bin")).isEqualTo("utf8mb3");
        assertThat(CharsetCollation.charsetOf("latin1_swedish_ci")).isEqualTo("latin1");
        assertThat(CharsetCollation.charsetOf("ascii_general_ci")).isEqualTo("ascii");
        assertThat(CharsetCollation.charsetOf("binary")).isEqualTo("binary");
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
