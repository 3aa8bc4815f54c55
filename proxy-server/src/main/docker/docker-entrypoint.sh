#!/usr/bin/env bash
# Container entry point, in the manner of the official MySQL/MariaDB images. At first start (no marker file in the
# volume) it writes the server's configuration from BASALT_* variables into /var/lib/basalt/basalt.yaml and an init
# file creating BASALT_DATABASE and running /docker-entrypoint-initdb.d/*.sql[.gz]; later starts reuse the
# configuration and ignore the variables. It then replaces itself with the JVM, so SIGTERM reaches the server.
#
#   docker run IMAGE [SERVER OPTIONS...]    options are passed to the server (`docker run IMAGE --help` lists them;
#                                           --config FILE replaces the generated configuration)
#   docker run IMAGE COMMAND...             any other command (e.g. bash) runs instead of the server
set -euo pipefail

readonly DATA_ROOT=/var/lib/basalt
readonly CONFIG="$DATA_ROOT/basalt.yaml"
readonly INIT_SQL="$DATA_ROOT/.basalt-init.sql"
readonly INITIALIZED="$DATA_ROOT/.basalt-initialized"
readonly INITDB_DIR=/docker-entrypoint-initdb.d
readonly JAR=/opt/basalt/basalt-server.jar

log() {
  echo "$(date -u '+%Y-%m-%d %H:%M:%S.%3N') INFO  [entrypoint] $*"
}

die() {
  echo "$(date -u '+%Y-%m-%d %H:%M:%S.%3N') ERROR [entrypoint] $*" >&2
  exit 1
}

# VAR may come as VAR_FILE, the path of a file holding it (Docker secrets)
file_env() {
  local var="$1" file_var="$1_FILE"
  if [ -n "${!var:-}" ] && [ -n "${!file_var:-}" ]; then
    die "both $var and $file_var are set; use one"
  fi
  if [ -n "${!file_var:-}" ]; then
    [ -r "${!file_var}" ] || die "$file_var: cannot read ${!file_var}"
    export "$var"="$(< "${!file_var}")"
  fi
}

single_line() {
  case "$2" in
    *$'\n'* | *$'\r'*) die "$1 must not contain a line break" ;;
  esac
}

yaml_string() {
  local s="$1"
  printf "'%s'" "${s//\'/\'\'}"
}

sql_identifier() {
  local s="$1"
  printf '`%s`' "${s//\`/\`\`}"
}

write_config() {
  file_env BASALT_ROOT_PASSWORD
  file_env BASALT_USER
  file_env BASALT_PASSWORD
  local root_password="${BASALT_ROOT_PASSWORD:-}"
  if [ -z "$root_password" ]; then
    if [ "${BASALT_RANDOM_ROOT_PASSWORD:-}" = yes ]; then
      root_password="$(head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24)"
      log "GENERATED ROOT PASSWORD: $root_password"
    elif [ "${BASALT_ALLOW_EMPTY_ROOT_PASSWORD:-}" != yes ]; then
      die "the database is uninitialized and no root password is given: set BASALT_ROOT_PASSWORD," \
        "BASALT_RANDOM_ROOT_PASSWORD=yes or BASALT_ALLOW_EMPTY_ROOT_PASSWORD=yes"
    fi
  fi
  local root_host="${BASALT_ROOT_HOST:-%}"
  local user="${BASALT_USER:-}" password="${BASALT_PASSWORD:-}"
  if [ -n "$user" ] && [ -z "$password" ]; then
    die "BASALT_USER is set but BASALT_PASSWORD is not"
  fi
  if [ "$user" = root ]; then
    die "BASALT_USER=root: root is configured through BASALT_ROOT_PASSWORD and BASALT_ROOT_HOST"
  fi
  single_line BASALT_ROOT_PASSWORD "$root_password"
  single_line BASALT_ROOT_HOST "$root_host"
  single_line BASALT_USER "$user"
  single_line BASALT_PASSWORD "$password"

  # plain-text passwords (the server keeps only their hashes in memory): readable by the basalt user alone
  (
    umask 077
    {
      echo "# Written by docker-entrypoint.sh at first start from the BASALT_* variables; later starts reuse it."
      echo "storage:"
      echo "  data_dir: $DATA_ROOT/data"
      echo "server:"
      echo "  host: 0.0.0.0"
      echo "  port: 4000"
      echo "  status_host: 0.0.0.0"
      echo "  status_port: 10080"
      echo "  # docker stop sends SIGKILL after 10 s: cut lingering statements early enough to close the store"
      echo "  shutdown_timeout_ms: 5000"
      echo "  users:"
      echo "    - name: root"
      echo "      password: $(yaml_string "$root_password")"
      echo "      host: $(yaml_string "$root_host")"
      if [ -n "$user" ]; then
        echo "    - name: $(yaml_string "$user")"
        echo "      password: $(yaml_string "$password")"
        echo "      host: '%'"
      fi
    } > "$CONFIG"
  )
  log "wrote $CONFIG (root@'$root_host'${user:+, $user@'%'})"
}

write_init_sql() {
  local database="${BASALT_DATABASE:-}"
  single_line BASALT_DATABASE "$database"
  {
    if [ -n "$database" ]; then
      echo "CREATE DATABASE IF NOT EXISTS $(sql_identifier "$database");"
      echo "USE $(sql_identifier "$database");"
    fi
    local f
    for f in "$INITDB_DIR"/*; do
      [ -e "$f" ] || continue
      case "$f" in
        *.sql) cat "$f" ;;
        *.sql.gz) gzip -dc "$f" ;;
        *) log "ignoring $f (only .sql and .sql.gz run)" >&2; continue ;;
      esac
      # ends a last statement that lacks its semicolon or sits after a line comment
      printf '\n;\n'
      log "init script $f" >&2
    done
  } > "$INIT_SQL"
}

if [ "$#" -gt 0 ] && [ "${1#-}" = "$1" ]; then
  exec "$@"
fi

own_config=no
for arg in "$@"; do
  case "$arg" in
    --config | --config=*) own_config=yes ;;
    # they print and exit: no initialization
    -h | --help | -V | --version)
      # shellcheck disable=SC2086
      exec java $JAVA_OPTS -jar "$JAR" "$@"
      ;;
  esac
done

[ -w "$DATA_ROOT" ] || die "$DATA_ROOT is not writable by uid $(id -u); chown a bind-mounted directory to it"

server_args=()
if [ ! -e "$INITIALIZED" ]; then
  log "first start: initializing $DATA_ROOT"
  if [ "$own_config" = no ]; then
    write_config
  fi
  write_init_sql
  server_args+=(--init-file "$INIT_SQL")
  # written before the server runs: a first start whose init file fails leaves an initialized volume behind,
  # as with the MySQL image; start over with an empty volume
  touch "$INITIALIZED"
else
  rm -f "$INIT_SQL"
fi
if [ "$own_config" = no ]; then
  server_args+=(--config "$CONFIG")
fi

# JAVA_OPTS is split on spaces on purpose: it holds several JVM options
# shellcheck disable=SC2086
exec java $JAVA_OPTS -jar "$JAR" "${server_args[@]}" "$@"
