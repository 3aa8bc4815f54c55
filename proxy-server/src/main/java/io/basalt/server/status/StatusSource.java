package io.basalt.server.status;

import java.util.Map;

/**
 * A component's section of the {@code /status} document, e.g. the binlog's position once it exists. Called on the
 * status endpoint's thread for every request, so it must be cheap and thread-safe; the values must be what Jackson
 * writes as JSON (strings, numbers, booleans, maps, lists).
 */
@FunctionalInterface
public interface StatusSource {
    Map<String, Object> status();
}
