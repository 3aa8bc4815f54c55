package io.basalt.sql.function;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.TestContext;
import io.basalt.sql.value.Values;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Binding, session-dependent functions, side effects and warnings. */
class FunctionRegistryTest {
    private final TestContext ctx = new TestContext();

    private static ScalarFunction fn(String name) {
        return FunctionRegistry.lookup(name).orElseThrow();
    }

    private Object call(String name, Object... args) {
        SqlType[] types = Arrays.stream(args).map(Values::typeOf).toArray(SqlType[]::new);
        return fn(name).apply(args, types, ctx);
    }

    @Test
    void lookupIsCaseInsensitiveWithAliases() {
        assertThat(FunctionRegistry.lookup("ucase")).isPresent();
        assertThat(FunctionRegistry.lookup("Substr").map(ScalarFunction::name)).contains("SUBSTR");
        assertThat(FunctionRegistry.lookup("no_such_function")).isEmpty();
        assertThat(FunctionRegistry.all()).extracting(ScalarFunction::name).doesNotHaveDuplicates();
    }

    @Test
    void wrongArityIsError1582() {
        assertThatThrownBy(() -> fn("LEFT").returnType(List.of(SqlType.LONGTEXT)))
                .isInstanceOf(MySqlException.class)
                .hasMessage("Incorrect parameter count in the call to native function 'LEFT'")
                .satisfies(e -> assertThat(((MySqlException) e).code()).isEqualTo(1582));
        assertThatThrownBy(() -> fn("CONCAT_WS").returnType(List.of(SqlType.LONGTEXT))).isInstanceOf(MySqlException.class);
    }

    @Test
    void determinism() {
        assertThat(fn("UPPER").deterministic()).isTrue();
        assertThat(fn("RAND").deterministic()).isFalse();
        assertThat(fn("NOW").deterministic()).isFalse();
        assertThat(fn("UUID").deterministic()).isFalse();
        assertThat(fn("LAST_INSERT_ID").deterministic()).isFalse();
    }

