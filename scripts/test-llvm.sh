#!/usr/bin/env bash
# Builds roof against another LLVM into build-NN/ and runs its lit suite (the
# pass on IR, end-to-end programs, runtime, driver, ERT, roof static):
#   scripts/test-llvm.sh 22
# The packages are scripts/setup.sh's (clang-NN llvm-NN-dev llvm-NN-tools
# libclang-NN-dev, NN = 16, 19, 22); OpenMP programs use the installed
# libomp-19-dev (CMakeLists.txt, "OpenMP"). scripts/test.sh runs it for each
# version of ROOF_OTHER_LLVM_VERSIONS after the default suite.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:?usage: scripts/test-llvm.sh LLVM_MAJOR_VERSION}
cmake -S . -B "build-$version" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DROOF_LLVM_VERSION="$version" >/dev/null
cmake --build "build-$version"
ctest --test-dir "build-$version" --output-on-failure -R '^lit$'
