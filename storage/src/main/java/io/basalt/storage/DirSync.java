package io.basalt.storage;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** fsync of a directory, so that a created, renamed or deleted file name survives a crash. Stateless. */
public final class DirSync {
    private DirSync() {
    }

    public static void sync(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }
}
