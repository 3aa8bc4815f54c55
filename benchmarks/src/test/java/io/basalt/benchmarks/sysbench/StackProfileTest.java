package io.basalt.benchmarks.sysbench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StackProfileTest {
    @Test
    void jdkFramesAreChargedToTheirNearestCallerOutsideTheJdk() {
        assertThat(StackProfile.component(List.of("java.util.HashMap.get", "java.util.HashMap.getNode",
                "io.basalt.sql.sysvar.SessionVariables.get", "io.basalt.sql.exec.Executor.run")))
                .isEqualTo("io.basalt.sql.sysvar");
        assertThat(StackProfile.component(List.of("org.apache.calcite.sql.parser.SqlParser.parse")))
                .isEqualTo("org.apache.calcite");
        assertThat(StackProfile.component(List.of("sun.nio.ch.IOUtil.write", "io.netty.channel.nio.NioEventLoop.run")))
                .isEqualTo("io.netty");
        assertThat(StackProfile.component(List.of("java.lang.Thread.run"))).isEqualTo("JDK");
    }

    @Test
    void selfCountsTheTopFrameAndInclusiveCountsABasaltMethodOncePerSample() {
        StackProfile p = new StackProfile();
        p.add(List.of("java.util.HashMap.get", "io.basalt.a.b.C.get", "io.basalt.a.b.C.get", "io.basalt.x.y.Main.run"));
        p.add(List.of("io.basalt.a.b.C.get", "io.basalt.x.y.Main.run"));
        p.add(List.of("org.rocksdb.RocksDB.get", "io.basalt.x.y.Main.run"));
        p.add(List.of());

        assertThat(p.samples()).isEqualTo(3);
        assertThat(p.topSelf(1)).containsExactly(new StackProfile.Entry("io.basalt.a.b.C.get", 1, 1 / 3.0));
        // the recursive frame counts once in its sample; the root is in every sample
        assertThat(p.topInclusive(2)).containsExactly(
                new StackProfile.Entry("io.basalt.x.y.Main.run", 3, 1.0),
                new StackProfile.Entry("io.basalt.a.b.C.get", 2, 2 / 3.0));
        assertThat(p.topComponents(2)).containsExactly(
                new StackProfile.Entry("io.basalt.a.b", 2, 2 / 3.0),
                new StackProfile.Entry("org.rocksdb", 1, 1 / 3.0));
    }
}
