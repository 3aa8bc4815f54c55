package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.codec.MvccKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDBException;

/** A long value (default column family, at least blob_min_size_kb) is flushed to a blob file and reads back. */
class BlobFilesTest extends OneShardTestBase {

    private long blobFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("engine"))) {
            return files.filter(p -> p.toString().endsWith(".blob")).count();
        }
    }

    @Test
    void aLongValueGoesToABlobFileAndReadsBack() throws IOException, RocksDBException {
        open(0);
        byte[] large = new byte[9 * 1024];
        Arrays.fill(large, (byte) 'L');
        byte[] small = b("short value, stays in an SST block");
        apply(t -> {
            t.putValue(b("a"), 10, large);
            t.putValue(b("b"), 10, small);
        });
        assertThat(blobFiles()).isZero();
        try (FlushOptions fo = new FlushOptions().setWaitForFlush(true)) {
            shard.db().flush(fo, shard.defaultCf());
        }
        assertThat(blobFiles()).as("the long value's blob file").isEqualTo(1);
        try (ShardSnapshot snap = shard.snapshot()) {
            assertThat(snap.get(shard.defaultCf(), MvccKeys.versionKey(b("a"), 10))).isEqualTo(large);
            assertThat(snap.get(shard.defaultCf(), MvccKeys.versionKey(b("b"), 10))).isEqualTo(small);
        }
    }
}
