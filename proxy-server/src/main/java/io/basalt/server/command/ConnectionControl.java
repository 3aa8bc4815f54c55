package io.basalt.server.command;

/**
 * What the protocol logic asks of the transport of its connection. Thread-safe: called from the worker running the
 * connection's command.
 */
public interface ConnectionControl {
    /**
     * Login succeeded: packets up to {@code maxPayload} bytes are accepted from now on and the login timeout gives way
     * to the idle timeout. Takes effect before any packet written after this call reaches the client.
     */
    void loggedIn(int maxPayload);

    /**
     * Closes the connection once what was written is sent: the client can read the last reply (an ERR, say) before
     * it sees the end of the stream. No further packet of this connection is processed.
     */
    void close();
}
