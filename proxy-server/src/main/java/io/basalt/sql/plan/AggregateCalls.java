package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.exec.AggregateCall;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.function.aggregate.AggregateFunction;
import io.basalt.sql.function.aggregate.AggregateRegistry;
import io.basalt.sql.parser.MySqlOperators;
import io.basalt.sql.type.SqlType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

import java.util.ArrayList;
import java.util.List;

/** Binds an aggregate call's arguments (in the FROM scope), DISTINCT and COUNT(*). */
final class AggregateCalls {
    private AggregateCalls() {
    }

    static AggregateCall bind(ExprBinder input, SqlCall call, String name) {
        if (call.getOperator() == MySqlOperators.GROUP_CONCAT) {
            return groupConcat(input, call);
        }
        AggregateFunction fn = AggregateRegistry.lookup(name)
                .orElseThrow(() -> new MySqlException(ErrorCode.NOT_SUPPORTED_YET, name));
        List<Expr> args = new ArrayList<>();
        for (SqlNode op : call.getOperandList()) {
            if (op instanceof SqlIdentifier id && id.isStar()) {
                continue; // COUNT(*): counts rows, no argument
            }
            if (Aggregates.contains(op)) {
                throw new MySqlException(ErrorCode.INVALID_GROUP_FUNC_USE);
            }
            args.add(input.bind(op));
        }
        SqlLiteral quantifier = call instanceof SqlBasicCall b ? b.getFunctionQuantifier() : null;
        boolean distinct = quantifier != null && "DISTINCT".equalsIgnoreCase(String.valueOf(quantifier.getValue()));
        return AggregateCall.of(fn, args.toArray(Expr[]::new), distinct);
    }

    /** Operands: the value list, the ORDER BY list, the separator literal, the DISTINCT flag literal. */
    private static AggregateCall groupConcat(ExprBinder input, SqlCall call) {
        List<Expr> values = new ArrayList<>();
        for (SqlNode n : (SqlNodeList) call.operand(0)) {
            values.add(input.bind(n));
        }
        SqlNodeList order = call.operand(1);
        Expr[] keys = new Expr[order.size()];
        boolean[] desc = new boolean[order.size()];
        for (int i = 0; i < keys.length; i++) {
            SqlNode o = order.get(i);
            desc[i] = o.getKind() == SqlKind.DESCENDING;
            keys[i] = input.bind(desc[i] ? ((SqlCall) o).operand(0) : o);
        }
        String separator = ((SqlLiteral) call.operand(2)).getValueAs(String.class);
        boolean distinct = ((SqlLiteral) call.operand(3)).booleanValue();
        SqlType type = AggregateRegistry.lookup("GROUP_CONCAT").orElseThrow()
                .returnType(values.stream().map(Expr::type).toList());
        return AggregateCall.groupConcat(values.toArray(Expr[]::new), keys, desc, separator, distinct, type);
    }
}
