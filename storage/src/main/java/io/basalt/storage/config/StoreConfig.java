package io.basalt.storage.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Storage engine configuration: the {@code storage:} section of {@code config/basalt.yaml} (snake_case keys). Plain
 * fields so the YAML binds directly; the store reads them once at open and never again.
 */
public class StoreConfig {
    public String dataDir = "./data";
    public int shards = 4;
    /** tidb_enable_async_commit default for new sessions. */
    public boolean enableAsyncCommit = true;
    /** tidb_enable_1pc default for new sessions. */
    public boolean enableOnePc = true;
    public int asyncCommitKeysLimit = 256;
    public int asyncCommitTotalKeySizeLimit = 4096;
    /** max_commit_ts = start + elapsed + this window; beyond it an async/1PC commit falls back to 2PC. */
    public long asyncCommitSafeWindowMs = 2000;
    /** Initial TTL of prewrite and pessimistic locks. */
    public long lockTtlMs = 3000;
    /** TTL kept alive by heartbeats for long-running or pessimistic transactions. */
    public long managedLockTtlMs = 20000;
    public long heartbeatIntervalMs = 5000;
    /** Memory per shard for pessimistic locks kept out of RocksDB; past it they are written to the lock CF; 0 = always. */
    public long pessimisticLockMemoryMb = 16;
    public long lockWaitTimeoutMs = 50_000;
    /**
     * Versions newer than now - gc_life_time are never collected (and running transactions hold it back further).
     * TiDB keeps 10 min for its stale reads; Basalt offers none, so only running transactions need old versions.
     */
    public long gcLifeTimeMs = 10_000;
    public long gcRunIntervalMs = 10_000;
    public int secondaryCommitThreads = 2;
    public int secondaryCommitQueueLimit = 100_000;
    /** Delivered outbox records are deleted in one batch per shard this often. */
    public long outboxSweepIntervalMs = 10;
    public long txnSizeLimitBytes = 100L * 1024 * 1024;
    public int maxKeySize = 4096;
    public long tsoSaveWindowMs = 3000;
    public RocksDbConfig rocksdb = new RocksDbConfig();

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    /** Reads the {@code storage:} section of a Basalt YAML file; unknown keys are an error, not silently ignored. */
    public static StoreConfig fromYaml(Path file) {
        try {
            JsonNode root = YAML.readTree(file.toFile());
            JsonNode storage = root == null ? null : root.get("storage");
            return storage == null ? new StoreConfig() : YAML.treeToValue(storage, StoreConfig.class);
        } catch (IOException e) {
            String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe ? jpe.getOriginalMessage()
                    : e.toString();
            throw new UncheckedIOException("cannot read storage configuration from " + file + ": " + why, e);
        }
    }
}
