package io.basalt.sql.engine;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Compiled statements by (current database, normalised text), bounded LRU. Entries carry the catalog version they
 * were bound against; a stale entry is rebound by the caller. Thread-safe (one lock; lookups are short).
 */
final class PlanCache {
    record Key(String database, String text) {
    }

    private final Map<Key, CompiledStatement> entries;

    PlanCache(int capacity) {
        this.entries = new LinkedHashMap<>(capacity, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, CompiledStatement> eldest) {
                return size() > capacity;
            }
        };
    }

    synchronized CompiledStatement get(Key key, long catalogVersion) {
        CompiledStatement c = entries.get(key);
        return c != null && c.catalogVersion() == catalogVersion ? c : null;
    }

    synchronized void put(Key key, CompiledStatement statement) {
        entries.put(key, statement);
    }
}
