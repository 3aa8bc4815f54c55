package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.dml.InsertPlan;
import io.basalt.sql.dml.TargetRows;
import io.basalt.sql.dml.UpdatePlan;
import io.basalt.sql.dml.DeletePlan;
import io.basalt.sql.exec.access.AccessPath;
import io.basalt.sql.expr.ColumnRef;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.infoschema.InformationSchema;
import io.basalt.sql.parser.ast.SqlMySqlDelete;
import io.basalt.sql.parser.ast.SqlMySqlInsert;
import io.basalt.sql.parser.ast.SqlMySqlUpdate;
import io.basalt.sql.type.SqlType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

import java.util.ArrayList;
import java.util.List;

/** Binds INSERT/REPLACE, UPDATE and DELETE against the catalog. */
public final class DmlBinder {
    private final BindEnv env;
    private final QueryBinder queries;

    public DmlBinder(BindEnv env, QueryBinder queries) {
        this.env = env;
        this.queries = queries;
    }

    public TableDef table(SqlIdentifier id) {
        String db = id.names.size() > 1 ? id.names.get(0) : env.session().currentDatabase();
        String name = id.names.get(id.names.size() - 1);
        if (db == null) {
            throw new MySqlException(ErrorCode.NO_DB_ERROR);
        }
        if (InformationSchema.isInformationSchema(db)) {
            throw new MySqlException(ErrorCode.DBACCESS_DENIED, env.session().user(), env.session().host(), db);
        }
        return env.catalog().table(db, name).orElseThrow(() -> new MySqlException(ErrorCode.NO_SUCH_TABLE, db, name));
    }

    public InsertPlan insert(SqlMySqlInsert ins) {
        TableDef t = table(ins.table());
        int[] targets;
        if (ins.columns() == null || ins.columns().isEmpty()) {
            targets = new int[t.columns().size()];
            for (int i = 0; i < targets.length; i++) {
                targets[i] = i;
            }
        } else {
            targets = new int[ins.columns().size()];
            for (int i = 0; i < targets.length; i++) {
                targets[i] = column(t, ins.columns().get(i), Clause.INSERT_INTO);
                for (int j = 0; j < i; j++) {
                    if (targets[j] == targets[i]) {
                        throw new MySqlException(ErrorCode.FIELD_SPECIFIED_TWICE, t.columns().get(targets[i]).name());
                    }
                }
            }
        }
        InsertPlan.Mode mode = ins.replace() ? InsertPlan.Mode.REPLACE
                : !ins.onDuplicateKeyUpdate().isEmpty() ? InsertPlan.Mode.UPSERT
                : ins.ignore() ? InsertPlan.Mode.IGNORE : InsertPlan.Mode.INSERT;
        List<Expr[]> rows = null;
        io.basalt.sql.exec.PlanNode source = null;
        SqlType[] sourceTypes = null;
        SqlNode src = ins.source();
        if (src.getKind() == SqlKind.VALUES) {
            rows = new ArrayList<>();
            ExprBinder vb = queries.binder(new NameScope(null), Clause.SELECT);
            int rowNo = 0;
            for (SqlNode rowNode : ((SqlCall) src).getOperandList()) {
                rowNo++;
                List<SqlNode> cells = ((SqlCall) rowNode).getOperandList();
                if (cells.size() != targets.length && !(cells.isEmpty() && ins.columns().isEmpty())) {
                    throw new MySqlException(1136, "21S01", "Column count doesn't match value count at row " + rowNo,
                            null);
                }
                Expr[] exprs = new Expr[targets.length];
                for (int i = 0; i < cells.size(); i++) {
                    SqlNode cell = cells.get(i);
                    exprs[i] = cell.getKind() == SqlKind.DEFAULT ? null : vb.bind(cell);
                }
                if (cells.isEmpty()) {
                    exprs = new Expr[targets.length];
                }
                rows.add(exprs);
            }
        } else {
            BoundQuery q = queries.bindSubquery(src, null);
            if (q.columns().size() != targets.length) {
                throw new MySqlException(1136, "21S01", "Column count doesn't match value count at row 1", null);
            }
            source = q.root();
            sourceTypes = q.columns().stream().map(OutputColumn::type).toArray(SqlType[]::new);
        }
        int[] odkuCols = new int[0];
        Expr[] odkuVals = new Expr[0];
        if (mode == InsertPlan.Mode.UPSERT) {
            NameScope scope = tableScope(t, t.name());
            int n = t.columns().size();
            ExprBinder ub = queries.binder(scope, Clause.SELECT).withValuesRef(col -> {
                int idx = t.columnIndex(col);
                if (idx < 0) {
                    throw new MySqlException(ErrorCode.BAD_FIELD_ERROR, col, Clause.SELECT);
                }
                ColumnDef c = t.columns().get(idx);
                return new ColumnRef(n + idx, c.type(), c.nullable());
            });
            SqlNodeList assignments = ins.onDuplicateKeyUpdate();
            odkuCols = new int[assignments.size()];
            odkuVals = new Expr[assignments.size()];
            for (int i = 0; i < assignments.size(); i++) {
                SqlBasicCall eq = (SqlBasicCall) assignments.get(i);
                odkuCols[i] = column(t, eq.operand(0), Clause.SELECT);
                odkuVals[i] = ub.bind(eq.operand(1));
            }
        }
        return new InsertPlan(t, targets, rows, source, sourceTypes, mode, odkuCols, odkuVals);
    }

