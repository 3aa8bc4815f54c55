package io.basalt.server.command;

/**
 * The client disconnected while a reply was being sent: the running statement is abandoned (its transaction is
 * rolled back when the connection's session closes) and no reply is attempted.
 */
public final class ClientGoneException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClientGoneException() {
        super("client connection closed", null, false, false);
    }
}
