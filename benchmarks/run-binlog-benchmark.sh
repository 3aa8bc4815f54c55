#!/usr/bin/env bash
# The binlog commit path at the storage level (group commit and rename commit); writes
# benchmarks/results/binlog-commit.md. Arguments go to io.basalt.benchmarks.groupcommit.BinlogCommitBenchmark (--help).
#   benchmarks/run-binlog-benchmark.sh                                   # defaults: about 2 minutes
#   benchmarks/run-binlog-benchmark.sh --committers 64 --sizes-mib 64,256 --note "quiet machine"
# Environment: BASALT_MVN_LOCK (lock file around the build, default /tmp/basalt-mvn.lock; empty: none),
# BASALT_BENCH_DIR (where the stores and binlogs are created, default java.io.tmpdir; each commit fsyncs there),
# BASALT_MVN_FLAGS (extra Maven flags, e.g. -o), SKIP_BUILD=1 (use the jar as it is), JAVA (java executable).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
jar="$here/target/basalt-benchmarks.jar"
lock="${BASALT_MVN_LOCK-/tmp/basalt-mvn.lock}"
if [[ "${SKIP_BUILD:-}" != 1 ]]; then
    build=(mvn -q ${BASALT_MVN_FLAGS:-} -DskipTests -pl benchmarks -am package)
    echo ">> building: ${build[*]}"
    if [[ -n "$lock" ]]; then
        (cd "$root" && flock "$lock" "${build[@]}")
    else
        (cd "$root" && "${build[@]}")
    fi
fi
cd "$root"
dir_args=()
if [[ -n "${BASALT_BENCH_DIR:-}" ]]; then
    mkdir -p "$BASALT_BENCH_DIR"
    dir_args=(--dir "$(cd "$BASALT_BENCH_DIR" && pwd)")
fi
exec "${JAVA:-java}" -Dlogback.configurationFile=basalt-bench-logback.xml -cp "$jar" \
    io.basalt.benchmarks.groupcommit.BinlogCommitBenchmark "${dir_args[@]}" "$@"
