package io.basalt.testcontainers;

import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A Basalt server in a container, in the manner of Testcontainers' {@code MySQLContainer}: at start it creates the
 * database {@link #withDatabaseName} and the account {@link #withUsername}/{@link #withPassword} (root gets the same
 * password), runs the {@link #withInitScript} scripts, and is ready once its {@code /health} endpoint answers 200.
 * Connect with MySQL Connector/J through {@link #getJdbcUrl}; {@link #getStatusUrl} is the HTTP status endpoint.
 *
 * <pre>{@code
 * try (BasaltContainer basalt = new BasaltContainer()) {
 *     basalt.start();
 *     Connection c = DriverManager.getConnection(basalt.getJdbcUrl(), basalt.getUsername(), basalt.getPassword());
 * }
 * }</pre>
 *
 * <p>The image ({@value #DEFAULT_IMAGE} unless given) is built by {@code proxy-server/src/main/docker/build-image.sh}.
 */
public class BasaltContainer extends GenericContainer<BasaltContainer> {
    public static final String DEFAULT_IMAGE = "basalt-server:latest";
    public static final int MYSQL_PORT = 4000;
    public static final int STATUS_PORT = 10080;
    static final String DATA_DIR = "/var/lib/basalt";
    private static final String INITDB_DIR = "/docker-entrypoint-initdb.d/";
    private static final String ROOT = "root";

    private String databaseName = "test";
    private String username = "test";
    private String password = "test";
    private final List<String> initScripts = new ArrayList<>();
    private final Map<String, String> urlParameters = new LinkedHashMap<>();

    /** The {@value #DEFAULT_IMAGE} image. */
    public BasaltContainer() {
        this(DockerImageName.parse(DEFAULT_IMAGE));
    }

    public BasaltContainer(String image) {
        this(DockerImageName.parse(image));
    }

    public BasaltContainer(DockerImageName image) {
        super(image);
        addExposedPorts(MYSQL_PORT, STATUS_PORT);
        // the health check answers 200 only once the init scripts have run and the MySQL port accepts clients
        waitingFor(Wait.forHttp("/health").forPort(STATUS_PORT).forStatusCode(200)
                .withStartupTimeout(Duration.ofMinutes(2)));
    }

    @Override
    protected void configure() {
        addEnv("BASALT_ROOT_PASSWORD", password);
        addEnv("BASALT_DATABASE", databaseName);
        if (!ROOT.equals(username)) {
            addEnv("BASALT_USER", username);
            addEnv("BASALT_PASSWORD", password);
        }
        for (int i = 0; i < initScripts.size(); i++) {
            String script = initScripts.get(i);
            // numbered so that they run in the order given; the entrypoint runs them in name order
            String name = String.format("%03d-%s", i, script.substring(script.lastIndexOf('/') + 1));
            withCopyFileToContainer(MountableFile.forClasspathResource(script), INITDB_DIR + name);
        }
    }

    /** The database created at first start (default {@code test}); the JDBC URL selects it. */
    public BasaltContainer withDatabaseName(String databaseName) {
        this.databaseName = databaseName;
        return self();
    }

    /** The account created at first start (default {@code test}, any host); {@code root} sets root's password. */
    public BasaltContainer withUsername(String username) {
        this.username = username;
        return self();
    }

    /** The password of the account and of root (default {@code test}). */
    public BasaltContainer withPassword(String password) {
        this.password = password;
        return self();
    }

    /**
     * A SQL script on the classpath, run at first start as root after the database is created and selected
     * (statements separated by {@code ;}; a failing statement fails the start). May be called several times.
     */
    public BasaltContainer withInitScript(String classpathResource) {
        initScripts.add(classpathResource);
        return self();
    }

    /** A Connector/J URL parameter, e.g. {@code withUrlParam("useServerPrepStmts", "true")}. */
    public BasaltContainer withUrlParam(String name, String value) {
        urlParameters.put(name, value);
        return self();
    }

    /**
     * Keeps the data in the named Docker volume (created when missing), so that a later container given the same
     * volume starts on the same data; the BASALT_* settings then come from the volume, not from this container.
     */
    public BasaltContainer withDataVolume(String volumeName) {
        return withCreateContainerCmdModifier(cmd -> {
            List<Bind> binds = new ArrayList<>(cmd.getHostConfig().getBinds() == null ? List.of()
                    : List.of(cmd.getHostConfig().getBinds()));
            binds.add(new Bind(volumeName, new Volume(DATA_DIR)));
            cmd.getHostConfig().withBinds(binds);
        });
    }

    /** {@code jdbc:mysql://host:port/database[?parameters]} for MySQL Connector/J. */
    public String getJdbcUrl() {
        String parameters = urlParameters.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("&"));
        return "jdbc:mysql://" + getHost() + ":" + getMappedPort(MYSQL_PORT) + "/" + databaseName
                + (parameters.isEmpty() ? "" : "?" + parameters);
    }

    /** The HTTP status endpoint, e.g. {@code getStatusUrl() + "/metrics"}. */
    public String getStatusUrl() {
        return "http://" + getHost() + ":" + getMappedPort(STATUS_PORT);
    }

    public String getDriverClassName() {
        return "com.mysql.cj.jdbc.Driver";
    }

    public String getDatabaseName() {
        return databaseName;
    }

    public String getUsername() {
        return username;
    }

    public String getPassword() {
        return password;
    }
}
