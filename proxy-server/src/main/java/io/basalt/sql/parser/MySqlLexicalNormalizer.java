package io.basalt.sql.parser;

import io.basalt.protocol.codec.StatementText;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/**
 * Rewrites MySQL lexical forms that Calcite's lexer does not know into forms it does, before the generated parser
 * sees the text:
 * <ul>
 *   <li>{@code #} and {@code -- } comments, {@code /* *}{@code /} comments and {@code /*+ *}{@code /} optimizer
 *       hints become a space; {@code --} not followed by white space is two minus signs, as in MySQL;</li>
 *   <li>executable comments {@code /*! ... *}{@code /} and {@code /*!80000 ... *}{@code /} are unwrapped when the
 *       version is at most {@value #SERVER_VERSION_ID} (otherwise they are comments);</li>
 *   <li>'single' and "double" quoted strings with backslash escapes and doubled quotes, and adjacent strings, become
 *       one standard {@code '...'} literal; charset introducers ({@code _utf8mb4'x'}) and {@code N'x'} are dropped,
 *       {@code _binary'x'} becomes {@code X'78'};</li>
 *   <li>{@code 0x0A}, {@code b'101'} and {@code 0b101} become {@code X'..'} binary literals;</li>
 *   <li>the INTERVAL keyword becomes {@value #INTERVAL_TOKEN}, a token only the MySQL productions accept, so that
 *       Calcite's standard INTERVAL grammar never takes MySQL's {@code INTERVAL expr unit};</li>
 *   <li>{@code FOR UPDATE} and {@code FOR SHARE} become the single tokens {@value #FOR_UPDATE_TOKEN} and
 *       {@value #FOR_SHARE_TOKEN}, because Calcite's grammar lets an optional {@code FOR SYSTEM_TIME} follow a table
 *       name and would take the FOR;</li>
 *   <li>RLIKE becomes its synonym REGEXP;</li>
 *   <li>a bare JOIN becomes INNER JOIN; the function INSERT( becomes {@code `INSERT`(}; CURRENT_USER() loses its
 *       parentheses;</li>
 *   <li>the word VALUE, unless it opens a row ({@code VALUE (}) as in INSERT, becomes the identifier
 *       {@code `value`};</li>
 *   <li>index hints ({@code USE|FORCE|IGNORE INDEX|KEY [FOR ...] (...)}) are dropped: they only steer MySQL's
 *       optimizer.</li>
 * </ul>
 * Everything else (backtick identifiers, operators, numbers) is copied. Because the output differs in length, every
 * output character records the offset of the input character it came from, so that syntax errors point into the
 * client's text. Stateless.
 */
final class MySqlLexicalNormalizer {

    /** Executable comments up to this version run; later ones are comments (we are an 8.0 server). */
    static final int SERVER_VERSION_ID = 80099;

    /** The INTERVAL keyword as handed to the generated parser (token MYSQL_INTERVAL). */
    static final String INTERVAL_TOKEN = "INTERVAL$";
    /** {@code FOR UPDATE} / {@code FOR SHARE} as single tokens (FOR_UPDATE, FOR_SHARE). */
    static final String FOR_UPDATE_TOKEN = "FOR_UPDATE$";
    static final String FOR_SHARE_TOKEN = "FOR_SHARE$";

    /** Words that make a following JOIN part of a qualified join type. */
    private static final Set<String> JOIN_QUALIFIERS = Set.of("INNER", "CROSS", "LEFT", "RIGHT", "OUTER", "FULL",
        "NATURAL", "ASOF");

    private MySqlLexicalNormalizer() {
    }

    /** The normalized text and, for each of its characters, the offset of the source character in the input. */
    record Result(String text, int[] sourceOffsets) {

        /** The input offset of a normalized offset; offsets at or past the end map to the end of the input. */
        int sourceOffset(int normalizedOffset, int inputLength) {
            return normalizedOffset < sourceOffsets.length ? sourceOffsets[normalizedOffset] : inputLength;
        }
    }

    /**
     * @throws io.basalt.protocol.error.MySqlException 1064 for an unterminated string, identifier or comment, at its
     *                                                 start
     */
    static Result normalize(String sql) {
        return new Normalizer(sql).run();
    }

