package io.basalt.sql.exec;

import java.util.ArrayList;
import java.util.List;

/** Helpers shared by the join operators. */
final class JoinRows {
    private JoinRows() {
    }

    static Object[] concat(Object[] left, Object[] right, int rightWidth) {
        Object[] out = new Object[left.length + rightWidth];
        System.arraycopy(left, 0, out, 0, left.length);
        if (right != null) {
            System.arraycopy(right, 0, out, left.length, rightWidth);
        }
        return out;
    }

    static List<Object[]> materialize(PlanNode node, ExecContext ctx) {
        List<Object[]> rows = new ArrayList<>();
        try (RowSource in = node.open(ctx)) {
            for (Object[] r = in.next(); r != null; r = in.next()) {
                rows.add(r);
            }
        }
        return rows;
    }
}
