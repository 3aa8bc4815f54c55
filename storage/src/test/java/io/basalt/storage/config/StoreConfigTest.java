package io.basalt.storage.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped config/basalt.yaml and the code defaults agree, and typos are rejected. */
class StoreConfigTest {
    /** Surefire runs with the module directory as working directory. */
    static final Path SHIPPED = Path.of("../config/basalt.yaml");

    @TempDir
    Path dir;

    @Test
    void shippedFileEqualsTheCodeDefaults() {
        assertThat(SHIPPED).exists();
        StoreConfig fromFile = StoreConfig.fromYaml(SHIPPED);
        assertThat(fromFile).usingRecursiveComparison().isEqualTo(new StoreConfig());
    }

    @Test
    void shippedFileMentionsEveryKey() throws IOException {
        // a key missing from the file would silently fall back to the default: the file is the documentation
        String text = Files.readString(SHIPPED);
        List<String> missing = new ArrayList<>();
        collectKeys(StoreConfig.class, missing, text);
        collectKeys(RocksDbConfig.class, missing, text);
        assertThat(missing).as("keys absent from %s", SHIPPED).isEmpty();
    }

    private static void collectKeys(Class<?> type, List<String> missing, String text) {
        for (Field f : type.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || !Modifier.isPublic(f.getModifiers())) {
                continue;
            }
            String snake = f.getName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase();
            if (!text.matches("(?s).*\\n\\s*" + snake + ":.*")) {
                missing.add(snake);
            }
        }
    }

    @Test
    void valuesInTheFileAreApplied() throws IOException {
        Path f = write("""
                storage:
                  data_dir: /var/lib/basalt
                  shards: 8
                  enable_one_pc: false
                  lock_wait_timeout_ms: 1234
                  rocksdb:
                    compression: zstd
                    block_cache_mb: 16
                """);
        StoreConfig c = StoreConfig.fromYaml(f);
        assertThat(c.dataDir).isEqualTo("/var/lib/basalt");
        assertThat(c.shards).isEqualTo(8);
        assertThat(c.enableOnePc).isFalse();
        assertThat(c.lockWaitTimeoutMs).isEqualTo(1234);
        assertThat(c.rocksdb.compression).isEqualTo("zstd");
        assertThat(c.rocksdb.blockCacheMb).isEqualTo(16);
        // untouched keys keep their defaults, also inside the nested section
        assertThat(c.enableAsyncCommit).isTrue();
        assertThat(c.rocksdb.bloomBitsPerKey).isEqualTo(new RocksDbConfig().bloomBitsPerKey);
    }

    @Test
    void missingSectionOrEmptyFileGivesDefaults() throws IOException {
        assertThat(StoreConfig.fromYaml(write("server:\n  port: 3306\n")))
                .usingRecursiveComparison().isEqualTo(new StoreConfig());
        assertThat(StoreConfig.fromYaml(write("")))
                .usingRecursiveComparison().isEqualTo(new StoreConfig());
    }

    @Test
    void unknownKeyIsRejectedByName() throws IOException {
        Path f = write("""
                storage:
                  shards: 4
                  lock_ttl_msec: 3000
                """);
        assertThatThrownBy(() -> StoreConfig.fromYaml(f)).satisfies(e -> assertThat(messages(e))
                .contains("lock_ttl_msec"));
    }

    @Test
    void unknownNestedKeyAndCamelCaseKeyAreRejected() throws IOException {
        Path nested = write("""
                storage:
                  rocksdb:
                    compresion: lz4
                """);
        assertThatThrownBy(() -> StoreConfig.fromYaml(nested)).satisfies(e -> assertThat(messages(e))
                .contains("compresion"));
        Path camel = write("""
                storage:
                  dataDir: /tmp/x
                """);
        assertThatThrownBy(() -> StoreConfig.fromYaml(camel)).satisfies(e -> assertThat(messages(e))
                .contains("dataDir"));
    }

    @Test
    void missingFileIsAnErrorNamingTheFile() {
        Path absent = dir.resolve("nope.yaml");
        assertThatThrownBy(() -> StoreConfig.fromYaml(absent)).hasMessageContaining("nope.yaml");
    }

    /** The messages of an exception and its causes, as an operator reading the startup error would see them. */
    private static String messages(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            sb.append(t.getMessage()).append('\n');
        }
        return sb.toString();
    }

    private Path write(String yaml) throws IOException {
        Path f = Files.createTempFile(dir, "basalt", ".yaml");
        Files.writeString(f, yaml);
        return f;
    }
}
