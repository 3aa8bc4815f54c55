package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.exec.DistinctNode;
import io.basalt.sql.exec.DualNode;
import io.basalt.sql.exec.HashAggregateNode;
import io.basalt.sql.exec.LimitNode;
import io.basalt.sql.exec.PlanNode;
import io.basalt.sql.exec.ProjectNode;
import io.basalt.sql.exec.SortNode;
import io.basalt.sql.exec.UnionNode;
import io.basalt.sql.expr.Coerced;
import io.basalt.sql.expr.ColumnRef;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.infoschema.VirtualTableContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Comparison;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlLiteralChainOperator;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Binds SELECT, UNION and ORDER BY/LIMIT blocks into operator trees:
 * FROM → WHERE → GROUP BY/aggregates → HAVING → select list (+ hidden ORDER BY columns) → DISTINCT → ORDER BY →
 * LIMIT → drop hidden columns. Name resolution follows MySQL: ORDER BY prefers select-list aliases, GROUP BY and
 * HAVING prefer FROM columns.
 */
public final class QueryBinder {
    private final BindEnv env;
    private final VirtualTableContext virtualTables;
    private final boolean locking;

    public QueryBinder(BindEnv env, VirtualTableContext virtualTables, boolean locking) {
        this.env = env;
        this.virtualTables = virtualTables;
        this.locking = locking;
    }

    VirtualTableContext virtualTableContext() {
        return virtualTables;
    }

    public BoundQuery bind(SqlNode query) {
        return bindQuery(query, null, locking);
    }

    public BoundQuery bindSubquery(SqlNode query, NameScope outer) {
        SqlNode q = query instanceof SqlBasicCall c && c.getKind() == SqlKind.SCALAR_QUERY ? c.operand(0) : query;
        return bindQuery(q, outer, false);
    }

    public ExprBinder binder(NameScope scope, String clause) {
        return new ExprBinder(env, scope, clause, null, this);
    }

    private BoundQuery bindQuery(SqlNode node, NameScope outer, boolean lock) {
        if (node instanceof SqlOrderBy ob) {
            return bindOrdered(ob.query, outer, ob.orderList, ob.offset, ob.fetch, lock);
        }
        return bindOrdered(node, outer, null, null, null, lock);
    }

