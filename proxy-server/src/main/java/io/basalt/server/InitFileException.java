package io.basalt.server;

/** The init file could not be read or one of its statements failed; the server does not start. */
public final class InitFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InitFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
