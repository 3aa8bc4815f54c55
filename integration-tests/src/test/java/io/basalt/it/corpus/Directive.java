package io.basalt.it.corpus;

import java.util.Optional;

/**
 * Per-statement rendering switches, written in the corpus as a comment line {@code -- @name} directly before the
 * statement.
 */
public enum Directive {
    /** Print the column labels and the row count only: for results whose values vary from run to run. */
    COLUMNS_ONLY("@columns-only"),
    /** Sort the rendered rows: for results whose order neither SQL nor MySQL defines (some SHOW statements). */
    SORTED("@sorted");

    private final String token;

    Directive(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }

    static Optional<Directive> fromToken(String token) {
        for (Directive d : values()) {
            if (d.token.equals(token)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
