#!/usr/bin/env bash
# Regenerates src/test/resources/corpus/expected/*.out from a throwaway MariaDB 10.11.
#
#   integration-tests/corpus/regenerate-expected.sh [topic...]     (no topic: every corpus file)
#
# Needs mariadb-server (mariadbd, mariadb-install-db) and Maven. The Java side (RegenerateExpected) starts MariaDB
# on a free port in a temporary directory, runs each file twice through the corpus runner (the two runs must agree),
# writes the outputs and stops MariaDB. Extra Maven flags can be passed in MVN_ARGS (e.g. MVN_ARGS=-o).
set -euo pipefail
module="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$module/.." && pwd)"
mvn_cmd=${MVN:-mvn}
cd "$root"
# shellcheck disable=SC2086  # MVN and MVN_ARGS are word lists on purpose
$mvn_cmd -B -q ${MVN_ARGS:-} -pl integration-tests test-compile dependency:build-classpath \
  -Dmdep.outputFile="$module/target/test-classpath.txt" -Dmdep.includeScope=test
classpath="$module/target/test-classes:$(cat "$module/target/test-classpath.txt")"
java -cp "$classpath" -Dbasalt.reactor.root="$root" io.basalt.it.corpus.RegenerateExpected \
  "$module/src/test/resources/corpus" "$@"
