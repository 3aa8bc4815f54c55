package io.basalt.it.replica;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import com.github.shyiko.mysql.binlog.event.DeleteRowsEventData;
import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventData;
import com.github.shyiko.mysql.binlog.event.MariadbGtidEventData;
import com.github.shyiko.mysql.binlog.event.TableMapEventData;
import com.github.shyiko.mysql.binlog.event.UpdateRowsEventData;
import com.github.shyiko.mysql.binlog.event.WriteRowsEventData;
import com.github.shyiko.mysql.binlog.event.deserialization.EventDeserializer;
import io.basalt.it.BasaltServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * mysql-binlog-connector-java (com.zendesk; what Debezium's MariaDB connector embeds) streams Basalt's binlog: from a
 * file and position, from a MariaDB GTID position, non-blocking to the end and blocking while new commits arrive;
 * it decodes every event it gets and sees each row change with its values. The blocking test writes more and so
 * runs last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BinlogConnectorTest {
    private static BasaltServerProcess basalt;
    private static String positionAfterSetup;

    @BeforeAll
    static void start() throws SQLException {
        basalt = BasaltServerProcess.start();
        Sql.exec(basalt, "CREATE DATABASE cdc", "CREATE TABLE cdc.t (id INT PRIMARY KEY, v VARCHAR(20), n BIGINT)",
                "INSERT INTO cdc.t VALUES (1, 'a', 10), (2, 'b', 20)");
        positionAfterSetup = Sql.value(basalt, "SELECT @@gtid_binlog_pos");
        Sql.exec(basalt, "UPDATE cdc.t SET v = 'c' WHERE id = 2", "DELETE FROM cdc.t WHERE id = 1");
    }

    @AfterAll
    static void stop() {
        if (basalt != null) {
            basalt.close();
        }
    }

    /** What a client saw: every event, and deserialization failures (there must be none). */
    private static final class Stream {
        final List<Event> events = new CopyOnWriteArrayList<>();
        final List<Exception> failures = new CopyOnWriteArrayList<>();

        List<EventData> data(Class<? extends EventData> type) {
            return events.stream().<EventData>map(e -> e.getData()).filter(type::isInstance).toList();
        }
    }

    private static BinaryLogClient client(Stream stream) {
        BinaryLogClient client = new BinaryLogClient(basalt.host(), basalt.port(), "root", "");
        client.setServerId(4242);
        EventDeserializer deserializer = new EventDeserializer();
        deserializer.setCompatibilityMode(EventDeserializer.CompatibilityMode.CHAR_AND_BINARY_AS_BYTE_ARRAY);
        client.setEventDeserializer(deserializer);
        client.setKeepAlive(false);
        client.registerEventListener(stream.events::add);
        client.registerLifecycleListener(new BinaryLogClient.AbstractLifecycleListener() {
            @Override
            public void onEventDeserializationFailure(BinaryLogClient c, Exception ex) {
                stream.failures.add(ex);
            }

            @Override
            public void onCommunicationFailure(BinaryLogClient c, Exception ex) {
                stream.failures.add(ex);
            }
        });
        return client;
    }

    private static List<String> rows(List<Serializable[]> rows) {
        return rows.stream().map(r -> Arrays.stream(r)
                .map(v -> v instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(v))
                .toList().toString()).toList();
    }

    private static void assertEveryChange(Stream s) {
        assertThat(s.failures).isEmpty();
        List<String> tables = s.data(TableMapEventData.class).stream()
                .map(d -> ((TableMapEventData) d).getDatabase() + "." + ((TableMapEventData) d).getTable()).toList();
        assertThat(tables).containsOnly("cdc.t");
        List<String> written = new ArrayList<>();
        s.data(WriteRowsEventData.class).forEach(d -> written.addAll(rows(((WriteRowsEventData) d).getRows())));
        assertThat(written).containsExactly("[1, a, 10]", "[2, b, 20]");
        List<String> updated = new ArrayList<>();
        for (EventData d : s.data(UpdateRowsEventData.class)) {
            for (Map.Entry<Serializable[], Serializable[]> e : ((UpdateRowsEventData) d).getRows()) {
                updated.addAll(rows(List.of(e.getKey(), e.getValue())));
            }
        }
        assertThat(updated).containsExactly("[2, b, 20]", "[2, c, 20]");
        List<String> deleted = new ArrayList<>();
        s.data(DeleteRowsEventData.class).forEach(d -> deleted.addAll(rows(((DeleteRowsEventData) d).getRows())));
        assertThat(deleted).containsExactly("[1, a, 10]");
    }

    @Test
    @Order(1)
    void streamsFromFileAndPositionToTheEnd() throws Exception {
        Stream s = new Stream();
        BinaryLogClient client = client(s);
        client.setBinlogFilename("basalt-bin.000001");
        client.setBinlogPosition(4);
        client.setBlocking(false);
        client.connect();
        assertEveryChange(s);
        assertThat(client.getBinlogFilename()).isEqualTo("basalt-bin.000001");
        assertThat(client.getBinlogPosition()).as("the client followed the positions to the end of the binlog")
                .isEqualTo(Long.parseLong(Sql.value(basalt, "SHOW MASTER STATUS", 2)));
    }

    @Test
    @Order(2)
    void streamsFromAMariaDbGtidPosition() throws Exception {
        Stream all = new Stream();
        BinaryLogClient client = client(all);
        client.setGtidSet("");
        client.setBlocking(false);
        client.connect();
        assertEveryChange(all);
        List<Long> seqs = all.data(MariadbGtidEventData.class).stream()
                .map(d -> ((MariadbGtidEventData) d).getSequence()).toList();
        assertThat(seqs).isSorted().doesNotHaveDuplicates().hasSize(5);
        assertThat(client.getGtidSet()).isEqualTo(Sql.value(basalt, "SELECT @@gtid_binlog_pos"));

        Stream rest = new Stream();
        BinaryLogClient resumed = client(rest);
        resumed.setGtidSet(positionAfterSetup);
        resumed.setBlocking(false);
        resumed.connect();
        assertThat(rest.failures).isEmpty();
        assertThat(rest.data(WriteRowsEventData.class)).as("the inserts are before the start").isEmpty();
        assertThat(rest.data(UpdateRowsEventData.class)).hasSize(1);
        assertThat(rest.data(DeleteRowsEventData.class)).hasSize(1);
    }

    @Test
    @Order(3)
    void blockingStreamSeesNewCommits() throws Exception {
        Stream s = new Stream();
        BinaryLogClient client = client(s);
        client.setGtidSet(Sql.value(basalt, "SELECT @@gtid_binlog_pos"));
        client.connect(TimeUnit.SECONDS.toMillis(20));
        try {
            Sql.exec(basalt, "INSERT INTO cdc.t VALUES (30, 'live', 300)");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (s.data(WriteRowsEventData.class).isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(s.failures).isEmpty();
            List<String> written = new ArrayList<>();
            s.data(WriteRowsEventData.class).forEach(d -> written.addAll(rows(((WriteRowsEventData) d).getRows())));
            assertThat(written).containsExactly("[30, live, 300]");
        } finally {
            client.disconnect();
        }
    }
}
