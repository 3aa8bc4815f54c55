package io.basalt.sql.exec;

import io.basalt.sql.type.SqlType;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * UNION [ALL] of branches of equal width, read one after another. MySQL's rule for mixed unions: a DISTINCT union
 * removes duplicates among every branch to its left, so the first {@code dedupBranches} branches are deduplicated
 * together and later ones (joined by UNION ALL) are appended as they are.
 */
public record UnionNode(List<PlanNode> branches, int dedupBranches, SqlType[] types) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        return new RowSource() {
            int branch = -1;
            RowSource current;
            final Set<RowKey> seen = new HashSet<>();

            @Override
            public Object[] next() {
                while (true) {
                    if (current == null) {
                        if (++branch >= branches.size()) {
                            return null;
                        }
                        current = branches.get(branch).open(ctx);
                    }
                    Object[] r = current.next();
                    if (r == null) {
                        current.close();
                        current = null;
                    } else if (branch >= dedupBranches || seen.add(RowKey.of(r, types))) {
                        return r;
                    }
                }
            }

            @Override
            public void close() {
                if (current != null) {
                    current.close();
                }
            }
        };
    }

    @Override
    public int width() {
        return types.length;
    }
}
