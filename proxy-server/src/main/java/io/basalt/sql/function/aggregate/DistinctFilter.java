package io.basalt.sql.function.aggregate;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.GroupKey;

import java.util.HashSet;
import java.util.Set;

/** Passes each distinct argument tuple once (equality as GROUP BY has it: 'a' = 'A ', 1 = 1.0). */
final class DistinctFilter {
    private final SqlType[] types;
    private final Set<GroupKey> seen = new HashSet<>();

    DistinctFilter(SqlType[] types) {
        this.types = types;
    }

    /** True the first time a tuple is offered. */
    boolean firstTime(Object[] args) {
        return seen.add(GroupKey.of(args, types));
    }
}
