package io.basalt.server.config;

/**
 * One account of the {@code server.users} list: a user name, its password in plain text as written in the file (the
 * server keeps only its hashes), and the client hosts it may connect from ({@code %} for any, {@code localhost} or
 * {@code 127.0.0.1} for loopback, or an address pattern with MySQL's {@code %} and {@code _} wildcards).
 */
public class UserConfig {
    public String name;
    public String password = "";
    public String host = "localhost";

    public UserConfig() {
    }

    public UserConfig(String name, String password, String host) {
        this.name = name;
        this.password = password;
        this.host = host;
    }
}
