package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/** JSON text handling in MariaDB's layout. */
class JsonTest {

    @Test
    void formatsDocumentsLikeMariaDbKeepingScalarsVerbatim() {
        assertThat(Json.format(Json.parse("{\"b\":1,  \"c\":[1,2], \"d\": 1.50e0, \"e\":\"x\\\"y\"}")))
                .isEqualTo("{\"b\": 1, \"c\": [1, 2], \"d\": 1.50e0, \"e\": \"x\\\"y\"}");
        assertThat(Json.format(Json.parse(" [ ] "))).isEqualTo("[]");
        assertThat(Json.format(Json.parse("{\"a\":1,\"a\":2}"))).isEqualTo("{\"a\": 1, \"a\": 2}");
    }

    @Test
    void validatesWithMariaDbPositions() {
        assertThat(Json.isValid("{\"a\": [true, false, null, -1.5e3]}")).isTrue();
        assertThat(Json.isValid("\"x\"")).isTrue();
        assertThat(Json.errorPosition("{a}")).isEqualTo(2);
        assertThat(Json.isValid("[1,]")).isFalse();
        assertThat(Json.isValid("01x")).isFalse();
        assertThat(Json.isValid("")).isFalse();
        assertThat(Json.isValid("\"\\q\"")).isFalse();
    }

    @Test
    void sqlValuesAsJson() {
        assertThat(Json.toJsonText("a\tb", SqlType.LONGTEXT)).isEqualTo("\"a\\tb\"");
        assertThat(Json.toJsonText(new BigDecimal("2.50"), SqlType.decimal(3, 2))).isEqualTo("2.50");
        assertThat(Json.toJsonText(null, SqlType.NULL)).isEqualTo("null");
        assertThat(Json.toJsonText("{\"x\":1}", SqlType.JSON)).isEqualTo("{\"x\": 1}");
        assertThat(Json.parse("\"a\\u0041\\n\"").stringValue()).isEqualTo("aA\n");
    }
}