    /** Index just after a plain comment starting at {@code i}, or {@code i} if none starts there. */
    static int commentEnd(String s, int i) {
        char c = s.charAt(i);
        if (c == '#' || (c == '-' && isDashDashComment(s, i))) {
            int nl = s.indexOf('\n', i);
            return nl < 0 ? s.length() : nl + 1;
        }
        if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*' && !isExecutableComment(s, i)) {
            int close = s.indexOf("*/", i + 2);
            return close < 0 ? s.length() : close + 2;
        }
        return i;
    }

    /** Index just after the quoted string or identifier whose opening quote is at {@code i} (or the text end). */
    static int quotedEnd(String s, int i) {
        char quote = s.charAt(i);
        int j = i + 1;
        while (j < s.length()) {
            char c = s.charAt(j);
            if (c == '\\' && quote != '`') {
                j += 2;
            } else if (c == quote) {
                if (j + 1 < s.length() && s.charAt(j + 1) == quote) {
                    j += 2;
                } else {
                    return j + 1;
                }
            } else {
                j++;
            }
        }
        return s.length();
    }

    /**
     * Appends the value of the body {@code s[from, to)} of a string literal quoted with {@code quote}: backslash
     * escapes as MySQL decodes them (without NO_BACKSLASH_ESCAPES) and doubled quotes.
     */
    static void unescape(String s, int from, int to, char quote, StringBuilder value) {
        int i = from;
        while (i < to) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < to) {
                char e = s.charAt(i + 1);
                switch (e) {
                    case '0' -> value.append('\0');
                    case 'b' -> value.append('\b');
                    case 'n' -> value.append('\n');
                    case 'r' -> value.append('\r');
                    case 't' -> value.append('\t');
                    case 'Z' -> value.append('\u001a');
                    // kept with their backslash so that LIKE patterns can match a literal % or _
                    case '%', '_' -> value.append('\\').append(e);
                    default -> value.append(e);
                }
                i += 2;
            } else if (c == quote) {
                value.append(quote);
                i += 2;
            } else {
                value.append(c);
                i++;
            }
        }
    }

    /** Whether {@code c} can be part of an unquoted MySQL identifier, keyword or number. */
    static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c >= 0x80;
    }

    /** The bytes of a bit-string body such as {@code 101}, or null when it holds other characters. */
    static byte[] bitsToBytes(String bits) {
        for (int i = 0; i < bits.length(); i++) {
            if (bits.charAt(i) != '0' && bits.charAt(i) != '1') {
                return null;
            }
        }
        int byteCount = (bits.length() + 7) / 8;
        byte[] bytes = new byte[byteCount];
        for (int i = 0; i < bits.length(); i++) {
            if (bits.charAt(bits.length() - 1 - i) == '1') {
                bytes[byteCount - 1 - i / 8] |= (byte) (1 << (i % 8));
            }
        }
        return bytes;
    }

    private static boolean isDashDashComment(String s, int i) {
        if (i + 1 >= s.length() || s.charAt(i + 1) != '-') {
            return false;
        }
        return i + 2 >= s.length() || s.charAt(i + 2) <= ' ';
    }

    /** {@code /*!} opens an executable comment when its version (if any) is not above ours. */
    private static boolean isExecutableComment(String s, int i) {
        return s.startsWith("/*!", i) && executableVersion(s, i + 3) <= SERVER_VERSION_ID;
    }

    private static int executableVersion(String s, int from) {
        int end = from;
        while (end < s.length() && end - from < 6 && Character.isDigit(s.charAt(end))) {
            end++;
        }
        return end == from ? 0 : Integer.parseInt(s.substring(from, end));
    }

    /** One normalization run; not thread-safe, used once. */
    private static final class Normalizer {
        private final String in;
        private final StringBuilder out;
        private int[] offsets;
        private int pos;
        private int executableDepth;

        Normalizer(String in) {
            this.in = in;
            this.out = new StringBuilder(in.length() + 16);
            this.offsets = new int[in.length() + 16];
        }

        Result run() {
            int n = in.length();
            while (pos < n) {
                char c = in.charAt(pos);
                if (c == '\'' || c == '"') {
                    strings(pos, false);
                } else if (c == '`') {
                    int end = quotedEnd(in, pos);
                    if (end == n && (end - pos < 2 || in.charAt(end - 1) != '`')) {
                        throw SyntaxErrors.at(in, pos);
                    }
                    copy(end);
                } else if (c == '*' && executableDepth > 0 && pos + 1 < n && in.charAt(pos + 1) == '/') {
                    executableDepth--;
                    emit(' ', pos);
                    pos += 2;
                } else if (c == '/' && in.startsWith("/*!", pos)) {
                    openExecutableComment();
                } else if (c == '#' || c == '-' || c == '/') {
                    comment(c);
                } else if (isWordChar(c)) {
                    word();
                } else {
                    emit(c, pos++);
                }
            }
            return new Result(out.toString(), Arrays.copyOf(offsets, out.length()));
        }

        private void comment(char c) {
            int end = commentEnd(in, pos);
            if (end > pos) {
                if (c == '/' && !in.startsWith("*/", end - 2)) {
                    throw SyntaxErrors.at(in, pos);
                }
                emit(' ', pos);
                pos = end;
            } else if (c == '-' && pos + 1 < in.length() && in.charAt(pos + 1) == '-') {
                // "--" without following white space is two minus signs in MySQL, a comment for Calcite
                emit('-', pos);
                emit(' ', pos);
                emit('-', pos + 1);
                pos += 2;
            } else {
                emit(c, pos++);
            }
        }

        private void openExecutableComment() {
            int start = pos;
            int from = pos + 3;
            int digitsEnd = from;
            while (digitsEnd < in.length() && digitsEnd - from < 6 && Character.isDigit(in.charAt(digitsEnd))) {
                digitsEnd++;
            }
            if (executableVersion(in, from) > SERVER_VERSION_ID) {
                comment('/');
                return;
            }
            if (in.indexOf("*/", digitsEnd) < 0) {
                throw SyntaxErrors.at(in, start);
            }
            executableDepth++;
            emit(' ', start);
            pos = digitsEnd;
        }

        /** A word: identifier, keyword, number, or the prefix of a special literal. */
        private void word() {
            int start = pos;
            int end = pos;
            while (end < in.length() && isWordChar(in.charAt(end))) {
                end++;
            }
            String word = in.substring(start, end);
            boolean quoteFollows = end < in.length() && in.charAt(end) == '\'';
            if (quoteFollows && word.equalsIgnoreCase("x")) {
                copy(quotedEnd(in, end));
                return;
            }
            if (quoteFollows && word.equalsIgnoreCase("b")) {
                int close = quotedEnd(in, end);
                requireClosed(end, close, '\'');
                emitBinary(bitsToBytes(in.substring(end + 1, close - 1), start), start, close - 1);
                pos = close;
                return;
            }
            if (quoteFollows && word.equalsIgnoreCase("n")) {
                pos = end;
                strings(start, false);
                return;
            }
            if (word.length() > 2 && word.charAt(0) == '0' && (word.charAt(1) == 'x' || word.charAt(1) == 'X')
                && isHex(word, 2)) {
                String hex = word.substring(2);
                emitHex(hex.length() % 2 == 0 ? hex : "0" + hex, start, end - 1);
                pos = end;
                return;
            }
            if (word.length() > 2 && word.charAt(0) == '0' && (word.charAt(1) == 'b' || word.charAt(1) == 'B')
                && isBits(word, 2)) {
                emitBinary(bitsToBytes(word.substring(2), start), start, end - 1);
                pos = end;
                return;
            }
            if (word.equalsIgnoreCase("INTERVAL")) {
                // MySQL's INTERVAL grammar replaces Calcite's: the marked keyword is a token only our productions use
                emitWord(INTERVAL_TOKEN, start, end);
                return;
            }
            if (word.equalsIgnoreCase("FOR")) {
                int next = skipSpacesAndComments(end);
                String lockWord = wordAt(next);
                if (lockWord.equalsIgnoreCase("UPDATE") || lockWord.equalsIgnoreCase("SHARE")) {
                    // one token, so that Calcite's optional FOR SYSTEM_TIME after a table name does not take FOR
                    emitWord(lockWord.equalsIgnoreCase("UPDATE") ? FOR_UPDATE_TOKEN : FOR_SHARE_TOKEN, start,
                        next + lockWord.length());
                    return;
                }
            }
            if (word.equalsIgnoreCase("VALUE") && !followedByParenthesis(end)) {
                // the INSERT keyword VALUE is always followed by "("; elsewhere it is a column name, which Calcite
                // would otherwise read as the start of a VALUE (...) table constructor after "("
                emitWord("`" + word + "`", start, end);
                return;
            }
            if (word.equalsIgnoreCase("JOIN") && !JOIN_QUALIFIERS.contains(previousWord())) {
                // a bare JOIN as INNER JOIN: with the one-token join type, Calcite's 4-token join lookahead reaches
                // into a derived table's select list and rejects JOIN (SELECT a, b ...) x
                emitWord("INNER JOIN", start, end);
                return;
            }
            if (word.equalsIgnoreCase("INSERT") && followedByParenthesis(end)) {
                // the string function INSERT(str, pos, len, newstr); the statement keyword is never followed by "("
                emitWord("`" + word + "`", start, end);
                return;
            }
            if (word.equalsIgnoreCase("CURRENT_USER") && followedByParenthesis(end)) {
                int close = skipSpacesAndComments(skipSpacesAndComments(end) + 1);
                if (close < in.length() && in.charAt(close) == ')') {
                    // MySQL's CURRENT_USER() is Calcite's niladic CURRENT_USER
                    emitWord(word, start, close + 1);
                    return;
                }
            }
            if (word.equalsIgnoreCase("RLIKE")) {
                emitWord("REGEXP", start, end);
                return;
            }
            if (isIndexHintStart(word)) {
                int hintEnd = indexHintEnd(end);
                if (hintEnd > 0) {
                    emit(' ', start);
                    pos = hintEnd;
                    return;
                }
            }
            if (word.length() > 1 && word.charAt(0) == '_' && introduces(end)) {
                pos = skipSpaces(end);
                introduced(word.substring(1).toLowerCase(Locale.ROOT), start);
                return;
            }
            copy(end);
        }

        private boolean followedByParenthesis(int from) {
            int next = skipSpacesAndComments(from);
            return next < in.length() && in.charAt(next) == '(';
        }

        /** The word just before the current position of the output, upper-cased; empty if none. */
        private String previousWord() {
            int end = out.length();
            while (end > 0 && Character.isWhitespace(out.charAt(end - 1))) {
                end--;
            }
            int begin = end;
            while (begin > 0 && isWordChar(out.charAt(begin - 1))) {
                begin--;
            }
            return out.substring(begin, end).toUpperCase(Locale.ROOT);
        }

        private void emitWord(String replacement, int start, int end) {
            for (int i = 0; i < replacement.length(); i++) {
                emit(replacement.charAt(i), Math.min(start + i, end - 1));
            }
            pos = end;
        }

        private static boolean isIndexHintStart(String word) {
            return word.equalsIgnoreCase("USE") || word.equalsIgnoreCase("FORCE") || word.equalsIgnoreCase("IGNORE");
        }

        /**
         * End of an index hint {@code USE|FORCE|IGNORE INDEX|KEY [FOR JOIN|ORDER BY|GROUP BY] (names)} whose first
         * word ends at {@code from}, or -1 if none follows. Hints only steer MySQL's optimizer, so they are dropped.
         */
        private int indexHintEnd(int from) {
            int i = skipSpacesAndComments(from);
            String keyword = wordAt(i);
            if (!keyword.equalsIgnoreCase("INDEX") && !keyword.equalsIgnoreCase("KEY")) {
                return -1;
            }
            i = skipSpacesAndComments(i + keyword.length());
            if (wordAt(i).equalsIgnoreCase("FOR")) {
                i = skipSpacesAndComments(i + 3);
                String target = wordAt(i);
                i = skipSpacesAndComments(i + target.length());
                if (target.equalsIgnoreCase("ORDER") || target.equalsIgnoreCase("GROUP")) {
                    i = skipSpacesAndComments(i + wordAt(i).length());
                }
            }
            if (i >= in.length() || in.charAt(i) != '(') {
                return -1;
            }
            int close = in.indexOf(')', i);
            return close < 0 ? -1 : close + 1;
        }

        private String wordAt(int from) {
            int end = from;
            while (end < in.length() && isWordChar(in.charAt(end))) {
                end++;
            }
            return in.substring(from, end);
        }

        /** Whether a charset introducer at {@code end} is followed by a literal it applies to. */
        private boolean introduces(int end) {
            int next = skipSpaces(end);
            if (next >= in.length()) {
                return false;
            }
            char c = in.charAt(next);
            if (c == '\'' || c == '"') {
                return true;
            }
            int wordEnd = next;
            while (wordEnd < in.length() && isWordChar(in.charAt(wordEnd))) {
                wordEnd++;
            }
            String word = in.substring(next, wordEnd);
            boolean quoted = wordEnd < in.length() && in.charAt(wordEnd) == '\'';
            return (quoted && (word.equalsIgnoreCase("x") || word.equalsIgnoreCase("b")))
                || (word.length() > 2 && word.charAt(0) == '0' && "xXbB".indexOf(word.charAt(1)) >= 0);
        }

        private void introduced(String charset, int introducerStart) {
            char c = in.charAt(pos);
            if (c == '\'' || c == '"') {
                strings(introducerStart, charset.equals("binary"));
            } else {
                word();
            }
        }

        /**
         * One string literal or several adjacent ones (MySQL concatenates them), emitted as one standard literal.
         *
         * @param start  where the literal starts in the input, including any N / charset introducer
         * @param binary {@code _binary} introduced it: the value is the bytes of the text
         */
        private void strings(int start, boolean binary) {
            StringBuilder value = new StringBuilder();
            int next = pos;
            do {
                pos = next;
                int close = quotedEnd(in, pos);
                char quote = in.charAt(pos);
                requireClosed(pos, close, quote);
                unescape(in, pos + 1, close - 1, quote, value);
                pos = close;
                next = skipSpacesAndComments(pos);
            } while (next < in.length() && (in.charAt(next) == '\'' || in.charAt(next) == '"'));
            if (binary) {
                emitBinary(StatementText.bytes(value), start, pos - 1);
                return;
            }
            emit('\'', start);
            for (int i = 0; i < value.length(); i++) {
                char v = value.charAt(i);
                emit(v, start);
                if (v == '\'') {
                    emit('\'', start);
                }
            }
            emit('\'', pos - 1);
        }

        private void requireClosed(int open, int close, char quote) {
            if (close - open < 2 || in.charAt(close - 1) != quote || isEscapedQuote(open, close - 1, quote)) {
                throw SyntaxErrors.at(in, open);
            }
        }

        /** True when the quote at {@code at} is an escape's second character, i.e. the literal never closed. */
        private boolean isEscapedQuote(int open, int at, char quote) {
            int i = open + 1;
            while (i < at) {
                char c = in.charAt(i);
                if (c == '\\') {
                    i += 2;
                } else if (c == quote) {
                    i += 2;
                } else {
                    i++;
                }
            }
            return i > at;
        }

        private int skipSpaces(int from) {
            int i = from;
            while (i < in.length() && Character.isWhitespace(in.charAt(i))) {
                i++;
            }
            return i;
        }

        private int skipSpacesAndComments(int from) {
            int i = from;
            while (i < in.length()) {
                if (Character.isWhitespace(in.charAt(i))) {
                    i++;
                    continue;
                }
                int end = commentEnd(in, i);
                if (end == i) {
                    return i;
                }
                i = end;
            }
            return i;
        }

        private byte[] bitsToBytes(String bits, int start) {
            byte[] bytes = MySqlLexicalNormalizer.bitsToBytes(bits);
            if (bytes == null) {
                throw SyntaxErrors.at(in, start);
            }
            return bytes;
        }

        private static boolean isHex(String s, int from) {
            for (int i = from; i < s.length(); i++) {
                if (Character.digit(s.charAt(i), 16) < 0) {
                    return false;
                }
            }
            return true;
        }

        private static boolean isBits(String s, int from) {
            for (int i = from; i < s.length(); i++) {
                if (s.charAt(i) != '0' && s.charAt(i) != '1') {
                    return false;
                }
            }
            return s.length() > from;
        }

        private void emitBinary(byte[] bytes, int source, int sourceEnd) {
            emitHex(HexFormat.of().withUpperCase().formatHex(bytes), source, sourceEnd);
        }

        /** Emits {@code X'hex'}; its closing quote maps to {@code sourceEnd}, the rest to {@code source}. */
        private void emitHex(String hex, int source, int sourceEnd) {
            emit('X', source);
            emit('\'', source);
            for (int i = 0; i < hex.length(); i++) {
                emit(hex.charAt(i), source);
            }
            emit('\'', sourceEnd);
        }

        private void copy(int end) {
            while (pos < end) {
                emit(in.charAt(pos), pos);
                pos++;
            }
        }

        private void emit(char c, int source) {
            if (out.length() == offsets.length) {
                offsets = Arrays.copyOf(offsets, offsets.length * 2 + 16);
            }
            offsets[out.length()] = source;
            out.append(c);
        }
    }
}
