package io.basalt.storage.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.basalt.storage.TxnStore;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.crash.CrashWorkload.Kind;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.OutboxRecord;
import io.basalt.storage.pipeline.SinkPosition;
import io.basalt.storage.recovery.StoreRecovery;
import io.basalt.storage.shard.BoundedIterator;
import io.basalt.storage.shard.RegionMap;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.shard.ShardEngine;
import io.basalt.storage.shard.ShardSnapshot;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.txn.Transaction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.rocksdb.LRUCache;

/**
 * Drives one crash scenario: starts {@link CrashWorkload} in a child JVM on a data directory, lets it die at a
 * fault point (or kills it with SIGKILL), then reopens the store in this JVM and checks what survived against the
 * child's event logs and the sink file. Every transaction logged in any event log of the directory is checked, so
 * repeated kills on one directory accumulate.
 */
final class CrashHarness {
    static final String SIGKILL = "sigkill";
    private static final long CHILD_DEADLINE_SECONDS = 90;

    /** A place to die: a fault point, optionally only for transactions of one kind, or SIGKILL. */
    record Scenario(String point, String filter) {
        static Scenario sigkill() {
            return new Scenario(SIGKILL, "any");
        }

        @Override
        public String toString() {
            return filter.equals("any") ? point : point + "[" + filter + "]";
        }
    }

    /** The fault points of the issue, each restricted to the transactions it is meant to interrupt. */
    static List<Scenario> faultScenarios() {
        return List.of(
                new Scenario(FaultPoints.AFTER_PRIMARY_PREWRITE, "async"),
                new Scenario(FaultPoints.AFTER_SECONDARY_PREWRITE, "2pc-big"),
                new Scenario(FaultPoints.AFTER_ALL_PREWRITES, "any"),
                new Scenario(FaultPoints.BEFORE_PRIMARY_COMMIT, "any"),
                new Scenario(FaultPoints.AFTER_PRIMARY_COMMIT, "any"),
                new Scenario(FaultPoints.BEFORE_ONE_PC, "any"),
                new Scenario(FaultPoints.BEFORE_WRITE_BATCH, "1pc"),
                new Scenario(FaultPoints.BEFORE_WRITE_BATCH, "1pc-across"),
                new Scenario(FaultPoints.AFTER_PRIMARY_PREWRITE, "1pc-across"),
                new Scenario(FaultPoints.BEFORE_WRITE_BATCH, "any"),
                new Scenario(FaultPoints.BEFORE_COMMIT_WRITER_WRITE, "1pc-nowait"),
                new Scenario(FaultPoints.BEFORE_COMMIT_WRITER_SYNC, "1pc-nowait"),
                new Scenario(FaultPoints.BEFORE_SECONDARY_COMMIT, "any"));
    }

    /** Dies inside crash recovery, at the first to third command batch it writes. */
    static Scenario duringRecovery() {
        return new Scenario(FaultPoints.BEFORE_WRITE_BATCH, CrashWorkload.RECOVERY);
    }

    private final Path dir;
    private final Path dataDir;
    private final Path sinkFile;
    private int runs;
    private int postTxns;

    CrashHarness(Path dir) {
        this.dir = dir;
        this.dataDir = dir.resolve("data");
        this.sinkFile = dir.resolve("binlog.txt");
    }

    // ------------------------------------------------------------------ the child

