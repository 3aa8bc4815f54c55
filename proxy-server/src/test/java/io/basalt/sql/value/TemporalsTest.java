package io.basalt.sql.value;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;

/** MySQL's temporal literal formats; expected values from MariaDB 10.11's CAST. */
class TemporalsTest {

    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
            "2024-01-02|2024-01-02T00:00|false", "2024-1-2 3:4:5.123|2024-01-02T03:04:05.123|false",
            "20240102|2024-01-02T00:00|false", "240102|2024-01-02T00:00|false",
            "20240102153000|2024-01-02T15:30|false", "20240102153000.5|2024-01-02T15:30:00.5|false",
            "2024-01-01 10|2024-01-01T10:00|false", "2024-01-01 10:20|2024-01-01T10:20|false",
            "2024-01-01T10:20:30|2024-01-01T10:20:30|false", "24-1-2|2024-01-02T00:00|false",
            "99-01-01|1999-01-01T00:00|false", "099-01-01|0099-01-01T00:00|false",
            "2024/01/01|2024-01-01T00:00|false", "' 2024-01-01'|2024-01-01T00:00|false",
            "2024-01-01 10:20:30 xyz|2024-01-01T10:20:30|true", "2024-01-01abc|2024-01-01T00:00|true",
            "2024-01-01 10:20:30.1234567|2024-01-01T10:20:30.123456|true",
            "2024-02-29 23:59:59|2024-02-29T23:59:59|false"})
    void parsesDateTimes(String text, LocalDateTime expected, boolean truncated) {
        Temporals.Parsed<LocalDateTime> p = Temporals.parseDateTime(text);
        assertThat(p.value()).isEqualTo(expected);
        assertThat(p.truncated()).isEqualTo(truncated);
    }

    @ParameterizedTest
    @CsvSource({"2024-02-30", "2023-02-29", "2024-13-01", "2024010215", "2024-01-01 25:00:00", "abc", "''",
            "0000-00-00", "2024-00-10"})
    void rejectsInvalidDateTimes(String text) {
        assertThat(Temporals.parseDateTime(text).valid()).isFalse();
    }

    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
            "10:11:12|PT10H11M12S|false", "10:11|PT10H11M|false", "-838:59:59|PT-838H-59M-59S|false",
            "101112|PT10H11M12S|false", "1112|PT11M12S|false", "12|PT12S|false", "1 10:00:00|PT34H|false",
            "10:00:00.5|PT10H0.5S|false", "2024-01-02 10:11:12|PT10H11M12S|false", "10:00:00abc|PT10H|true",
            "839:00:00|PT838H59M59S|true", "100:00:00|PT100H|false"})
    void parsesTimes(String text, Duration expected, boolean truncated) {
        Temporals.Parsed<Duration> p = Temporals.parseTime(text);
        assertThat(p.value()).isEqualTo(expected);
        assertThat(p.truncated()).isEqualTo(truncated);
    }

    @Test
    void numbersAsDateTimes() {
        assertThat(Temporals.numberToDateTime(691231, 0)).isEqualTo(LocalDateTime.of(2069, 12, 31, 0, 0));
        assertThat(Temporals.numberToDateTime(700101, 0)).isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0));
        assertThat(Temporals.numberToDateTime(2024, 0)).isNull();
        assertThat(Temporals.numberToDateTime(240102103000L, 0)).isEqualTo(LocalDateTime.of(2024, 1, 2, 10, 30));
        assertThat(Temporals.numberToTime(-1530, 0).value()).isEqualTo(Duration.ofMinutes(-15).minusSeconds(30));
    }

    @Test
    void truncatesFractionalSeconds() {
        LocalDateTime dt = LocalDateTime.of(2024, 1, 1, 23, 59, 59, 999_999_000);
        assertThat(Temporals.truncate(dt, 0)).isEqualTo(LocalDateTime.of(2024, 1, 1, 23, 59, 59));
        assertThat(Temporals.truncate(dt, 2)).isEqualTo(LocalDateTime.of(2024, 1, 1, 23, 59, 59, 990_000_000));
        assertThat(Temporals.truncate(Duration.ofNanos(1_500_000_000L), 0)).isEqualTo(Duration.ofSeconds(1));
    }
}
