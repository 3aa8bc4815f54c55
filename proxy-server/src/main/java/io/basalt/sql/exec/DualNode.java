package io.basalt.sql.exec;

/** The one empty row a SELECT without FROM (or FROM DUAL) reads. */
public record DualNode() implements PlanNode {
    private static final Object[] EMPTY = new Object[0];

    @Override
    public RowSource open(ExecContext ctx) {
        return new RowSource() {
            boolean done;

            @Override
            public Object[] next() {
                if (done) {
                    return null;
                }
                done = true;
                return EMPTY;
            }
        };
    }

    @Override
    public int width() {
        return 0;
    }
}
