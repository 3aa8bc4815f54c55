package io.basalt.sql.engine;

import io.basalt.session.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * The skeleton of an engine test: a fresh engine over a fresh store per test and a session {@code s} in database
 * {@code d}; a subclass's own {@code @BeforeEach} runs after this one and creates its tables.
 */
abstract class EngineSessionTestBase {
    @TempDir
    Path dir;

    EngineFixture f;
    Session s;

    /** The fixture to open; a test that needs fault points overrides it. */
    EngineFixture fixture(Path dir) {
        return new EngineFixture(dir);
    }

    @BeforeEach
    final void openEngine() {
        f = fixture(dir);
        s = f.sessionIn("d");
    }

    @AfterEach
    final void closeEngine() {
        f.close();
    }
}
