package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDBException;

/**
 * The write CF's prefix bloom filters: point reads through them find every version, in the memtables and in flushed
 * files, of row keys, of longer keys that share a row key's prefix and of shorter keys; range iterators, which seek
 * in total order, still find keys after a seek target no filter knows.
 */
class PrefixFilterTest extends OneShardTestBase {
    private static final byte[] ROW = TableKeys.rowKey(7, 1000);
    /** Index-entry-like keys longer than a row key whose encoded forms share the filter prefix. */
    private static final byte[] LONG_A = Arrays.copyOf(ROW, 30);
    private static final byte[] LONG_B = longKey((byte) 1);
    private static final byte[] SHORT = b("m_short");

    private static byte[] longKey(byte last) {
        byte[] k = Arrays.copyOf(ROW, 30);
        k[29] = last;
        return k;
    }

    private static Write put(long startTs, String value) {
        return new Write(WriteType.PUT, startTs, b(value));
    }

    private void flushWrites() throws RocksDBException {
        try (FlushOptions fo = new FlushOptions().setWaitForFlush(true)) {
            shard.db().flush(fo, shard.writeCf());
        }
    }

    private List<String> versions(byte[] key) {
        try (MvccReader r = new MvccReader(shard.snapshot())) {
            return r.writesBetween(key, 0, Long.MAX_VALUE).stream()
                    .map(vw -> vw.commitTs() + "=" + new String(vw.write().shortValue))
                    .toList();
        }
    }

    @Test
    void theFilterPrefixOfAKeyLongerThanARowKeyIsShared() {
        assertThat(MvccKeys.encodeUserKey(ROW)).hasSize(MvccKeys.FILTER_PREFIX_LENGTH);
        assertThat(Arrays.copyOf(MvccKeys.encodeUserKey(LONG_A), MvccKeys.FILTER_PREFIX_LENGTH))
                .isEqualTo(Arrays.copyOf(MvccKeys.encodeUserKey(LONG_B), MvccKeys.FILTER_PREFIX_LENGTH));
        assertThat(MvccKeys.encodeUserKey(SHORT).length).isLessThan(MvccKeys.FILTER_PREFIX_LENGTH);
    }

    @Test
    void pointReadsFindEveryVersionInFilesAndMemtables() throws RocksDBException {
        open(0);
        apply(t -> {
            for (byte[] k : List.of(ROW, LONG_A, LONG_B, SHORT)) {
                t.putWrite(k, 20, put(10, "old"));
            }
        });
        flushWrites();
        apply(t -> {
            t.putWrite(ROW, 40, put(30, "new"));
            t.putWrite(LONG_B, 40, put(30, "new"));
            t.putWrite(SHORT, 40, put(30, "new"));
        });
        assertThat(versions(ROW)).containsExactly("40=new", "20=old");
        assertThat(versions(LONG_A)).containsExactly("20=old");
        assertThat(versions(LONG_B)).containsExactly("40=new", "20=old");
        assertThat(versions(SHORT)).containsExactly("40=new", "20=old");
        assertThat(versions(TableKeys.rowKey(7, 1001))).isEmpty();
        try (MvccReader r = new MvccReader(shard.snapshot())) {
            assertThat(r.get(ROW, 39)).isEqualTo(b("old"));
            assertThat(r.get(LONG_A, Long.MAX_VALUE)).isEqualTo(b("old"));
            VersionedWrite newest = r.seekWrite(LONG_B, Long.MAX_VALUE);
            assertThat(newest.commitTs()).isEqualTo(40);
        }
    }

    @Test
    void aRangeSeekFindsTheNextKeyInAFileWhoseFilterLacksTheTarget() throws RocksDBException {
        open(0);
        apply(t -> t.putWrite(TableKeys.rowKey(7, 20), 20, put(10, "v")));
        flushWrites();
        apply(t -> t.putWrite(TableKeys.rowKey(7, 30), 20, put(10, "w")));
        try (ShardSnapshot snap = shard.snapshot();
             BoundedIterator it = snap.iterator(shard.writeCf(), null, null)) {
            it.seek(MvccKeys.versionKey(TableKeys.rowKey(7, 15), Long.MAX_VALUE));
            assertThat(it.valid()).isTrue();
            assertThat(MvccKeys.stripTs(it.key())).isEqualTo(MvccKeys.encodeUserKey(TableKeys.rowKey(7, 20)));
            it.seek(MvccKeys.versionKey(TableKeys.rowKey(7, 25), Long.MAX_VALUE));
            assertThat(it.valid()).isTrue();
            assertThat(MvccKeys.stripTs(it.key())).isEqualTo(MvccKeys.encodeUserKey(TableKeys.rowKey(7, 30)));
        }
    }
}
