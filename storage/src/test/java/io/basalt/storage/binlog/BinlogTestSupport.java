package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.AnnotateRowsEvent;
import io.basalt.protocol.binlog.BinlogColumn;
import io.basalt.protocol.binlog.BinlogColumnType;
import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.BinlogEventBody;
import io.basalt.protocol.binlog.BinlogEventReader;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.EventHeader;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.RowsEvent;
import io.basalt.protocol.binlog.TableMapEvent;
import io.basalt.protocol.binlog.XidEvent;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.DecidedTxn;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Shared helpers of the binlog tests: configs, transaction payloads, reading files back. */
final class BinlogTestSupport {
    static final List<BinlogColumn> COLUMNS = List.of(
            BinlogColumn.integer("id", BinlogColumnType.LONGLONG, false, false),
            BinlogColumn.varchar("v", 400, 45, true));

    private BinlogTestSupport() {
    }

    static BinlogConfig config(Path dir) {
        return BinlogConfig.defaults(dir.resolve("binlog"));
    }

    /** Events of one transaction inserting {@code rows} rows: Annotate_rows, Table_map, Write_rows. */
    static void fill(BinlogCache cache, long id, int rows) {
        cache.append(new AnnotateRowsEvent("INSERT INTO t VALUES (" + id + ", ...)"), 1_700_000_000L, 0);
        cache.append(new TableMapEvent(17, "db", "t", COLUMNS), 1_700_000_000L, 0);
        List<Object[]> r = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            r.add(new Object[] {id * 100_000 + i, "value " + i + " of transaction " + id});
        }
        cache.append(RowsEvent.write(17, RowsEvent.STMT_END_F, COLUMNS, r), 1_700_000_000L, 0);
    }

    static byte[] payload(BinlogService s, long id, int rows) {
        try (BinlogCache c = s.newCache()) {
            fill(c, id, rows);
            return c.payload();
        }
    }

    static DecidedTxn txn(BinlogService s, long startTs, long commitTs) {
        return new DecidedTxn(startTs, commitTs, CommitPath.ONE_PC, payload(s, startTs, 2));
    }

    /** One event of a file, decoded where the protocol has a record for it. */
    record Ev(long offset, int typeCode, EventHeader header, BinlogEventBody body, CommitRecordEvent commit) {
        long end() {
            return offset + header.eventSize();
        }
    }

    /** Every event of {@code file}, CRCs checked by the protocol's reader. */
    static List<Ev> read(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            BinlogEventReader r = BinlogEventReader.ofFile(ch);
            List<Ev> out = new ArrayList<>();
            BinlogEvent e;
            while ((e = r.next()) != null) {
                int code = e.bytes().getUnsignedByte(4);
                BinlogEventType t = e.header().type();
                BinlogEventBody body = t == BinlogEventType.UNKNOWN || t == BinlogEventType.IGNORABLE || t.isRows()
                        ? null : e.decode();
                CommitRecordEvent cr = CommitRecordEvent.matches(code, e.body())
                        ? CommitRecordEvent.decode(e.body()) : null;
                out.add(new Ev(e.offset(), code, e.header(), body, cr));
            }
            return out;
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** A binlogged transaction as read back: its GTID, commit record and Xid. */
    record Txn(String file, GtidEvent gtid, CommitRecordEvent commit, long xid) {
    }

    static List<Txn> transactions(Path dir, List<String> files) {
        List<Txn> out = new ArrayList<>();
        for (String f : files) {
            GtidEvent g = null;
            CommitRecordEvent c = null;
            for (Ev e : read(dir.resolve(f))) {
                if (e.body() instanceof GtidEvent ge) {
                    g = ge;
                    c = null;
                } else if (e.commit() != null) {
                    c = e.commit();
                } else if (e.body() instanceof XidEvent x) {
                    out.add(new Txn(f, g, c, x.xid()));
                    g = null;
                }
            }
        }
        return out;
    }

    static List<String> names(BinlogService s) {
        return s.files().stream().map(BinlogFileInfo::name).toList();
    }

    static List<String> indexLines(BinlogConfig c) {
        try {
            return Files.readAllLines(c.indexFile(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs mariadb-binlog on {@code file}; returns exit code and merged output, or null if it is not installed. */
    static String[] mariadbBinlog(Path file) {
        Path tool = Path.of("/usr/bin/mariadb-binlog");
        if (!Files.isExecutable(tool)) {
            return null;
        }
        try {
            Process p = new ProcessBuilder(tool.toString(), "--base64-output=decode-rows", "-vv", file.toString())
                    .redirectErrorStream(true).start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            p.getInputStream().transferTo(out);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("mariadb-binlog did not finish");
            }
            return new String[] {Integer.toString(p.exitValue()), out.toString(StandardCharsets.UTF_8)};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
