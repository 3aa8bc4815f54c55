package io.basalt.server;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.session.SessionRegistry;
import io.basalt.sql.engine.ResultSink;
import io.basalt.sql.engine.SqlEngine;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.SystemVariables;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --init-file} / {@code server.init_file}: a SQL script run at startup as {@code root}, before the listener
 * accepts clients, as mysqld's {@code --init-file} does. The container image uses it to create
 * {@code BASALT_DATABASE} and run {@code /docker-entrypoint-initdb.d} scripts at first start. Statements are split
 * as a multi-statement COM_QUERY is (no DELIMITER); results are discarded; the first failure stops the startup.
 */
final class InitFile {
    private static final Logger LOG = LoggerFactory.getLogger(InitFile.class);
    private static final ResultSink DISCARD = new ResultSink() {
        @Override
        public void columns(List<ColumnDefinition> columns) {
        }

        @Override
        public void row(Object[] values) {
        }

        @Override
        public void endRows() {
        }

        @Override
        public void ok(long affectedRows, long lastInsertId, String info) {
        }
    };

    private InitFile() {
    }

    /**
     * Runs every statement of {@code file} on one session; a transaction it leaves open is rolled back.
     *
     * @throws InitFileException naming the file, the statement's number and the error
     */
    static void run(Path file, SqlEngine engine, SessionRegistry sessions, SystemVariables globals) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InitFileException("cannot read init file " + file + ": " + e, e);
        }
        List<String> statements = engine.split(text);
        LOG.info("running init file {} ({} statement(s))", file, statements.size());
        Session session = new Session(sessions.nextConnectionId(), "root", "localhost",
                new SessionVariables(globals));
        try {
            for (int i = 0; i < statements.size(); i++) {
                try {
                    engine.execute(session, statements.get(i), DISCARD);
                } catch (RuntimeException e) {
                    throw new InitFileException("init file " + file + ", statement " + (i + 1) + " failed: "
                            + e.getMessage() + " [" + abbreviate(statements.get(i)) + "]", e);
                }
            }
        } finally {
            engine.close(session);
        }
    }

    private static String abbreviate(String sql) {
        String oneLine = sql.replaceAll("\\s+", " ");
        return oneLine.length() <= 120 ? oneLine : oneLine.substring(0, 117) + "...";
    }
}
