#!/usr/bin/env bash
# The image's HEALTHCHECK: healthy when GET /health on the status port answers 200. Speaks HTTP through bash's
# /dev/tcp because JRE base images carry no curl or wget.
set -uo pipefail
port="${BASALT_STATUS_PORT:-10080}"
exec 3<> "/dev/tcp/127.0.0.1/${port}" || exit 1
printf 'GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3
IFS= read -r -t 4 status_line <&3 || exit 1
[[ "$status_line" =~ ^HTTP/[0-9.]+\ 200 ]]
