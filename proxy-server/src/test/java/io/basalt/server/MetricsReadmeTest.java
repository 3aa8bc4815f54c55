package io.basalt.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The root README's "Metrics" table names every basalt_* meter family a started server exports. */
class MetricsReadmeTest {
    @TempDir
    Path dir;

    @Test
    void everyExportedMeterIsDocumented() throws Exception {
        String readme = Files.readString(Path.of("../README.md"));
        int start = readme.indexOf("\n## Metrics");
        assertThat(start).as("README.md has a Metrics section").isPositive();
        int end = readme.indexOf("\n## ", start + 1);
        String section = end < 0 ? readme.substring(start) : readme.substring(start, end);
        for (String family : ScrapedMeters.ofStartedServer(dir).families()) {
            // a timer's or summary's _max gauge is documented with the timer
            String documented = family.endsWith("_max") ? family.substring(0, family.length() - 4) : family;
            if (documented.startsWith("basalt_")) {
                assertThat(section).as("README Metrics section documents %s", documented)
                        .containsPattern("`" + Pattern.quote(documented) + "[`{]");
            }
        }
    }
}
