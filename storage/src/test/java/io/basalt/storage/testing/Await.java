package io.basalt.storage.testing;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Polls a condition that another thread will make true; fails the test if it does not within 30 s. */
public final class Await {
    private Await() {
    }

    public static void until(String what, BooleanSupplier cond) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(1);
        }
    }
}
