#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the whole test suite: lit tests on IR,
# end-to-end tests on compiled programs, unit tests, with the default LLVM
# (19), then the lit suite with each LLVM of ROOF_OTHER_LLVM_VERSIONS
# (default "22 16"; empty: none). No GPU needed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure "$@"

# The lit suite against the other LLVMs roof builds with (docs/development.md,
# "Other LLVM versions").
for version in ${ROOF_OTHER_LLVM_VERSIONS-22 16}; do
  echo "roof test: LLVM $version"
  scripts/test-llvm.sh "$version"
done
