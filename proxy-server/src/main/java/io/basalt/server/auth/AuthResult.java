package io.basalt.server.auth;

import io.basalt.protocol.error.MySqlException;

/** What the connection does next in a login conversation. */
public sealed interface AuthResult {

    /**
     * Logged in.
     *
     * @param sendFastAuthSuccess caching_sha2_password with a password: send AuthMoreData 0x03 before the OK
     */
    record Accepted(UserAccount account, boolean sendFastAuthSuccess) implements AuthResult {
    }

    /** Send an AuthSwitchRequest for {@code plugin} with {@code scramble} and feed the answer back. */
    record SwitchRequest(String plugin, byte[] scramble) implements AuthResult {
    }

    /** Send the error (1045) and close. */
    record Denied(MySqlException error) implements AuthResult {
    }
}
