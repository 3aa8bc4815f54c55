package io.basalt.it.replica;

import io.basalt.it.BasaltServerProcess;
import io.basalt.it.Binaries;
import io.basalt.it.ExternalCommand;
import io.basalt.it.ReactorRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code mariadb-binlog --read-from-remote-server --start-position=<GTID list>} (MariaDB 10.8+'s GTID start): the
 * tool announces the position with {@code SET @slave_connect_state} and Basalt must start the dump after that GTID,
 * whichever file it is in, and serve every later transaction across the rotation to the end.
 */
class RemoteGtidBinlogReadTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Pattern GTID = Pattern.compile("\\bGTID (\\d+-\\d+-\\d+)\\b");
    private static final int ROWS = 20;
    private static final int RESUME_AFTER = 12;

    private BasaltServerProcess basalt;
    private String tool;

    @BeforeEach
    void start() {
        tool = Binaries.find("mariadb-binlog").map(Path::toString).orElse(null);
        assumeTrue(tool != null, "mariadb-binlog is not installed (apt-get install mariadb-client)");
        basalt = BasaltServerProcess.start();
    }

    @AfterEach
    void stop() {
        if (basalt != null) {
            basalt.close();
        }
    }

    @Test
    void remoteReadStartsAfterTheGivenGtid() throws Exception {
        String midway = null;
        String end;
        try (Connection c = basalt.mariadb("", ""); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE g");
            st.execute("CREATE TABLE g.t (id INT PRIMARY KEY, v VARCHAR(20))");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO g.t VALUES (?, ?)")) {
                for (int id = 1; id <= ROWS; id++) {
                    insert.setInt(1, id);
                    insert.setString(2, "row " + id);
                    insert.executeUpdate();
                    if (id == RESUME_AFTER) {
                        midway = value(st, "SELECT @@gtid_binlog_pos");
                    }
                    if (id == RESUME_AFTER - 4 || id == RESUME_AFTER + 4) {
                        // the start GTID is in the middle file: the dump has to search, then follow a rotation
                        st.execute("FLUSH BINARY LOGS");
                    }
                }
            }
            end = value(st, "SELECT @@gtid_binlog_pos");
        }

        ExternalCommand.Result remote = ExternalCommand.run(List.of(tool, "--read-from-remote-server",
                        "--host=127.0.0.1", "--port=" + basalt.port(), "--user=root", "--to-last-log", "--verbose",
                        "--base64-output=decode-rows", "--start-position=" + midway, "basalt-bin.000001"),
                null, TIMEOUT,
                ReactorRoot.targetDir().resolve("server-logs").resolve("mariadb-binlog-remote-gtid.txt"));
        assertThat(remote.exitCode()).as(remote.describe()).isZero();
        assertThat(remote.stderr()).as("no warning").isEmpty();

        long midwaySequence = sequence(midway);
        List<String> expectedGtids = IntStream.rangeClosed(1, ROWS - RESUME_AFTER)
                .mapToObj(i -> "0-1-" + (midwaySequence + i)).toList();
        assertThat(gtids(remote.stdout())).as("the transactions after %s, up to %s", midway, end)
                .containsExactlyElementsOf(expectedGtids);
        assertThat(remote.stdout().lines().filter(l -> l.contains("\tRotate to ")).toList())
                .as("every Rotate, the fake ones too, names a whole file (the tool set @master_binlog_checksum='NONE';"
                        + " MariaDB still checksums the fake Rotate after a file switch like the file it leaves)")
                .isNotEmpty().allMatch(l -> l.matches(".*\tRotate to basalt-bin\\.\\d{6}  pos: \\d+$"));
        assertThat(remote.stdout().lines().filter(l -> l.startsWith("###   @1=")).toList())
                .containsExactlyElementsOf(IntStream.rangeClosed(RESUME_AFTER + 1, ROWS)
                        .mapToObj(id -> "###   @1=" + id).toList());
    }

    /** The GTIDs of the Gtid events printed, in order; the Gtid_list events print theirs in brackets. */
    private static List<String> gtids(String output) {
        List<String> gtids = new ArrayList<>();
        output.lines().filter(l -> l.startsWith("#") && l.contains("\tGTID ")).forEach(l -> {
            Matcher m = GTID.matcher(l);
            if (m.find()) {
                gtids.add(m.group(1));
            }
        });
        return gtids;
    }

    private static long sequence(String gtid) {
        return Long.parseLong(gtid.substring(gtid.lastIndexOf('-') + 1));
    }

    private static String value(Statement st, String query) throws SQLException {
        try (ResultSet rs = st.executeQuery(query)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
