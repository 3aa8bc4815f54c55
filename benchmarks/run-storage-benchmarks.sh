#!/usr/bin/env bash
# Builds the benchmarks, runs the storage and protocol JMH benchmarks and writes results/jmh-storage-protocol.md.
#
#   benchmarks/run-storage-benchmarks.sh                 # defaults: -f 1 -wi 2 -w 3s -i 3 -r 5s, all storage and protocol benchmarks
#   benchmarks/run-storage-benchmarks.sh -f 1 -wi 1 -w 1s -i 1 -r 2s 'CommitPathBenchmark'
#
# Arguments, when given, are passed to JMH instead of the defaults (JMH options and benchmark regexps; not -rf/-rff,
# the script sets those). Environment:
#   BASALT_BENCH_DIR   where the stores are created (default: java.io.tmpdir); each commit fsyncs there
#   BASALT_MVN_LOCK    lock file serialising Maven builds and benchmark runs on this machine
#                      (default /tmp/basalt-mvn.lock; empty: no locking)
#   BASALT_MVN_FLAGS   extra Maven flags (default: none; -o for offline)
#   SKIP_BUILD=1       reuse benchmarks/target/basalt-benchmarks.jar
#   JAVA               java executable (default: java)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
results="$here/results"
json="$results/jmh-storage-protocol.json"
report="$results/jmh-storage-protocol.md"
jar="$here/target/basalt-benchmarks.jar"
java_bin="${JAVA:-java}"
lock="${BASALT_MVN_LOCK:-}"
mvn_flags="${BASALT_MVN_FLAGS:-}"

locked() {
    if [[ -n "$lock" ]] && command -v flock >/dev/null 2>&1; then
        flock "$lock" "$@"
    else
        "$@"
    fi
}

if [[ $# -eq 0 ]]; then
    set -- -f 1 -wi 2 -w 3s -i 3 -r 5s 'io.basalt.benchmarks.(storage|protocol)'
fi
for a in "$@"; do
    if [[ "$a" == "-rf" || "$a" == "-rff" ]]; then
        echo "run-storage-benchmarks.sh sets -rf/-rff itself ($json)" >&2
        exit 2
    fi
done

build_cmd="mvn ${mvn_flags:+$mvn_flags }-q -DskipTests -pl benchmarks -am package"
if [[ "${SKIP_BUILD:-0}" != "1" ]]; then
    echo ">> $build_cmd"
    # shellcheck disable=SC2086 # mvn_flags is a list of flags
    (cd "$root" && locked mvn $mvn_flags -q -DskipTests -pl benchmarks -am package)
else
    build_cmd=""
fi

jvm_props=()
data_dir=""
if [[ -n "${BASALT_BENCH_DIR:-}" ]]; then
    mkdir -p "$BASALT_BENCH_DIR"
    data_dir="$(cd "$BASALT_BENCH_DIR" && pwd)"
    jvm_props=("-Dbasalt.bench.dir=$data_dir")
else
    data_dir="$("$java_bin" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.io.tmpdir = //p')"
fi

mkdir -p "$results"
rm -f "$json"
# the forked benchmark JVMs inherit the -D properties through JMH's -jvmArgsPrepend only; keep it explicit
jmh_cmd=("$java_bin" -jar "$jar" "$@")
if [[ ${#jvm_props[@]} -gt 0 ]]; then
    jmh_cmd+=(-jvmArgsPrepend "${jvm_props[*]}")
fi
jmh_cmd+=(-rf json -rff "$json")
printf -v cmd_str '%q ' "${jmh_cmd[@]}"
cmd_str="${cmd_str% }"
echo ">> $cmd_str"
locked "${jmh_cmd[@]}"

python3 "$here/scripts/storage_commit_report.py" \
    --json "$json" --out "$report" \
    --targets "$here/reference/tidb-5.0-commit-targets.json" \
    --command "$cmd_str" ${build_cmd:+--build-command "$build_cmd"} \
    ${data_dir:+--data-dir "$data_dir"}
echo ">> wrote $report"
