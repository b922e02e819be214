#!/usr/bin/env bash
# Starts the app as a user would (`npm start`), checks /api/health and the served client, checks that a second
# process on the same embedded data directory is refused, stops it with SIGTERM and starts it again on the same
# data; then once more against PostgreSQL when PG_SMOKE_URL (default: the local server) is reachable.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${SMOKE_PORT:-3917}
data=$(mktemp -d)
log=$(mktemp)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$data" "$log"' EXIT

wait_health() {
  for _ in $(seq 1 90); do
    if curl -fsS "http://127.0.0.1:$1/api/health" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "app did not become healthy on port $1"; cat "$log"; return 1
}

start_app() { # port, extra env...
  local p=$1; shift
  env PORT="$p" HOST=127.0.0.1 DATA_DIR="$data" "$@" npm start >"$log" 2>&1 &
  echo $!
}

pid=$(start_app "$port" SEED_DEMO=true ADMIN_EMAIL=ops@example.in ADMIN_PASSWORD=smoke-pass-123)
wait_health "$port"
curl -fsS "http://127.0.0.1:$port/api/health"; echo
curl -fsS "http://127.0.0.1:$port/login" | grep -q '<div id="root">' && echo "client served at /login"
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' \
  -d '{"email":"ops@example.in","password":"smoke-pass-123"}' "http://127.0.0.1:$port/api/auth/login")
[ "$code" = 200 ] || { echo "admin login answered $code"; exit 1; }
echo "admin login from ADMIN_EMAIL/ADMIN_PASSWORD: 200"

set +e
second=$(env PORT=$((port + 1)) HOST=127.0.0.1 DATA_DIR="$data" timeout 60 npx tsx src/server/main.ts 2>&1)
status=$?
set -e
if [ $status -eq 0 ] || ! grep -q 'already in use' <<<"$second"; then
  echo "a second process on the same data directory was not refused (exit $status):"; echo "$second"; exit 1
fi
echo "second process refused: $(grep -o 'already in use by process [0-9]*' <<<"$second")"

kill -TERM "$pid"
for _ in $(seq 1 30); do
  if ! kill -0 "$pid" 2>/dev/null && [ ! -e "$data/pglite.lock" ]; then break; fi
  sleep 0.5
done
if kill -0 "$pid" 2>/dev/null; then echo "app did not stop on SIGTERM"; exit 1; fi
[ ! -e "$data/pglite.lock" ] || { echo "the server process did not stop and release the database on SIGTERM"; exit 1; }
echo "stopped cleanly on SIGTERM"

pid=$(start_app "$port")
wait_health "$port"
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' \
  -d '{"email":"priya.sharma@example.in","password":"Customer@123"}' "http://127.0.0.1:$port/api/auth/login")
[ "$code" = 200 ] || { echo "demo customer login after restart answered $code"; cat "$log"; exit 1; }
echo "restarted on the same data; demo customer login: 200"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true

pg_url=${PG_SMOKE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
if command -v psql >/dev/null && psql "$pg_url" -Atc 'select 1' >/dev/null 2>&1; then
  db="smoke_$$"
  psql "$pg_url" -qc "CREATE DATABASE $db"
  url="${pg_url%/*}/$db"
  pid=$(start_app "$port" DATABASE_URL="$url" SEED_DEMO=true)
  wait_health "$port"
  echo "healthy on PostgreSQL"
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  psql "$pg_url" -qc "DROP DATABASE $db WITH (FORCE)"
fi
echo "smoke test passed"
