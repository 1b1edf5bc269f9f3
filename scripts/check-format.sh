#!/usr/bin/env bash
# Checks that roof's own C, C++ and CUDA sources are laid out as .clang-format
# says (LLVM's style), with the clang-format of the default LLVM:
#   scripts/check-format.sh          # lists each file that differs; exit 1
#   scripts/check-format.sh --fix    # rewrites them in place
# Tests (test/) and examples/ are left as written: their comments derive
# counts line by line. Exit 77 (ctest: skipped) where the tree is not a git
# checkout, whose files could not be listed.
set -euo pipefail
cd "$(dirname "$0")/.."
format=${CLANG_FORMAT:-clang-format-19}
command -v "$format" >/dev/null || {
  echo "check-format: $format not found (package clang-format-19; scripts/setup.sh)" >&2
  exit 1
}
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || {
  echo "check-format: not a git checkout, nothing to list" >&2
  exit 77
}
mapfile -t files < <(git ls-files -- '*.c' '*.h' '*.cpp' '*.cu' \
  ':!test/' ':!examples/' ':!cuda-compat/')
if [ "${1:-}" = --fix ]; then
  "$format" -i "${files[@]}"
  exit 0
fi
bad=0
for f in "${files[@]}"; do
  if ! "$format" --dry-run --Werror "$f" >/dev/null 2>&1; then
    echo "check-format: $f is not laid out as .clang-format says" \
         "(scripts/check-format.sh --fix)" >&2
    bad=1
  fi
done
exit $bad
