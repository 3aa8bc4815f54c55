package io.basalt.it.replica;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventData;
import com.github.shyiko.mysql.binlog.event.EventType;
import com.github.shyiko.mysql.binlog.event.MariadbGtidEventData;
import com.github.shyiko.mysql.binlog.event.RotateEventData;
import com.github.shyiko.mysql.binlog.event.WriteRowsEventData;
import io.basalt.it.BasaltServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * mysql-binlog-connector-java against a Basalt binlog without checksums that rotates every few KiB: the client must
 * strip no checksum bytes (it learns NONE from the server), follow every Rotate across files in position mode, find
 * a GTID start position in a later file, and accept the heartbeats it asks for while idle.
 */
class BinlogConnectorRotationTest {
    private static final String BASALT_CONFIG = """
            binlog:
              binlog_checksum: NONE
              max_binlog_size: 4096
            """;
    private static final int ROWS = 200;
    private static final int RESUME_AFTER = 120;

    private static BasaltServerProcess basalt;
    private static String positionMidway;

    @BeforeAll
    static void start() throws SQLException {
        basalt = BasaltServerProcess.start(BasaltServerProcess.Options.defaults().withConfigYaml(BASALT_CONFIG));
        try (Connection c = basalt.mariadb("", ""); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE rot");
            st.execute("CREATE TABLE rot.t (id INT PRIMARY KEY, v VARCHAR(40))");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO rot.t VALUES (?, ?)")) {
                for (int id = 1; id <= ROWS; id++) {
                    insert.setInt(1, id);
                    insert.setString(2, "row " + id);
                    insert.executeUpdate();
                    if (id == RESUME_AFTER) {
                        positionMidway = value(st, "SELECT @@gtid_binlog_pos", 1);
                    }
                }
            }
        }
    }

    @AfterAll
    static void stop() {
        if (basalt != null) {
            basalt.close();
        }
    }

    /** What a client saw: every event, and its failures (there must be none). */
    private static final class Seen {
        final List<Event> events = new CopyOnWriteArrayList<>();
        final List<Exception> failures = new CopyOnWriteArrayList<>();

        <T extends EventData> List<T> data(Class<T> type) {
            return events.stream().map(Event::getData).filter(type::isInstance).map(type::cast).toList();
        }

        List<Integer> insertedIds() {
            return data(WriteRowsEventData.class).stream().flatMap(d -> d.getRows().stream())
                    .map(row -> ((Number) row[0]).intValue()).toList();
        }

        long heartbeats() {
            return events.stream().filter(e -> e.getHeader().getEventType() == EventType.HEARTBEAT).count();
        }
    }

    private static BinaryLogClient client(Seen seen) {
        BinaryLogClient client = new BinaryLogClient(basalt.host(), basalt.port(), "root", "");
        client.setServerId(4343);
        client.setKeepAlive(false);
        client.registerEventListener(seen.events::add);
        client.registerLifecycleListener(new BinaryLogClient.AbstractLifecycleListener() {
            @Override
            public void onEventDeserializationFailure(BinaryLogClient c, Exception ex) {
                seen.failures.add(ex);
            }

            @Override
            public void onCommunicationFailure(BinaryLogClient c, Exception ex) {
                seen.failures.add(ex);
            }
        });
        return client;
    }

    @Test
    void followsEveryRotationFromTheFirstFile() throws Exception {
        Seen seen = new Seen();
        BinaryLogClient client = client(seen);
        client.setBinlogFilename("basalt-bin.000001");
        client.setBinlogPosition(4);
        client.setBlocking(false);
        client.connect();

        assertThat(seen.failures).isEmpty();
        assertThat(seen.insertedIds()).containsExactlyElementsOf(IntStream.rangeClosed(1, ROWS).boxed().toList());
        List<String> rotatedTo = seen.data(RotateEventData.class).stream().map(RotateEventData::getBinlogFilename)
                .distinct().toList();
        String lastFile;
        long lastPosition;
        try (Connection c = basalt.mariadb("", ""); Statement st = c.createStatement()) {
            lastFile = value(st, "SHOW MASTER STATUS", 1);
            lastPosition = Long.parseLong(value(st, "SHOW MASTER STATUS", 2));
        }
        assertThat(rotatedTo).as("4 KiB files: the rows span several").hasSizeGreaterThan(3)
                .startsWith("basalt-bin.000001").endsWith(lastFile);
        assertThat(client.getBinlogFilename()).isEqualTo(lastFile);
        assertThat(client.getBinlogPosition()).isEqualTo(lastPosition);
        List<Serializable> values = seen.data(WriteRowsEventData.class).stream()
                .flatMap(d -> d.getRows().stream()).map(row -> row[1]).toList();
        assertThat(values).as("no checksum bytes were taken for row data").first().isEqualTo("row 1");
        assertThat(values).last().isEqualTo("row " + ROWS);
    }

    @Test
    void startsFromAGtidInALaterFile() throws Exception {
        Seen seen = new Seen();
        BinaryLogClient client = client(seen);
        client.setGtidSet(positionMidway);
        client.setBlocking(false);
        client.connect();

        assertThat(seen.failures).isEmpty();
        assertThat(seen.insertedIds())
                .containsExactlyElementsOf(IntStream.rangeClosed(RESUME_AFTER + 1, ROWS).boxed().toList());
        List<Long> sequences = seen.data(MariadbGtidEventData.class).stream().map(MariadbGtidEventData::getSequence)
                .toList();
        long midwaySequence = Long.parseLong(positionMidway.substring(positionMidway.lastIndexOf('-') + 1));
        assertThat(sequences).hasSize(ROWS - RESUME_AFTER).isSorted().first().isEqualTo(midwaySequence + 1);
    }

    @Test
    void receivesHeartbeatsWhileIdle() throws Exception {
        Seen seen = new Seen();
        BinaryLogClient client = client(seen);
        client.setHeartbeatInterval(500);
        client.connect(TimeUnit.SECONDS.toMillis(20));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (seen.heartbeats() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(seen.failures).isEmpty();
            assertThat(seen.heartbeats()).as("heartbeats of an idle master, one asked for every 500 ms")
                    .isGreaterThanOrEqualTo(2);
            assertThat(client.isConnected()).isTrue();
        } finally {
            client.disconnect();
        }
    }

    private static String value(Statement st, String query, int column) throws SQLException {
        try (ResultSet rs = st.executeQuery(query)) {
            rs.next();
            return rs.getString(column);
        }
    }
}
