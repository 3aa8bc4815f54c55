package io.basalt.sql.plan;

import io.basalt.sql.function.aggregate.AggregateRegistry;
import io.basalt.sql.parser.MySqlOperators;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;

import java.util.Locale;

/** Finds aggregate calls in expressions (not descending into subqueries, which aggregate on their own). */
final class Aggregates {
    private Aggregates() {
    }

    static boolean isAggregateCall(SqlNode node) {
        if (!(node instanceof SqlCall call) || node instanceof SqlSelect) {
            return false;
        }
        if (call.getOperator() == MySqlOperators.GROUP_CONCAT) {
            return true;
        }
        return call.getOperator() instanceof SqlFunction
                && AggregateRegistry.lookup(call.getOperator().getName().toUpperCase(Locale.ROOT)).isPresent();
    }

    static boolean contains(SqlNode node) {
        if (node == null || node instanceof SqlSelect) {
            return false;
        }
        if (isAggregateCall(node)) {
            return true;
        }
        if (node instanceof SqlNodeList list) {
            for (SqlNode n : list) {
                if (contains(n)) {
                    return true;
                }
            }
            return false;
        }
        if (node instanceof SqlCall call) {
            if (call.getKind() == SqlKind.UNION || call.getKind() == SqlKind.ORDER_BY
                    || call.getKind() == SqlKind.EXISTS || call.getKind() == SqlKind.SCALAR_QUERY) {
                return false;
            }
            for (SqlNode op : call.getOperandList()) {
                if (contains(op)) {
                    return true;
                }
            }
        }
        return false;
    }
}
