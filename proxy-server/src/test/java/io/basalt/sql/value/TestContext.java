package io.basalt.sql.value;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** An {@link EvalContext} for tests: fixed clock (2024-05-06 07:08:09.123456 UTC), recorded warnings. */
public final class TestContext implements EvalContext {
    /** A recorded condition. */
    public record Condition(String level, int code, String message) {
    }

    public static final LocalDateTime NOW = LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_000);

    private final List<Condition> conditions = new ArrayList<>();
    private final Map<Object, Object> state = new HashMap<>();
    private long lastInsertId;
    private boolean divisionByZeroIsError;
    private long groupConcatMaxLen = 1048576;
    private long maxAllowedPacket = 16L * 1024 * 1024;

    public List<Condition> conditions() {
        return conditions;
    }

    /** The codes of the recorded conditions, in order. */
    public List<Integer> codes() {
        return conditions.stream().map(Condition::code).toList();
    }

    public List<String> messages() {
        return conditions.stream().map(Condition::message).toList();
    }

    public TestContext divisionByZeroIsError(boolean on) {
        this.divisionByZeroIsError = on;
        return this;
    }

    public TestContext groupConcatMaxLen(long bytes) {
        this.groupConcatMaxLen = bytes;
        return this;
    }

    public TestContext maxAllowedPacket(long bytes) {
        this.maxAllowedPacket = bytes;
        return this;
    }

    @Override
    public long maxAllowedPacket() {
        return maxAllowedPacket;
    }

    @Override
    public long groupConcatMaxLen() {
        return groupConcatMaxLen;
    }

    @Override
    public LocalDateTime statementTime() {
        return NOW;
    }

    @Override
    public String currentDatabase() {
        return "test";
    }

    @Override
    public String user() {
        return "root@localhost";
    }

    @Override
    public long connectionId() {
        return 42;
    }

    @Override
    public long lastInsertId() {
        return lastInsertId;
    }

    @Override
    public void setLastInsertId(long id) {
        lastInsertId = id;
    }

    @Override
    public String serverVersion() {
        return "10.11.0-Basalt";
    }

    @Override
    public void warn(int code, String message) {
        conditions.add(new Condition("Warning", code, message));
    }

    @Override
    public void note(int code, String message) {
        conditions.add(new Condition("Note", code, message));
    }

    @Override
    public boolean strictMode() {
        return true;
    }

    @Override
    public boolean divisionByZeroIsError() {
        return divisionByZeroIsError;
    }

    @Override
    public ZoneId timeZone() {
        return ZoneOffset.UTC;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T statementState(Object key, Supplier<T> init) {
        return (T) state.computeIfAbsent(key, k -> init.get());
    }
}
