#!/usr/bin/env bash
# Static checks: ruff (lint and format), mypy --strict and the import-linter layer contracts.
# mypy and import-linter need a plain directory tree for the namespace package, so the
# top-level folders are linked into caseledger/ in a temp dir (the editable install uses an
# import hook that static tools cannot follow).
set -euo pipefail
REPO=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
PY=${PYTHON:-"$REPO/.venv/bin/python"}
TREE=$(mktemp -d)
trap 'rm -rf "$TREE"' EXIT
mkdir -p "$TREE/caseledger"
for d in domain projections adapters api streams cli; do ln -s "$REPO/$d" "$TREE/caseledger/$d"; done
cp "$REPO/pyproject.toml" "$TREE/"

echo "== ruff"
"$PY" -m ruff check "$REPO"
"$PY" -m ruff format --check "$REPO"
echo "== mypy --strict"
(cd "$TREE" && MYPYPATH="$TREE" "$PY" -m mypy --strict -p caseledger)
echo "== import-linter"
(cd "$TREE" && PYTHONPATH="$TREE" "$(dirname "$PY")/lint-imports" --no-cache)
