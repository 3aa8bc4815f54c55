package io.basalt.server.auth;

import io.basalt.protocol.auth.AuthPlugins;
import io.basalt.protocol.auth.Scramble;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.net.InetAddress;
import java.security.SecureRandom;
import java.util.Optional;

/**
 * One connection's login conversation, for the initial handshake and for COM_CHANGE_USER. The client answers the
 * scramble with the plugin of its choice: mysql_native_password and caching_sha2_password (fast path, always
 * decidable from the stored hash) are verified directly; any other plugin gets one AuthSwitchRequest to
 * mysql_native_password with a fresh scramble. An unknown user or a wrong answer is denied with 1045.
 *
 * <p>Not thread-safe: driven by the connection's serial packet processing.
 */
public final class Authenticator {
    private final UserAccounts accounts;
    private final String greetingPlugin;
    private final SecureRandom random;
    private byte[] scramble;
    private String pendingUser;
    private InetAddress pendingClient;

    public Authenticator(UserAccounts accounts, String greetingPlugin, SecureRandom random) {
        this.accounts = accounts;
        this.greetingPlugin = greetingPlugin;
        this.random = random;
        this.scramble = Scramble.generate(random);
    }

    /** The nonce the client must answer (the greeting's, or the last AuthSwitchRequest's). */
    public byte[] scramble() {
        return scramble.clone();
    }

    public String greetingPlugin() {
        return greetingPlugin;
    }

    /**
     * The client's first answer: from HandshakeResponse41 or COM_CHANGE_USER.
     *
     * @param clientPlugin the plugin the client names, or null when it did not name one (the greeting's then)
     */
    public AuthResult start(String user, byte[] response, String clientPlugin, InetAddress client) {
        String plugin = clientPlugin == null || clientPlugin.isEmpty() ? greetingPlugin : clientPlugin;
        if (!plugin.equals(AuthPlugins.MYSQL_NATIVE_PASSWORD) && !plugin.equals(AuthPlugins.CACHING_SHA2_PASSWORD)) {
            pendingUser = user;
            pendingClient = client;
            scramble = Scramble.generate(random);
            return new AuthResult.SwitchRequest(AuthPlugins.MYSQL_NATIVE_PASSWORD, scramble.clone());
        }
        return verify(user, client, plugin, response);
    }

    /** The client's answer to the AuthSwitchRequest of the last {@link #start}. */
    public AuthResult afterSwitch(byte[] response) {
        if (pendingUser == null) {
            throw new IllegalStateException("no auth switch is pending");
        }
        String user = pendingUser;
        InetAddress client = pendingClient;
        pendingUser = null;
        pendingClient = null;
        return verify(user, client, AuthPlugins.MYSQL_NATIVE_PASSWORD, response);
    }

    private AuthResult verify(String user, InetAddress client, String plugin, byte[] response) {
        byte[] answer = normalize(response);
        Optional<UserAccount> account = accounts.find(user, client);
        if (account.isEmpty() || !account.get().verify(plugin, scramble, answer)) {
            return new AuthResult.Denied(new MySqlException(ErrorCode.ACCESS_DENIED, user,
                    HostPattern.displayHost(client), answer.length == 0 ? "NO" : "YES"));
        }
        boolean fastAuth = plugin.equals(AuthPlugins.CACHING_SHA2_PASSWORD) && account.get().hasPassword();
        return new AuthResult.Accepted(account.get(), fastAuth);
    }

    /** Some clients send a single NUL instead of nothing for an empty password. */
    private static byte[] normalize(byte[] response) {
        return response.length == 1 && response[0] == 0 ? new byte[0] : response;
    }
}
