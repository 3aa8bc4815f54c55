package io.basalt.it.replica;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import com.github.shyiko.mysql.binlog.network.ServerException;
import io.basalt.it.BasaltServerProcess;
import io.basalt.it.MariaDbReference;
import io.basalt.it.SqlEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A dump asked to start from a GTID the binlog does not hold (a sequence number beyond the last one written) is
 * refused the way MariaDB 10.11 refuses it: the client sees an ERR packet with error 1236 and no event, side by side
 * with a MariaDB reference that logs the same statements.
 */
class GtidStartErrorTest {
    private BasaltServerProcess basalt;
    private MariaDbReference mariadb;

    @BeforeEach
    void start() {
        assumeTrue(MariaDbReference.unavailableReason().isEmpty(),
                () -> "no MariaDB reference: " + MariaDbReference.unavailableReason().orElseThrow());
        basalt = BasaltServerProcess.start();
        mariadb = MariaDbReference.start(List.of("--log-bin=mbin", "--server-id=1"));
    }

    @AfterEach
    void stop() {
        try {
            if (mariadb != null) {
                mariadb.close();
            }
        } finally {
            if (basalt != null) {
                basalt.close();
            }
        }
    }

    @Test
    void aGtidBeyondTheBinlogIsRefusedWithError1236() throws Exception {
        for (SqlEndpoint server : List.of(mariadb, basalt)) {
            try (Connection c = server.mariadb("", ""); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE ge");
                st.execute("CREATE TABLE ge.t (id INT PRIMARY KEY)");
                st.execute("INSERT INTO ge.t VALUES (1), (2)");
            }
        }
        ServerException expected = refusal(mariadb);
        assertThat(expected.getErrorCode()).as("the reference's refusal: %s", expected.getMessage()).isEqualTo(1236);
        ServerException actual = refusal(basalt);
        assertThat(actual.getErrorCode()).as("Basalt's refusal: %s (MariaDB: %s)", actual.getMessage(),
                expected.getMessage()).isEqualTo(expected.getErrorCode());
        assertThat(actual.getSqlState()).isEqualTo(expected.getSqlState());
    }

    /** The error a non-blocking dump from GTID 0-1-1000 ends with; fails if it ends without one or with events. */
    private static ServerException refusal(SqlEndpoint server) throws Exception {
        List<Exception> failures = new CopyOnWriteArrayList<>();
        List<Object> rows = new CopyOnWriteArrayList<>();
        BinaryLogClient client = new BinaryLogClient(server.host(), server.port(), "root", "");
        client.setServerId(4545);
        client.setKeepAlive(false);
        client.setBlocking(false);
        client.setGtidSet("0-1-1000");
        client.registerEventListener(e -> {
            if (e.getHeader().getEventType().name().endsWith("ROWS")) {
                rows.add(e);
            }
        });
        client.registerLifecycleListener(new BinaryLogClient.AbstractLifecycleListener() {
            @Override
            public void onCommunicationFailure(BinaryLogClient c, Exception ex) {
                failures.add(ex);
            }

            @Override
            public void onEventDeserializationFailure(BinaryLogClient c, Exception ex) {
                failures.add(ex);
            }
        });
        try {
            client.connect();
        } catch (ServerException e) {
            failures.add(e);
        }
        assertThat(rows).as("%s sent row events", server.name()).isEmpty();
        assertThat(failures).as("%s: how the dump ended", server.name()).hasSize(1)
                .first().isInstanceOf(ServerException.class);
        return (ServerException) failures.get(0);
    }
}
