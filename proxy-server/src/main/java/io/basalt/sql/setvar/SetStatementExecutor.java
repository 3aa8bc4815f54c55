package io.basalt.sql.setvar;

import io.basalt.session.Session;
import io.basalt.sql.parser.ast.SqlSetAssignment;
import io.basalt.sql.parser.ast.SqlSetStatement;
import io.basalt.sql.parser.ast.VariableScoped;
import io.basalt.sql.sysvar.CharacterSets;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.SystemVariables;
import io.basalt.sql.sysvar.VariableAssignment;
import io.basalt.sql.sysvar.VariableValues;
import io.basalt.sql.sysvar.WarningSink;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Executes {@code SET a = x, @b = y, NAMES cs, ...} as MySQL does: every value is evaluated and every assignment
 * validated first, with the variables as they were before the statement (so {@code SET @a = 5, @b = @a} gives
 * {@code @b} the old {@code @a}); only when all are valid are they applied, so a bad assignment leaves the others
 * unapplied. Warnings (1292 for clamped values) are added to the session after applying.
 *
 * <p>Bare words ({@code ON}, {@code utf8mb4}, {@code ansi}) are strings for system variables. Side effects
 * that belong to the engine (committing an open transaction when autocommit is switched on) are not done here:
 * the caller compares {@code autocommit()} before and after. Stateless and thread-safe.
 */
public final class SetStatementExecutor {

    /** A warning held back until every assignment of the statement is known to be valid. */
    private record PendingWarning(int code, String message) {
    }

    public void execute(SqlSetStatement statement, Session session, ConstantEvaluator evaluator) {
        List<VariableAssignment> pending = new ArrayList<>();
        List<PendingWarning> warnings = new ArrayList<>();
        WarningSink sink = (code, message) -> warnings.add(new PendingWarning(code, message));
        for (SqlSetAssignment assignment : statement.assignments()) {
            pending.addAll(prepare(assignment, session, evaluator, sink));
        }
        pending.forEach(VariableAssignment::apply);
        warnings.forEach(w -> session.warnings().warn(w.code(), w.message()));
    }

    private List<VariableAssignment> prepare(SqlSetAssignment assignment, Session session,
                                             ConstantEvaluator evaluator, WarningSink sink) {
        return switch (assignment.kind()) {
            case USER -> List.of(prepareUser(assignment, session, evaluator));
            case SYSTEM -> List.of(prepareSystem(assignment, session, evaluator, sink));
            case NAMES -> prepareNames(assignment, session.variables());
            case CHARACTER_SET -> prepareCharacterSet(assignment, session.variables());
        };
    }

    private VariableAssignment prepareUser(SqlSetAssignment assignment, Session session,
                                           ConstantEvaluator evaluator) {
        Object value = evaluator.evaluate(assignment.value(), session);
        String name = assignment.name().toLowerCase(Locale.ROOT);
        return () -> session.userVariables().put(name, value);
    }

    private VariableAssignment prepareSystem(SqlSetAssignment assignment, Session session,
                                             ConstantEvaluator evaluator, WarningSink sink) {
        String name = assignment.name();
        SessionVariables vars = session.variables();
        SystemVariables globals = vars.globals();
        boolean global = assignment.scope() == VariableScoped.Scope.GLOBAL;
        if (assignment.isDefault()) {
            return global ? globals.prepareGlobalDefault(name) : vars.prepareSetDefault(name);
        }
        Object value = systemValue(assignment.value(), session, evaluator);
        if (global) {
            return globals.prepareGlobal(name, value, sink);
        }
        VariableAssignment stored = vars.prepareSet(name, value, sink);
        if (globals.canonical(name).equals("last_insert_id")) {
            long id = (Long) VariableValues.convert(globals.definition(name), value, WarningSink.IGNORE);
            return () -> session.setLastInsertId(id);
        }
        return stored;
    }

    /** SET NAMES cs [COLLATE c]: client, connection and results charset, and the connection collation. */
    private List<VariableAssignment> prepareNames(SqlSetAssignment assignment, SessionVariables vars) {
        CharacterSets.CharacterSet charset = CharacterSets.requireCharset(
                assignment.charset() != null ? assignment.charset()
                        : vars.globals().getString("character_set_client"));
        CharacterSets.Collation collation = CharacterSets.collationFor(charset, assignment.collation());
        return List.of(
                vars.prepareSet("character_set_client", charset.name(), WarningSink.IGNORE),
                vars.prepareSet("character_set_results", charset.name(), WarningSink.IGNORE),
                vars.prepareSet("character_set_connection", charset.name(), WarningSink.IGNORE),
                vars.prepareSet("collation_connection", collation.name(), WarningSink.IGNORE));
    }

    /** SET CHARACTER SET cs: client and results charset; the connection takes the database's charset. */
    private List<VariableAssignment> prepareCharacterSet(SqlSetAssignment assignment, SessionVariables vars) {
        CharacterSets.CharacterSet charset = CharacterSets.requireCharset(
                assignment.charset() != null ? assignment.charset()
                        : vars.globals().getString("character_set_client"));
        return List.of(
                vars.prepareSet("character_set_client", charset.name(), WarningSink.IGNORE),
                vars.prepareSet("character_set_results", charset.name(), WarningSink.IGNORE),
                vars.prepareSet("character_set_connection", vars.getString("character_set_database"),
                        WarningSink.IGNORE),
                vars.prepareSet("collation_connection", vars.getString("collation_database"),
                        WarningSink.IGNORE));
    }

    private static Object systemValue(SqlNode node, Session session, ConstantEvaluator evaluator) {
        if (node instanceof SqlIdentifier identifier) {
            return String.join(".", identifier.names);
        }
        return evaluator.evaluate(node, session);
    }
}
