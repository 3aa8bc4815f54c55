package io.basalt.it.cli;

import io.basalt.it.Binaries;
import io.basalt.it.ExternalCommand;
import io.basalt.it.ServerUnderTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The {@code mariadb} command-line client against the server: {@code -e} statements, a script on standard input and
 * an error. Skipped where the client is not installed.
 */
class MariaDbCliTest {
    @RegisterExtension
    static final ServerUnderTest SERVER = ServerUnderTest.create();

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private Path cli;

    @BeforeEach
    void requireClient() {
        cli = Binaries.find("mariadb").orElse(null);
        assumeTrue(cli != null, "the mariadb client is not installed (apt-get install mariadb-client)");
    }

    private ExternalCommand.Result run(String stdin, String... args) {
        List<String> command = new ArrayList<>(List.of(cli.toString(), "--no-defaults", "-h" + SERVER.host(),
                "-P" + SERVER.port(), "-uroot"));
        command.addAll(List.of(args));
        return ExternalCommand.run(command, stdin, TIMEOUT, null);
    }

    @Test
    void executesStatementsGivenWithDashE() throws SQLException {
        ExternalCommand.Result result = run(null, "-e", "select @@version_comment; create database cli_e; use cli_e; "
                + "create table t (id int primary key, v varchar(10)); insert into t values (1,'a'),(2,NULL); "
                + "select id, v from t order by id; drop database cli_e");
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.stdout()).isEqualTo("@@version_comment\n" + versionComment() + "\n"
                + "id\tv\n1\ta\n2\tNULL\n");
    }

    @Test
    void runsAScriptFromStandardInput() {
        String script = """
                create database cli_script;
                use cli_script
                -- a comment line
                create table t (id int primary key, v varchar(10));
                insert into t values (1, 'x;y'), (2, "z"); # trailing comment
                select id, v from t order by id;
                select count(*) as n from t\\G
                /* block comment */ select 'done' as status;
                drop database cli_script;
                """;
        ExternalCommand.Result result = run(script);
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.stdout()).isEqualTo("""
                id\tv
                1\tx;y
                2\tz
                *************************** 1. row ***************************
                n: 2
                status
                done
                """);
    }

    @Test
    void tableOutputAndErrors() {
        ExternalCommand.Result table = run(null, "-t", "-e", "select 1 as a, 'xy' as b");
        assertThat(table.exitCode()).as(table.describe()).isZero();
        assertThat(table.stdout()).isEqualTo("""
                +---+----+
                | a | b  |
                +---+----+
                | 1 | xy |
                +---+----+
                """);
        ExternalCommand.Result error = run(null, "-e", "select * from nosuch_db.t");
        assertThat(error.exitCode()).isEqualTo(1);
        assertThat(error.stderr()).contains("ERROR 1146 (42S02) at line 1: Table 'nosuch_db.t' doesn't exist");
        ExternalCommand.Result forced = run("select 1 as a;\nselect * from nosuch_db.t;\nselect 2 as b;\n", "--force");
        assertThat(forced.stdout()).as(forced.describe()).isEqualTo("a\n1\nb\n2\n");
        assertThat(forced.stderr()).contains("ERROR 1146 (42S02) at line 2");
        assertThat(SERVER.isAlive()).isTrue();
    }

    private static String versionComment() throws SQLException {
        try (Connection c = SERVER.mariadb("", ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT @@version_comment")) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }
}
