package io.basalt.protocol.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * caching_sha2_password, fast path only. The server stores SHA256(SHA256(password)); the client sends
 * {@code SHA256(password) XOR SHA256(SHA256(SHA256(password)) || scramble)}. Because the stored hash is exactly
 * what the fast path needs, the server can always verify it and never has to ask for full authentication (which
 * would need TLS or RSA). Success is signalled with AuthMoreData {@code 0x03} followed by OK.
 */
public final class CachingSha2Password {
    /** The whole AuthMoreData payload for "fast auth success" (0x01 0x03); do not modify. */
    public static final byte[] FAST_AUTH_SUCCESS = {0x01, 0x03};
    /** The AuthMoreData status byte for "fast auth success". */
    public static final byte FAST_AUTH_SUCCESS_STATUS = 0x03;
    /** The AuthMoreData status byte for "perform full authentication". */
    public static final byte PERFORM_FULL_AUTHENTICATION_STATUS = 0x04;

    private static final String SHA256 = "SHA-256";
    private static final int DIGEST_LENGTH = 32;

    private CachingSha2Password() {
    }

    /** SHA256(SHA256(password)) over the UTF-8 bytes; empty for an empty password. */
    public static byte[] storedHash(String password) {
        if (password.isEmpty()) {
            return new byte[0];
        }
        return Digests.digest(SHA256, Digests.digest(SHA256, password.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Checks a fast-path response in constant time. With an empty stored hash only an empty response passes (clients
     * send nothing for an empty password).
     */
    public static boolean verifyFastPath(byte[] scramble, byte[] clientResponse, byte[] storedHash) {
        if (storedHash.length == 0) {
            return clientResponse.length == 0;
        }
        if (clientResponse.length != DIGEST_LENGTH || storedHash.length != DIGEST_LENGTH) {
            return false;
        }
        byte[] stage1 = Digests.xor(clientResponse, Digests.digest(SHA256, storedHash, scramble));
        return MessageDigest.isEqual(Digests.digest(SHA256, stage1), storedHash);
    }

    /** The fast-path response a client computes for {@code password} (empty for an empty password). */
    public static byte[] clientResponse(String password, byte[] scramble) {
        if (password.isEmpty()) {
            return new byte[0];
        }
        byte[] stage1 = Digests.digest(SHA256, password.getBytes(StandardCharsets.UTF_8));
        return Digests.xor(stage1, Digests.digest(SHA256, Digests.digest(SHA256, stage1), scramble));
    }
}