    private BoundQuery bindOrdered(SqlNode node, NameScope outer, SqlNodeList order, SqlNode offset, SqlNode fetch,
                                   boolean lock) {
        if (node instanceof SqlSelect s) {
            SqlNodeList ord = order != null ? order : s.getOrderList();
            SqlNode off = offset != null ? offset : s.getOffset();
            SqlNode lim = fetch != null ? fetch : s.getFetch();
            return bindSelect(s, outer, ord, off, lim, lock);
        }
        if (node.getKind() == SqlKind.UNION) {
            return bindUnion((SqlCall) node, outer, order, offset, fetch);
        }
        if (node instanceof SqlOrderBy ob) {
            BoundQuery inner = bindQuery(ob, outer, lock);
            return order == null && offset == null && fetch == null ? inner
                    : sortAndLimit(inner, order, offset, fetch, outer);
        }
        throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, node.getKind().toString());
    }

    private BoundQuery bindSelect(SqlSelect s, NameScope outer, SqlNodeList order, SqlNode offset, SqlNode fetch,
                                  boolean lock) {
        FromBinder fromBinder = new FromBinder(env, this, outer);
        FromItem from = s.getFrom() == null ? null : fromBinder.bind(s.getFrom());
        NameScope scope = fromBinder.scope();
        Expr where = s.getWhere() == null ? null : binder(scope, Clause.WHERE).bind(s.getWhere());
        List<Expr> whereTerms = Conjuncts.split(where);
        PlanNode input = from == null ? new DualNode()
                : new PlanBuilder(this::binder).build(from, whereTerms, lock);
        input = PlanBuilder.filter(input, where);

        List<SqlNode> items = expandStar(s.getSelectList(), scope);
        List<String> labels = new ArrayList<>();
        for (SqlNode item : items) {
            labels.add(label(item));
        }
        boolean grouped = s.getGroup() != null && !s.getGroup().isEmpty() || Aggregates.contains(s.getSelectList())
                || Aggregates.contains(s.getHaving()) || Aggregates.contains(order);
        ExprBinder itemBinder;
        GroupingBinder grouping = null;
        if (grouped) {
            List<SqlNode> keyNodes = new ArrayList<>();
            if (s.getGroup() != null) {
                for (SqlNode g : s.getGroup()) {
                    keyNodes.add(resolveGroupItem(g, items, labels, scope));
                }
            }
            grouping = new GroupingBinder(binder(scope, Clause.GROUP_BY), keyNodes);
            itemBinder = new ExprBinder(env, scope, Clause.SELECT, grouping, this);
        } else {
            itemBinder = binder(scope, Clause.SELECT);
        }
        List<Expr> projections = new ArrayList<>();
        List<OutputColumn> columns = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            SqlNode expr = unalias(items.get(i));
            Expr e = itemBinder.bind(expr);
            projections.add(e);
            columns.add(new OutputColumn(labels.get(i), e.type(), e.nullable(), origin(expr, scope)));
        }
        Expr having = null;
        if (s.getHaving() != null) {
            ExprBinder hb = grouping != null ? new ExprBinder(env, scope, Clause.HAVING, grouping, this)
                    : binder(scope, Clause.HAVING);
            having = hb.bind(substituteAliases(s.getHaving(), items, labels, groupedNames(s)));
        }
        List<SortKeySpec> sortKeys = new ArrayList<>();
        if (order != null) {
            ExprBinder ob = grouping != null ? new ExprBinder(env, scope, Clause.ORDER_BY, grouping, this)
                    : binder(scope, Clause.ORDER_BY);
            for (SqlNode o : order) {
                boolean desc = o.getKind() == SqlKind.DESCENDING;
                SqlNode key = desc ? ((SqlCall) o).operand(0) : o;
                int pos = selectPosition(key, labels, items.size(), scope);
                if (pos < 0) {
                    projections.add(ob.bind(key));
                    pos = projections.size() - 1;
                }
                sortKeys.add(new SortKeySpec(pos, projections.get(pos).type(), desc));
            }
        }
        if (grouping != null) {
            List<Expr> keys = grouping.keys();
            SqlType[] keyTypes = keys.stream().map(Expr::type).toArray(SqlType[]::new);
            input = new HashAggregateNode(input, keys.toArray(Expr[]::new), keyTypes, List.copyOf(grouping.calls()));
        }
        input = PlanBuilder.filter(input, having);
        PlanNode node = new ProjectNode(input, projections.toArray(Expr[]::new));
        if (s.isDistinct()) {
            node = new DistinctNode(node, columns.stream().map(OutputColumn::type).toArray(SqlType[]::new));
        }
        if (!sortKeys.isEmpty()) {
            node = new SortNode(node, sortComparator(sortKeys));
        }
        node = limit(node, offset, fetch, scope);
        if (projections.size() > columns.size()) {
            Expr[] trim = new Expr[columns.size()];
            for (int i = 0; i < trim.length; i++) {
                trim[i] = new ColumnRef(i, columns.get(i).type(), columns.get(i).nullable());
            }
            node = new ProjectNode(node, trim);
        }
        return new BoundQuery(node, columns);
    }

    private BoundQuery bindUnion(SqlCall union, NameScope outer, SqlNodeList order, SqlNode offset, SqlNode fetch) {
        List<SqlNode> branches = new ArrayList<>();
        List<Boolean> distinctOps = new ArrayList<>();
        flattenUnion(union, branches, distinctOps);
        List<BoundQuery> bound = new ArrayList<>();
        for (SqlNode b : branches) {
            bound.add(bindQuery(b, outer, false));
        }
        int width = bound.get(0).columns().size();
        for (BoundQuery b : bound) {
            if (b.columns().size() != width) {
                throw new MySqlException(1222, "21000",
                        "The used SELECT statements have a different number of columns", null);
            }
        }
        List<OutputColumn> columns = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            List<SqlType> types = new ArrayList<>();
            boolean nullable = false;
            for (BoundQuery b : bound) {
                types.add(b.columns().get(i).type());
                nullable |= b.columns().get(i).nullable();
            }
            OutputColumn first = bound.get(0).columns().get(i);
            columns.add(new OutputColumn(first.label(), io.basalt.sql.value.TypeUnifier.unify(types), nullable,
                    null));
        }
        int lastDistinct = distinctOps.lastIndexOf(Boolean.TRUE);
        int dedup = lastDistinct < 0 ? 0 : lastDistinct + 2;
        SqlType[] types = columns.stream().map(OutputColumn::type).toArray(SqlType[]::new);
        List<PlanNode> roots = new ArrayList<>();
        for (BoundQuery b : bound) {
            Expr[] coerce = new Expr[width];
            for (int i = 0; i < width; i++) {
                OutputColumn c = b.columns().get(i);
                coerce[i] = Coerced.to(new ColumnRef(i, c.type(), c.nullable()), types[i]);
            }
            roots.add(new ProjectNode(b.root(), coerce));
        }
        PlanNode node = new UnionNode(roots, dedup, types);
        BoundQuery result = new BoundQuery(node, columns);
        return order == null && offset == null && fetch == null ? result
                : sortAndLimit(result, order, offset, fetch, outer);
    }

    private static void flattenUnion(SqlNode node, List<SqlNode> branches, List<Boolean> distinctOps) {
        if (node.getKind() == SqlKind.UNION && node instanceof SqlCall c) {
            flattenUnion(c.operand(0), branches, distinctOps);
            distinctOps.add(!((org.apache.calcite.sql.SqlSetOperator) c.getOperator()).isAll());
            flattenUnion(c.operand(1), branches, distinctOps);
        } else {
            branches.add(node);
        }
    }

    /** ORDER BY / LIMIT over a finished query: keys are output labels or positions. */
    private BoundQuery sortAndLimit(BoundQuery q, SqlNodeList order, SqlNode offset, SqlNode fetch, NameScope outer) {
        PlanNode node = q.root();
        if (order != null && !order.isEmpty()) {
            List<String> labels = q.columns().stream().map(OutputColumn::label).toList();
            List<SortKeySpec> keys = new ArrayList<>();
            for (SqlNode o : order) {
                boolean desc = o.getKind() == SqlKind.DESCENDING;
                SqlNode key = desc ? ((SqlCall) o).operand(0) : o;
                int pos = selectPosition(key, labels, labels.size(), null);
                if (pos < 0) {
                    throw new MySqlException(ErrorCode.BAD_FIELD_ERROR, key.toString(), Clause.ORDER_BY);
                }
                keys.add(new SortKeySpec(pos, q.columns().get(pos).type(), desc));
            }
            node = new SortNode(node, sortComparator(keys));
        }
        node = limit(node, offset, fetch, outer);
        return new BoundQuery(node, q.columns());
    }

    private PlanNode limit(PlanNode node, SqlNode offset, SqlNode fetch, NameScope scope) {
        if (offset == null && fetch == null) {
            return node;
        }
        ExprBinder lb = binder(new NameScope(null), Clause.LIMIT);
        return new LimitNode(node, offset == null ? null : lb.bind(offset), fetch == null ? null : lb.bind(fetch));
    }

    private record SortKeySpec(int position, SqlType type, boolean descending) {
    }

    private static SortNode.RowComparator sortComparator(List<SortKeySpec> keys) {
        return ctx -> {
            Comparator<Object[]> cmp = null;
            for (SortKeySpec k : keys) {
                var ct = Comparison.ordering(k.type());
                Comparator<Object[]> one = (a, b) -> {
                    Object x = a[k.position()];
                    Object y = b[k.position()];
                    if (x == null || y == null) {
                        return x == null ? (y == null ? 0 : -1) : 1; // NULLs first ascending, as MySQL sorts
                    }
                    return ct.compare(x, k.type(), y, k.type(), ctx);
                };
                if (k.descending()) {
                    one = one.reversed();
                }
                cmp = cmp == null ? one : cmp.thenComparing(one);
            }
            return cmp;
        };
    }

    /** ORDER BY item → select-list position: a number, or a name matching an alias/label. -1 otherwise. */
    private static int selectPosition(SqlNode key, List<String> labels, int visible, NameScope scope) {
        if (key instanceof SqlNumericLiteral n && n.isInteger()) {
            int p = n.intValue(true);
            if (p < 1 || p > visible) {
                throw new MySqlException(ErrorCode.BAD_FIELD_ERROR, String.valueOf(p), Clause.ORDER_BY);
            }
            return p - 1;
        }
        if (key instanceof SqlIdentifier id && id.isSimple()) {
            for (int i = 0; i < visible; i++) {
                if (labels.get(i).equalsIgnoreCase(id.getSimple())) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** GROUP BY item → the expression it stands for: a position, a FROM column, or a select alias. */
    private static SqlNode resolveGroupItem(SqlNode g, List<SqlNode> items, List<String> labels, NameScope scope) {
        if (g instanceof SqlNumericLiteral n && n.isInteger()) {
            int p = n.intValue(true);
            if (p < 1 || p > items.size()) {
                throw new MySqlException(ErrorCode.BAD_FIELD_ERROR, String.valueOf(p), Clause.GROUP_BY);
            }
            return unalias(items.get(p - 1));
        }
        if (g instanceof SqlIdentifier id && id.isSimple() && !inScope(scope, id.getSimple())) {
            for (int i = 0; i < labels.size(); i++) {
                if (labels.get(i).equalsIgnoreCase(id.getSimple())) {
                    return unalias(items.get(i));
                }
            }
        }
        return g;
    }

    /**
     * HAVING prefers a select alias over a FROM column of the same name, unless the name is a GROUP BY column (MySQL's
     * documented rule): substitute the aliased expressions.
     */
    private static SqlNode substituteAliases(SqlNode node, List<SqlNode> items, List<String> labels,
                                             List<String> grouped) {
        if (node instanceof SqlIdentifier id && id.isSimple()
                && grouped.stream().noneMatch(g -> g.equalsIgnoreCase(id.getSimple()))) {
            for (int i = 0; i < labels.size(); i++) {
                if (labels.get(i).equalsIgnoreCase(id.getSimple()) && isAliased(items.get(i))) {
                    return unalias(items.get(i));
                }
            }
            return node;
        }
        if (node instanceof SqlBasicCall call && !(node instanceof SqlSelect)) {
            SqlBasicCall copy = (SqlBasicCall) call.clone(call.getParserPosition());
            for (int i = 0; i < copy.operandCount(); i++) {
                SqlNode op = copy.operand(i);
                if (op != null) {
                    copy.setOperand(i, substituteAliases(op, items, labels, grouped));
                }
            }
            return copy;
        }
        return node;
    }

    private static List<String> groupedNames(SqlSelect s) {
        List<String> names = new ArrayList<>();
        if (s.getGroup() != null) {
            for (SqlNode g : s.getGroup()) {
                if (g instanceof SqlIdentifier id) {
                    names.add(id.names.get(id.names.size() - 1));
                }
            }
        }
        return names;
    }

    private static boolean inScope(NameScope scope, String name) {
        return scope.columns().stream().anyMatch(c -> c.name().equalsIgnoreCase(name));
    }

    private static boolean isAliased(SqlNode item) {
        return item.getKind() == SqlKind.AS;
    }

    private static SqlNode unalias(SqlNode item) {
        return item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
    }

    private String label(SqlNode item) {
        if (item.getKind() == SqlKind.AS) {
            return ((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple();
        }
        if (item instanceof SqlIdentifier id) {
            return id.names.get(id.names.size() - 1);
        }
        if (item instanceof io.basalt.sql.parser.ast.SqlSystemVariable v) {
            return v.text();
        }
        if (item instanceof SqlLiteral lit && lit.getValue() == null) {
            return "NULL";
        }
        // a string literal is labelled by its value, quotes and escapes resolved, adjacent pieces joined
        if (item instanceof SqlCharStringLiteral text) {
            return text.toValue();
        }
        if (item.getKind() == SqlKind.LITERAL_CHAIN) {
            return SqlLiteralChainOperator.concatenateOperands((SqlCall) item).toValue();
        }
        return env.sourceText(item);
    }

    private static ScopeColumn origin(SqlNode expr, NameScope scope) {
        if (expr instanceof SqlIdentifier id && !id.isStar()) {
            List<String> n = id.names;
            try {
                NameScope.Resolved r = scope.resolve(n.size() >= 3 ? n.get(n.size() - 3) : null,
                        n.size() >= 2 ? n.get(n.size() - 2) : null, n.get(n.size() - 1), Clause.SELECT);
                return r.depth() == 0 ? r.column() : null;
            } catch (MySqlException e) {
                return null;
            }
        }
        return null;
    }

    /** Replaces `*` and `t.*` by the identifiers they stand for. */
    private static List<SqlNode> expandStar(SqlNodeList list, NameScope scope) {
        List<SqlNode> out = new ArrayList<>();
        for (SqlNode item : list) {
            if (item instanceof SqlIdentifier id && id.isStar()) {
                String qualifier = id.names.size() >= 2 ? id.names.get(id.names.size() - 2) : null;
                boolean any = false;
                for (ScopeColumn c : scope.columns()) {
                    if (qualifier == null || qualifier.equals(c.qualifier())) {
                        out.add(new SqlIdentifier(List.of(c.qualifier() == null ? "" : c.qualifier(), c.name()),
                                id.getParserPosition()));
                        any = true;
                    }
                }
                if (!any) {
                    if (qualifier != null) {
                        throw new MySqlException(ErrorCode.UNKNOWN_TABLE, qualifier, Clause.SELECT);
                    }
                    throw new MySqlException(ErrorCode.NO_TABLES_USED);
                }
            } else {
                out.add(item);
            }
        }
        return out;
    }
}