    @Test
    void clockFunctionsUseTheStatementTime() {
        assertThat(call("NOW")).isEqualTo(LocalDateTime.of(2024, 5, 6, 7, 8, 9));
        assertThat(call("NOW", 3L)).isEqualTo(LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_000_000));
        assertThat(fn("NOW").returnType(List.of(Values.typeOf(3L)), List.of(3L)))
                .isEqualTo(SqlType.temporal(TypeKind.DATETIME, 3));
        assertThatThrownBy(() -> fn("NOW").returnType(List.of(Values.typeOf(7L)), List.of(7L)))
                .hasMessage("Too big precision 7 specified for 'now'. Maximum is 6");
        assertThat(call("CURDATE")).isEqualTo(LocalDate.of(2024, 5, 6));
        assertThat(call("CURRENT_TIME")).isEqualTo(Duration.ofSeconds(7 * 3600 + 8 * 60 + 9));
        assertThat(call("UTC_TIMESTAMP")).isEqualTo(LocalDateTime.of(2024, 5, 6, 7, 8, 9));
        assertThat(call("UNIX_TIMESTAMP")).isEqualTo(1714979289L);
    }

    @Test
    void sessionInformation() {
        assertThat(call("DATABASE")).isEqualTo("test");
        assertThat(call("USER")).isEqualTo("root@localhost");
        assertThat(call("CONNECTION_ID")).isEqualTo(42L);
        assertThat(call("VERSION")).isEqualTo("10.11.0-Basalt");
        assertThat(call("LAST_INSERT_ID")).isEqualTo(0L);
        assertThat(call("LAST_INSERT_ID", 17L)).isEqualTo(17L);
        assertThat(ctx.lastInsertId()).isEqualTo(17L);
        assertThat(call("LAST_INSERT_ID")).isEqualTo(17L);
        assertThat(call("ROW_COUNT")).isEqualTo(-1L);
    }

    @Test
    void seededRandIsMySqlsSequenceWithinAStatement() {
        assertThat(call("RAND", 1L)).isEqualTo(0.40540353712197724);
        assertThat(call("RAND", 1L)).isEqualTo(0.8716141803857071);
        assertThat(call("RAND", 1L)).isEqualTo(0.1418603212962489);
        assertThat(new TestContext().statementState("k", () -> 1)).isEqualTo(1);
        TestContext other = new TestContext();
        assertThat(fn("RAND").apply(new Object[]{-5L}, new SqlType[]{SqlType.BIGINT}, other))
                .isEqualTo(0.9043048842850187);
        assertThat(fn("RAND").apply(new Object[]{0L}, new SqlType[]{SqlType.BIGINT}, other))
                .isEqualTo(0.15522042769493574);
        assertThat((Double) call("RAND")).isBetween(0.0, 1.0);
    }

    @Test
    void uuidLooksLikeOne() {
        assertThat((String) call("UUID")).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    }

    @Test
    void sleepStopsWhenTheStatementIsKilled() {
        EvalContext killed = new DelegatingKilledContext(ctx);
        assertThatThrownBy(() -> fn("SLEEP").apply(new Object[]{10L}, new SqlType[]{SqlType.INT}, killed))
                .isInstanceOf(MySqlException.class).hasMessage("Query execution was interrupted");
        assertThat(call("SLEEP", 0L)).isEqualTo(0L);
    }

    @Test
    void warningsFromFunctions() {
        assertThat(call("STR_TO_DATE", "2024-13-01", "%Y-%m-%d")).isNull();
        assertThat(call("JSON_EXTRACT", "{a}", "$.a")).isNull();
        assertThat(call("LN", 0L)).isNull();
        assertThat(call("DATE_ADD", "9999-12-31", 1L, "DAY")).isNull();
        assertThat(call("FROM_UNIXTIME", 2147483648L)).isNull();
        assertThat(ctx.messages()).containsExactly(
                "Incorrect datetime value: '2024-13-01' for function str_to_date",
                "Syntax error in JSON text in argument 1 to function 'json_extract' at position 2",
                "Division by 0",
                "Datetime function: datetime field overflow",
                "Truncated incorrect unixtime value: '2147483648'");
        assertThat(ctx.codes()).containsExactly(1411, 4038, 1365, 1441, 1292);
    }

    @Test
    void generatedStringsAreBoundedByMaxAllowedPacket() {
        ctx.maxAllowedPacket(1024);
        assertThat(call("REPEAT", "ab", 512L)).isEqualTo("ab".repeat(512));
        assertThat(call("REPEAT", "ab", 513L)).isNull();
        assertThat(call("SPACE", 1025L)).isNull();
        assertThat(call("LPAD", "x", 257L, "y")).isNull();
        assertThat(ctx.codes()).containsExactly(1301, 1301, 1301);
        assertThat(ctx.messages().get(0)).isEqualTo("Result of repeat() was larger than max_allowed_packet (1024)"
                + " - truncated");
        ctx.maxAllowedPacket(1L << 30);
        assertThat((String) call("REPEAT", "a", 20_000_000L)).hasSize(20_000_000);
    }

    @Test
    void resultTypesFollowLiteralArguments() {
        assertThat(fn("ROUND").returnType(List.of(SqlType.decimal(5, 4), Values.typeOf(2L)), List.of(
                new BigDecimal("1.2345"), 2L))).isEqualTo(SqlType.decimal(4, 2));
        assertThat(fn("DATE_ADD").returnType(List.of(SqlType.DATE, Values.typeOf(1L), SqlType.varchar(3)),
                Arrays.asList(null, 1L, "DAY"))).isEqualTo(SqlType.DATE);
        assertThat(fn("DATE_ADD").returnType(List.of(SqlType.DATE, Values.typeOf(1L), SqlType.varchar(4)),
                Arrays.asList(null, 1L, "HOUR"))).isEqualTo(SqlType.DATETIME);
        assertThat(fn("STR_TO_DATE").returnType(List.of(SqlType.LONGTEXT, SqlType.varchar(5)),
                Arrays.asList(null, "%H:%i"))).isEqualTo(SqlType.TIME);
        assertThat(fn("IF").returnType(List.of(SqlType.INT, Values.typeOf(1L), SqlType.varchar(1))))
                .isEqualTo(SqlType.varchar(2));
    }

    @Test
    void coalesceConvertsToTheUnifiedType() {
        Object r = fn("COALESCE").apply(new Object[]{null, 1L, "a"},
                new SqlType[]{SqlType.NULL, SqlType.INT, SqlType.varchar(1)}, ctx);
        assertThat(r).isEqualTo("1");
    }

    /** A context whose statement has been killed. */
    private static final class DelegatingKilledContext implements EvalContext {
        private final EvalContext inner;

        DelegatingKilledContext(EvalContext inner) {
            this.inner = inner;
        }

        @Override
        public void checkKilled() {
            throw new MySqlException(io.basalt.protocol.error.ErrorCode.QUERY_INTERRUPTED);
        }

        @Override
        public LocalDateTime statementTime() {
            return inner.statementTime();
        }

        @Override
        public String currentDatabase() {
            return inner.currentDatabase();
        }

        @Override
        public String user() {
            return inner.user();
        }

        @Override
        public long connectionId() {
            return inner.connectionId();
        }

        @Override
        public long lastInsertId() {
            return inner.lastInsertId();
        }

        @Override
        public void setLastInsertId(long id) {
            inner.setLastInsertId(id);
        }

        @Override
        public String serverVersion() {
            return inner.serverVersion();
        }

        @Override
        public void warn(int code, String message) {
            inner.warn(code, message);
        }

        @Override
        public boolean strictMode() {
            return true;
        }

        @Override
        public java.time.ZoneId timeZone() {
            return inner.timeZone();
        }
    }
}
