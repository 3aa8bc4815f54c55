package io.basalt.sql.exec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/** Materialises the child and returns its rows in comparator order (stable, as MySQL's filesort appears). */
public record SortNode(PlanNode child, RowComparator comparator) implements PlanNode {
    /** Compares two rows of the child; built per execution because comparisons may need the context. */
    public interface RowComparator {
        Comparator<Object[]> create(ExecContext ctx);
    }

    @Override
    public RowSource open(ExecContext ctx) {
        List<Object[]> rows = new ArrayList<>();
        try (RowSource in = child.open(ctx)) {
            for (Object[] r = in.next(); r != null; r = in.next()) {
                rows.add(r);
                if ((rows.size() & 0xFFF) == 0) {
                    ctx.checkKilled();
                }
            }
        }
        rows.sort(comparator.create(ctx));
        Iterator<Object[]> it = rows.iterator();
        return () -> it.hasNext() ? it.next() : null;
    }

    @Override
    public int width() {
        return child.width();
    }
}
