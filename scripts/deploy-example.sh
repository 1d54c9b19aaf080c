#!/usr/bin/env bash
# The worked example of docs/deploy.md: two production-mode instances on one PostgreSQL behind a
# small reverse proxy, all on this machine. Run it with a throw-away PostgreSQL:
#   npm run build && bash scripts/with-postgres.sh bash scripts/deploy-example.sh
# or against your own: DATABASE_URL=postgres://… bash scripts/deploy-example.sh
# It starts everything, checks that both instances answer through the proxy and share one
# database, then stops (KEEP=1 keeps it running until Ctrl-C).
set -euo pipefail
cd "$(dirname "$0")/.."

export DATABASE_URL="${DATABASE_URL:-${TEST_DATABASE_URL:?set DATABASE_URL, or run under scripts/with-postgres.sh}}"
export NODE_ENV=production
export API_KEY="${API_KEY:-example-$(node -e 'process.stdout.write(require("crypto").randomBytes(12).toString("hex"))')}"
export TOKEN_SECRET="${TOKEN_SECRET:-$(node -e 'process.stdout.write(require("crypto").randomBytes(48).toString("base64"))')}"
# A mail server is required in production; this one is never reached by the check below.
export SMTP_URL="${SMTP_URL:-smtp://127.0.0.1:2525}"
export TRUST_PROXY=1 HOST=127.0.0.1 SEED=none
PROXY_PORT="${PROXY_PORT:-8090}" A_PORT="${A_PORT:-8091}" B_PORT="${B_PORT:-8092}"
# The address customers use (https://forms.example.hk in a real deployment).
export PUBLIC_ORIGIN="http://127.0.0.1:$PROXY_PORT"

pids=()
stop() { for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap stop EXIT INT TERM

PORT="$A_PORT" node --import tsx server/main.ts > /tmp/nu-forms-a.log 2>&1 & pids+=($!)
PORT="$B_PORT" node --import tsx server/main.ts > /tmp/nu-forms-b.log 2>&1 & pids+=($!)
node --import tsx scripts/proxy.ts --port "$PROXY_PORT" "http://127.0.0.1:$A_PORT" "http://127.0.0.1:$B_PORT" & pids+=($!)

ready() { curl -fsS "http://127.0.0.1:$1/readyz" >/dev/null 2>&1; }
for _ in $(seq 1 120); do ready "$A_PORT" && ready "$B_PORT" && ready "$PROXY_PORT" && break; sleep 0.5; done
ready "$A_PORT" && ready "$B_PORT" || { echo "an instance did not become ready:"; tail -5 /tmp/nu-forms-a.log /tmp/nu-forms-b.log; exit 1; }

echo "both instances ready on one database; through the proxy (http://127.0.0.1:$PROXY_PORT):"
for _ in 1 2 3 4; do
  curl -fsS -o /dev/null -w "  GET /api/hospital_list → %{http_code}, request id %header{x-request-id}\n" \
    -H "x-api-key: $API_KEY" "http://127.0.0.1:$PROXY_PORT/api/hospital_list"
done
status=$(curl -s -o /dev/null -w "%{http_code}" -H "x-api-key: $API_KEY" "http://127.0.0.1:$PROXY_PORT/api/dev/outbox?email=a@b.hk")
echo "  GET /api/dev/outbox → $status (production mode has no dev outbox)"
[ "$status" = "404" ]

own=$(curl -s -o /dev/null -w "%{http_code}" -H "x-api-key: $API_KEY" -H "Origin: $PUBLIC_ORIGIN" "http://127.0.0.1:$PROXY_PORT/api/hospital_list")
rebound=$(curl -s -o /dev/null -w "%{http_code}" -H "x-api-key: $API_KEY" -H "Host: rebound.example" -H "Origin: http://rebound.example" "http://127.0.0.1:$PROXY_PORT/api/hospital_list")
echo "  Origin $PUBLIC_ORIGIN → $own; a rebound name (Host and Origin rebound.example) → $rebound"
[ "$own" = "200" ] && [ "$rebound" = "403" ]

if [ "${KEEP:-}" = "1" ]; then echo "running; Ctrl-C stops all three"; wait; fi
