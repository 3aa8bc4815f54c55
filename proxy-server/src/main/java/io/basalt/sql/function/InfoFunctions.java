package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Values;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.function.FunctionDef.of;

/** Session information functions, answered from the {@link io.basalt.sql.value.EvalContext}. */
final class InfoFunctions {
    private static final SqlType NAME = SqlType.varchar(64);
    private static final SqlType USER = SqlType.varchar(141);

    private InfoFunctions() {
    }

    static List<FunctionDef> all() {
        List<FunctionDef> f = new ArrayList<>();
        FunctionDef database = of("DATABASE", 0, 0, Types.fixed(NAME), (a, t, ctx) -> ctx.currentDatabase())
                .nonDeterministic();
        f.add(database);
        f.add(database.named("SCHEMA"));
        FunctionDef user = of("USER", 0, 0, Types.fixed(USER), (a, t, ctx) -> ctx.user()).nonDeterministic();
        f.add(user);
        f.add(user.named("SESSION_USER"));
        f.add(user.named("SYSTEM_USER"));
        f.add(of("CURRENT_USER", 0, 0, Types.fixed(USER), (a, t, ctx) -> ctx.currentUser()).nonDeterministic());
        f.add(of("CONNECTION_ID", 0, 0, Types.fixed(SqlType.BIGINT_UNSIGNED), (a, t, ctx) -> ctx.connectionId())
                .nonDeterministic());
        f.add(of("VERSION", 0, 0, Types.fixed(SqlType.varchar(64)), (a, t, ctx) -> ctx.serverVersion())
                .nonDeterministic());
        f.add(of("LAST_INSERT_ID", 0, 1, Types.fixed(SqlType.BIGINT_UNSIGNED), (a, t, ctx) -> {
            if (a.length == 0) {
                return ctx.lastInsertId();
            }
            if (a[0] == null) {
                return null;
            }
            long id = Values.toUnsignedLong(a[0], t[0], ctx);
            ctx.setLastInsertId(id);
            return id;
        }).nullAware().nonDeterministic());
        f.add(of("BINLOG_GTID_POS", 2, 2, Types.fixed(SqlType.varchar(1024)),
                (a, t, ctx) -> ctx.binlogGtidPos(Values.toText(a[0], t[0]), Values.toLong(a[1], t[1], ctx)))
                .nonDeterministic());
        f.add(of("FOUND_ROWS", 0, 0, Types.fixed(SqlType.BIGINT), (a, t, ctx) -> ctx.foundRows())
                .nonDeterministic());
        f.add(of("ROW_COUNT", 0, 0, Types.fixed(SqlType.BIGINT), (a, t, ctx) -> ctx.rowCount())
                .nonDeterministic());
        return f;
    }
}
