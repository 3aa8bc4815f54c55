package io.basalt.server.auth;

import java.net.InetAddress;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The host part of an account: {@code %} matches every client, {@code localhost}, {@code 127.0.0.1} and {@code ::1}
 * match any loopback address, anything else is matched against the client's address text with MySQL's wildcards
 * ({@code %} any run of characters, {@code _} one character). Immutable.
 */
public final class HostPattern {
    private final String text;
    private final Pattern regex;

    public HostPattern(String text) {
        this.text = text;
        this.regex = isLoopbackName(text) || text.equals("%") ? null : compile(text);
    }

    public String text() {
        return text;
    }

    /** {@code %} accounts are tried last, as MySQL sorts the most specific host first. */
    public boolean isWildcard() {
        return text.equals("%");
    }

    public boolean matches(InetAddress client) {
        if (text.equals("%")) {
            return true;
        }
        if (isLoopbackName(text)) {
            return client.isLoopbackAddress();
        }
        return regex.matcher(client.getHostAddress()).matches();
    }

    /** How a client's host appears in messages and USER(): {@code localhost} for loopback, else its address. */
    public static String displayHost(InetAddress client) {
        return client.isLoopbackAddress() ? "localhost" : client.getHostAddress();
    }

    private static boolean isLoopbackName(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.equals("127.0.0.1") || h.equals("::1");
    }

    private static Pattern compile(String pattern) {
        StringBuilder re = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            switch (c) {
                case '%' -> re.append(".*");
                case '_' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE);
    }
}
