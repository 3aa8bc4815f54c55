#!/usr/bin/env bash
# Builds a Java 17 runtime base image from Debian packages alone, for machines that reach no image registry:
# debootstrap a minimal Debian of the host's release from the host's own apt sources, install
# openjdk-17-jre-headless (and the release's updates) into it, and `docker import` the tree.
#
#   build-local-jre-image.sh [TAG]          (default basalt-jre-local:17; needs root, debootstrap and dockerd)
#
# Use the result as the Basalt image's base: build-image.sh --base basalt-jre-local:17
set -euo pipefail

tag="${1:-basalt-jre-local:17}"

if [ "$(id -u)" -ne 0 ]; then
  echo "build-local-jre-image.sh: debootstrap needs root" >&2
  exit 1
fi
for tool in debootstrap docker apt-get; do
  command -v "$tool" > /dev/null || { echo "build-local-jre-image.sh: $tool is not installed" >&2; exit 1; }
done

. /etc/os-release
suite="${VERSION_CODENAME:?/etc/os-release names no release codename}"
arch="$(dpkg --print-architecture)"

# the host's configured Debian repositories (URI, suite, component), as apt itself resolved them
mapfile -t repos < <(apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' \
  "Identifier: Packages" "Architecture: $arch" | sort -u)
mirror=""
for repo in "${repos[@]}"; do
  read -r uri release _ <<< "$repo"
  if [ "$release" = "$suite" ]; then
    mirror="$uri"
  fi
done
if [ -z "$mirror" ]; then
  echo "build-local-jre-image.sh: no apt source for '$suite' is configured (run apt-get update first?)" >&2
  exit 1
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/basalt-jre-rootfs.XXXXXX")"
root="$work/rootfs"
cleanup() {
  umount "$root/proc" 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "debootstrap $suite ($arch) from $mirror into $root"
debootstrap --variant=minbase --arch="$arch" "$suite" "$root" "$mirror"

# the same repositories (updates and security included) inside the image, and the host's apt access settings
# (e.g. accepting a snapshot mirror's expired Release files) while the JRE is installed
: > "$root/etc/apt/sources.list"
for repo in "${repos[@]}"; do
  read -r uri release component <<< "$repo"
  echo "deb $uri $release $component" >> "$root/etc/apt/sources.list"
done
apt-config dump | grep -E '^Acquire::(Check-Valid-Until|Check-Date|https?::Proxy) ' \
  > "$root/etc/apt/apt.conf.d/90build-host" || true

mount -t proc proc "$root/proc"
chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive bash -euo pipefail -c '
  apt-get update
  apt-get -y upgrade
  apt-get install -y --no-install-recommends openjdk-17-jre-headless ca-certificates
  apt-get clean
'
umount "$root/proc"
rm -rf "$root/etc/apt/apt.conf.d/90build-host" "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin \
  "$root"/var/log/apt/* "$root"/tmp/*

# resolved inside the tree: its /usr/bin/java is an absolute symlink through /etc/alternatives
java_home="$(dirname "$(dirname "$(chroot "$root" readlink -f /usr/bin/java)")")"
tar -C "$root" --numeric-owner -c . | docker import \
  --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  --change "ENV JAVA_HOME=$java_home" \
  --change "ENV LANG=C.UTF-8" \
  --change 'CMD ["bash"]' \
  --message "Debian $suite minbase + openjdk-17-jre-headless" \
  - "$tag"
docker run --rm "$tag" java -version
echo "built $tag"
