#!/usr/bin/env bash
# Starts the machine's PostgreSQL cluster (installing it if needed), makes a fresh test database owned by
# a non-superuser role, and prints its URL on stdout. Used by scripts/test.sh.
set -euo pipefail
log() { echo "[postgres] $*" >&2; }
as_postgres() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else sudo -n -u postgres "$@"; fi; }

if ! command -v pg_lsclusters >/dev/null; then
  log "installing postgresql"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
read -r version cluster port status _ < <(pg_lsclusters --no-header | head -n 1)
if [[ -z ${version:-} ]]; then
  log "no cluster found; creating one"
  version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
  pg_createcluster "$version" main >&2
  read -r version cluster port status _ < <(pg_lsclusters --no-header | head -n 1)
fi
if [[ $status != online* ]]; then
  log "starting cluster $version/$cluster"
  # pg_ctlcluster may print warnings on stdout (systemd redirection, stale pid files): keep stdout for the URL.
  pg_ctlcluster "$version" "$cluster" start >&2
fi
db=${TEST_DB_NAME:-sparky_test}
as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 >/dev/null <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sparky_test') THEN
    CREATE ROLE sparky_test LOGIN PASSWORD 'sparky_test' CREATEROLE NOSUPERUSER NOBYPASSRLS;
  END IF;
END \$\$;
DROP DATABASE IF EXISTS $db WITH (FORCE);
CREATE DATABASE $db OWNER sparky_test;
SQL
echo "postgres://sparky_test:sparky_test@127.0.0.1:$port/$db"
