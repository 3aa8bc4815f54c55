package io.basalt.it.corpus;

import java.util.Set;

/**
 * One statement of a corpus file.
 *
 * @param id         {@code <file>:<n>}, n counting from 1 in file order
 * @param sql        the text sent to the server (without the terminating semicolon)
 * @param directives rendering switches given in the comment lines before it
 */
public record CorpusStatement(String id, String sql, Set<Directive> directives) {
    public CorpusStatement {
        directives = Set.copyOf(directives);
    }
}
