package io.basalt.server.auth;

import io.basalt.server.config.UserConfig;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The accounts of {@code server.users}. A login picks the first account with the user's name whose host pattern
 * matches the client, specific hosts before {@code %} (as MySQL orders its grant table). Immutable, thread-safe.
 */
public final class UserAccounts {
    private final List<UserAccount> accounts;

    private UserAccounts(List<UserAccount> accounts) {
        this.accounts = List.copyOf(accounts);
    }

    public static UserAccounts fromConfig(List<UserConfig> users) {
        List<UserAccount> list = new ArrayList<>();
        for (UserConfig u : users) {
            list.add(UserAccount.withPassword(u.name, u.host, u.password));
        }
        list.sort(Comparator.comparing(a -> a.host().isWildcard()));
        return new UserAccounts(list);
    }

    public Optional<UserAccount> find(String user, InetAddress client) {
        for (UserAccount a : accounts) {
            if (a.name().equals(user) && a.host().matches(client)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
