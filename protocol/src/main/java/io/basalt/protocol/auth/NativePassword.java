package io.basalt.protocol.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * mysql_native_password. The server stores SHA1(SHA1(password)); the client sends
 * {@code SHA1(password) XOR SHA1(scramble || SHA1(SHA1(password)))}, from which the server recovers SHA1(password)
 * and checks that its SHA1 is the stored hash. An empty stored hash means "no password".
 */
public final class NativePassword {
    private static final String SHA1 = "SHA-1";
    private static final int DIGEST_LENGTH = 20;

    private NativePassword() {
    }

    /** SHA1(SHA1(password)) over the UTF-8 bytes; empty for an empty password. */
    public static byte[] storedHash(String password) {
        if (password.isEmpty()) {
            return new byte[0];
        }
        return Digests.digest(SHA1, Digests.digest(SHA1, password.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Checks a client's response in constant time. With an empty stored hash only an empty response passes; with a
     * password an empty or wrong-length response fails.
     */
    public static boolean verify(byte[] scramble, byte[] clientResponse, byte[] storedHash) {
        if (storedHash.length == 0) {
            return clientResponse.length == 0;
        }
        if (clientResponse.length != DIGEST_LENGTH || storedHash.length != DIGEST_LENGTH) {
            return false;
        }
        byte[] stage1 = Digests.xor(clientResponse, Digests.digest(SHA1, scramble, storedHash));
        return MessageDigest.isEqual(Digests.digest(SHA1, stage1), storedHash);
    }

    /** The response a client computes for {@code password} (empty for an empty password). */
    public static byte[] clientResponse(String password, byte[] scramble) {
        if (password.isEmpty()) {
            return new byte[0];
        }
        byte[] stage1 = Digests.digest(SHA1, password.getBytes(StandardCharsets.UTF_8));
        return Digests.xor(stage1, Digests.digest(SHA1, scramble, Digests.digest(SHA1, stage1)));
    }
}
