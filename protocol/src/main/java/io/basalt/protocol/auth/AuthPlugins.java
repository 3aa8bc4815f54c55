package io.basalt.protocol.auth;

/** Names of the authentication plugins Basalt speaks. */
public final class AuthPlugins {
    public static final String MYSQL_NATIVE_PASSWORD = "mysql_native_password";
    public static final String CACHING_SHA2_PASSWORD = "caching_sha2_password";

    private AuthPlugins() {
    }
}
