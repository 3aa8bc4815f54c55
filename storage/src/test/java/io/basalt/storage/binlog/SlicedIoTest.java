package io.basalt.storage.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Large heap buffers move through a file channel slice by slice, byte for byte. */
class SlicedIoTest {
    @TempDir
    Path dir;

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    @Test
    void writesAndReadsBackBuffersLargerThanASlice() throws IOException {
        byte[] data = random(2 * SlicedIo.SLICE + 12345);
        Path f = dir.resolve("f");
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.READ)) {
            ch.write(ByteBuffer.wrap(new byte[] {9, 9, 9}));
            ByteBuffer w = ByteBuffer.wrap(data, 100, data.length - 100);
            SlicedIo.writeFully(ch, w);
            assertThat(w.hasRemaining()).isFalse();
            assertThat(w.limit()).as("the caller's limit is restored").isEqualTo(data.length);
            assertThat(ch.size()).isEqualTo(3 + data.length - 100);

            ByteBuffer one = ByteBuffer.allocate(3 * SlicedIo.SLICE);
            assertThat(SlicedIo.read(ch, one, 3)).as("one call moves one slice at most").isEqualTo(SlicedIo.SLICE);
            assertThat(one.limit()).isEqualTo(one.capacity());
            assertThat(one.array()).startsWith(Arrays.copyOfRange(data, 100, 100 + SlicedIo.SLICE));
        }
        assertThat(Arrays.copyOfRange(Files.readAllBytes(f), 3, 3 + data.length - 100))
                .isEqualTo(Arrays.copyOfRange(data, 100, data.length));
    }
}
