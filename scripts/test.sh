#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the whole test suite: lit tests on IR,
# end-to-end tests on compiled programs, unit tests. No GPU needed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure "$@"
