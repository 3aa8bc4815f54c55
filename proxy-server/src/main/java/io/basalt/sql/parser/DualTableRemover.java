package io.basalt.sql.parser;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Turns MySQL's {@code FROM DUAL} into a SELECT without FROM, in place, in every query block of a statement.
 * Stateless.
 */
final class DualTableRemover extends SqlBasicVisitor<Void> {
    private static final DualTableRemover INSTANCE = new DualTableRemover();

    private DualTableRemover() {
    }

    static void apply(SqlNode node) {
        node.accept(INSTANCE);
    }

    @Override
    public Void visit(SqlCall call) {
        if (call instanceof SqlSelect select && select.getFrom() instanceof SqlIdentifier from
            && from.isSimple() && !from.isComponentQuoted(0) && from.getSimple().equalsIgnoreCase("DUAL")) {
            select.setFrom(null);
        }
        return super.visit(call);
    }
}
