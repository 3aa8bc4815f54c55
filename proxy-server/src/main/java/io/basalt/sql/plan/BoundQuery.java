package io.basalt.sql.plan;

import io.basalt.sql.exec.PlanNode;

import java.util.List;

/** A bound query: the operator tree producing rows of exactly {@code columns}. Immutable; cacheable. */
public record BoundQuery(PlanNode root, List<OutputColumn> columns) {
    public BoundQuery {
        columns = List.copyOf(columns);
    }
}
