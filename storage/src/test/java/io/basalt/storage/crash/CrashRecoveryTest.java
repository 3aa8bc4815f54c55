package io.basalt.storage.crash;

import io.basalt.storage.crash.CrashHarness.Scenario;
import io.basalt.storage.fault.FaultPoints;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The store is killed abruptly (a child JVM halted at a fault point, or SIGKILLed) in the middle of a concurrent
 * workload over the 1PC, async-commit and 2PC paths, then reopened here. Checks (see {@link CrashHarness#verify}):
 * every acknowledged transaction is present at its acknowledged commit ts (I1); no transaction is partly committed;
 * no lock or outbox record survives recovery (I5); the sink lists transactions in strictly increasing (commitTs,
 * startTs) order without duplicates and holds exactly the transactions committed in storage (I1, I2, I3); a fresh
 * reader sees, per key, the committed writer with the highest commit ts, without blocking; the recovered store
 * commits on every path; a second reopen changes nothing.
 */
class CrashRecoveryTest {
    @TempDir
    Path dir;

    static List<Scenario> scenarios() {
        List<Scenario> all = new ArrayList<>(CrashHarness.faultScenarios());
        all.add(Scenario.sigkill());
        return all;
    }

    @ParameterizedTest(name = "crash at {0}")
    @MethodSource("scenarios")
    @Timeout(value = 180, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void recoversFromCrashAt(Scenario scenario) throws Exception {
        CrashHarness h = new CrashHarness(dir);
        long seed = scenario.toString().hashCode();
        String what = h.crash(scenario, seed, 4);
        CrashHarness.Verdict v = h.verify(what);
        System.out.println(what + " -> " + v);
    }

    /**
     * Crashes in a row on one directory: the second child dies inside crash recovery of what the first left behind
     * (no verification in between), the third after recovery; then recovery must still reach a correct state.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void crashDuringRecoveryAndAgainAfterIt() throws Exception {
        CrashHarness h = new CrashHarness(dir);
        String first = h.crash(new Scenario(FaultPoints.AFTER_ALL_PREWRITES, "any"), 11, 4);
        String second = h.crash(CrashHarness.duringRecovery(), 12, 4);
        System.out.println(first + "; " + second + " -> " + h.verify(first + "; " + second));
        String third = h.crash(new Scenario(FaultPoints.BEFORE_PRIMARY_COMMIT, "any"), 13, 4);
        System.out.println(third + " -> " + h.verify(third));
    }
}
