package io.basalt.sql.setvar;

import io.basalt.session.Session;
import io.basalt.session.TransactionStatus;
import io.basalt.session.Warnings;
import io.basalt.sql.parser.ast.VariableScoped;
import io.basalt.sql.sysvar.SessionVariables;

import java.time.Instant;

/**
 * Reads {@code @@[global.|session.]name} in a session, including the variables that live in the session's own
 * state rather than in {@link SessionVariables}: {@code timestamp} (the clock unless SET), {@code last_insert_id} /
 * {@code identity}, {@code warning_count}, {@code error_count} and {@code in_transaction}.
 */
public final class SystemVariableReader {

    private SystemVariableReader() {
    }

    /**
     * @return the value in the variable's representation (see {@link io.basalt.sql.sysvar.SystemVariable})
     * @throws io.basalt.protocol.error.MySqlException 1193 unknown variable, 1238 wrong scope
     */
    public static Object read(Session session, VariableScoped.Scope scope, String name) {
        SessionVariables vars = session.variables();
        Object stored = switch (scope) {
            case GLOBAL -> vars.getGlobal(name);
            case SESSION -> vars.getSession(name);
            case DEFAULT -> vars.get(name);
        };
        return switch (vars.globals().canonical(name)) {
            case "timestamp" -> stored != null ? stored : now();
            case "last_insert_id" -> session.lastInsertId();
            case "warning_count" -> (long) session.warnings().count();
            case "error_count" -> errorCount(session.warnings());
            case "in_transaction" -> session.transactionStatus() == TransactionStatus.NONE ? 0L : 1L;
            default -> stored;
        };
    }

    private static Double now() {
        Instant now = Instant.now();
        return now.getEpochSecond() + (now.getNano() / 1000) / 1_000_000.0;
    }

    private static long errorCount(Warnings warnings) {
        return warnings.entries().stream().filter(e -> e.level().equals("Error")).count();
    }
}
