package io.basalt.storage.binlog;

import io.basalt.storage.DirSync;
import io.basalt.storage.pipeline.SinkPosition;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The set of binlog files: the index, names, sizes and purging. A purge first records the last transaction
 * position it may remove ({@code <base>.purged}, so recovery still knows the binlog's durable position when every
 * file holding a transaction is gone), then rewrites the index, then deletes the files; a crash in between leaves
 * files missing from the index, which the next start deletes. Not thread-safe: guarded by the write lock.
 */
final class BinlogFiles {
    private static final Logger LOG = LoggerFactory.getLogger(BinlogFiles.class);

    private final BinlogConfig config;
    private final BinlogIndex index;
    /** The number of the first file when the index is empty: 1, or RESET MASTER TO's. */
    private long firstNumber = 1;

    BinlogFiles(BinlogConfig config, BinlogIndex index) {
        this.config = config;
        this.index = index;
    }

    List<String> names() {
        return index.names();
    }

    /** The name of the file after the newest one (the first file is {@code .000001}). */
    String nextName() {
        return index.isEmpty() ? BinlogFileName.of(config.baseName(), firstNumber)
                : BinlogFileName.next(config.baseName(), index.last());
    }

    void added(String name) throws IOException {
        index.append(name);
    }

    List<BinlogFileInfo> infos(String active, long activeSize) throws IOException {
        List<BinlogFileInfo> out = new ArrayList<>();
        for (String n : index.names()) {
            out.add(new BinlogFileInfo(n, n.equals(active) ? activeSize : Files.size(config.dir().resolve(n))));
        }
        return out;
    }

    /**
     * Deletes every file before {@code target} (PURGE BINARY LOGS TO).
     *
     * @throws IllegalArgumentException if {@code target} is not in the index
     */
    List<String> purgeTo(String target, SinkPosition durable) throws IOException {
        List<String> names = index.names();
        int at = names.indexOf(target);
        if (at < 0) {
            throw new IllegalArgumentException("target log " + target + " not found in the binlog index");
        }
        return purge(names.subList(0, at), durable);
    }

    /**
     * Deletes the oldest files last modified before {@code before}, stopping at the first newer one and never
     * deleting {@code active} (PURGE BINARY LOGS BEFORE, expire_logs).
     */
    List<String> purgeBefore(Instant before, String active, SinkPosition durable) throws IOException {
        List<String> names = index.names();
        int n = 0;
        while (n < names.size() && !names.get(n).equals(active)
                && Files.getLastModifiedTime(config.dir().resolve(names.get(n))).toInstant().isBefore(before)) {
            n++;
        }
        return purge(names.subList(0, n), durable);
    }

    /**
     * RESET MASTER: deletes every file (the caller has closed the active one) and empties the index, recording
     * {@code durable} first as a purge does; the next file is number {@code next}.
     */
    List<String> reset(SinkPosition durable, long next) throws IOException {
        List<String> gone = purge(index.names(), durable);
        firstNumber = next;
        return gone;
    }

    private List<String> purge(List<String> victims, SinkPosition durable) throws IOException {
        if (victims.isEmpty()) {
            return List.of();
        }
        List<String> gone = List.copyOf(victims);
        writePurgedPosition(durable);
        index.rewrite(index.names().subList(gone.size(), index.names().size()));
        for (String n : gone) {
            Files.deleteIfExists(config.dir().resolve(n));
        }
        DirSync.sync(config.dir());
        LOG.info("purged binlog files {} .. {} ({} files)", gone.get(0), gone.get(gone.size() - 1), gone.size());
        return gone;
    }

    private Path purgedFile() {
        return config.dir().resolve(config.baseName() + ".purged");
    }

    private void writePurgedPosition(SinkPosition p) throws IOException {
        SinkPosition old = readPurgedPosition(config);
        if (p.compareTo(old) <= 0) {
            return;
        }
        Path tmp = config.dir().resolve(config.baseName() + ".purged.tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.wrap((p.commitTs() + " " + p.startTs() + "\n")
                    .getBytes(StandardCharsets.US_ASCII));
            while (b.hasRemaining()) {
                ch.write(b);
            }
            ch.force(true);
        }
        Files.move(tmp, purgedFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        DirSync.sync(config.dir());
    }

    /** The position recorded by the last purge, ZERO if none. */
    static SinkPosition readPurgedPosition(BinlogConfig config) throws IOException {
        Path f = config.dir().resolve(config.baseName() + ".purged");
        if (!Files.exists(f)) {
            return SinkPosition.ZERO;
        }
        String[] parts = Files.readString(f, StandardCharsets.US_ASCII).trim().split(" ");
        return new SinkPosition(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
    }
}
