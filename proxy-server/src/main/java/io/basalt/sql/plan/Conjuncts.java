package io.basalt.sql.plan;

import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.Logical;

import java.util.ArrayList;
import java.util.List;

/** Splits a condition into its top-level AND terms and joins terms back. */
final class Conjuncts {
    private Conjuncts() {
    }

    static List<Expr> split(Expr e) {
        List<Expr> out = new ArrayList<>();
        collect(e, out);
        return out;
    }

    private static void collect(Expr e, List<Expr> out) {
        if (e == null) {
            return;
        }
        if (e instanceof Logical l && l.op() == Logical.Op.AND) {
            l.args().forEach(a -> collect(a, out));
        } else {
            out.add(e);
        }
    }

    static Expr and(List<Expr> terms) {
        if (terms.isEmpty()) {
            return null;
        }
        return terms.size() == 1 ? terms.get(0) : new Logical(Logical.Op.AND, terms);
    }
}
