package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.JoinKind;
import io.basalt.sql.exec.MaterializedNode;
import io.basalt.sql.infoschema.InformationSchema;
import io.basalt.sql.infoschema.VirtualTable;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

import java.util.List;
import java.util.Locale;

/**
 * Resolves a FROM clause into {@link FromItem}s and the query block's {@link NameScope} (columns in FROM order).
 * Tables named without a database use the session's current one (1046 if none).
 */
final class FromBinder {
    private final BindEnv env;
    private final QueryBinder queries;
    private final NameScope outer;
    private final NameScope scope;

    FromBinder(BindEnv env, QueryBinder queries, NameScope outer) {
        this.env = env;
        this.queries = queries;
        this.outer = outer;
        this.scope = new NameScope(outer);
    }

    NameScope scope() {
        return scope;
    }

    FromItem bind(SqlNode from) {
        return item(from, null);
    }

    private FromItem item(SqlNode node, String alias) {
        if (node instanceof SqlJoin join) {
            return join(join);
        }
        if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.AS) {
            String a = ((SqlIdentifier) call.operand(1)).getSimple();
            return item(call.operand(0), a);
        }
        if (node instanceof SqlIdentifier id) {
            return table(id, alias);
        }
        if (ExprBinder.isQuery(node)) {
            if (alias == null) {
                throw new MySqlException(1248, "42000", "Every derived table must have its own alias", null);
            }
            BoundQuery q = queries.bindSubquery(node, outer);
            int offset = scope.width();
            for (OutputColumn c : q.columns()) {
                scope.add(new ScopeColumn(alias, c.label(), scope.width(), c.type(), c.nullable(), null, null, null));
            }
            return new FromItem.Planned(q.root(), offset, q.columns().size());
        }
        throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, "this FROM clause");
    }

    private FromItem table(SqlIdentifier id, String alias) {
        String db = id.names.size() > 1 ? id.names.get(0) : env.session().currentDatabase();
        String name = id.names.get(id.names.size() - 1);
        if (db == null) {
            throw new MySqlException(ErrorCode.NO_DB_ERROR);
        }
        String qualifier = alias != null ? alias : name;
        if (scope.hasQualifier(qualifier)) {
            throw new MySqlException(ErrorCode.NONUNIQ_TABLE, qualifier);
        }
        int offset = scope.width();
        if (db.equalsIgnoreCase(InformationSchema.NAME)) {
            VirtualTable vt = InformationSchema.table(name)
                    .orElseThrow(() -> new MySqlException(ErrorCode.NO_SUCH_TABLE, InformationSchema.NAME, name));
            env.markVolatile();
            TableDef def = vt.definition();
            addColumns(def, qualifier, InformationSchema.NAME);
            List<Object[]> rows = vt.rows(queries.virtualTableContext());
            return new FromItem.Planned(new MaterializedNode(rows, def.columns().size()), offset,
                    def.columns().size());
        }
        TableDef t = env.catalog().table(db, name)
                .orElseThrow(() -> new MySqlException(ErrorCode.NO_SUCH_TABLE, db, name));
        env.markTableRead();
        addColumns(t, qualifier, db);
        return new FromItem.Table(t, qualifier, offset);
    }

    private void addColumns(TableDef t, String qualifier, String schema) {
        for (ColumnDef c : t.columns()) {
            scope.add(new ScopeColumn(qualifier, c.name(), scope.width(), c.type(), c.nullable(), schema, t, c));
        }
    }

    private FromItem join(SqlJoin join) {
        int offset = scope.width();
        FromItem left = item(join.getLeft(), null);
        FromItem right = item(join.getRight(), null);
        JoinType type = join.getJoinType();
        JoinKind kind = switch (type) {
            case LEFT, RIGHT -> JoinKind.LEFT;
            case INNER, COMMA, CROSS -> JoinKind.INNER;
            default -> throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, type.name().toLowerCase(Locale.ROOT)
                    + " join");
        };
        // the ON clause is bound against the join's own row: [left..., right...], or [right..., left...] for a
        // RIGHT JOIN, which runs as a LEFT JOIN with the inputs exchanged
        NameScope local = new NameScope(outer);
        List<ScopeColumn> leftCols = scope.columns().subList(offset, right.offset());
        List<ScopeColumn> rightCols = scope.columns().subList(right.offset(), scope.width());
        boolean swapped = type == JoinType.RIGHT;
        for (ScopeColumn c : swapped ? concat(rightCols, leftCols) : concat(leftCols, rightCols)) {
            local.add(new ScopeColumn(c.qualifier(), c.name(), local.width(), c.type(), c.nullable(),
                    c.schema(), c.table(), c.column()));
        }
        SqlNode on = join.getCondition();
        if (join.getConditionType() == JoinConditionType.USING) {
            on = UsingCondition.expand(join.getCondition(), leftCols, rightCols);
        } else if (join.isNatural()) {
            throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, "NATURAL JOIN");
        }
        return new FromItem.Join(left, right, kind, swapped, on, local, offset);
    }

    private static List<ScopeColumn> concat(List<ScopeColumn> a, List<ScopeColumn> b) {
        List<ScopeColumn> out = new java.util.ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
