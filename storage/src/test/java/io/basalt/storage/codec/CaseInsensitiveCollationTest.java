package io.basalt.storage.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Arrays;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** The default collation: case- and accent-insensitive, PAD SPACE, and its index encoding. */
class CaseInsensitiveCollationTest {

    static byte[] indexValue(String s) {
        KeyBuilder b = new KeyBuilder();
        new IndexValueEncoder(b).putStringCi(s);
        return b.toBytes();
    }

    @Example
    void caseAndAccentsAreIgnored() {
        assertThat(CaseInsensitiveCollation.equal("a", "A")).isTrue();
        assertThat(CaseInsensitiveCollation.equal("a", "á")).isTrue();
        assertThat(CaseInsensitiveCollation.equal("A", "Á")).isTrue();
        assertThat(CaseInsensitiveCollation.equal("a", "a\u0301")).isTrue(); // decomposed accent
        assertThat(CaseInsensitiveCollation.equal("résumé", "RESUME")).isTrue();
        assertThat(CaseInsensitiveCollation.equal("Ärger", "arger")).isTrue();
        assertThat(indexValue("a")).isEqualTo(indexValue("A")).isEqualTo(indexValue("á"));
        assertThat(CaseInsensitiveCollation.equal("a", "b")).isFalse();
        assertThat(CaseInsensitiveCollation.equal("a", "aa")).isFalse();
        assertThat(CaseInsensitiveCollation.equal("a", " a")).isFalse(); // leading spaces count
    }

    @Example
    void trailingSpacesAreIgnored() {
        assertThat(CaseInsensitiveCollation.equal("abc", "abc   ")).isTrue();
        assertThat(CaseInsensitiveCollation.equal("", "    ")).isTrue();
        assertThat(CaseInsensitiveCollation.equal("é", "E ")).isTrue();
        assertThat(indexValue("x ")).isEqualTo(indexValue("X"));
        assertThat(CaseInsensitiveCollation.equal("a b", "ab")).isFalse();
    }

    @Example
    void orderIsCaseInsensitive() {
        String[] ascending = {"", "a", "Ab", "abc", "B", "ba", "Z"};
        for (int i = 0; i + 1 < ascending.length; i++) {
            assertThat(Arrays.compareUnsigned(indexValue(ascending[i]), indexValue(ascending[i + 1])))
                    .as("%s < %s", ascending[i], ascending[i + 1]).isNegative();
        }
        // 'a' < 'B' although 'B' (0x42) < 'a' (0x61) in binary order
        assertThat(Arrays.compareUnsigned(indexValue("a"), indexValue("B"))).isNegative();
        assertThat(Arrays.compareUnsigned(indexValue("á"), indexValue("b"))).isNegative();
    }

    @Property
    void appendingSpacesNeverChangesTheKey(@ForAll("strings") String s, @ForAll @IntRange(max = 10) int spaces) {
        assertThat(CaseInsensitiveCollation.sortKey(s + " ".repeat(spaces)))
                .isEqualTo(CaseInsensitiveCollation.sortKey(s));
    }

    @Property
    void caseAndAccentVariantsAreEqual(@ForAll("latinWords") String s) {
        assertThat(CaseInsensitiveCollation.equal(s, s.toUpperCase(Locale.ROOT))).isTrue();
        assertThat(CaseInsensitiveCollation.equal(s, s.toLowerCase(Locale.ROOT))).isTrue();
        assertThat(CaseInsensitiveCollation.equal(s, stripAccents(s))).as("%s vs %s", s, stripAccents(s)).isTrue();
        assertThat(CaseInsensitiveCollation.equal(s, Normalizer.normalize(s, Normalizer.Form.NFD))).isTrue();
    }

    @Property
    void asciiFastPathAgreesWithGeneralPath(@ForAll("asciiStrings") String s) {
        // Appending one non-ASCII letter forces the general (Unicode) path; the ASCII part must fold identically.
        byte[] fast = CaseInsensitiveCollation.sortKey(s + "x");
        byte[] general = CaseInsensitiveCollation.sortKey(s + "é");
        String fastText = new String(fast, StandardCharsets.UTF_8);
        assertThat(fastText).endsWith("X");
        assertThat(new String(general, StandardCharsets.UTF_8))
                .isEqualTo(fastText.substring(0, fastText.length() - 1) + "E");
        assertThat(CaseInsensitiveCollation.equal(s + "é", s.toLowerCase(Locale.ROOT) + "E")).isTrue();
    }

    @Property
    void indexOrderIsSortKeyOrderAndEqualityIsCollationEquality(@ForAll("strings") String a,
                                                                @ForAll("strings") String b) {
        int keyOrder = Integer.signum(Arrays.compareUnsigned(CaseInsensitiveCollation.sortKey(a),
                CaseInsensitiveCollation.sortKey(b)));
        assertThat(Integer.signum(Arrays.compareUnsigned(indexValue(a), indexValue(b)))).isEqualTo(keyOrder);
        assertThat(keyOrder == 0).isEqualTo(CaseInsensitiveCollation.equal(a, b));
    }

    @Property
    void collationOrderIsATotalPreorderConsistentWithEquality(@ForAll("strings") String a,
                                                              @ForAll("strings") String b,
                                                              @ForAll("strings") String c) {
        byte[] ka = indexValue(a);
        byte[] kb = indexValue(b);
        byte[] kc = indexValue(c);
        if (CaseInsensitiveCollation.equal(a, b)) {
            // equal strings are interchangeable: they compare the same against any third string
            assertThat(Integer.signum(Arrays.compareUnsigned(ka, kc)))
                    .isEqualTo(Integer.signum(Arrays.compareUnsigned(kb, kc)));
        }
        if (Arrays.compareUnsigned(ka, kb) <= 0 && Arrays.compareUnsigned(kb, kc) <= 0) {
            assertThat(Arrays.compareUnsigned(ka, kc)).isNotPositive();
        }
    }

    @Provide
    Arbitrary<String> strings() {
        return Arbitraries.oneOf(
                Arbitraries.strings().withChars("aAbBzZ  áÁéÉüÜ0-_\t").ofMaxLength(8),
                Arbitraries.strings().ofMaxLength(10),
                latinWords());
    }

    @Provide
    Arbitrary<String> latinWords() {
        // Latin-1 letters whose case mapping is one-to-one (no ß, whose upper case is "SS").
        return Arbitraries.strings().withChars("abcxyzABCXYZàáâãäåçèéêëìíîïñòóôõöùúûüýÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝ 0")
                .ofMaxLength(12);
    }

    @Provide
    Arbitrary<String> asciiStrings() {
        return Arbitraries.strings().ascii().ofMaxLength(12);
    }

    static String stripAccents(String s) {
        return Normalizer.normalize(s, Normalizer.Form.NFD).replaceAll("\\p{Mn}", "");
    }
}
