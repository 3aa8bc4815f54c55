package io.basalt.session;

import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.SystemVariables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SessionRegistryTest {
    private static final SystemVariables GLOBALS = SystemVariables.withDefaults();

    private static Session session(long id) {
        return new Session(id, "root", "localhost", new SessionVariables(GLOBALS));
    }

    @Test
    void idsStartAtOneAndIncrease() {
        SessionRegistry r = new SessionRegistry();
        assertThat(r.nextConnectionId()).isEqualTo(1);
        assertThat(r.nextConnectionId()).isEqualTo(2);
    }

    @Test
    void idsAreUniqueUnderConcurrency() throws InterruptedException {
        SessionRegistry r = new SessionRegistry();
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    ids.add(r.nextConnectionId());
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(ids).hasSize(40_000);
    }

    @Test
    void registerFindSnapshotUnregister() {
        SessionRegistry r = new SessionRegistry();
        Session b = session(2);
        Session a = session(1);
        r.register(b);
        r.register(a);
        assertThat(r.count()).isEqualTo(2);
        assertThat(r.find(1)).containsSame(a);
        assertThat(r.snapshot()).containsExactly(a, b);
        assertThatThrownBy(() -> r.register(session(1))).isInstanceOf(IllegalStateException.class);
        r.unregister(session(2));
        assertThat(r.find(2)).as("only the registered instance is removed").containsSame(b);
        r.unregister(b);
        assertThat(r.find(2)).isEmpty();
        assertThat(r.count()).isEqualTo(1);
    }

    @Test
    void killConnectionMarksTheSessionAndRunsItsCloser() {
        SessionRegistry r = new SessionRegistry();
        Session s = session(7);
        AtomicInteger closed = new AtomicInteger();
        r.register(s, closed::incrementAndGet);
        assertThat(r.killQuery(7)).isTrue();
        assertThat(s.isQueryKilled()).isTrue();
        assertThat(s.isConnectionKilled()).isFalse();
        assertThat(r.killConnection(7)).isTrue();
        assertThat(s.isConnectionKilled()).isTrue();
        assertThat(closed).hasValue(1);
        assertThat(r.killConnection(8)).isFalse();
        assertThat(r.killQuery(8)).isFalse();
    }
}
