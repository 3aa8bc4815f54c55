#!/usr/bin/env bash
# Basalt vs MariaDB 10.11 through sysbench, side by side (issue 5). Writes benchmarks/results/<date>-<scenario>/.
#
#   benchmarks/run-sysbench.sh --quick                          # the suite, under 5 minutes
#   benchmarks/run-sysbench.sh --scenario async-commit --duration 60 --repeat 3
#   benchmarks/run-sysbench.sh --scenario suite --threads 1,8,32 --table-size 50000 --tables 4 \
#       --workloads oltp_point_select,oltp_update_index --repeat 3
#   benchmarks/run-sysbench.sh --help                           # every option
#
# Installs mariadb-server, mariadb-client and sysbench from Debian's packages when missing (as .ci/run does), builds
# the server and the benchmarks jar when a source is newer than them, then runs the Java harness
# (io.basalt.benchmarks.sysbench.SysbenchHarness) with the arguments given. Environment:
#   BASALT_MVN_LOCK    lock file taken around the build (default /tmp/basalt-mvn.lock; empty: no locking)
#   BASALT_MVN_FLAGS   extra Maven flags (default: none; -o for offline)
#   SKIP_BUILD=1       use the jars as they are
#   JAVA               java executable (default: java)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
server_jar="$root/proxy-server/target/basalt-server.jar"
bench_jar="$here/target/basalt-benchmarks.jar"
java_bin="${JAVA:-java}"
lock="${BASALT_MVN_LOCK-/tmp/basalt-mvn.lock}"
mvn_flags="${BASALT_MVN_FLAGS:-}"

missing=()
for p in mariadb-server mariadb-client sysbench; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    sudo=()
    [[ "$(id -u)" -ne 0 ]] && sudo=(sudo)
    echo ">> installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update
    "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

stale() {
    [[ ! -f "$1" ]] && return 0
    [[ -n "$(find "$root/pom.xml" "$root"/{protocol,storage,proxy-server,benchmarks}/{pom.xml,src} \
        -newer "$1" -type f -print -quit 2>/dev/null)" ]]
}

if [[ "${SKIP_BUILD:-0}" != "1" ]] && { stale "$server_jar" || stale "$bench_jar"; }; then
    echo ">> building: mvn ${mvn_flags:+$mvn_flags }-q -B -DskipTests -pl proxy-server,benchmarks -am package"
    build=(mvn $mvn_flags -q -B -DskipTests -pl proxy-server,benchmarks -am package)
    if [[ -n "$lock" ]] && command -v flock >/dev/null 2>&1; then
        (cd "$root" && flock "$lock" "${build[@]}")
    else
        (cd "$root" && "${build[@]}")
    fi
fi

exec "$java_bin" -XX:+UseSerialGC -Xmx256m -cp "$bench_jar" io.basalt.benchmarks.sysbench.SysbenchHarness \
    --jar "$server_jar" --results "$here/results" --command-line "benchmarks/run-sysbench.sh $*" "$@"
