package io.basalt.server.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.storage.binlog.BinlogConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The {@code binlog:} section of {@code config/basalt.yaml} (MariaDB's variable names, unknown keys rejected).
 * Plain fields so the YAML binds directly; read once at startup and turned into storage's {@link BinlogConfig}.
 */
public class BinlogSettings {
    public boolean logBin = true;
    /** Directory of the binlog files and index; "" means {@code <data_dir>/binlog}. */
    public String dir = "";
    public long serverId = 1;
    public long gtidDomainId = 0;
    public long maxBinlogSize = 1L << 30;
    public int syncBinlog = 1;
    public String binlogChecksum = "CRC32";
    public int binlogCommitWaitCount = 0;
    public long binlogCommitWaitUsec = 100_000;
    public int binlogCacheSize = 32_768;
    public long binlogLargeCommitThreshold = 134_217_728;
    public long binlogExpireLogsSeconds = 0;
    public boolean binlogAnnotateRowEvents = true;

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    /** Reads the {@code binlog:} section of a Basalt YAML file; unknown keys are an error. */
    public static BinlogSettings fromYaml(Path file) {
        try {
            JsonNode root = YAML.readTree(file.toFile());
            JsonNode section = root == null ? null : root.get("binlog");
            return section == null || section.isNull() ? new BinlogSettings()
                    : YAML.treeToValue(section, BinlogSettings.class);
        } catch (IOException e) {
            String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe ? jpe.getOriginalMessage()
                    : e.toString();
            throw new UncheckedIOException("cannot read binlog configuration from " + file + ": " + why, e);
        }
    }

    /** @throws IllegalArgumentException naming the first bad key */
    public void validate() {
        require(dir != null, "binlog.dir must be a string");
        require(serverId >= 1 && serverId <= 4_294_967_295L, "binlog.server_id must be 1..4294967295");
        require(gtidDomainId >= 0 && gtidDomainId <= 4_294_967_295L, "binlog.gtid_domain_id must be 0..4294967295");
        require(maxBinlogSize >= 4096 && maxBinlogSize <= 1L << 30, "binlog.max_binlog_size must be 4096..1073741824");
        require(syncBinlog >= 0, "binlog.sync_binlog must not be negative");
        require("CRC32".equalsIgnoreCase(binlogChecksum) || "NONE".equalsIgnoreCase(binlogChecksum),
                "binlog.binlog_checksum must be CRC32 or NONE");
        require(binlogCommitWaitCount >= 0, "binlog.binlog_commit_wait_count must not be negative");
        require(binlogCommitWaitUsec >= 0, "binlog.binlog_commit_wait_usec must not be negative");
        require(binlogCacheSize >= 4096, "binlog.binlog_cache_size must be at least 4096");
        require(binlogLargeCommitThreshold >= 10_485_760,
                "binlog.binlog_large_commit_threshold must be at least 10485760");
        require(binlogExpireLogsSeconds >= 0, "binlog.binlog_expire_logs_seconds must not be negative");
    }

    /** Storage's settings; {@code dataDir} resolves the default directory. */
    public BinlogConfig toConfig(String dataDir, String serverVersion) {
        Path d = dir.isEmpty() ? Path.of(dataDir, "binlog") : Path.of(dir);
        return new BinlogConfig(d, BinlogConfig.DEFAULT_BASE_NAME, maxBinlogSize, syncBinlog, binlogCommitWaitCount,
                binlogCommitWaitUsec, binlogCacheSize, binlogLargeCommitThreshold,
                "NONE".equalsIgnoreCase(binlogChecksum) ? BinlogChecksum.NONE : BinlogChecksum.CRC32, serverId,
                gtidDomainId, serverVersion + "-log", logBin, binlogExpireLogsSeconds);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
