package io.basalt.sql.value;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** LIKE and REGEXP; expected results from MariaDB 10.11. */
class LikeTest {

    @ParameterizedTest(name = "''{0}'' LIKE ''{1}'' = {2}")
    @CsvSource(delimiter = '|', value = {
            "abc|ABC|true", "ábc|a%|true", "'a '|a|false", "a|'a '|false", "a_c|a\\_c|true", "abc|a\\_c|false",
            "xyz|%y%|true", "''|%|true", "Straße|strasse|false", "abc|a%c|true", "abc|a%b|false", "abcbc|%bc|true",
            "aaa|a%a%a|true", "aa|a%a%a|false", "a\\|a\\|true", "mississippi|m%iss%pi|true", "abc|_b_|true",
            "ab|_b_|false", "😀x|_x|true"})
    void matches(String s, String pattern, boolean expected) {
        assertThat(Like.compile(pattern).matches(s)).isEqualTo(expected);
    }

    @Test
    void customEscapeAndBinary() {
        assertThat(Like.compile("a|%", '|', false).matches("a%")).isTrue();
        assertThat(Like.compile("a|%", '|', false).matches("ab")).isFalse();
        assertThat(Like.compile("ABC", '\\', true).matches("abc")).isFalse();
        assertThat(Like.compile("a%", '\\', true).matches("abc")).isTrue();
    }

    @Test
    void regexp() {
        assertThat(Regexp.compile("B", false).find("abc")).isTrue();
        assertThat(Regexp.compile("B", true).find("abc")).isFalse();
        assertThat(Regexp.compile("^[[:alpha:]]+$", false).find("abc")).isTrue();
        assertThat(Regexp.compile("^[[:digit:][:space:]]+$", false).find("1 2")).isTrue();
        assertThat(Regexp.compile("[[:<:]]word[[:>:]]", false).find("a word here")).isTrue();
        assertThat(Regexp.compile("[[:<:]]word[[:>:]]", false).find("swordfish")).isFalse();
        assertThat(Regexp.cached("^a.c$", false)).isSameAs(Regexp.cached("^a.c$", false));
        assertThatThrownBy(() -> Regexp.compile("(", false)).hasMessageStartingWith("Got error '")
                .hasMessageEndingWith("' from regexp");
    }
}
