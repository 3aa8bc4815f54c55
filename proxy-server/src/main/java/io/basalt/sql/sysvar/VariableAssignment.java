package io.basalt.sql.sysvar;

/**
 * A validated change to a variable, not applied yet: SET checks every assignment of a statement before applying any
 * (MySQL applies a SET statement all or nothing).
 */
@FunctionalInterface
public interface VariableAssignment {
    void apply();
}
