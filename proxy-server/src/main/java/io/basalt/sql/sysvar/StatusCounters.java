package io.basalt.sql.sysvar;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The server-wide counters behind SHOW STATUS that the server and the engine increment: one
 * {@link Counter} per MySQL status variable. Thread-safe and cheap to increment from any thread (LongAdder).
 */
public final class StatusCounters {

    /** A counted event, with the status variable name it appears under. */
    public enum Counter {
        /** Statements sent by clients (COM_QUERY statements and COM_STMT_EXECUTE). */
        QUESTIONS("Questions"),
        /** Statements executed, including those run inside the server. */
        QUERIES("Queries"),
        COM_SELECT("Com_select"),
        COM_INSERT("Com_insert"),
        COM_UPDATE("Com_update"),
        COM_DELETE("Com_delete"),
        COM_REPLACE("Com_replace"),
        COM_BEGIN("Com_begin"),
        COM_COMMIT("Com_commit"),
        COM_ROLLBACK("Com_rollback"),
        COM_SET_OPTION("Com_set_option"),
        COM_STMT_PREPARE("Com_stmt_prepare"),
        COM_STMT_EXECUTE("Com_stmt_execute"),
        COM_STMT_CLOSE("Com_stmt_close"),
        /** Connection attempts, successful or not. */
        CONNECTIONS("Connections"),
        ABORTED_CONNECTS("Aborted_connects"),
        ABORTED_CLIENTS("Aborted_clients"),
        BYTES_RECEIVED("Bytes_received"),
        BYTES_SENT("Bytes_sent"),
        SLOW_QUERIES("Slow_queries");

        private final String statusName;

        Counter(String statusName) {
            this.statusName = statusName;
        }

        public String statusName() {
            return statusName;
        }
    }

    private final Map<Counter, LongAdder> counters = new EnumMap<>(Counter.class);
    private final AtomicLong maxUsedConnections = new AtomicLong();

    public StatusCounters() {
        for (Counter c : Counter.values()) {
            counters.put(c, new LongAdder());
        }
    }

    public void increment(Counter counter) {
        counters.get(counter).increment();
    }

    public void add(Counter counter, long amount) {
        counters.get(counter).add(amount);
    }

    public long get(Counter counter) {
        return counters.get(counter).sum();
    }

    /** A connection was accepted; {@code connectedNow} connections are open including it (Max_used_connections). */
    public void connectionOpened(int connectedNow) {
        increment(Counter.CONNECTIONS);
        maxUsedConnections.accumulateAndGet(connectedNow, Math::max);
    }

    public long maxUsedConnections() {
        return maxUsedConnections.get();
    }
}
