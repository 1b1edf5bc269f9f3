#!/usr/bin/env bash
# Installs what roof needs on Debian 12 (as root) and builds it into build/.
# Idempotent: packages already present are not fetched again.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build python3 clang-19 llvm-19-dev llvm-19-tools
          libomp-19-dev libclang-rt-19-dev libclang-19-dev flang-19 libflang-19-dev
          nlohmann-json3-dev
          libgtest-dev openmpi-bin libopenmpi-dev valgrind clang-format-19
          clang-22 llvm-22-dev llvm-22-tools libclang-22-dev flang-22 libflang-22-dev
          clang-16 llvm-16-dev llvm-16-tools libclang-16-dev flang-16 libflang-16-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "roof setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
