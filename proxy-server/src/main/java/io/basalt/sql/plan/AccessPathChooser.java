package io.basalt.sql.plan;

import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.access.AccessPath;
import io.basalt.sql.exec.access.BatchGetPath;
import io.basalt.sql.exec.access.FullScanPath;
import io.basalt.sql.exec.access.HandleRangePath;
import io.basalt.sql.exec.access.IndexScanPath;
import io.basalt.sql.exec.access.PointGetPath;
import io.basalt.sql.expr.ArithmeticExpr;
import io.basalt.sql.expr.Between;
import io.basalt.sql.expr.ColumnRef;
import io.basalt.sql.expr.Compare;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.InList;
import io.basalt.sql.expr.Literal;
import io.basalt.sql.expr.Negate;
import io.basalt.sql.expr.OuterRef;
import io.basalt.sql.expr.ParamRef;
import io.basalt.sql.expr.SystemVariableRef;
import io.basalt.sql.expr.UserVariableRef;

import java.util.ArrayList;
import java.util.List;

/**
 * Picks a table's access path from the WHERE terms over its columns (positions 0..n-1): equality on the integer
 * primary key → point get; IN list → batch get; then the index with the most fixed key parts; then a handle range;
 * otherwise a full scan. Rule-based, like TiDB's point-get fast path: these shapes dominate OLTP and need no cost
 * model yet (no statistics exist).
 */
public final class AccessPathChooser {
    private AccessPathChooser() {
    }

    public static AccessPath choose(TableDef table, List<Expr> terms) {
        AccessPath byHandle = table.hasHandleColumn() ? byHandle(table, terms) : null;
        if (byHandle != null && !(byHandle instanceof HandleRangePath)) {
            return byHandle;
        }
        AccessPath byIndex = byIndex(table, terms);
        if (byIndex != null) {
            return byIndex;
        }
        return byHandle != null ? byHandle : new FullScanPath(table);
    }

    /**
     * The index with the most leading key parts fixed by equalities (a unique index fully fixed wins), plus a range
     * on the next part; null when no index helps.
     */
    private static AccessPath byIndex(TableDef table, List<Expr> terms) {
        IndexScanPath best = null;
        int bestScore = 0;
        for (IndexDef idx : table.indexes()) {
            if (!table.hasIndexEntries(idx)) {
                continue;
            }
            List<Expr> eq = new ArrayList<>();
            for (IndexDef.KeyPart part : idx.columns()) {
                Expr v = equalityValue(terms, table.columnIndexById(part.columnId()));
                if (v == null) {
                    break;
                }
                eq.add(v);
            }
            Expr[] range = new Expr[2];
            boolean[] incl = {true, true};
            if (eq.size() < idx.columns().size()) {
                rangeOn(terms, table.columnIndexById(idx.columns().get(eq.size()).columnId()), range, incl);
            }
            int score = eq.size() * 4 + (range[0] != null ? 1 : 0) + (range[1] != null ? 1 : 0)
                    + (idx.unique() && eq.size() == idx.columns().size() ? 100 : 0);
            if (score > bestScore) {
                bestScore = score;
                best = new IndexScanPath(table, idx, eq, range[0], incl[0], range[1], incl[1]);
            }
        }
        return best;
    }

    private static Expr equalityValue(List<Expr> terms, int column) {
        for (Expr t : terms) {
            if (t instanceof Compare c && c.op() == Compare.Op.EQ) {
                if (isColumn(c.left(), column) && isConstant(c.right())) {
                    return c.right();
                }
                if (isColumn(c.right(), column) && isConstant(c.left())) {
                    return c.left();
                }
            }
        }
        return null;
    }

    private static void rangeOn(List<Expr> terms, int column, Expr[] range, boolean[] incl) {
        for (Expr t : terms) {
            if (t instanceof Between b && !b.negated() && isColumn(b.arg(), column) && isConstant(b.low())
                    && isConstant(b.high())) {
                range[0] = b.low();
                range[1] = b.high();
                incl[0] = true;
                incl[1] = true;
                return;
            }
            if (t instanceof Compare c) {
                boolean leftIsKey = isColumn(c.left(), column) && isConstant(c.right());
                boolean rightIsKey = isColumn(c.right(), column) && isConstant(c.left());
                if (!leftIsKey && !rightIsKey) {
                    continue;
                }
                Expr value = leftIsKey ? c.right() : c.left();
                Compare.Op op = leftIsKey ? c.op() : mirror(c.op());
                if ((op == Compare.Op.GT || op == Compare.Op.GE) && range[0] == null) {
                    range[0] = value;
                    incl[0] = op == Compare.Op.GE;
                } else if ((op == Compare.Op.LT || op == Compare.Op.LE) && range[1] == null) {
                    range[1] = value;
                    incl[1] = op == Compare.Op.LE;
                }
            }
        }
    }

    private static AccessPath byHandle(TableDef table, List<Expr> terms) {
        int h = table.columnIndexById(table.handleColumnId());
        boolean ordered = !table.columns().get(h).type().unsigned();
        Expr low = null;
        boolean lowIncl = true;
        Expr high = null;
        boolean highIncl = true;
        for (Expr t : terms) {
            if (t instanceof Compare c) {
                boolean leftIsKey = isColumn(c.left(), h) && isConstant(c.right());
                boolean rightIsKey = isColumn(c.right(), h) && isConstant(c.left());
                if (!leftIsKey && !rightIsKey) {
                    continue;
                }
                Expr value = leftIsKey ? c.right() : c.left();
                Compare.Op op = leftIsKey ? c.op() : mirror(c.op());
                switch (op) {
                    case EQ, NULL_SAFE_EQ -> {
                        return new PointGetPath(table, value);
                    }
                    case GT, GE -> {
                        if (ordered && low == null) {
                            low = value;
                            lowIncl = op == Compare.Op.GE;
                        }
                    }
                    case LT, LE -> {
                        if (ordered && high == null) {
                            high = value;
                            highIncl = op == Compare.Op.LE;
                        }
                    }
                    default -> { }
                }
            } else if (t instanceof InList in && !in.negated() && isColumn(in.arg(), h)
                    && in.candidates().stream().allMatch(AccessPathChooser::isConstant)) {
                return new BatchGetPath(table, in.candidates());
            } else if (t instanceof Between b && !b.negated() && ordered && isColumn(b.arg(), h)
                    && isConstant(b.low()) && isConstant(b.high())) {
                return new HandleRangePath(table, b.low(), true, b.high(), true);
            }
        }
        if (low != null || high != null) {
            return new HandleRangePath(table, low, lowIncl, high, highIncl);
        }
        return null;
    }

    private static boolean isColumn(Expr e, int index) {
        return e instanceof ColumnRef c && c.index() == index;
    }

    /** Does not read the current row, so it can be evaluated before any row is read. */
    static boolean isConstant(Expr e) {
        if (e instanceof Literal || e instanceof ParamRef || e instanceof OuterRef || e instanceof SystemVariableRef
                || e instanceof UserVariableRef) {
            return true;
        }
        if (e instanceof Negate n) {
            return isConstant(n.arg());
        }
        if (e instanceof ArithmeticExpr a) {
            return isConstant(a.left()) && isConstant(a.right());
        }
        return false;
    }

    private static Compare.Op mirror(Compare.Op op) {
        return switch (op) {
            case LT -> Compare.Op.GT;
            case LE -> Compare.Op.GE;
            case GT -> Compare.Op.LT;
            case GE -> Compare.Op.LE;
            default -> op;
        };
    }
}
