package io.basalt.storage.crash;

import io.basalt.storage.crash.CrashHarness.Scenario;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash campaign (runs with {@code -Plong}): one data directory killed again and again at randomly chosen fault
 * points and hit counts (crash recovery included), or by SIGKILL at a random moment, verified after most kills (the
 * others leave their mess to the next child's recovery); the checks cover every transaction of every earlier run.
 */
@Tag("long")
class CrashRecoveryLongTest {
    private static final int KILLS = 16;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void repeatedKillsAtRandomPoints() throws Exception {
        long seed = Long.getLong("basalt.crash.seed", System.nanoTime());
        System.out.println("crash campaign seed " + seed + " (rerun with -Dbasalt.crash.seed=" + seed + ")");
        Random rnd = new Random(seed);
        List<Scenario> points = new ArrayList<>(CrashHarness.faultScenarios());
        points.add(Scenario.sigkill());
        points.add(Scenario.sigkill());
        points.add(CrashHarness.duringRecovery());
        CrashHarness h = new CrashHarness(dir);
        StringBuilder unverified = new StringBuilder();
        for (int i = 0; i < KILLS; i++) {
            Scenario s = points.get(rnd.nextInt(points.size()));
            String what = h.crash(s, rnd.nextLong(), 2 + rnd.nextInt(6));
            unverified.append(what).append("; ");
            // now and then the next child recovers what this one left (and may die doing so) before any check
            if (i == KILLS - 1 || rnd.nextInt(3) != 0) {
                System.out.println(unverified + "-> " + h.verify("campaign seed " + seed + ", " + unverified));
                unverified.setLength(0);
            }
        }
    }
}
