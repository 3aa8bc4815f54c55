package io.basalt.storage.binlog;

import io.basalt.storage.DirSync;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The index file {@code <base>.index} (spec §3.2): one {@code ./<file>} line per binlog, oldest first. Appends are
 * fsynced; a purge rewrites the whole file through a temporary file and an atomic rename, so a crash leaves either
 * the old or the new list. Reading follows MariaDB: an empty line ends the list, an unterminated last line (a torn
 * append) is ignored. Not thread-safe: {@link BinlogService} guards it with its write lock.
 */
final class BinlogIndex {
    private final Path file;
    private final List<String> names;

    private BinlogIndex(Path file, List<String> names) {
        this.file = file;
        this.names = names;
    }

    /** Reads the index, or starts an empty one if it does not exist. */
    static BinlogIndex load(Path file) {
        List<String> names = new ArrayList<>();
        try {
            if (Files.exists(file)) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                int start = 0;
                int nl;
                while ((nl = text.indexOf('\n', start)) >= 0) {
                    String line = text.substring(start, nl);
                    if (line.isEmpty()) {
                        break;
                    }
                    names.add(baseName(line));
                    start = nl + 1;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read binlog index " + file, e);
        }
        return new BinlogIndex(file, names);
    }

    private static String baseName(String line) {
        int slash = line.lastIndexOf('/');
        return slash < 0 ? line : line.substring(slash + 1);
    }

    /** Base names, oldest first (a copy). */
    List<String> names() {
        return List.copyOf(names);
    }

    boolean isEmpty() {
        return names.isEmpty();
    }

    String last() {
        return names.get(names.size() - 1);
    }

    boolean contains(String name) {
        return names.contains(name);
    }

    /** Appends a file whose header is already durable, and fsyncs the index. */
    void append(String name) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            ByteBuffer line = ByteBuffer.wrap(("./" + name + "\n").getBytes(StandardCharsets.UTF_8));
            while (line.hasRemaining()) {
                ch.write(line);
            }
            ch.force(true);
        }
        boolean created = names.isEmpty();
        names.add(name);
        if (created) {
            DirSync.sync(file.getParent());
        }
    }

    /** Replaces the list (after a purge or when recovery drops entries) atomically. */
    void rewrite(List<String> newNames) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        StringBuilder sb = new StringBuilder();
        newNames.forEach(n -> sb.append("./").append(n).append('\n'));
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8));
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        DirSync.sync(file.getParent());
        names.clear();
        names.addAll(newNames);
    }
}
