package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.expr.Between;
import io.basalt.sql.expr.ColumnRef;
import io.basalt.sql.expr.Compare;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.FunctionCall;
import io.basalt.sql.expr.InList;
import io.basalt.sql.expr.IsNull;
import io.basalt.sql.expr.IsTruth;
import io.basalt.sql.expr.Literal;
import io.basalt.sql.expr.Logical;
import io.basalt.sql.expr.OuterRef;
import io.basalt.sql.expr.ParamRef;
import io.basalt.sql.expr.SystemVariableRef;
import io.basalt.sql.expr.UserVariableAssign;
import io.basalt.sql.expr.UserVariableRef;
import io.basalt.sql.function.FunctionRegistry;
import io.basalt.sql.function.ScalarFunction;
import io.basalt.sql.parser.MySqlOperators;
import io.basalt.sql.parser.ast.SqlSystemVariable;
import io.basalt.sql.parser.ast.SqlUserVariable;
import io.basalt.sql.result.ColumnDefinitions;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlQuantifyOperator;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Binds Calcite expression trees to {@link Expr}s: resolves names in a {@link NameScope}, picks comparison domains
 * and functions, binds subqueries, and (above a GROUP BY) routes grouped expressions and aggregates through an
 * {@link AggregateContext}. One binder per clause; not thread-safe.
 */
public final class ExprBinder {
    private final BindEnv env;
    private final NameScope scope;
    private final String clause;
    private final AggregateContext aggregates;
    private final QueryBinder queries;
    private ValuesRefResolver valuesRef;

    /** Resolves ON DUPLICATE KEY UPDATE's VALUES(col) to the row the INSERT tried to write. */
    public interface ValuesRefResolver {
        Expr resolve(String column);
    }

    ExprBinder(BindEnv env, NameScope scope, String clause, AggregateContext aggregates, QueryBinder queries) {
        this.env = env;
        this.scope = scope;
        this.clause = clause;
        this.aggregates = aggregates;
        this.queries = queries;
    }

    public ExprBinder withValuesRef(ValuesRefResolver resolver) {
        this.valuesRef = resolver;
        return this;
    }

    NameScope scope() {
        return scope;
    }

    BindEnv env() {
        return env;
    }

    /** A binder for the same clause without aggregate routing (arguments of aggregate calls). */
    ExprBinder inputBinder() {
        return new ExprBinder(env, scope, clause, null, queries);
    }

