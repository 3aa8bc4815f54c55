package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.util.ArrayList;
import java.util.List;

/**
 * The columns one query block can name, in row order, with the enclosing block's scope as parent for correlated
 * references. Column names match case-insensitively, qualifiers (table aliases) case-sensitively, as MySQL does
 * with lower_case_table_names=0.
 */
public final class NameScope {
    /** A resolved name: the column and how many scopes out it was found (0 = this one). */
    public record Resolved(ScopeColumn column, int depth) {
    }

    private final NameScope parent;
    private final List<ScopeColumn> columns = new ArrayList<>();
    /** Names resolved here (or in an ancestor) from an inner query block: a subquery that adds one is correlated. */
    private long innerReferences;

    public NameScope(NameScope parent) {
        this.parent = parent;
    }

    public NameScope parent() {
        return parent;
    }

    public void add(ScopeColumn c) {
        columns.add(c);
    }

    public List<ScopeColumn> columns() {
        return columns;
    }

    public int width() {
        return columns.size();
    }

    long innerReferences() {
        return innerReferences;
    }

    public boolean hasQualifier(String qualifier) {
        return columns.stream().anyMatch(c -> qualifier.equals(c.qualifier()));
    }

    /**
     * Resolves {@code [db.][qualifier.]name}; {@code clause} names the clause in the 1054 message ({@link Clause}).
     */
    public Resolved resolve(String schema, String qualifier, String name, String clause) {
        int depth = 0;
        for (NameScope s = this; s != null; s = s.parent, depth++) {
            ScopeColumn found = s.find(schema, qualifier, name, clause);
            if (found != null) {
                if (depth > 0) {
                    for (NameScope a = s; a != null; a = a.parent) {
                        a.innerReferences++;
                    }
                }
                return new Resolved(found, depth);
            }
        }
        String shown = qualifier == null ? name : qualifier + "." + name;
        throw new MySqlException(ErrorCode.BAD_FIELD_ERROR, shown, clause);
    }

    private ScopeColumn find(String schema, String qualifier, String name, String clause) {
        ScopeColumn match = null;
        for (ScopeColumn c : columns) {
            if (!c.name().equalsIgnoreCase(name)) {
                continue;
            }
            if (qualifier != null && !qualifier.equals(c.qualifier())) {
                continue;
            }
            if (schema != null && !schema.equals(c.schema())) {
                continue;
            }
            if (match != null) {
                throw new MySqlException(ErrorCode.NON_UNIQ_ERROR, name, clause);
            }
            match = c;
        }
        return match;
    }
}
