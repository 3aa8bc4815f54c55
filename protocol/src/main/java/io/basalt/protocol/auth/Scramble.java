package io.basalt.protocol.auth;

import java.security.SecureRandom;

/** The per-connection nonce both password plugins hash the password with. */
public final class Scramble {
    public static final int LENGTH = 20;
    private static final int FIRST_PRINTABLE = 0x21;
    private static final int PRINTABLE_COUNT = 0x7f - FIRST_PRINTABLE;

    private Scramble() {
    }

    /**
     * 20 random printable ASCII bytes (0x21–0x7E) other than '$': like MySQL's, never NUL (clients treat the
     * scramble as a C string) and never '$' (the separator of sha256/caching_sha2 stored formats).
     */
    public static byte[] generate(SecureRandom random) {
        byte[] scramble = new byte[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            int b;
            do {
                b = FIRST_PRINTABLE + random.nextInt(PRINTABLE_COUNT);
            } while (b == '$');
            scramble[i] = (byte) b;
        }
        return scramble;
    }
}
