package io.basalt.storage.binlog;

import io.basalt.storage.pipeline.SinkPosition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * startTs → commitTs of the transactions in the binlog, from their commit records, for storage recovery
 * ({@code CommitSink.recordedCommitTs}, {@code durablePosition}). Built at open from the files after the last
 * checkpoint; a start ts not found there makes it scan older files, newest first, but only while they can still
 * hold it: files are in commit-ts order and a transaction commits after it starts, so once a file's first commit ts
 * is at most the start ts, no older file has the transaction. Two primitive arrays (16 bytes a transaction) keep a
 * 1 GiB file's worth affordable; lookups are linear, there are only a few (2PC transactions caught between binlog
 * and primary commit). Dropped after storage recovery. Thread-safe (synchronized).
 */
final class CommitTsIndex {
    private static final Logger LOG = LoggerFactory.getLogger(CommitTsIndex.class);

    private final Path dir;
    private final List<String> files;
    private int scannedFrom;
    private long oldestFirstCommitTs = Long.MAX_VALUE;
    private long[] starts = new long[1024];
    private long[] commits = new long[1024];
    private int size;
    private SinkPosition last = SinkPosition.ZERO;
    private boolean released;

    /**
     * @param files every file of the binlog, oldest first
     * @param scans the scans of the newest files (a suffix of {@code files}), oldest first
     */
    CommitTsIndex(Path dir, List<String> files, List<BinlogFileScan> scans) {
        this.dir = dir;
        this.files = List.copyOf(files);
        this.scannedFrom = files.size();
        for (int i = scans.size() - 1; i >= 0; i--) {
            add(scans.get(i));
        }
    }

    synchronized OptionalLong lookup(long startTs) {
        if (released) {
            throw new IllegalStateException("the commit ts index is only kept for storage recovery");
        }
        while (true) {
            for (int i = 0; i < size; i++) {
                if (starts[i] == startTs) {
                    return OptionalLong.of(commits[i]);
                }
            }
            if (scannedFrom == 0 || oldestFirstCommitTs <= startTs) {
                return OptionalLong.empty();
            }
            scanOlder();
        }
    }

    /** The last transaction of the binlog (ZERO if it holds none), scanning back past files without any. */
    synchronized SinkPosition last() {
        while (last.equals(SinkPosition.ZERO) && scannedFrom > 0 && !released) {
            scanOlder();
        }
        return last;
    }

    synchronized void release() {
        released = true;
        starts = new long[0];
        commits = new long[0];
        size = 0;
    }

    private void scanOlder() {
        String name = files.get(scannedFrom - 1);
        try {
            LOG.info("binlog recovery: scanning {} for commit records", name);
            add(BinlogFileScan.scan(dir.resolve(name)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read binlog " + name, e);
        }
    }

    /** Adds the scan of the file just before those scanned so far. */
    private void add(BinlogFileScan scan) {
        scannedFrom--;
        List<CommitRecordEvent> recs = scan.commits;
        if (recs.isEmpty()) {
            return;
        }
        oldestFirstCommitTs = recs.get(0).commitTs();
        if (last.equals(SinkPosition.ZERO)) {
            CommitRecordEvent r = recs.get(recs.size() - 1);
            last = new SinkPosition(r.commitTs(), r.startTs());
        }
        if (size + recs.size() > starts.length) {
            int cap = Math.max(starts.length * 2, size + recs.size());
            starts = Arrays.copyOf(starts, cap);
            commits = Arrays.copyOf(commits, cap);
        }
        for (CommitRecordEvent r : recs) {
            starts[size] = r.startTs();
            commits[size] = r.commitTs();
            size++;
        }
    }
}
