package io.basalt.it.replica;

import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.BinlogEventReader;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.RowsEvent;
import io.basalt.protocol.binlog.TableMapEvent;
import io.basalt.protocol.binlog.TornEventException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a Basalt binlog holds, read event by event with the protocol module's reader (CRCs checked): the GTID
 * sequence numbers in file order, the commit and start ts of every transaction (Basalt's commit record, an Ignorable event
 * "BCR1" + commit ts + start ts before each Xid), and the first-column values of every row written or deleted, by
 * table. The newest file may end in an event still being written; reading stops there.
 */
final class BinlogContents {
    private static final int COMMIT_RECORD_TAG = 'B' | 'C' << 8 | 'R' << 16 | '1' << 24;

    final List<Long> gtidSeqs = new ArrayList<>();
    /** (commit ts, start ts) of each transaction in binlog order. */
    final List<long[]> commits = new ArrayList<>();
    final Map<String, Set<String>> inserted = new HashMap<>();
    final Map<String, Set<String>> deleted = new HashMap<>();

    static BinlogContents read(Path binlogDir) throws IOException {
        BinlogContents c = new BinlogContents();
        for (String name : Files.readAllLines(binlogDir.resolve("basalt-bin.index"))) {
            if (!name.isBlank()) {
                c.readFile(binlogDir.resolve(Path.of(name.strip()).getFileName()));
            }
        }
        return c;
    }

    private void readFile(Path file) throws IOException {
        Map<Long, TableMapEvent> tables = new HashMap<>();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            BinlogEventReader reader = BinlogEventReader.ofFile(ch);
            BinlogEvent e;
            while ((e = next(reader)) != null) {
                BinlogEventType type = e.header().type();
                if (type == BinlogEventType.GTID) {
                    gtidSeqs.add(((GtidEvent) e.decode()).seqNo());
                } else if (type == BinlogEventType.TABLE_MAP) {
                    TableMapEvent t = (TableMapEvent) e.decode();
                    tables.put(t.tableId(), t);
                } else if (type == BinlogEventType.IGNORABLE && e.body().readableBytes() == 20
                        && e.body().getIntLE(e.body().readerIndex()) == COMMIT_RECORD_TAG) {
                    int at = e.body().readerIndex();
                    commits.add(new long[] {e.body().getLongLE(at + 4), e.body().getLongLE(at + 12)});
                } else if (type.isRows()) {
                    long tableId = e.body().getUnsignedIntLE(e.body().readerIndex())
                            | (long) e.body().getUnsignedShortLE(e.body().readerIndex() + 4) << 32;
                    TableMapEvent table = tables.get(tableId);
                    RowsEvent rows = e.decodeRows(table);
                    String name = table.database() + "." + table.table();
                    for (Object[] r : rows.after()) {
                        if (type == BinlogEventType.WRITE_ROWS_V1) {
                            inserted.computeIfAbsent(name, k -> new HashSet<>()).add(String.valueOf(r[0]));
                        }
                    }
                    if (type == BinlogEventType.DELETE_ROWS_V1) {
                        for (Object[] r : rows.before()) {
                            deleted.computeIfAbsent(name, k -> new HashSet<>()).add(String.valueOf(r[0]));
                        }
                    }
                }
            }
        }
    }

    private static BinlogEvent next(BinlogEventReader reader) {
        try {
            return reader.next();
        } catch (TornEventException e) {
            return null;
        }
    }

    /** The first-column values a table should hold if it only ever saw these inserts and deletes. */
    Set<String> rowsOf(String table) {
        Set<String> rows = new HashSet<>(inserted.getOrDefault(table, Set.of()));
        rows.removeAll(deleted.getOrDefault(table, Set.of()));
        return rows;
    }
}