    /** Runs one child until it dies; returns a description for messages. */
    String crash(Scenario s, long seed, int threads) throws Exception {
        int run = runs++;
        Path events = dir.resolve(String.format("events-%03d.log", run));
        Path out = dir.resolve(String.format("child-%03d.out", run));
        Random rnd = new Random(seed);
        // every command passes before-write-batch (pessimistic locks, commits, resolution): let more of them happen
        boolean everyCommand = s.point().equals(FaultPoints.BEFORE_WRITE_BATCH) && s.filter().equals("any");
        boolean inRecovery = s.filter().equals(CrashWorkload.RECOVERY);
        long hitN = inRecovery ? 1 + rnd.nextInt(3) : everyCommand ? 20 + rnd.nextInt(150) : 3 + rnd.nextInt(25);
        boolean kill = s.point().equals(SIGKILL);
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        // the child dies without the JVM's exit work, so RocksDB's extracted native library (15 MB) is never
        // deleted: extract it into the test's directory, which goes with the test
        cmd.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Djava.io.tmpdir=" + dir, "-cp", testClasspath(),
                CrashWorkload.class.getName(), dataDir.toString(), sinkFile.toString(), events.toString(),
                kill ? "none" : s.point(), s.filter(), Long.toString(hitN), Long.toString(seed),
                Integer.toString(threads), "60000"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        String what = "run " + run + " " + s + " hit#" + hitN + " seed " + seed;
        try {
            if (kill) {
                long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(CHILD_DEADLINE_SECONDS);
                int ackTarget = 20 + rnd.nextInt(60);
                while (p.isAlive() && countAcks(events) < ackTarget && System.nanoTime() < waitUntil) {
                    Thread.sleep(10);
                }
                Thread.sleep(rnd.nextInt(150));
                assertThat(p.isAlive()).as("child alive until killed (%s)\n%s", what, tail(out)).isTrue();
                p.destroyForcibly();
            }
            if (!p.waitFor(CHILD_DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                fail("child did not die (" + what + ")\n" + tail(out) + "\n" + threadDump(p));
            }
            int code = p.exitValue();
            assertThat(code).as("child exit code (%s): 137 = halted at the fault point / killed;"
                    + " 3 = fault point not reached\n%s", what, tail(out)).isEqualTo(CrashWorkload.HALT_CODE);
            if (!kill) {
                String log = Files.readString(events);
                assertThat(log).as("child halted by the injector (%s)", what).contains("HALT " + s.point());
                if (inRecovery) {
                    what += log.contains("not reached during recovery") ? " (recovery had less to do)"
                            : " (halted mid-recovery)";
                }
            }
        } finally {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        return what + " acks=" + countAcks(events);
    }

    /** The child's threads, to diagnose a hang (best effort: needs jcmd next to java). */
    private static String threadDump(Process p) {
        Path jcmd = Path.of(javaBinary()).resolveSibling("jcmd");
        if (!Files.isExecutable(jcmd)) {
            return "(no jcmd for a thread dump)";
        }
        try {
            Process d = new ProcessBuilder(jcmd.toString(), Long.toString(p.pid()), "Thread.print")
                    .redirectErrorStream(true).start();
            String dump = new String(d.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            d.waitFor(30, TimeUnit.SECONDS);
            return "child threads:\n" + dump;
        } catch (IOException | InterruptedException e) {
            return "(thread dump failed: " + e + ")";
        }
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private static String testClasspath() {
        String cp = System.getProperty("surefire.test.class.path");
        if (cp == null || cp.isBlank()) {
            cp = System.getProperty("java.class.path");
        }
        return cp;
    }

    private static int countAcks(Path events) throws IOException {
        if (!Files.exists(events)) {
            return 0;
        }
        int n = 0;
        for (String l : Files.readAllLines(events, StandardCharsets.US_ASCII)) {
            if (l.startsWith("ACK ")) {
                n++;
            }
        }
        return n;
    }

    private static String tail(Path f) {
        try {
            if (!Files.exists(f)) {
                return "(no child output)";
            }
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            return "child output:\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException e) {
            return "(child output unreadable: " + e + ")";
        }
    }

    // ------------------------------------------------------------------ the model

    /** One transaction the child (or this harness) tried to commit. */
    static final class Txn {
        final long startTs;
        final Kind kind;
        final List<String> keys = new ArrayList<>();
        final java.util.Set<String> deleted = new java.util.HashSet<>();
        long ackCommitTs;
        String fail;

        Txn(long startTs, Kind kind, List<String> tokens) {
            this.startTs = startTs;
            this.kind = kind;
            for (String tok : tokens) {
                String k = tok.startsWith("-") ? tok.substring(1) : tok;
                keys.add(k);
                if (tok.startsWith("-")) {
                    deleted.add(k);
                }
            }
        }

        @Override
        public String toString() {
            return "txn " + startTs + " " + kind.tag + " " + keys + (deleted.isEmpty() ? "" : " deleting " + deleted)
                    + (ackCommitTs != 0 ? " acked@" + ackCommitTs : "")
                    + (fail != null ? " failed:" + fail : "");
        }
    }

    private Map<Long, Txn> loadModel() throws IOException {
        Map<Long, Txn> txns = new LinkedHashMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.getFileName().toString().startsWith("events-")).sorted().toList();
        }
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.US_ASCII);
            text = text.substring(0, text.lastIndexOf('\n') + 1); // a torn last line never happened
            for (String line : text.split("\n")) {
                String[] w = line.split(" ");
                switch (w[0]) {
                    case "TXN" -> {
                        long st = Long.parseLong(w[1]);
                        Txn t = new Txn(st, Kind.ofTag(w[2]), List.of(Arrays.copyOfRange(w, 3, w.length)));
                        assertThat(txns.put(st, t)).as("start ts reused: %s", st).isNull();
                    }
                    case "ACK" -> txns.get(Long.parseLong(w[1])).ackCommitTs = Long.parseLong(w[2]);
                    case "FAIL" -> {
                        Txn t = txns.get(Long.parseLong(w[1])); // null: failed before commit, wrote nothing
                        if (t != null) {
                            t.fail = w[2];
                        }
                    }
                    default -> { }
                }
            }
        }
        return txns;
    }

