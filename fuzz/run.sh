#!/usr/bin/env bash
# Contract fuzzing: schemathesis generates requests from openapi.yaml for every operation and
# sends them through nginx to the two backend instances of the e2e topology (started here and
# stopped afterwards), with an admin token for the secured operations. It fails on any 5xx and
# on any answer whose status, content type or body the spec does not allow, also along the
# sequences its links describe (the stateful phase).
#
#   fuzz/run.sh --quick   bounded run for CI (under a minute, a short stateful phase included)
#   fuzz/run.sh           longer run (about 15 minutes)
#   FUZZ_SEED=123 fuzz/run.sh --quick   replay a run
#   FUZZ_MAX_TIME=3600 fuzz/run.sh       a longer budget for the long run (seconds)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
venv="$(tools/python-tools.sh)"
export FUZZ_VENV="$venv"
# The API alone is fuzzed: no frontend build needed.
exec node e2e/run.mjs --no-build --exec -- bash fuzz/schemathesis.sh "$@"
