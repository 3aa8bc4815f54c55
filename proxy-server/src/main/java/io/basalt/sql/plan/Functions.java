package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.expr.ArithmeticExpr;
import io.basalt.sql.expr.BitNot;
import io.basalt.sql.expr.CaseExpr;
import io.basalt.sql.expr.CastExpr;
import io.basalt.sql.expr.Coerced;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.FunctionCall;
import io.basalt.sql.expr.LikeExpr;
import io.basalt.sql.expr.Literal;
import io.basalt.sql.expr.Negate;
import io.basalt.sql.function.FunctionRegistry;
import io.basalt.sql.function.ScalarFunction;
import io.basalt.sql.parser.MySqlOperators;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.ArithmeticOp;
import io.basalt.sql.value.CastTarget;
import io.basalt.sql.value.TypeUnifier;
import io.basalt.sql.value.Values;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Binds operators and function calls that are not comparisons or logic: arithmetic, CAST, CASE, LIKE, built-ins. */
final class Functions {
    private Functions() {
    }

    static Expr call(ExprBinder b, SqlCall call, String text) {
        SqlOperator op = call.getOperator();
        List<SqlNode> ops = call.getOperandList();
        ArithmeticOp arith = arithmetic(call);
        if (arith != null) {
            SqlNode right = ops.get(1);
            if (right instanceof SqlCall r && r.getOperator() == MySqlOperators.INTERVAL
                    && (arith == ArithmeticOp.ADD || arith == ArithmeticOp.SUBTRACT)) {
                return dateArith(b, arith == ArithmeticOp.ADD ? "DATE_ADD" : "DATE_SUB", b.bind(ops.get(0)), r);
            }
            if (ops.get(0) instanceof SqlCall l && l.getOperator() == MySqlOperators.INTERVAL
                    && arith == ArithmeticOp.ADD) {
                return dateArith(b, "DATE_ADD", b.bind(right), l);
            }
            return ArithmeticExpr.of(arith, b.bind(ops.get(0)), b.bind(right), text);
        }
        if (call.getKind() == SqlKind.MINUS_PREFIX) {
            return new Negate(b.bind(ops.get(0)), text);
        }
        if (call.getKind() == SqlKind.PLUS_PREFIX) {
            return b.bind(ops.get(0));
        }
        if (op == MySqlOperators.BIT_NOT) {
            return new BitNot(b.bind(ops.get(0)));
        }
        if (op == MySqlOperators.CAST) {
            String target = ((SqlLiteral) ops.get(1)).toValue();
            return new CastExpr(b.bind(ops.get(0)), CastTarget.parse(target), text);
        }
        if (op == MySqlOperators.BINARY) {
            return new CastExpr(b.bind(ops.get(0)), CastTarget.parse("BINARY"), text);
        }
        if (call.getKind() == SqlKind.CAST) {
            return new CastExpr(b.bind(ops.get(0)), CastTarget.parse(ops.get(1).toString()), text);
        }
        String name = op.getName().toUpperCase(Locale.ROOT);
        List<Expr> args = new ArrayList<>();
        for (SqlNode n : ops) {
            if (n == null) {
                continue;
            }
            if (n instanceof SqlCall c && c.getOperator() == MySqlOperators.INTERVAL) {
                args.add(b.bind(c.operand(0)));
                args.add(unit(c.operand(1)));
            } else if (n instanceof SqlLiteral lit && lit.getTypeName() == org.apache.calcite.sql.type.SqlTypeName.SYMBOL) {
                args.add(unit(lit));
            } else {
                args.add(b.bind(n));
            }
        }
        if (call.getKind() == SqlKind.TRIM) {
            name = "TRIM";
        }
        ScalarFunction fn = FunctionRegistry.lookup(name)
                .orElseThrow(() -> new MySqlException(ErrorCode.SP_DOES_NOT_EXIST, "FUNCTION",
                        qualified(b, op.getName())));
        if (!fn.deterministic()) {
            b.env().markSessionEffects();
        }
        return FunctionCall.of(fn, args);
    }

    private static String qualified(ExprBinder b, String name) {
        String db = b.env().session().currentDatabase();
        return db == null ? name : db + "." + name;
    }

    private static Expr dateArith(ExprBinder b, String fn, Expr date, SqlCall interval) {
        ScalarFunction f = FunctionRegistry.lookup(fn)
                .orElseThrow(() -> new MySqlException(ErrorCode.NOT_SUPPORTED_YET, fn));
        return FunctionCall.of(f, List.of(date, b.bind(interval.operand(0)), unit(interval.operand(1))));
    }

    private static Expr unit(SqlNode unit) {
        String text = unit instanceof SqlLiteral l ? l.toValue() : unit.toString();
        text = text.toUpperCase(Locale.ROOT);
        return new Literal(text, Values.typeOf(text));
    }

    private static ArithmeticOp arithmetic(SqlCall call) {
        SqlOperator op = call.getOperator();
        if (op == MySqlOperators.DIV) {
            return ArithmeticOp.INT_DIVIDE;
        }
        if (op == MySqlOperators.MOD) {
            return ArithmeticOp.MODULO;
        }
        if (op == MySqlOperators.BIT_AND) {
            return ArithmeticOp.BIT_AND;
        }
        if (op == MySqlOperators.BIT_OR) {
            return ArithmeticOp.BIT_OR;
        }
        if (op == MySqlOperators.BIT_XOR) {
            return ArithmeticOp.BIT_XOR;
        }
        if (op == MySqlOperators.SHIFT_LEFT) {
            return ArithmeticOp.SHIFT_LEFT;
        }
        if (op == MySqlOperators.SHIFT_RIGHT) {
            return ArithmeticOp.SHIFT_RIGHT;
        }
        return switch (call.getKind()) {
            case PLUS -> ArithmeticOp.ADD;
            case MINUS -> ArithmeticOp.SUBTRACT;
            case TIMES -> ArithmeticOp.MULTIPLY;
            case DIVIDE -> ArithmeticOp.DIVIDE;
            case MOD -> ArithmeticOp.MODULO;
            default -> null;
        };
    }

    static Expr like(Expr arg, Expr pattern, Expr escape, boolean negated) {
        return new LikeExpr(arg, pattern, escape, negated);
    }

    static Expr caseWhen(List<Expr> whens, List<Expr> thens, Expr otherwise) {
        List<SqlType> types = new ArrayList<>();
        thens.forEach(t -> types.add(t.type()));
        types.add(otherwise.type());
        SqlType type = TypeUnifier.unify(types);
        List<Expr> results = new ArrayList<>();
        thens.forEach(t -> results.add(Coerced.to(t, type)));
        return new CaseExpr(whens, results, Coerced.to(otherwise, type), type);
    }
}
