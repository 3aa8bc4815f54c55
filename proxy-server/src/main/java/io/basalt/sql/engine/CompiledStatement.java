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

        /**
         * Whether a run may be tried inside a {@link io.basalt.storage.concurrency.NoWaitScope} and, if refused,
         * run again elsewhere: a plain read of stored tables (no row locks to take) that changes no session state,
         * with a plan that is reused (not an information_schema one).
         */
        boolean mayRunWithoutWaiting() {
            return !locking && readsTables && !sessionEffects && catalogVersion >= 0;
        }
    }

    record Insert(InsertPlan plan, long catalogVersion) implements CompiledStatement {
    }

    record Update(UpdatePlan plan, long catalogVersion) implements CompiledStatement {
    }

    record Delete(DeletePlan plan, long catalogVersion) implements CompiledStatement {
    }
}
