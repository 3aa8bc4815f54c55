package io.basalt.server.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.basalt.storage.config.StoreConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The whole configuration of one Basalt process: the sections of one YAML file ({@code storage:} read by the store's
 * own {@link StoreConfig}, {@code server:} by {@link ServerConfig}, {@code binlog:} by {@link BinlogSettings}) with command-line overrides applied on top.
 * Built once at startup; the sections are not changed afterwards.
 */
public final class BasaltConfig {
    /** Looked up relative to the working directory when no {@code --config} is given. */
    public static final Path DEFAULT_FILE = Path.of("config", "basalt.yaml");
    private static final Set<String> SECTIONS = Set.of("storage", "server", "binlog");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final StoreConfig storage;
    private final ServerConfig server;
    private final BinlogSettings binlog;
    private final Path source;

    private BasaltConfig(StoreConfig storage, ServerConfig server, BinlogSettings binlog, Path source) {
        this.storage = storage;
        this.server = server;
        this.binlog = binlog;
        this.source = source;
    }

    /** Command-line values that replace the file's; null means "not given". */
    public record Overrides(String dataDir, String host, Integer port) {
        public static final Overrides NONE = new Overrides(null, null, null);
    }

    /** The built-in defaults (what {@code config/basalt.yaml} ships with). */
    public static BasaltConfig defaults() {
        return new BasaltConfig(new StoreConfig(), new ServerConfig(), new BinlogSettings(), null);
    }

    /**
     * Reads {@code file}; a top-level section other than {@code storage} and {@code server}, like an unknown key
     * inside one, is an error so that a typo never goes unnoticed.
     *
     * @throws UncheckedIOException     when the file cannot be read or parsed
     * @throws IllegalArgumentException when a value is out of range
     */
    public static BasaltConfig load(Path file) {
        checkSections(file);
        BasaltConfig config = new BasaltConfig(StoreConfig.fromYaml(file), ServerConfig.fromYaml(file),
                BinlogSettings.fromYaml(file), file);
        config.server.validate();
        config.binlog.validate();
        return config;
    }

    /**
     * The file given on the command line, else {@link #DEFAULT_FILE} when it exists in the working directory, else
     * the built-in defaults.
     */
    public static BasaltConfig resolve(Path explicitFile) {
        if (explicitFile != null) {
            if (!Files.isRegularFile(explicitFile)) {
                throw new UncheckedIOException(new IOException("configuration file " + explicitFile + " not found"));
            }
            return load(explicitFile);
        }
        return Files.isRegularFile(DEFAULT_FILE) ? load(DEFAULT_FILE) : defaults();
    }

    /** Applies command-line overrides in place and validates the result. */
    public BasaltConfig apply(Overrides overrides) {
        if (overrides.dataDir() != null) {
            storage.dataDir = overrides.dataDir();
        }
        if (overrides.host() != null) {
            server.host = overrides.host();
        }
        if (overrides.port() != null) {
            server.port = overrides.port();
        }
        server.validate();
        return this;
    }

    public StoreConfig storage() {
        return storage;
    }

    public ServerConfig server() {
        return server;
    }

    public BinlogSettings binlog() {
        return binlog;
    }

    /** @return the file the configuration came from, or null for the built-in defaults */
    public Path source() {
        return source;
    }

    private static void checkSections(Path file) {
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read configuration " + file + ": " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return;
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException("configuration " + file + " must be a mapping of sections");
        }
        List<String> unknown = new ArrayList<>();
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!SECTIONS.contains(name)) {
                unknown.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("configuration " + file + ": unknown section(s) " + unknown
                    + " (known: " + SECTIONS + ")");
        }
    }
}
