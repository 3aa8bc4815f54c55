package io.basalt.it.fuzz;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The seed of a fuzz test: {@code -Dbasalt.fuzz.seed=N} reproduces a run, otherwise a fresh one is logged. */
final class FuzzSeed {
    private static final Logger LOG = LoggerFactory.getLogger(FuzzSeed.class);

    private FuzzSeed() {
    }

    static long forTest(String test) {
        Long fixed = Long.getLong("basalt.fuzz.seed");
        long seed = fixed != null ? fixed : System.nanoTime();
        LOG.info("{}: seed {} (reproduce with -Dbasalt.fuzz.seed={})", test, seed, seed);
        return seed;
    }
}