    public Expr bind(SqlNode node) {
        if (aggregates != null) {
            Expr key = aggregates.groupKey(node);
            if (key != null) {
                return key;
            }
            if (Aggregates.isAggregateCall(node)) {
                SqlCall call = (SqlCall) node;
                return aggregates.aggregate(call, call.getOperator().getName().toUpperCase(Locale.ROOT));
            }
        } else if (Aggregates.isAggregateCall(node)) {
            throw new MySqlException(ErrorCode.INVALID_GROUP_FUNC_USE);
        }
        if (node instanceof SqlIdentifier id) {
            return identifier(id);
        }
        if (node instanceof SqlLiteral lit) {
            return Literals.bind(lit);
        }
        if (node instanceof SqlDynamicParam p) {
            return new ParamRef(p.getIndex());
        }
        if (node instanceof SqlSystemVariable v) {
            var vars = env.session().variables();
            return new SystemVariableRef(v.name(), v.scope(),
                    ColumnDefinitions.systemVariableType(vars.globals().definition(v.name()), vars.get(v.name())));
        }
        if (node instanceof SqlUserVariable u) {
            return new UserVariableRef(u.name());
        }
        if (node instanceof SqlSelect || node.getKind() == SqlKind.UNION || node.getKind() == SqlKind.ORDER_BY
                || node.getKind() == SqlKind.EXCEPT || node.getKind() == SqlKind.INTERSECT) {
            return Subqueries.scalar(queries, node, scope);
        }
        if (node instanceof SqlCase c) {
            return caseExpr(c);
        }
        if (node instanceof SqlCall call) {
            return call(call);
        }
        throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, node.toString());
    }

    public List<Expr> bindAll(List<SqlNode> nodes) {
        List<Expr> out = new ArrayList<>(nodes.size());
        for (SqlNode n : nodes) {
            out.add(bind(n));
        }
        return out;
    }

    /** Words MySQL reserves as functions callable without parentheses; the grammar hands them over as names. */
    private static final Set<String> NILADIC_FUNCTIONS = Set.of("CURRENT_DATE", "CURRENT_TIME",
            "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP", "UTC_DATE", "UTC_TIME", "UTC_TIMESTAMP",
            "CURRENT_USER");

    private Expr identifier(SqlIdentifier id) {
        if (id.isStar()) {
            throw new MySqlException(ErrorCode.PARSE_ERROR, "You have an error in your SQL syntax; check the manual "
                    + "that corresponds to your MariaDB server version for the right syntax to use near '*'");
        }
        if (id.isSimple() && !id.isComponentQuoted(0)
                && NILADIC_FUNCTIONS.contains(id.getSimple().toUpperCase(Locale.ROOT))) {
            ScalarFunction fn = FunctionRegistry.lookup(id.getSimple().toUpperCase(Locale.ROOT)).orElseThrow();
            return FunctionCall.of(fn, List.of());
        }
        List<String> names = id.names;
        String schema = names.size() >= 3 ? names.get(names.size() - 3) : null;
        String qualifier = names.size() >= 2 ? names.get(names.size() - 2) : null;
        String name = names.get(names.size() - 1);
        NameScope.Resolved r = scope.resolve(schema, qualifier, name, clause);
        ScopeColumn c = r.column();
        if (r.depth() > 0) {
            return new OuterRef(r.depth() - 1, c.index(), c.type());
        }
        Expr ref = new ColumnRef(c.index(), c.type(), c.nullable());
        return aggregates != null ? aggregates.bareColumn(ref) : ref;
    }

    private Expr caseExpr(SqlCase c) {
        Expr operand = c.getValueOperand() == null ? null : bind(c.getValueOperand());
        List<Expr> whens = new ArrayList<>();
        for (SqlNode w : c.getWhenOperands()) {
            Expr cond = bind(w);
            whens.add(operand == null ? cond : Compare.of(Compare.Op.EQ, operand, cond));
        }
        List<Expr> thens = bindAll(c.getThenOperands().getList());
        Expr otherwise = c.getElseOperand() == null ? Literal.NULL : bind(c.getElseOperand());
        return Functions.caseWhen(whens, thens, otherwise);
    }

    private Expr call(SqlCall call) {
        SqlOperator op = call.getOperator();
        List<SqlNode> ops = call.getOperandList();
        if (op == MySqlOperators.XOR) {
            return new Logical(Logical.Op.XOR, bindAll(ops));
        }
        if (op == MySqlOperators.NULL_SAFE_EQUAL) {
            return Compare.of(Compare.Op.NULL_SAFE_EQ, bind(ops.get(0)), bind(ops.get(1)));
        }
        if (op == MySqlOperators.ASSIGN) {
            env.markSessionEffects();
            return new UserVariableAssign(((SqlUserVariable) ops.get(0)).name(), bind(ops.get(1)));
        }
        if (op == MySqlOperators.VALUES_REF) {
            if (valuesRef == null) {
                return Literal.NULL;
            }
            return valuesRef.resolve(((SqlIdentifier) ops.get(0)).names.get(((SqlIdentifier) ops.get(0)).names.size() - 1));
        }
        if (op == MySqlOperators.COLLATE || op == MySqlOperators.CONVERT_USING) {
            return bind(ops.get(0));
        }
        switch (call.getKind()) {
            case AND -> {
                return new Logical(Logical.Op.AND, bindAll(ops));
            }
            case OR -> {
                return new Logical(Logical.Op.OR, bindAll(ops));
            }
            case NOT -> {
                return new Logical(Logical.Op.NOT, bindAll(ops));
            }
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> {
                return compare(call.getKind(), ops.get(0), ops.get(1));
            }
            case IS_NULL, IS_NOT_NULL -> {
                return new IsNull(bind(ops.get(0)), call.getKind() == SqlKind.IS_NOT_NULL);
            }
            case IS_TRUE, IS_NOT_TRUE -> {
                return new IsTruth(bind(ops.get(0)), true, call.getKind() == SqlKind.IS_NOT_TRUE);
            }
            case IS_FALSE, IS_NOT_FALSE -> {
                return new IsTruth(bind(ops.get(0)), false, call.getKind() == SqlKind.IS_NOT_FALSE);
            }
            case IN, NOT_IN -> {
                return in(ops.get(0), ops.get(1), call.getKind() == SqlKind.NOT_IN);
            }
            case BETWEEN -> {
                boolean negated = op.getName().toUpperCase(Locale.ROOT).startsWith("NOT");
                return new Between(bind(ops.get(0)), bind(ops.get(1)), bind(ops.get(2)), negated);
            }
            case EXISTS -> {
                return Subqueries.exists(queries, ops.get(0), scope);
            }
            case SCALAR_QUERY -> {
                return Subqueries.scalar(queries, ops.get(0), scope);
            }
            case LIKE -> {
                boolean negated = op.getName().toUpperCase(Locale.ROOT).startsWith("NOT");
                return Functions.like(bind(ops.get(0)), bind(ops.get(1)), ops.size() > 2 ? bind(ops.get(2)) : null,
                        negated);
            }
            default -> {
                if (call.getOperator() instanceof SqlQuantifyOperator q) {
                    return quantified(q, ops.get(0), ops.get(1));
                }
                return Functions.call(this, call, env.sourceText(call));
            }
        }
    }

    private Expr compare(SqlKind kind, SqlNode l, SqlNode r) {
        Compare.Op op = compareOp(kind);
        if (isQuery(r) && !isQuery(l)) {
            return Subqueries.compare(op, bind(l), queries, r, scope);
        }
        return Compare.of(op, bind(l), bind(r));
    }

    private static Compare.Op compareOp(SqlKind kind) {
        return switch (kind) {
            case EQUALS -> Compare.Op.EQ;
            case NOT_EQUALS -> Compare.Op.NE;
            case LESS_THAN -> Compare.Op.LT;
            case LESS_THAN_OR_EQUAL -> Compare.Op.LE;
            case GREATER_THAN -> Compare.Op.GT;
            default -> Compare.Op.GE;
        };
    }

    /** {@code x op ANY|SOME|ALL (subquery)}; MySQL's grammar has no quantified comparison with a value list. */
    private Expr quantified(SqlQuantifyOperator q, SqlNode value, SqlNode set) {
        if (!isQuery(set)) {
            throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, "ANY/SOME/ALL with a value list");
        }
        return Subqueries.quantified(compareOp(q.comparisonKind), q.getKind() == SqlKind.ALL, bind(value), queries,
                set, scope);
    }

    private Expr in(SqlNode value, SqlNode list, boolean negated) {
        Expr v = bind(value);
        if (list instanceof SqlNodeList nodes) {
            return new InList(v, bindAll(nodes.getList()), negated);
        }
        return Subqueries.in(v, queries, list, scope, negated);
    }

    static boolean isQuery(SqlNode n) {
        return n instanceof SqlSelect || n.getKind() == SqlKind.UNION || n.getKind() == SqlKind.ORDER_BY
                || (n instanceof SqlBasicCall c && c.getKind() == SqlKind.SCALAR_QUERY);
    }
}
