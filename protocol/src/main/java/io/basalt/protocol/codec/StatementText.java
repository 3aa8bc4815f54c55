package io.basalt.protocol.codec;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Statement text that keeps every byte the client sent. Clients put raw bytes into SQL text ({@code _binary'...'}
 * literals of Connector/J's text protocol), which are not UTF-8; a plain decode would replace them. Each byte that
 * is not part of a valid UTF-8 sequence becomes the lone surrogate {@code U+DC00 + byte} (as Python's
 * surrogateescape does), which no valid text contains, and {@link #bytes} restores it. Stateless.
 */
public final class StatementText {
    private static final char ESCAPE_BASE = 0xDC00;

    private StatementText() {
    }

    public static String decode(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        while (true) {
            CoderResult r = decoder.decode(in, out, true);
            if (r.isUnderflow()) {
                break;
            }
            for (int i = 0; i < r.length(); i++) {
                out.put((char) (ESCAPE_BASE + (in.get() & 0xFF)));
            }
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    /** The bytes {@code text} stands for: escaped bytes as themselves, everything else as UTF-8. */
    public static byte[] bytes(CharSequence text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        int runStart = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isEscapedByte(text, i)) {
                out.writeBytes(text.subSequence(runStart, i).toString().getBytes(StandardCharsets.UTF_8));
                out.write(c - ESCAPE_BASE);
                runStart = i + 1;
            }
        }
        out.writeBytes(text.subSequence(runStart, text.length()).toString().getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** A lone low surrogate U+DC80..U+DCFF (a high surrogate before it would make it half of a real character). */
    private static boolean isEscapedByte(CharSequence text, int i) {
        char c = text.charAt(i);
        return c >= ESCAPE_BASE + 0x80 && c <= ESCAPE_BASE + 0xFF
                && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
    }
}