    // ------------------------------------------------------------------ verification

    /** What one verification saw, for the test log. */
    record Verdict(int txns, int acked, int committed, int inSink, StoreRecovery.Report report) {
    }

    /**
     * Reopens the store after a crash and checks I1, atomicity, no leftover lock or outbox record, the sink, and
     * that a second reopen changes nothing. Leaves the store closed.
     */
    Verdict verify(String context) throws Exception {
        Map<Long, Txn> model = loadModel();
        StoreConfig cfg = CrashWorkload.config(dataDir);
        StoreRecovery.Report report;
        int committed = 0;
        int acked = 0;
        try (FileCommitSink sink = FileCommitSink.open(sinkFile);
             TxnStore store = StoreFixture.open(cfg, sink, FaultInjector.NONE)) {
            report = store.recoveryReport();
            Shard[] shards = shards(store);
            RegionMap regions = store.regions();
            String ctx = context + "; recovery " + report;

            // (c) recovery left no lock and no outbox record behind (checked before any read could resolve one)
            for (Shard s : shards) {
                try (MvccReader r = new MvccReader(s.snapshot())) {
                    List<KeyLock> locks = r.scanLocks(new byte[0], new byte[0], l -> true, 20);
                    assertThat(locks).as("locks left on shard %d after recovery (%s)", s.id(), ctx).isEmpty();
                }
                assertThat(outboxCount(s)).as("outbox records left on shard %d (%s)", s.id(), ctx).isZero();
            }

            // the sink: strictly increasing (commitTs, startTs), no duplicates, only known transactions (I2, I3)
            List<DecidedTxn> delivered = FileCommitSink.read(sinkFile);
            SinkPosition last = delivered.isEmpty() ? SinkPosition.ZERO
                    : delivered.get(delivered.size() - 1).position();
            assertThat(report.sinkPosition()).as("recovery's sink position is the sink's last record (%s)", ctx)
                    .isEqualTo(last);
            Map<Long, DecidedTxn> sinkByStart = new HashMap<>();
            for (int i = 0; i < delivered.size(); i++) {
                DecidedTxn t = delivered.get(i);
                if (i > 0) {
                    assertThat(t.compareTo(delivered.get(i - 1))).as("sink order at line %d: %s after %s (%s)",
                            i + 1, t.position(), delivered.get(i - 1).position(), ctx).isPositive();
                }
                assertThat(sinkByStart.put(t.startTs(), t)).as("txn %d twice in the sink (%s)", t.startTs(), ctx)
                        .isNull();
                assertThat(model).as("sink holds txn %d that no writer logged (%s)", t.startTs(), ctx)
                        .containsKey(t.startTs());
                assertThat(new String(t.payload(), StandardCharsets.US_ASCII)).as("payload of %d", t.startTs())
                        .isEqualTo(new String(CrashWorkload.payload(t.startTs()), StandardCharsets.US_ASCII));
            }

            // per transaction: all keys committed at one ts, or none (atomicity); committed ⇔ in the sink; acked ⇒
            // committed at the acknowledged ts (I1)
            Map<Long, Long> commitTsOf = new HashMap<>();
            for (Txn t : model.values()) {
                Map<String, CommitRecord> recs = new TreeMap<>();
                for (String k : t.keys) {
                    byte[] key = CrashWorkload.key(k);
                    try (MvccReader r = new MvccReader(shards[regions.shardOf(key)].snapshot())) {
                        recs.put(k, r.txnCommitRecord(key, t.startTs));
                    }
                }
                long cts = -1;
                boolean any = false;
                boolean all = true;
                for (CommitRecord rec : recs.values()) {
                    if (rec.isCommitted()) {
                        any = true;
                        assertThat(cts == -1 || cts == rec.commitTs())
                                .as("%s committed at two timestamps: %s (%s)", t, recs, ctx).isTrue();
                        cts = rec.commitTs();
                    } else {
                        all = false;
                    }
                }
                assertThat(!any || all).as("partial transaction %s: %s (%s)", t, recs, ctx).isTrue();
                DecidedTxn inSink = sinkByStart.get(t.startTs);
                if (any) {
                    committed++;
                    commitTsOf.put(t.startTs, cts);
                    assertThat(inSink).as("%s committed at %d in storage but missing from the sink (%s)", t, cts,
                            ctx).isNotNull();
                    assertThat(inSink.commitTs()).as("sink commit ts of %s (%s)", t, ctx).isEqualTo(cts);
                } else {
                    assertThat(inSink).as("%s is in the sink but not committed in storage: %s (%s)", t, recs, ctx)
                            .isNull();
                }
                if (t.ackCommitTs != 0) {
                    acked++;
                    assertThat(any).as("acknowledged %s lost: %s (%s)", t, recs, ctx).isTrue();
                    assertThat(cts).as("commit ts of acknowledged %s (%s)", t, ctx).isEqualTo(t.ackCommitTs);
                }
            }

            // what a fresh reader sees: per key the value of the committed writer with the highest commit ts;
            // reads and scans must not block on anything
            Map<String, Long> expectedWriter = new HashMap<>();
            for (Txn t : model.values()) {
                Long cts = commitTsOf.get(t.startTs);
                if (cts == null) {
                    continue;
                }
                for (String k : t.keys) {
                    Long prev = expectedWriter.get(k);
                    if (prev == null || commitTsOf.get(prev) < cts) {
                        expectedWriter.put(k, t.startTs);
                    }
                }
            }
            expectedWriter.entrySet().removeIf(e -> model.get(e.getValue()).deleted.contains(e.getKey()));
            Transaction reader = store.begin();
            for (String k : CrashWorkload.allKeyNames()) {
                byte[] v = reader.get(CrashWorkload.key(k));
                Long w = expectedWriter.get(k);
                if (w == null) {
                    assertThat(v).as("key %s has a value; its last committed writer deleted it or none wrote it (%s)",
                            k, ctx).isNull();
                } else {
                    assertThat(v).as("key %s lost its value (writer %s) (%s)", k, model.get(w), ctx).isNotNull();
                    assertThat(new String(v, StandardCharsets.US_ASCII)).as("key %s (%s)", k, ctx)
                            .isEqualTo(CrashWorkload.value(w, k));
                }
            }
            int rows = reader.scan(StoreFixture.row(0), StoreFixture.row(CrashWorkload.ROWS), 1000, false).size();
            int idx = reader.scan(StoreFixture.index(0), StoreFixture.index(CrashWorkload.INDEXES), 1000, true)
                    .size();
            long expectedRows = expectedWriter.keySet().stream().filter(k -> k.startsWith("r")).count();
            assertThat(rows).as("rows visible to a scan (%s)", ctx).isEqualTo((int) expectedRows);
            assertThat(idx).as("index entries visible to a scan (%s)", ctx)
                    .isEqualTo(expectedWriter.size() - (int) expectedRows);
            reader.commit(null);

            // the recovered store takes new commits on every path, and the sink keeps its order
            postRecoveryCommits(store, ctx);
        }

        // (e) a second reopen changes nothing: same data, same sink, nothing recovered
        byte[] sinkBefore = Files.readAllBytes(sinkFile);
        Map<String, String> dataBefore = rawDigest(cfg);
        try (FileCommitSink sink = FileCommitSink.open(sinkFile);
             TxnStore store = StoreFixture.open(cfg, sink, FaultInjector.NONE)) {
            StoreRecovery.Report again = store.recoveryReport();
            assertThat(again.txnsCommitted() + again.txnsRolledBack() + again.locksResolved()
                    + again.outboxReplayed() + again.outboxDiscarded())
                    .as("second recovery did something: %s (%s)", again, context).isZero();
        }
        assertThat(rawDigest(cfg)).as("data changed by a second reopen (%s)", context).isEqualTo(dataBefore);
        assertThat(Files.readAllBytes(sinkFile)).as("sink changed by a second reopen (%s)", context)
                .isEqualTo(sinkBefore);
        List<DecidedTxn> finalSink = FileCommitSink.read(sinkFile);
        for (int i = 1; i < finalSink.size(); i++) {
            assertThat(finalSink.get(i).compareTo(finalSink.get(i - 1))).as("sink order after new commits (%s)",
                    context).isPositive();
        }
        int inSink = finalSink.size();
        return new Verdict(model.size(), acked, committed, inSink, report);
    }

