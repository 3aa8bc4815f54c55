package io.basalt.server.auth;

import io.basalt.protocol.auth.AuthPlugins;
import io.basalt.protocol.auth.CachingSha2Password;
import io.basalt.protocol.auth.NativePassword;

/**
 * One login: a user name, the hosts it may connect from and its password hashes — SHA1(SHA1(pw)) for
 * mysql_native_password and SHA256(SHA256(pw)) for caching_sha2_password's fast path. The plain password is not
 * kept. Immutable.
 */
public final class UserAccount {
    private final String name;
    private final HostPattern host;
    private final byte[] nativeHash;
    private final byte[] sha2Hash;

    private UserAccount(String name, HostPattern host, byte[] nativeHash, byte[] sha2Hash) {
        this.name = name;
        this.host = host;
        this.nativeHash = nativeHash;
        this.sha2Hash = sha2Hash;
    }

    public static UserAccount withPassword(String name, String hostPattern, String password) {
        return new UserAccount(name, new HostPattern(hostPattern), NativePassword.storedHash(password),
                CachingSha2Password.storedHash(password));
    }

    public String name() {
        return name;
    }

    public HostPattern host() {
        return host;
    }

    public boolean hasPassword() {
        return nativeHash.length > 0;
    }

    /**
     * Checks a response to {@code scramble} computed by {@code plugin} (one of {@link AuthPlugins}); false for any
     * other plugin.
     */
    boolean verify(String plugin, byte[] scramble, byte[] response) {
        return switch (plugin) {
            case AuthPlugins.MYSQL_NATIVE_PASSWORD ->
                    NativePassword.verify(scramble, response, nativeHash);
            case AuthPlugins.CACHING_SHA2_PASSWORD ->
                    CachingSha2Password.verifyFastPath(scramble, response, sha2Hash);
            default -> false;
        };
    }
}
