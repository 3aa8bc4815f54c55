package io.basalt.storage.binlog;

import io.basalt.storage.DirSync;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@link BinlogService#open} does to the files before writing (spec §3.3, adapted): reconcile the directory
 * with the index, then scan the last file. A last file whose FDE still has LOG_EVENT_BINLOG_IN_USE_F was not
 * closed cleanly: whatever follows its last complete group (an unfinished transaction, a torn or damaged event) is
 * truncated and the flag cleared. The scan rebuilds the GTID state (the header's Gtid_list plus the file's GTIDs)
 * and the commit records after the last checkpoint. Leftover cache files are listed, not deleted: an outbox record
 * may still name one until storage recovery has run. Single-threaded; logs what it changes.
 */
final class BinlogRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(BinlogRecovery.class);

    private BinlogRecovery() {
    }

    record Result(BinlogIndex index, GtidState state, CommitTsIndex commits, List<Path> leftoverCaches,
                  boolean crashed) {
    }

    static Result run(BinlogConfig config) throws IOException {
        Files.createDirectories(config.cacheDir());
        BinlogIndex index = BinlogIndex.load(config.indexFile());
        for (String n : index.names()) {
            if (!Files.exists(config.dir().resolve(n))) {
                throw new IllegalStateException("binlog file " + n + " is listed in " + config.indexFile()
                        + " but missing");
            }
        }
        reconcileOrphans(config, index);
        List<Path> leftovers = leftoverCaches(config);
        GtidState state = new GtidState();
        List<String> names = index.names();
        if (names.isEmpty()) {
            return new Result(index, state, new CommitTsIndex(config.dir(), names, List.of()), leftovers, false);
        }
        String last = names.get(names.size() - 1);
        BinlogFileScan scan = repairLast(config.dir().resolve(last));
        state.recordAll(scan.headerGtidList);
        state.recordAll(scan.gtids);
        List<BinlogFileScan> scans = new ArrayList<>();
        int from = scan.checkpoint == null ? names.size() - 1 : Math.max(0, names.indexOf(scan.checkpoint));
        for (int i = from; i < names.size() - 1; i++) {
            scans.add(BinlogFileScan.scan(config.dir().resolve(names.get(i))));
        }
        scans.add(scan);
        return new Result(index, state, new CommitTsIndex(config.dir(), names, scans),
                leftovers, scan.inUse);
    }

    /** Truncates the unfinished tail of the last file and clears its in-use flag. */
    private static BinlogFileScan repairLast(Path file) throws IOException {
        String name = file.getFileName().toString();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            BinlogFileScan scan = BinlogFileScan.scan(name, ch);
            if (scan.checkpoint == null) {
                throw new IllegalStateException("binlog " + file + " has no complete header"
                        + (scan.tailProblem == null ? "" : " (" + scan.tailProblem + ")"));
            }
            if (scan.inUse) {
                LOG.warn("binlog {} was not closed cleanly (in-use flag set): recovering it", name);
            }
            if (scan.hasTail()) {
                LOG.warn("binlog {}: truncated from {} to {} bytes, cutting {} whole events of an unfinished"
                        + " transaction{}", name, scan.fileSize, scan.goodEnd, scan.tailEvents,
                        scan.tailProblem == null ? "" : " and then a bad event (" + scan.tailProblem + ")");
                ch.truncate(scan.goodEnd);
            }
            if (scan.inUse || scan.hasTail()) {
                BinlogFileWriter.clearInUse(ch);
                ch.force(true);
            }
            return scan;
        }
    }

    /**
     * Binlog files missing from the index: a complete file right after the last indexed one is a rename commit cut
     * short before its index update and is adopted (its transaction may be decided in storage); anything else is a
     * leftover of a purge or of a file creation, and is deleted.
     */
    private static void reconcileOrphans(BinlogConfig config, BinlogIndex index) throws IOException {
        TreeMap<Long, Path> orphans = new TreeMap<>();
        try (Stream<Path> s = Files.list(config.dir())) {
            s.forEach(p -> {
                String n = p.getFileName().toString();
                long num = BinlogFileName.number(config.baseName(), n);
                if (num > 0 && !index.contains(n) && Files.isRegularFile(p)) {
                    orphans.put(num, p);
                }
            });
        }
        long last = index.isEmpty() ? 0 : BinlogFileName.number(config.baseName(), index.last());
        for (var e : orphans.entrySet()) {
            Path p = e.getValue();
            if (e.getKey() == last + 1 && completeHeader(p)) {
                index.append(p.getFileName().toString());
                last++;
                LOG.warn("binlog {} was missing from the index (a rename commit interrupted by a crash): adopted",
                        p.getFileName());
            } else {
                Files.delete(p);
                LOG.warn("deleted binlog {}: not in the index (left by an interrupted purge or file creation)",
                        p.getFileName());
            }
        }
        if (!orphans.isEmpty()) {
            DirSync.sync(config.dir());
        }
    }

    private static boolean completeHeader(Path p) throws IOException {
        return BinlogFileScan.scan(p).checkpoint != null;
    }

    private static List<Path> leftoverCaches(BinlogConfig config) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(config.cacheDir())) {
            s.filter(Files::isRegularFile).forEach(p -> {
                if (p.getFileName().toString().startsWith(SpilledCache.PREFIX)) {
                    out.add(p);
                } else {
                    LOG.warn("{} is in {} but is not a binlog cache file; left alone", p.getFileName(),
                            config.cacheDir());
                }
            });
        }
        return out;
    }
}
