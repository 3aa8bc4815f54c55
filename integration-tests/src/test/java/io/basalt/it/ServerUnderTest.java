package io.basalt.it;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Locale;

/**
 * JUnit 5 extension giving a test class one server for all its tests: Basalt by default, or the MariaDB reference
 * with {@code -Dbasalt.it.target=mariadb} (to check a test's own expectations against MariaDB). Register it as a
 * static field with {@code @RegisterExtension}.
 *
 * <p>Basalt missing its jar fails the class with the build command; the MariaDB target is skipped (not failed)
 * where MariaDB is not installed.
 */
public final class ServerUnderTest implements BeforeAllCallback, AfterAllCallback, SqlEndpoint {
    public static final String TARGET_PROPERTY = "basalt.it.target";

    private final BasaltServerProcess.Options basaltOptions;
    private SqlEndpoint server;

    private ServerUnderTest(BasaltServerProcess.Options basaltOptions) {
        this.basaltOptions = basaltOptions;
    }

    public static ServerUnderTest create() {
        return new ServerUnderTest(BasaltServerProcess.Options.defaults());
    }

    /** Options used when the target is Basalt (ignored for the MariaDB reference). */
    public static ServerUnderTest create(BasaltServerProcess.Options basaltOptions) {
        return new ServerUnderTest(basaltOptions);
    }

    /** True unless {@code -Dbasalt.it.target=mariadb}. */
    public static boolean targetIsBasalt() {
        return !"mariadb".equals(System.getProperty(TARGET_PROPERTY, "basalt").toLowerCase(Locale.ROOT));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (targetIsBasalt()) {
            server = BasaltServerProcess.start(basaltOptions);
        } else {
            Assumptions.assumeTrue(MariaDbReference.unavailableReason().isEmpty(),
                    () -> "target mariadb requested but " + MariaDbReference.unavailableReason().orElseThrow());
            server = MariaDbReference.start();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (server instanceof AutoCloseable closeable) {
            server = null;
            closeable.close();
        }
    }

    public boolean isBasalt() {
        return server instanceof BasaltServerProcess;
    }

    /** The Basalt process (for its pid and log); fails when the target is MariaDB. */
    public BasaltServerProcess basalt() {
        if (server instanceof BasaltServerProcess basalt) {
            return basalt;
        }
        throw new IllegalStateException("the server under test is " + delegate().name() + ", not Basalt");
    }

    private SqlEndpoint delegate() {
        if (server == null) {
            throw new IllegalStateException("server not started: register ServerUnderTest as a static "
                    + "@RegisterExtension field");
        }
        return server;
    }

    @Override
    public String name() {
        return delegate().name();
    }

    @Override
    public String host() {
        return delegate().host();
    }

    @Override
    public int port() {
        return delegate().port();
    }

    @Override
    public boolean isAlive() {
        return delegate().isAlive();
    }
}
