package io.basalt.storage.fault;

/**
 * Named points in the commit and read paths where tests pause the engine or simulate a crash (TiKV's failpoints).
 * Production uses {@link #NONE}; a call costs one interface dispatch.
 */
@FunctionalInterface
public interface FaultInjector {
    FaultInjector NONE = (point, startTs) -> { };

    /** Called when execution reaches {@code point} on behalf of transaction {@code startTs} (0 if none). */
    void hit(String point, long startTs);
}
