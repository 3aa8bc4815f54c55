package io.basalt.sql.infoschema;

import io.basalt.session.Session;
import io.basalt.sql.catalog.TableDef;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.bigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.blob;
import static io.basalt.sql.infoschema.VirtualTableBuilder.decimal;
import static io.basalt.sql.infoschema.VirtualTableBuilder.integer;
import static io.basalt.sql.infoschema.VirtualTableBuilder.text;
import static io.basalt.sql.infoschema.VirtualTableBuilder.tinyint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/**
 * information_schema.PROCESSLIST, also the source of SHOW PROCESSLIST. Memory, stages and progress are not tracked
 * (0).
 */
final class ProcesslistTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "PROCESSLIST", -11)
            .col("ID", bigint(4))
            .col("USER", varchar(128))
            .col("HOST", varchar(64))
            .nullable("DB", varchar(64))
            .col("COMMAND", varchar(16))
            .col("TIME", integer(7))
            .nullable("STATE", varchar(64))
            .nullable("INFO", text(196605))
            .col("TIME_MS", decimal(22, 3))
            .col("STAGE", tinyint(2))
            .col("MAX_STAGE", tinyint(2))
            .col("PROGRESS", decimal(7, 3))
            .col("MEMORY_USED", bigint(7))
            .col("MAX_MEMORY_USED", bigint(7))
            .col("EXAMINED_ROWS", integer(7))
            .col("QUERY_ID", bigint(4))
            .nullable("INFO_BINARY", blob())
            .col("TID", bigint(4))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        long now = System.currentTimeMillis();
        for (Session session : context.sessions().get()) {
            String info = info(session);
            long elapsedMs = Math.max(0, now - session.commandStartMillis());
            rows.add(new Object[] {session.connectionId(), session.user(), session.host(),
                session.currentDatabase(), session.command(), elapsedMs / 1000, state(session), info,
                BigDecimal.valueOf(elapsedMs, 0).setScale(3), 0L, 0L, BigDecimal.ZERO.setScale(3), 0L, 0L, 0L, 0L,
                info == null ? null : info.getBytes(StandardCharsets.UTF_8), session.connectionId()});
        }
        return rows;
    }

    /** The statement text while a command runs; NULL for a sleeping connection. */
    static String info(Session session) {
        return isSleeping(session) ? null : session.info();
    }

    /** What the connection is doing: empty while it sleeps, "executing" during a command. */
    static String state(Session session) {
        return isSleeping(session) ? "" : "executing";
    }

    private static boolean isSleeping(Session session) {
        return "Sleep".equals(session.command());
    }
}
