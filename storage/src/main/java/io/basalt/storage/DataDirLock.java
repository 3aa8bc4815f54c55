package io.basalt.storage;

import io.basalt.storage.error.StorageException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** An exclusive OS lock on the data directory, so a second instance refuses to start on it. */
final class DataDirLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static DataDirLock acquire(Path dir) {
        try {
            Files.createDirectories(dir);
            FileChannel ch = FileChannel.open(dir.resolve("basalt.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock l;
            try {
                l = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                l = null;
            }
            if (l == null) {
                ch.close();
                throw new StorageException("data directory " + dir.toAbsolutePath()
                        + " is already in use by another Basalt instance");
            }
            return new DataDirLock(ch, l);
        } catch (IOException e) {
            throw new StorageException("cannot lock data directory " + dir.toAbsolutePath() + ": " + e.getMessage(),
                    e);
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new StorageException("cannot release data directory lock", e);
        }
    }
}
