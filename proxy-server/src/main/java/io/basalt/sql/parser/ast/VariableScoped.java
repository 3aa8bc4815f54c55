package io.basalt.sql.parser.ast;

/**
 * Something addressed with a variable scope: a {@code @@[scope.]name} reference or a SET assignment. Declares the
 * one {@link Scope} type shared by both, reachable as {@code SqlSystemVariable.Scope} and
 * {@code SqlSetAssignment.Scope}.
 */
public interface VariableScoped {

    /** DEFAULT means no scope was written ({@code @@x}, {@code SET x = 1}); LOCAL is SESSION; PERSIST is GLOBAL. */
    enum Scope { DEFAULT, SESSION, GLOBAL }

    Scope scope();
}
