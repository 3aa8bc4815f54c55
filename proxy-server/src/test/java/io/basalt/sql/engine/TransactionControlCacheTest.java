package io.basalt.sql.engine;

import io.basalt.sql.parser.BasaltSqlParser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TransactionControlCacheTest {

    private static void remember(TransactionControlCache cache, String sql) {
        cache.remember(sql, BasaltSqlParser.parseStatement(sql));
    }

    @Test
    void keepsPlainTransactionControlByExactText() {
        TransactionControlCache cache = new TransactionControlCache();
        for (String sql : new String[] {"BEGIN", "COMMIT", "ROLLBACK", "START TRANSACTION READ ONLY"}) {
            remember(cache, sql);
            assertThat(cache.get(sql)).as(sql).isNotNull();
        }
        assertThat(cache.get("begin")).as("another spelling is another entry").isNull();
    }

    @Test
    void leavesEverythingElseToTheParser() {
        TransactionControlCache cache = new TransactionControlCache();
        for (String sql : new String[] {"ROLLBACK TO SAVEPOINT a", "SAVEPOINT a", "SELECT 1", "SET autocommit = 0"}) {
            remember(cache, sql);
            assertThat(cache.get(sql)).as(sql).isNull();
        }
    }
}
