package io.basalt.sql.function.aggregate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The built-in aggregate functions by name (case-insensitive, aliases included). Immutable; thread-safe. */
public final class AggregateRegistry {
    private static final Map<String, AggregateFunction> AGGREGATES = build();

    private AggregateRegistry() {
    }

    public static Optional<AggregateFunction> lookup(String name) {
        return Optional.ofNullable(AGGREGATES.get(name.toUpperCase(Locale.ROOT)));
    }

    private static Map<String, AggregateFunction> build() {
        List<AggregateDef> defs = new ArrayList<>(Aggregates.all());
        defs.add(GroupConcat.definition());
        Map<String, AggregateFunction> map = new HashMap<>();
        for (AggregateDef d : defs) {
            if (map.put(d.name(), d) != null) {
                throw new IllegalStateException("aggregate defined twice: " + d.name());
            }
        }
        return Map.copyOf(map);
    }
}
