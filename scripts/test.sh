#!/usr/bin/env bash
# `npm test`: the same set-up as `npm start` plus the test tools, then lint (ESLint, Prettier), typecheck, unit and UI tests,
# the integration suite on PGlite and again on a real PostgreSQL, and Playwright against the built app.
# Ends with one line "tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

bash scripts/setup.sh --test
rm -rf .tmp/results && mkdir -p .tmp/results

step "lint"
npx eslint . --max-warnings=0
npx prettier --check . --log-level warn
step "typecheck"
npx tsc -p tsconfig.json --noEmit

step "unit and UI tests"
npx vitest run --project unit --project ui --reporter=default --reporter=json --outputFile=.tmp/results/unit.json

step "integration tests on PGlite"
npx vitest run --project integration --reporter=default --reporter=json --outputFile=.tmp/results/integration-pglite.json

step "integration tests on PostgreSQL"
TEST_DATABASE_URL=$(bash scripts/postgres-test.sh | tail -n 1)
if [[ ! $TEST_DATABASE_URL =~ ^postgres://[^[:space:]]+$ ]]; then
  echo "scripts/postgres-test.sh did not print a database URL (got: '$TEST_DATABASE_URL')" >&2
  exit 1
fi
TEST_DATABASE_URL=$TEST_DATABASE_URL npx vitest run --project integration --reporter=default --reporter=json \
  --outputFile=.tmp/results/integration-postgres.json

step "end-to-end tests (Playwright, Debian chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/results/e2e.json npx playwright test --reporter=list,json

node scripts/test-summary.mjs .tmp/results
