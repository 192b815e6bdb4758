#!/usr/bin/env bash
# The steps of clada's GitHub Action (action.yml), as a script, so a test
# (cmd/clada/action_test.go) runs the same steps with a local clada.
#
# Reads: INPUT_FILES (patterns, separated by spaces or newlines),
# INPUT_FORMAT (github or sarif), INPUT_AGAINST, INPUT_CONFIG,
# INPUT_SARIF_FILE; CLADA_REF (the action's ref: go install
# github.com/clada-dev/clada/cmd/clada@REF), else CLADA_ACTION_PATH (the
# action's checkout: go install ./cmd/clada there); CLADA_BIN, when set,
# is the clada to run instead of installing one. Writes sarif-file= to
# $GITHUB_OUTPUT. Exits with clada check's status: 0 clean, 1 problems, 2
# usage or I/O.
set -euo pipefail

format=${INPUT_FORMAT:-github}
case $format in
github | sarif) ;;
*)
  echo "::error title=clada action::format is github or sarif, not '$format'"
  exit 2
  ;;
esac

clada=${CLADA_BIN:-}
if [ -z "$clada" ]; then
  bin="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/clada-action-bin"
  mkdir -p "$bin"
  if [ -n "${CLADA_REF:-}" ]; then
    echo "clada: go install github.com/clada-dev/clada/cmd/clada@$CLADA_REF"
    GOBIN=$bin go install "github.com/clada-dev/clada/cmd/clada@$CLADA_REF"
  else
    echo "clada: go install ./cmd/clada in ${CLADA_ACTION_PATH:?neither CLADA_REF nor CLADA_ACTION_PATH is set}"
    (cd "$CLADA_ACTION_PATH" && GOBIN=$bin go install ./cmd/clada)
  fi
  clada=$bin/clada
fi
"$clada" version

# The files: each pattern expanded as the shell does (** included); a
# pattern matching nothing is dropped, a plain name is kept (clada then
# says it cannot read it).
shopt -s globstar nullglob
files=()
while read -r -a words; do
  for w in "${words[@]}"; do
    case $w in
    *[*?[]*)
      matched=($w)
      files+=("${matched[@]}")
      ;;
    *) files+=("$w") ;;
    esac
  done
done <<<"${INPUT_FILES:-}"
shopt -u nullglob
if [ ${#files[@]} -eq 0 ]; then
  echo "::notice title=clada::no answer files match '${INPUT_FILES:-}'; nothing to check"
  exit 0
fi

args=()
if [ -n "${INPUT_AGAINST:-}" ]; then args+=(--against "$INPUT_AGAINST"); fi
if [ -n "${INPUT_CONFIG:-}" ]; then args+=(--config "$INPUT_CONFIG"); fi

status=0
if [ "$format" = sarif ]; then
  sarif=${INPUT_SARIF_FILE:-clada.sarif}
  mkdir -p "$(dirname "$sarif")"
  "$clada" check --format sarif "${args[@]}" "${files[@]}" >"$sarif" || status=$?
  if [ "$status" -le 1 ]; then
    echo "sarif-file=$sarif" >>"${GITHUB_OUTPUT:-/dev/null}"
    echo "clada: wrote $sarif"
  fi
  # The log shows the problems too, for a reader without code scanning.
  "$clada" check --format text "${args[@]}" "${files[@]}" || true
else
  "$clada" check --format github "${args[@]}" "${files[@]}" || status=$?
  if [ "$status" -eq 1 ]; then
    "$clada" check --format text "${args[@]}" "${files[@]}" | tail -n 1 || true
  fi
fi
exit "$status"
