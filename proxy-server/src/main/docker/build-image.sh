#!/usr/bin/env bash
# Builds the Basalt image from the packaged jar. Build the jar first:
#   mvn -DskipTests package -pl proxy-server -am
#   proxy-server/src/main/docker/build-image.sh [--base IMAGE] [--tag TAG]
# --base: the Java 17 runtime image (default: the Dockerfile's public eclipse-temurin:17-jre; on a machine without
# a registry, the image build-local-jre-image.sh made, basalt-jre-local:17). --tag: default basalt-server:latest,
# the image BasaltContainer starts.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
module="$(cd "$here/../../.." && pwd)"
base=""
tag="basalt-server:latest"
while [ "$#" -gt 0 ]; do
  case "$1" in
    --base) base="$2"; shift 2 ;;
    --tag) tag="$2"; shift 2 ;;
    *) echo "usage: $0 [--base IMAGE] [--tag TAG]" >&2; exit 2 ;;
  esac
done

if [ ! -f "$module/target/basalt-server.jar" ]; then
  echo "$module/target/basalt-server.jar is missing; build it: mvn -DskipTests package -pl proxy-server -am" >&2
  exit 1
fi
args=(build --file "$here/Dockerfile" --tag "$tag")
if [ -n "$base" ]; then
  args+=(--build-arg "BASE_IMAGE=$base")
fi
docker "${args[@]}" "$module"
echo "built $tag"
