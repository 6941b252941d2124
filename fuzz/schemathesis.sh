#!/usr/bin/env bash
# Runs schemathesis against the topology named by the E2E_* variables (see fuzz/run.sh).
set -euo pipefail
: "${E2E_BASE_URL:?run through fuzz/run.sh}" "${FUZZ_VENV:?run through fuzz/run.sh}"
mode="long"
[[ "${1:-}" == "--quick" ]] && mode="quick"

# One report folder per port base, like the run folder of e2e/run.mjs, so parallel runs keep theirs.
report_dir="$PWD/.tmp/fuzz-report-${E2E_PORT_BASE:-20000}"
rm -rf "$report_dir" && mkdir -p "$report_dir"

node fuzz/prepare.mjs "$report_dir"
token="$(cat "$report_dir/token")"

checks=${FUZZ_CHECKS:-all}
status=0
# run_schemathesis <JUnit report name> <arguments>: one schemathesis run over openapi.yaml; the first
# failing run's exit status becomes the script's.
run_schemathesis() {
  local junit="$report_dir/$1"
  shift
  local args=(
    run openapi.yaml
    --url "$E2E_BASE_URL"
    --header "Authorization: Bearer $token"
    --checks "$checks"
    # One worker: with two, hypothesis parses lambdas' source in both threads at once, and
    # CPython 3.11's ast.parse is not thread-safe there ("AST constructor recursion depth
    # mismatch", a Runtime Error that fails the run at random, seen on a different operation
    # each time).
    --workers 1
    --request-timeout 10
    --report junit --report-junit-path "$junit"
    "$@"
  )
  echo "[fuzz] $mode run: schemathesis ${args[*]/Bearer */Bearer ***}" >&2
  local run_status=0
  PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" SCHEMATHESIS_HOOKS=fuzz.hooks FUZZ_KEPT_IDS="$report_dir/kept-ids.json" \
    "$FUZZ_VENV/bin/schemathesis" --config-file "$report_dir/schemathesis.toml" "${args[@]}" || run_status=$?
  if [[ "$status" == 0 ]]; then status="$run_status"; fi
}

# CI's quick run uses one seed, so a red run is the code's doing and replays as it was; the
# long run explores with a new seed each time (printed at the end for replay).
if [[ "$mode" == "quick" ]]; then
  seed="${FUZZ_SEED:-20251121}"
  run_schemathesis junit.xml --seed "$seed" --max-examples 40 --phases examples,coverage,fuzzing
  # The stateful phase (sequences along the links of openapi.yaml) runs on its own: after the
  # phases above in the same run, its choices depend on how their workers interleaved, and
  # the same seed no longer gives the same sequences. Link calibration (how often links are
  # followed, tuned from the answers seen) is off for the same reason.
  printf '\n[phases.stateful]\nlink-calibration = false\n' >>"$report_dir/schemathesis.toml"
  run_schemathesis junit-stateful.xml --seed "$seed" --max-examples 150 --phases stateful
else
  seed="${FUZZ_SEED:-$RANDOM$RANDOM}"
  run_schemathesis junit.xml --seed "$seed" --max-examples 400 --phases examples,coverage,fuzzing,stateful \
    --max-time "${FUZZ_MAX_TIME:-900}"
fi
node fuzz/summary.mjs "$report_dir" "$status"
exit "$status"
