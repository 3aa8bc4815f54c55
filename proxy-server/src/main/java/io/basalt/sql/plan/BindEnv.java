package io.basalt.sql.plan;

import io.basalt.sql.parser.ParsedStatement;
import org.apache.calcite.sql.SqlNode;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;

/**
 * What binding one statement needs beyond names in scope: the session (current database), the catalog version the
 * plan is bound against, and the statement text (MySQL labels computed columns with their text as written).
 */
public final class BindEnv {
    private final Session session;
    private final CatalogSnapshot catalog;
    private final ParsedStatement statement;
    private boolean usesVolatileState;
    private boolean readsTables;
    private boolean sessionEffects;

    /** {@code statement} may be null for expressions bound outside a statement's text (SET, SHOW ... WHERE). */
    public BindEnv(Session session, CatalogSnapshot catalog, ParsedStatement statement) {
        this.session = session;
        this.catalog = catalog;
        this.statement = statement;
    }

    public Session session() {
        return session;
    }

    public CatalogSnapshot catalog() {
        return catalog;
    }

    /** The client's text of a node of the statement being bound. */
    public String sourceText(SqlNode node) {
        return statement == null ? node.toString() : statement.sourceText(node);
    }

    /**
     * Marks the plan as depending on session state that can change between executions in ways the plan does not
     * re-read (the current database for unqualified names is part of the cache key, so it does not count).
     */
    public void markVolatile() {
        usesVolatileState = true;
    }

    public boolean usesVolatileState() {
        return usesVolatileState;
    }

    /** Marks the statement as reading a stored table (information_schema ones are read at bind time). */
    void markTableRead() {
        readsTables = true;
    }

    /** Whether the statement reads stored table data, so it needs a storage transaction. */
    public boolean readsTables() {
        return readsTables;
    }

    /**
     * Marks the statement as one that may change session state while it runs: a user variable assignment or
     * LAST_INSERT_ID(x), and conservatively any other non-deterministic function. Abandoned midway and run again,
     * such a statement would show it.
     */
    void markSessionEffects() {
        sessionEffects = true;
    }

    public boolean hasSessionEffects() {
        return sessionEffects;
    }
}
