#!/usr/bin/env bash
# Runs schemathesis against the topology named by the E2E_* variables (see fuzz/run.sh).
set -euo pipefail
: "${E2E_BASE_URL:?run through fuzz/run.sh}" "${FUZZ_VENV:?run through fuzz/run.sh}"
mode="long"
[[ "${1:-}" == "--quick" ]] && mode="quick"

report_dir="$PWD/.tmp/fuzz-report"
rm -rf "$report_dir" && mkdir -p "$report_dir"

node fuzz/prepare.mjs "$report_dir"
token="$(cat "$report_dir/token")"

# CI's quick run uses one seed, so a red run is the code's doing and replays as it was; the
# long run explores with a new seed each time (printed at the end for replay).
if [[ "$mode" == "quick" ]]; then
  seed="${FUZZ_SEED:-20251121}"
  budget=(--max-examples 40 --phases examples,coverage,fuzzing)
else
  seed="${FUZZ_SEED:-$RANDOM$RANDOM}"
  budget=(--max-examples 400 --phases examples,coverage,fuzzing,stateful --max-time "${FUZZ_MAX_TIME:-900}")
fi

args=(
  run openapi.yaml
  --url "$E2E_BASE_URL"
  --header "Authorization: Bearer $token"
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
  --workers 2
  --request-timeout 10
  --seed "$seed"
  --report junit --report-junit-path "$report_dir/junit.xml"
  "${budget[@]}"
)
echo "[fuzz] $mode run: schemathesis ${args[*]/Bearer */Bearer ***}" >&2
status=0
PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" SCHEMATHESIS_HOOKS=fuzz.hooks FUZZ_KEPT_IDS="$report_dir/kept-ids.json" \
  "$FUZZ_VENV/bin/schemathesis" --config-file "$report_dir/schemathesis.toml" "${args[@]}" || status=$?
node fuzz/summary.mjs "$report_dir" "$status"
exit "$status"
