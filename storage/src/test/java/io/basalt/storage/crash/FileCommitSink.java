package io.basalt.storage.crash;

import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.CommitSink;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.SinkPosition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A durable {@link CommitSink} standing in for the binlog in crash tests: each delivered transaction is appended as
 * one line {@code commitTs startTs path payloadHex}, and the file is fsynced before {@link #deliver} returns. On
 * open the file is read back (a torn last line, left by a process killed mid-write, is truncated away) to answer
 * {@link #durablePosition} and {@link #recordedCommitTs}. It records what it is given without judging it: the
 * crash tests check order and uniqueness from the file.
 */
public final class FileCommitSink implements CommitSink, AutoCloseable {
    private static final HexFormat HEX = HexFormat.of();

    private final FileChannel channel;
    private final List<DecidedTxn> records;
    private final Map<Long, DecidedTxn> byStartTs = new HashMap<>();

    private FileCommitSink(FileChannel channel, List<DecidedTxn> records) {
        this.channel = channel;
        this.records = records;
        records.forEach(r -> byStartTs.put(r.startTs(), r));
    }

    /** Opens (creating if needed) the sink file, dropping a torn last line. */
    public static FileCommitSink open(Path file) {
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            byte[] all = Files.readAllBytes(file);
            int end = 0;
            for (int i = all.length - 1; i >= 0; i--) {
                if (all[i] == '\n') {
                    end = i + 1;
                    break;
                }
            }
            List<DecidedTxn> recs = parse(new String(all, 0, end, StandardCharsets.US_ASCII));
            if (end < all.length) {
                ch.truncate(end);
                ch.force(true);
            }
            ch.position(end);
            return new FileCommitSink(ch, recs);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open sink file " + file, e);
        }
    }

    /** Reads every complete record of a sink file (a torn last line is ignored), in file order. */
    public static List<DecidedTxn> read(Path file) {
        try {
            if (!Files.exists(file)) {
                return List.of();
            }
            String s = Files.readString(file, StandardCharsets.US_ASCII);
            int end = s.lastIndexOf('\n') + 1;
            return parse(s.substring(0, end));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<DecidedTxn> parse(String text) {
        List<DecidedTxn> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split(" ", -1);
            if (f.length != 4) {
                throw new IllegalStateException("corrupt sink record: '" + line + "'");
            }
            out.add(new DecidedTxn(Long.parseLong(f[1]), Long.parseLong(f[0]), CommitPath.valueOf(f[2]),
                    HEX.parseHex(f[3])));
        }
        return out;
    }

    @Override
    public synchronized void deliver(List<DecidedTxn> group) {
        StringBuilder sb = new StringBuilder();
        for (DecidedTxn t : group) {
            sb.append(t.commitTs()).append(' ').append(t.startTs()).append(' ').append(t.path().name()).append(' ')
                    .append(HEX.formatHex(t.payload())).append('\n');
        }
        ByteBuffer buf = ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.US_ASCII));
        try {
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
            channel.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("sink write failed", e);
        }
        for (DecidedTxn t : group) {
            records.add(t);
            byStartTs.putIfAbsent(t.startTs(), t);
        }
    }

    @Override
    public synchronized SinkPosition durablePosition() {
        return records.isEmpty() ? SinkPosition.ZERO : records.get(records.size() - 1).position();
    }

    @Override
    public synchronized OptionalLong recordedCommitTs(long startTs) {
        DecidedTxn t = byStartTs.get(startTs);
        return t == null ? OptionalLong.empty() : OptionalLong.of(t.commitTs());
    }

    public synchronized List<DecidedTxn> records() {
        return List.copyOf(records);
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
