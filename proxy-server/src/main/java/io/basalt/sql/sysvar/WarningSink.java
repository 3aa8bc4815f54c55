package io.basalt.sql.sysvar;

/**
 * Receives the warnings that SET produces (e.g. 1292 when a value is clamped to the variable's range).
 * {@code session.warnings()::warn} is one.
 */
@FunctionalInterface
public interface WarningSink {
    WarningSink IGNORE = (code, message) -> { };

    void warn(int code, String message);
}
