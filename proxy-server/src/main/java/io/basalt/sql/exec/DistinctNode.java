package io.basalt.sql.exec;

import io.basalt.sql.type.SqlType;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/** Drops rows whose first {@code types.length} values repeat an earlier row's (hidden sort columns are ignored). */
public record DistinctNode(PlanNode child, SqlType[] types) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        RowSource in = child.open(ctx);
        Set<RowKey> seen = new HashSet<>();
        return new RowSource() {
            @Override
            public Object[] next() {
                for (Object[] r = in.next(); r != null; r = in.next()) {
                    if (seen.add(RowKey.of(Arrays.copyOf(r, types.length), types))) {
                        return r;
                    }
                }
                return null;
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }

    @Override
    public int width() {
        return child.width();
    }
}
