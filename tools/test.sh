#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (unit and end-to-end tests).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
cd build
ctest --output-on-failure -j"$(nproc)"
