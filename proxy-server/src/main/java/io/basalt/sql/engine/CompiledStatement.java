package io.basalt.sql.engine;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.sql.dml.DeletePlan;
import io.basalt.sql.dml.InsertPlan;
import io.basalt.sql.dml.UpdatePlan;
import io.basalt.sql.plan.BoundQuery;

import java.util.List;

/**
 * A bound data statement, reusable for every execution at the catalog version it was bound against: cached per
 * prepared statement and per normalised text, so a hot statement skips parsing and binding.
 */
sealed interface CompiledStatement {
    long catalogVersion();

    /**
     * Whether a run may be tried inside a {@link io.basalt.storage.concurrency.NoWaitScope} and, if refused, run
     * again elsewhere: it changes no session state as it runs and its plan is reused (not an information_schema
     * one). A data statement also must not commit: the engine checks that it runs inside an open transaction.
     */
    boolean mayRunWithoutWaiting();

    default List<ColumnDefinition> columns() {
        return List.of();
    }

    /**
     * @param ownLimit       the statement has a LIMIT of its own, so sql_select_limit does not apply
     * @param readsTables    the query reads stored tables; one that does not runs outside any transaction
     * @param sessionEffects the query may change session state as it runs (see BindEnv#markSessionEffects)
     */
    record Query(BoundQuery query, List<ColumnDefinition> columns, boolean locking, boolean ownLimit,
                 boolean readsTables, boolean sessionEffects, long catalogVersion) implements CompiledStatement {

        /** Only a plain read of stored tables: no row locks to take. */
        @Override
        public boolean mayRunWithoutWaiting() {
            return !locking && readsTables && !sessionEffects && catalogVersion >= 0;
        }
    }

    /**
     * A data-changing statement.
     *
     * <p>Its {@code sessionEffects} are as for {@link Query}.
     */
    sealed interface Dml extends CompiledStatement permits Insert, Update, Delete {
        boolean sessionEffects();

        @Override
        default boolean mayRunWithoutWaiting() {
            return !sessionEffects() && catalogVersion() >= 0;
        }
    }

    record Insert(InsertPlan plan, boolean sessionEffects, long catalogVersion) implements Dml {
    }

    record Update(UpdatePlan plan, boolean sessionEffects, long catalogVersion) implements Dml {
    }

    record Delete(DeletePlan plan, boolean sessionEffects, long catalogVersion) implements Dml {
    }
}