    public UpdatePlan update(SqlMySqlUpdate up) {
        TableDef t = table(up.table());
        NameScope scope = tableScope(t, up.alias() != null ? up.alias() : t.name());
        ExprBinder b = queries.binder(scope, Clause.SET);
        int[] cols = new int[up.targetColumns().size()];
        Expr[] vals = new Expr[cols.length];
        for (int i = 0; i < cols.length; i++) {
            cols[i] = column(t, up.targetColumns().get(i), Clause.SET);
            vals[i] = b.bind(up.sourceExpressions().get(i));
        }
        return new UpdatePlan(t, targets(t, scope, up.where(), up.orderBy(), up.limit()), cols, vals);
    }

    public DeletePlan delete(SqlMySqlDelete del) {
        TableDef t = table(del.table());
        NameScope scope = tableScope(t, del.alias() != null ? del.alias() : t.name());
        return new DeletePlan(t, targets(t, scope, del.where(), del.orderBy(), del.limit()));
    }

    private TargetRows targets(TableDef t, NameScope scope, SqlNode whereNode, SqlNodeList orderBy, SqlNode limit) {
        Expr where = whereNode == null ? null : queries.binder(scope, Clause.WHERE).bind(whereNode);
        AccessPath path = AccessPathChooser.choose(t, Conjuncts.split(where));
        ExprBinder ob = queries.binder(scope, Clause.ORDER_BY);
        int n = orderBy == null ? 0 : orderBy.size();
        Expr[] keys = new Expr[n];
        boolean[] desc = new boolean[n];
        for (int i = 0; i < n; i++) {
            SqlNode o = orderBy.get(i);
            desc[i] = o.getKind() == SqlKind.DESCENDING;
            keys[i] = ob.bind(desc[i] ? ((SqlCall) o).operand(0) : o);
        }
        Expr lim = limit == null ? null : queries.binder(new NameScope(null), Clause.LIMIT).bind(limit);
        return new TargetRows(path, where, keys, desc, lim);
    }

    private static NameScope tableScope(TableDef t, String qualifier) {
        NameScope scope = new NameScope(null);
        for (ColumnDef c : t.columns()) {
            scope.add(new ScopeColumn(qualifier, c.name(), scope.width(), c.type(), c.nullable(), t.database(), t,
                    c));
        }
        return scope;
    }

    private static int column(TableDef t, SqlNode node, String clause) {
        SqlIdentifier id = (SqlIdentifier) node;
        String name = id.names.get(id.names.size() - 1);
        int idx = t.columnIndex(name);
        if (idx < 0) {
            throw new MySqlException(ErrorCode.BAD_FIELD_ERROR, name, clause);
        }
        return idx;
    }
}
