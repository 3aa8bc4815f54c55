package io.basalt.sql.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.BinlogEventReader;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.RowsEvent;
import io.basalt.protocol.binlog.TableMapEvent;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;
import io.basalt.storage.binlog.BinlogConfig;
import io.basalt.storage.binlog.BinlogService;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TransactionBinlogTest {
    private static final TableDef T = new TableDef(101, "d", "t", List.of(
            new ColumnDef(1, "id", SqlType.BIGINT, false, DefaultValue.NONE, false, false, ""),
            new ColumnDef(2, "v", SqlType.varchar(10), true, DefaultValue.NONE, false, false, "")),
            List.of(), 1, 3, 1, "");

    @TempDir
    Path dir;
    BinlogService service;
    TransactionBinlog log;

    @BeforeEach
    void setUp() {
        service = BinlogService.open(BinlogConfig.defaults(dir), new SimpleMeterRegistry());
        log = new SqlBinlog(service).newTransactionLog();
    }

    @AfterEach
    void tearDown() {
        log.close();
        service.close();
    }

    private RowLog statement(String sql) {
        log.markStatement();
        return log.startStatement(sql, 1_700_000_000L, ZoneOffset.UTC, true, "FULL");
    }

    /** Event types of a payload, with STMT_END_F marked by '!'. */
    private static List<String> types(byte[] payload) {
        List<String> out = new ArrayList<>();
        BinlogEventReader r = BinlogEventReader.ofEvents(Unpooled.wrappedBuffer(payload), 0, BinlogChecksum.CRC32);
        TableMapEvent map = null;
        for (BinlogEvent e = r.next(); e != null; e = r.next()) {
            String name = e.header().type().name();
            if (e.header().type() == BinlogEventType.TABLE_MAP) {
                map = (TableMapEvent) e.decode();
            } else if (e.header().type().isRows()) {
                RowsEvent rows = e.decodeRows(map);
                name += rows.rowCount() + ((rows.flags() & RowsEvent.STMT_END_F) != 0 ? "!" : "");
            }
            out.add(name);
        }
        return out;
    }

    @Test
    void noRowsNoPayload() {
        statement("SELECT 1");
        log.endStatement();
        assertThat(log.payload()).isNull();
    }

    @Test
    void tableMapOncePerStatementAndStatementEndOnTheLastEvent() {
        RowLog rows = statement("INSERT ...");
        rows.inserted(T, new Object[] {1L, "a"});
        rows.inserted(T, new Object[] {2L, "b"});
        rows.deleted(T, new Object[] {1L, "a"});
        log.endStatement();
        rows = statement("UPDATE ...");
        rows.updated(T, new Object[] {2L, "b"}, new Object[] {2L, "c"});
        log.endStatement();
        assertThat(types(log.payload())).containsExactly("ANNOTATE_ROWS", "TABLE_MAP", "WRITE_ROWS_V12",
                "DELETE_ROWS_V11!", "ANNOTATE_ROWS", "TABLE_MAP", "UPDATE_ROWS_V11!");
    }

    @Test
    void largeStatementsAreCutIntoSeveralEvents() {
        RowLog rows = statement("INSERT ...");
        for (long i = 0; i < 800; i++) {
            rows.inserted(T, new Object[] {i, "0123456789"});
        }
        log.endStatement();
        List<String> types = types(log.payload());
        assertThat(types.size()).isGreaterThan(3);
        assertThat(types.get(types.size() - 1)).endsWith("!");
        assertThat(types.subList(2, types.size() - 1)).allMatch(t -> !t.endsWith("!"));
    }

    @Test
    void failedStatementAndSavepointTruncateTheCache() {
        RowLog rows = statement("INSERT a");
        rows.inserted(T, new Object[] {1L, "a"});
        log.endStatement();
        long savepoint = log.position();
        rows = statement("INSERT b");
        rows.inserted(T, new Object[] {2L, "b"});
        log.abortStatement();
        assertThat(log.position()).isEqualTo(savepoint);
        rows = statement("INSERT c");
        rows.inserted(T, new Object[] {3L, "c"});
        log.endStatement();
        log.truncate(savepoint);
        assertThat(types(log.payload())).containsExactly("ANNOTATE_ROWS", "TABLE_MAP", "WRITE_ROWS_V11!");
        log.reset();
        assertThat(log.payload()).isNull();
    }
}
