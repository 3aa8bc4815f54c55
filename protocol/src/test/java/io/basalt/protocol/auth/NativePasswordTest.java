package io.basalt.protocol.auth;

import io.basalt.protocol.testing.Bytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import static org.assertj.core.api.Assertions.assertThat;

class NativePasswordTest {
    private static final byte[] SCRAMBLE = "0123456789ABCDEFGHIJ".getBytes(StandardCharsets.US_ASCII);

    /** MySQL's PASSWORD('password') is '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19'. */
    @Test
    void storedHashMatchesMySqlsPasswordFunction() {
        assertThat(Bytes.hexOf(NativePassword.storedHash("password")))
                .isEqualToIgnoringCase("2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19");
        assertThat(NativePassword.storedHash("")).isEmpty();
    }

    @Test
    void acceptsTheResponseAClientComputes() throws Exception {
        byte[] expectedResponse = clientScramble("password", SCRAMBLE);
        assertThat(NativePassword.clientResponse("password", SCRAMBLE)).isEqualTo(expectedResponse);
        assertThat(NativePassword.verify(SCRAMBLE, expectedResponse, NativePassword.storedHash("password")))
                .isTrue();
    }

    @Test
    void rejectsWrongPasswordsTamperedResponsesAndOtherScrambles() throws Exception {
        byte[] stored = NativePassword.storedHash("password");
        assertThat(NativePassword.verify(SCRAMBLE, clientScramble("passwore", SCRAMBLE), stored)).isFalse();
        byte[] tampered = clientScramble("password", SCRAMBLE);
        tampered[7] ^= 1;
        assertThat(NativePassword.verify(SCRAMBLE, tampered, stored)).isFalse();
        byte[] other = SCRAMBLE.clone();
        other[0] = 'x';
        assertThat(NativePassword.verify(other, clientScramble("password", SCRAMBLE), stored)).isFalse();
        assertThat(NativePassword.verify(SCRAMBLE, new byte[0], stored)).isFalse();
        assertThat(NativePassword.verify(SCRAMBLE, new byte[19], stored)).isFalse();
    }

    @Test
    void emptyPasswordAcceptsOnlyAnEmptyResponse() throws Exception {
        byte[] stored = NativePassword.storedHash("");
        assertThat(NativePassword.verify(SCRAMBLE, new byte[0], stored)).isTrue();
        assertThat(NativePassword.verify(SCRAMBLE, clientScramble("x", SCRAMBLE), stored)).isFalse();
        assertThat(NativePassword.clientResponse("", SCRAMBLE)).isEmpty();
    }

    /** The client's computation, step by step with MessageDigest: SHA1(pw) XOR SHA1(scramble + SHA1(SHA1(pw))). */
    private static byte[] clientScramble(String password, byte[] scramble) throws Exception {
        byte[] stage1 = MessageDigest.getInstance("SHA-1").digest(password.getBytes(StandardCharsets.UTF_8));
        byte[] stage2 = MessageDigest.getInstance("SHA-1").digest(stage1);
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        md.update(scramble);
        md.update(stage2);
        byte[] mask = md.digest();
        byte[] out = new byte[20];
        for (int i = 0; i < 20; i++) {
            out[i] = (byte) (stage1[i] ^ mask[i]);
        }
        return out;
    }
}
