#!/usr/bin/env bash
# Prints the path of a virtualenv holding the pinned tools of tools/python-tools.txt, creating or
# updating it first when the pins changed. Usage: venv="$(tools/python-tools.sh)"
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${PYTHON_TOOLS_VENV:-$root/.tmp/python-tools}"
pins="$root/tools/python-tools.txt"
stamp="$venv/.pins"
if [[ ! -x "$venv/bin/python" ]] || ! cmp -s "$pins" "$stamp"; then
  echo "[python-tools] installing $(grep -c '==' "$pins") pinned tools into $venv" >&2
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$pins" >&2
  cp "$pins" "$stamp"
fi
echo "$venv"