    /** One transaction of each kind through the recovered store, logged like the child's so later checks see them. */
    private void postRecoveryCommits(TxnStore store, String ctx) {
        Path events = dir.resolve(String.format("events-%03d-post.log", runs - 1));
        try (CrashWorkload.EventLog log = new CrashWorkload.EventLog(events)) {
            Random rnd = new Random(runs * 7919L + postTxns++);
            for (Kind k : Kind.values()) {
                for (int attempt = 0; ; attempt++) {
                    CrashWorkload.Outcome o = CrashWorkload.runOne(store, rnd, k, true, log, new ConcurrentHashMap<>());
                    if (o.result().equals("ack")) {
                        break;
                    }
                    assertThat(attempt).as("post-recovery %s commit keeps failing: %s (%s)", k, o, ctx)
                            .isLessThan(3);
                }
            }
        }
    }

    private static long outboxCount(Shard s) {
        long n = 0;
        try (ShardSnapshot snap = s.snapshot();
             BoundedIterator it = snap.iterator(s.metaCf(), OutboxRecord.rangeStart(), OutboxRecord.rangeEnd())) {
            for (it.seekToFirst(); it.valid(); it.next()) {
                n++;
            }
        }
        return n;
    }

    /** Digest of the lock, write and default column families and the outbox of every shard, with the store closed. */
    private Map<String, String> rawDigest(StoreConfig cfg) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (LRUCache cache = new LRUCache(8L * 1024 * 1024);
             ShardEngine engine = ShardEngine.open(dataDir.resolve("engine"), cfg.rocksdb, cache, cfg.shards, 0)) {
            for (int i = 0; i < engine.shardCount(); i++) {
                Shard s = engine.shard(i);
                try (ShardSnapshot snap = s.snapshot()) {
                    out.put(i + "/lock", digest(snap, s.lockCf(), null, null));
                    out.put(i + "/write", digest(snap, s.writeCf(), null, null));
                    out.put(i + "/default", digest(snap, s.defaultCf(), null, null));
                    out.put(i + "/outbox", digest(snap, s.metaCf(), OutboxRecord.rangeStart(),
                            OutboxRecord.rangeEnd()));
                }
            }
        }
        return out;
    }

    private static String digest(ShardSnapshot snap, org.rocksdb.ColumnFamilyHandle cf, byte[] lo, byte[] hi)
            throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        long n = 0;
        try (BoundedIterator it = snap.iterator(cf, lo, hi)) {
            for (it.seekToFirst(); it.valid(); it.next()) {
                md.update(intBytes(it.key().length));
                md.update(it.key());
                md.update(intBytes(it.value().length));
                md.update(it.value());
                n++;
            }
        }
        return n + " entries " + java.util.HexFormat.of().formatHex(md.digest());
    }

    private static byte[] intBytes(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    /** The store's shards, for read-only inspection. */
    private static Shard[] shards(TxnStore store) {
        Shard[] out = new Shard[store.shardCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = store.shard(i);
        }
        return out;
    }

}
