#!/bin/sh
# The entry point of the local PostgreSQL image (scripts/container/postgres.Containerfile), taking the settings the
# upstream postgres image takes: POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, PGDATA. The first
# start makes the cluster (password authentication over the network), later ones reuse it.
set -eu
PGDATA=${PGDATA:-/var/lib/postgresql/data}
USER_NAME=${POSTGRES_USER:-postgres}
BIN=$(ls -d /usr/lib/postgresql/*/bin | tail -n 1)
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
as_postgres() { runuser -u postgres -- "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" >"$pwfile"
  chown postgres "$pwfile"
  as_postgres "$BIN/initdb" --pgdata="$PGDATA" --username="$USER_NAME" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  # initdb makes only the database "postgres"; like upstream, POSTGRES_DB defaults to the user's name.
  DB_NAME=${POSTGRES_DB:-$USER_NAME}
  if [ "$DB_NAME" != postgres ]; then
    as_postgres "$BIN/pg_ctl" --pgdata="$PGDATA" --options="-c listen_addresses=''" --wait start >/dev/null
    as_postgres "$BIN/createdb" --username="$USER_NAME" "$DB_NAME"
    as_postgres "$BIN/pg_ctl" --pgdata="$PGDATA" --mode=fast --wait stop >/dev/null
  fi
fi
# setpriv replaces itself with postgres (runuser would stay as its parent and keep SIGINT from it).
exec setpriv --reuid=postgres --regid=postgres --init-groups "$BIN/postgres" -D "$PGDATA" -c listen_addresses='*'
