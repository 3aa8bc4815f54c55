package io.basalt.sql.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.protocol.error.MySqlException;
import io.basalt.storage.testing.Await;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MetadataLocksTest {
    private final MetadataLocks locks = new MetadataLocks();

    @Test
    void sharedLeasesCoexistAndBlockExclusiveUntilReleased() throws Exception {
        MetadataLocks.Lease a = locks.shared("db", "t", 1000);
        MetadataLocks.Lease b = locks.shared("db", "t", 1000);
        assertThatThrownBy(() -> locks.exclusive("db", "t", 50)).isInstanceOf(MySqlException.class)
                .extracting(e -> ((MySqlException) e).code()).isEqualTo(1205);
        a.close();
        // released on another thread than the one that acquired it
        CompletableFuture.runAsync(b::close).get(5, TimeUnit.SECONDS);
        locks.exclusive("db", "t", 1000).close();
    }

    @Test
    void namesAreCaseSensitiveAndIndependent() {
        MetadataLocks.Lease ddl = locks.exclusive("db", "t", 1000);
        locks.shared("db", "T", 100).close();
        locks.shared("db2", "t", 100).close();
        assertThatThrownBy(() -> locks.shared("db", "t", 50)).isInstanceOf(MySqlException.class);
        ddl.close();
        locks.shared("db", "t", 50).close();
    }

    @Test
    void waitingDdlIsNotStarvedByNewReaders() throws Exception {
        MetadataLocks.Lease reader = locks.shared("db", "t", 1000);
        CountDownLatch ddlGranted = new CountDownLatch(1);
        CompletableFuture<Void> ddl = CompletableFuture.runAsync(() -> {
            locks.exclusive("db", "t", 10_000).close();
            ddlGranted.countDown();
        });
        // new readers get in until the DDL's request is queued, then they wait behind it
        Await.until("a new reader queues behind the waiting DDL", () -> {
            try {
                locks.shared("db", "t", 20).close();
                return false;
            } catch (MySqlException e) {
                return e.code() == 1205;
            }
        });
        assertThat(ddlGranted.getCount()).isEqualTo(1);
        reader.close();
        ddl.get(5, TimeUnit.SECONDS);
        assertThat(ddlGranted.getCount()).isZero();
    }

    @Test
    void closingTwiceReleasesOnce() {
        MetadataLocks.Lease a = locks.shared("db", "t", 1000);
        a.close();
        a.close();
        MetadataLocks.Lease b = locks.shared("db", "t", 1000);
        assertThatThrownBy(() -> locks.exclusive("db", "t", 50)).isInstanceOf(MySqlException.class);
        b.close();
        locks.exclusive("db", "t", 50).close();
    }
}
