package io.basalt.session;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's live sessions by connection id: issues the ids (from 1, increasing; after 2^32 - 1 they wrap, skipping
 * ids in use), and answers KILL, SHOW PROCESSLIST and the thread count. A session is listed from the moment its
 * connection has logged in until the connection is gone. Thread-safe.
 *
 * <p>KILL CONNECTION should go through {@link #killConnection}: besides marking the session it closes the
 * connection at once, even an idle one that would otherwise notice only at its next command.
 */
public final class SessionRegistry {
    /** Connection ids travel as 4-byte integers in the greeting and in KILL. */
    private static final long MAX_ID = 0xFFFF_FFFFL;

    private final AtomicLong lastId = new AtomicLong();
    private final ConcurrentMap<Long, Session> sessions = new ConcurrentHashMap<>();
    private final ConcurrentMap<Long, Runnable> closers = new ConcurrentHashMap<>();

    /** A fresh connection id; wraps to 1 after 2^32 - 1, skipping ids still in use. */
    public long nextConnectionId() {
        while (true) {
            long id = lastId.updateAndGet(prev -> prev >= MAX_ID ? 1 : prev + 1);
            if (!sessions.containsKey(id)) {
                return id;
            }
        }
    }

    /** @throws IllegalStateException when another session already holds the id */
    public void register(Session session) {
        register(session, () -> { });
    }

    /**
     * @param closer closes the session's connection; run by {@link #killConnection}
     * @throws IllegalStateException when another session already holds the id
     */
    public void register(Session session, Runnable closer) {
        Session previous = sessions.putIfAbsent(session.connectionId(), session);
        if (previous != null && previous != session) {
            throw new IllegalStateException("connection id " + session.connectionId() + " is already registered");
        }
        closers.put(session.connectionId(), closer);
    }

    /** Removes the session if it is the one registered under its id; no effect otherwise. */
    public void unregister(Session session) {
        if (sessions.remove(session.connectionId(), session)) {
            closers.remove(session.connectionId());
        }
    }

    /**
     * KILL [CONNECTION] id: stops the session's running statement and closes its connection (its transaction is
     * rolled back as the connection goes).
     *
     * @return false when no session has this id
     */
    public boolean killConnection(long connectionId) {
        Session session = sessions.get(connectionId);
        if (session == null) {
            return false;
        }
        session.killConnection();
        Runnable closer = closers.get(connectionId);
        if (closer != null) {
            closer.run();
        }
        return true;
    }

    /**
     * KILL QUERY id: the session's running statement stops at its next check with 1317; the connection stays.
     *
     * @return false when no session has this id
     */
    public boolean killQuery(long connectionId) {
        Session session = sessions.get(connectionId);
        if (session == null) {
            return false;
        }
        session.killQuery();
        return true;
    }

    public Optional<Session> find(long connectionId) {
        return Optional.ofNullable(sessions.get(connectionId));
    }

    /** The registered sessions ordered by connection id (a snapshot; later changes are not reflected). */
    public List<Session> snapshot() {
        List<Session> list = new ArrayList<>(sessions.values());
        list.sort(Comparator.comparingLong(Session::connectionId));
        return list;
    }

    public int count() {
        return sessions.size();
    }
}
