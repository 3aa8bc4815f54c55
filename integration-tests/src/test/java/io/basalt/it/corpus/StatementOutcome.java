package io.basalt.it.corpus;

/**
 * What the server answered to one corpus statement, rendered canonically (see {@link CorpusRunner}).
 *
 * @param id     the statement id, {@code <file>:<n>}
 * @param sql    the statement text
 * @param output the rendered answer, lines joined with {@code \n}, no trailing newline
 */
public record StatementOutcome(String id, String sql, String output) {
}
