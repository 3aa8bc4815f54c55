package io.basalt.sql.value;

import io.basalt.storage.codec.CaseInsensitiveCollation;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** The collation is a total order consistent with its keys and with storage's sort keys. */
class CollationProperties {

    @Provide
    Arbitrary<String> strings() {
        return Arbitraries.strings().withChars("aAbBzZ áÁÅéÉøß\t-_").ofMaxLength(6);
    }

    @Property
    void antisymmetric(@ForAll("strings") String a, @ForAll("strings") String b) {
        assertThat(Integer.signum(Collation.compareCi(a, b))).isEqualTo(-Integer.signum(Collation.compareCi(b, a)));
    }

    @Property
    void transitive(@ForAll("strings") String a, @ForAll("strings") String b, @ForAll("strings") String c) {
        if (Collation.compareCi(a, b) <= 0 && Collation.compareCi(b, c) <= 0) {
            assertThat(Collation.compareCi(a, c)).isLessThanOrEqualTo(0);
        }
    }

    @Property
    void sortKeysAreEqualExactlyForEqualStrings(@ForAll("strings") String a, @ForAll("strings") String b) {
        assertThat(Collation.sortKey(a).equals(Collation.sortKey(b))).isEqualTo(Collation.compareCi(a, b) == 0);
    }

    @Property
    void hashKeysAreEqualExactlyForEqualStrings(@ForAll("strings") String a, @ForAll("strings") String b) {
        boolean sameKey = Comparison.hashKey(a, io.basalt.sql.type.SqlType.LONGTEXT)
                .equals(Comparison.hashKey(b, io.basalt.sql.type.SqlType.LONGTEXT));
        assertThat(sameKey).isEqualTo(Collation.compareCi(a, b) == 0);
    }

    @Property
    void ordersAsStorageSortKeys(@ForAll("strings") String a, @ForAll("strings") String b) {
        int storage = Arrays.compareUnsigned(CaseInsensitiveCollation.sortKey(a), CaseInsensitiveCollation.sortKey(b));
        assertThat(Integer.signum(Collation.compareCi(a, b))).isEqualTo(Integer.signum(storage));
    }
}
