package io.basalt.sql.engine;

import io.basalt.sql.parser.ParsedStatement;
import io.basalt.sql.parser.ast.SqlBegin;
import io.basalt.sql.parser.ast.SqlCommit;
import io.basalt.sql.parser.ast.SqlRollback;
import org.apache.calcite.sql.SqlNode;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The parsed trees of BEGIN / COMMIT / ROLLBACK by their exact text. Drivers and sysbench send them as text around
 * every transaction; they are utility statements, so the plan cache does not hold them, and without this each would
 * go through the Calcite parser (once for the plan cache's literal-free key and again for execution). Their trees
 * depend on the text alone (no database, no catalog) and are only read, so sessions share them. Bounded: a few
 * spellings per driver. Thread-safe.
 */
final class TransactionControlCache {
    private static final int MAX_ENTRIES = 256;

    private final Map<String, ParsedStatement> trees = new ConcurrentHashMap<>();

    ParsedStatement get(String sql) {
        return trees.get(sql);
    }

    /** Keeps {@code parsed} if it is plain transaction control (not ROLLBACK TO SAVEPOINT) and there is room. */
    void remember(String sql, ParsedStatement parsed) {
        SqlNode n = parsed.node();
        boolean control = n instanceof SqlBegin || n instanceof SqlCommit
                || n instanceof SqlRollback r && r.savepoint() == null;
        if (control && trees.size() < MAX_ENTRIES) {
            trees.putIfAbsent(sql, parsed);
        }
    }
}
