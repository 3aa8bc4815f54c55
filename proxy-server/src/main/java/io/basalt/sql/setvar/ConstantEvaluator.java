package io.basalt.sql.setvar;

import io.basalt.session.Session;
import org.apache.calcite.sql.SqlNode;

/**
 * Evaluates an expression that reads no table (a SET value, a SHOW ... LIMIT bound) in a session: literals,
 * {@code @@variables}, {@code @user} variables, functions such as CONCAT. Implemented by the query engine.
 */
@FunctionalInterface
public interface ConstantEvaluator {
    /**
     * @return the value in the value model of {@link io.basalt.sql.type.SqlType} (null for SQL NULL)
     * @throws io.basalt.protocol.error.MySqlException as evaluating the expression in a SELECT would
     */
    Object evaluate(SqlNode expression, Session session);
}
