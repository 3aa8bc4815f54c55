package io.basalt.protocol.auth;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Message digests by name; SHA-1 and SHA-256 are mandatory in every JRE. */
final class Digests {

    private Digests() {
    }

    static byte[] digest(String algorithm, byte[]... parts) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is not available", e);
        }
        for (byte[] part : parts) {
            md.update(part);
        }
        return md.digest();
    }

    static byte[] xor(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }
}
