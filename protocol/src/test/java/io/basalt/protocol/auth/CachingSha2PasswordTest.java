package io.basalt.protocol.auth;

import io.basalt.protocol.testing.Bytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import static org.assertj.core.api.Assertions.assertThat;

class CachingSha2PasswordTest {
    private static final byte[] SCRAMBLE = "klmnopqrstuvwxyz0123".getBytes(StandardCharsets.US_ASCII);

    @Test
    void storedHashIsDoubleSha256() throws Exception {
        byte[] stage1 = MessageDigest.getInstance("SHA-256").digest("password".getBytes(StandardCharsets.UTF_8));
        assertThat(Bytes.hexOf(stage1))
                .isEqualTo("5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8");
        assertThat(CachingSha2Password.storedHash("password"))
                .isEqualTo(MessageDigest.getInstance("SHA-256").digest(stage1));
        assertThat(CachingSha2Password.storedHash("")).isEmpty();
    }

    @Test
    void fastPathAcceptsTheResponseAClientComputes() throws Exception {
        byte[] response = clientScramble("s3cret", SCRAMBLE);
        assertThat(CachingSha2Password.clientResponse("s3cret", SCRAMBLE)).isEqualTo(response);
        assertThat(CachingSha2Password.verifyFastPath(SCRAMBLE, response, CachingSha2Password.storedHash("s3cret")))
                .isTrue();
    }

    @Test
    void fastPathRejectsWrongAnswers() throws Exception {
        byte[] stored = CachingSha2Password.storedHash("s3cret");
        assertThat(CachingSha2Password.verifyFastPath(SCRAMBLE, clientScramble("s3cres", SCRAMBLE), stored))
                .isFalse();
        byte[] tampered = clientScramble("s3cret", SCRAMBLE);
        tampered[31] ^= (byte) 0x80;
        assertThat(CachingSha2Password.verifyFastPath(SCRAMBLE, tampered, stored)).isFalse();
        assertThat(CachingSha2Password.verifyFastPath(SCRAMBLE, new byte[0], stored)).isFalse();
        assertThat(CachingSha2Password.verifyFastPath(SCRAMBLE, new byte[20], stored)).isFalse();
    }

    @Test
    void emptyPasswordAcceptsOnlyAnEmptyResponse() throws Exception {
        byte[] stored = CachingSha2Password.storedHash("");
        assertThat(CachingSha2Password.verifyFastPath(SCRAMBLE, new byte[0], stored)).isTrue();
        assertThat(CachingSha2Password.verifyFastPath(SCRAMBLE, clientScramble("a", SCRAMBLE), stored)).isFalse();
    }

    /** SHA256(pw) XOR SHA256(SHA256(SHA256(pw)) || scramble), step by step. */
    private static byte[] clientScramble(String password, byte[] scramble) throws Exception {
        byte[] stage1 = MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
        byte[] stage2 = MessageDigest.getInstance("SHA-256").digest(stage1);
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        md.update(stage2);
        md.update(scramble);
        byte[] mask = md.digest();
        byte[] out = new byte[32];
        for (int i = 0; i < 32; i++) {
            out[i] = (byte) (stage1[i] ^ mask[i]);
        }
        return out;
    }
}
