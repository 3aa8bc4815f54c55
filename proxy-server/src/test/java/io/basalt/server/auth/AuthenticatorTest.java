package io.basalt.server.auth;

import io.basalt.protocol.auth.AuthPlugins;
import io.basalt.protocol.auth.CachingSha2Password;
import io.basalt.protocol.auth.NativePassword;
import io.basalt.server.config.UserConfig;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Plugin choice, verification and denial of the login conversation, without a network. */
class AuthenticatorTest {
    private static final UserAccounts ACCOUNTS = UserAccounts.fromConfig(List.of(
            new UserConfig("root", "", "localhost"),
            new UserConfig("app", "pw", "%"),
            new UserConfig("app", "local-pw", "127.0.0.1"),
            new UserConfig("lan", "x", "10.0.%")));

    private static InetAddress ip(String text) throws UnknownHostException {
        return InetAddress.getByName(text);
    }

    private static Authenticator auth(String plugin) {
        return new Authenticator(ACCOUNTS, plugin, new SecureRandom());
    }

    @Test
    void nativePasswordIsVerifiedAgainstTheScramble() throws Exception {
        Authenticator a = auth(AuthPlugins.MYSQL_NATIVE_PASSWORD);
        byte[] response = NativePassword.clientResponse("pw", a.scramble());
        AuthResult r = a.start("app", response, AuthPlugins.MYSQL_NATIVE_PASSWORD, ip("10.1.2.3"));
        assertThat(r).isInstanceOfSatisfying(AuthResult.Accepted.class, ok -> {
            assertThat(ok.account().name()).isEqualTo("app");
            assertThat(ok.sendFastAuthSuccess()).isFalse();
        });
    }

    @Test
    void specificHostsWinOverTheWildcard() throws Exception {
        Authenticator a = auth(AuthPlugins.MYSQL_NATIVE_PASSWORD);
        assertThat(a.start("app", NativePassword.clientResponse("local-pw", a.scramble()), null, ip("127.0.0.1")))
                .isInstanceOf(AuthResult.Accepted.class);
        assertThat(a.start("app", NativePassword.clientResponse("pw", a.scramble()), null, ip("127.0.0.1")))
                .isInstanceOf(AuthResult.Denied.class);
        assertThat(a.start("app", NativePassword.clientResponse("pw", a.scramble()), null, ip("10.9.9.9")))
                .isInstanceOf(AuthResult.Accepted.class);
    }

    @Test
    void cachingSha2FastPathSucceedsFromTheStoredHash() throws Exception {
        Authenticator a = auth(AuthPlugins.MYSQL_NATIVE_PASSWORD);
        byte[] response = CachingSha2Password.clientResponse("pw", a.scramble());
        assertThat(a.start("app", response, AuthPlugins.CACHING_SHA2_PASSWORD, ip("10.1.2.3")))
                .isInstanceOfSatisfying(AuthResult.Accepted.class, ok -> assertThat(ok.sendFastAuthSuccess()).isTrue());
        assertThat(a.start("root", new byte[] {0}, AuthPlugins.CACHING_SHA2_PASSWORD, ip("127.0.0.1")))
                .as("a single NUL stands for an empty password")
                .isInstanceOfSatisfying(AuthResult.Accepted.class,
                        ok -> assertThat(ok.sendFastAuthSuccess()).isFalse());
    }

    @Test
    void deniedLoginsSayWhoAndWhetherAPasswordWasUsed() throws Exception {
        Authenticator a = auth(AuthPlugins.MYSQL_NATIVE_PASSWORD);
        assertThat(a.start("app", NativePassword.clientResponse("nope", a.scramble()), null, ip("10.1.2.3")))
                .isInstanceOfSatisfying(AuthResult.Denied.class, d -> {
                    assertThat(d.error().code()).isEqualTo(1045);
                    assertThat(d.error().sqlState()).isEqualTo("28000");
                    assertThat(d.error().getMessage())
                            .isEqualTo("Access denied for user 'app'@'10.1.2.3' (using password: YES)");
                });
        assertThat(a.start("app", new byte[0], null, ip("::1")))
                .isInstanceOfSatisfying(AuthResult.Denied.class, d -> assertThat(d.error().getMessage())
                        .isEqualTo("Access denied for user 'app'@'localhost' (using password: NO)"));
        assertThat(a.start("root", new byte[0], null, ip("192.168.1.1")))
                .as("root is loopback-only").isInstanceOf(AuthResult.Denied.class);
        assertThat(a.start("ghost", new byte[0], null, ip("127.0.0.1"))).isInstanceOf(AuthResult.Denied.class);
    }

    @Test
    void unknownPluginGetsOneSwitchToNativeWithAFreshScramble() throws Exception {
        Authenticator a = auth(AuthPlugins.MYSQL_NATIVE_PASSWORD);
        byte[] first = a.scramble();
        AuthResult r = a.start("app", new byte[] {1}, "sha256_password", ip("10.0.0.1"));
        assertThat(r).isInstanceOfSatisfying(AuthResult.SwitchRequest.class, s -> {
            assertThat(s.plugin()).isEqualTo(AuthPlugins.MYSQL_NATIVE_PASSWORD);
            assertThat(s.scramble()).isNotEqualTo(first).isEqualTo(a.scramble());
        });
        byte[] scramble = ((AuthResult.SwitchRequest) r).scramble();
        assertThat(a.afterSwitch(NativePassword.clientResponse("pw", scramble)))
                .isInstanceOf(AuthResult.Accepted.class);
        assertThatThrownBy(() -> a.afterSwitch(new byte[0])).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void withoutAPluginNameTheGreetingsPluginApplies() throws Exception {
        Authenticator a = auth(AuthPlugins.CACHING_SHA2_PASSWORD);
        assertThat(a.start("app", CachingSha2Password.clientResponse("pw", a.scramble()), null, ip("10.0.0.1")))
                .isInstanceOf(AuthResult.Accepted.class);
    }

    @Test
    void hostPatternsMatchLikeMySql() throws Exception {
        assertThat(new HostPattern("%").matches(ip("8.8.8.8"))).isTrue();
        assertThat(new HostPattern("localhost").matches(ip("127.0.0.2"))).isTrue();
        assertThat(new HostPattern("127.0.0.1").matches(ip("::1"))).isTrue();
        assertThat(new HostPattern("localhost").matches(ip("10.0.0.1"))).isFalse();
        assertThat(new HostPattern("10.0.%").matches(ip("10.0.7.1"))).isTrue();
        assertThat(new HostPattern("10.0.%").matches(ip("10.1.7.1"))).isFalse();
        assertThat(new HostPattern("192.168.1._").matches(ip("192.168.1.7"))).isTrue();
        assertThat(new HostPattern("192.168.1._").matches(ip("192.168.1.17"))).isFalse();
        assertThat(HostPattern.displayHost(ip("127.0.0.1"))).isEqualTo("localhost");
        assertThat(HostPattern.displayHost(ip("10.0.0.1"))).isEqualTo("10.0.0.1");
    }
}
