package io.basalt.sql.setvar;

import io.basalt.session.Session;
import io.basalt.sql.parser.ast.SqlSystemVariable;
import io.basalt.sql.parser.ast.SqlUserVariable;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;

import java.math.BigDecimal;

/**
 * A stand-in for the engine's evaluator: literals, NULL, {@code @user} and {@code @@system} variables, and CONCAT —
 * what the SET tests need.
 */
final class LiteralEvaluator implements ConstantEvaluator {
    @Override
    public Object evaluate(SqlNode expression, Session session) {
        if (expression instanceof SqlNumericLiteral n) {
            BigDecimal d = n.getValueAs(BigDecimal.class);
            return n.isExact() && d.scale() <= 0 ? (Object) d.longValueExact() : d;
        }
        if (expression instanceof SqlCharStringLiteral s) {
            return s.getValueAs(String.class);
        }
        if (expression instanceof SqlLiteral literal && literal.getValue() == null) {
            return null;
        }
        if (expression instanceof SqlUserVariable u) {
            return session.userVariables().get(u.name());
        }
        if (expression instanceof SqlSystemVariable v) {
            return SystemVariableReader.read(session, v.scope(), v.name());
        }
        if (expression instanceof SqlBasicCall call && call.getOperator().getName().equalsIgnoreCase("CONCAT")) {
            StringBuilder sb = new StringBuilder();
            for (SqlNode operand : call.getOperandList()) {
                sb.append(evaluate(operand, session));
            }
            return sb.toString();
        }
        throw new IllegalArgumentException("cannot evaluate " + expression);
    }
}
