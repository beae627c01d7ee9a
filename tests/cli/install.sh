#!/usr/bin/env bash
# Installing: `cmake --install` into a temporary prefix, then the installed tireplay replays a bundled trace on an
# installed platform with the build's time, otf2ti and the tracer library are there; CPack builds a .deb whose
# dependencies are Debian's packages, and the tireplay it holds replays the same trace.
# Usage: install.sh BUILD_DIR SOURCE_DIR SCRATCH_DIR
set -uo pipefail
build=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
ok() { echo "ok   $*"; }

prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" > install.log 2>&1 || { cat install.log; fail "cmake --install"; }
for f in bin/tireplay bin/otf2ti share/tireplay/platforms/cluster_figure5.xml share/doc/tireplay/README.md \
         share/doc/tireplay/trace-format.md; do
  [ -f "$prefix/$f" ] && ok "installed $f" || fail "not installed: $f"
done
tracer=$(find "$prefix" -name libtireplay_tracer.so | head -1)
if [ -f "$build/libtireplay_tracer.so" ]; then [ -n "$tracer" ] && ok "installed $tracer" || fail "no tracer library"; fi

trace=$src/traces/recorded/coll_alltoall/index.txt
time_with() {  # TIREPLAY PLATFORM_DIR
  "$1" replay --platform "$2/cluster_figure5.xml" --hostfile "$2/hosts_figure5.txt" --trace "$trace" -q \
    --json t.json > /dev/null 2>&1 && python3 -c 'import json; print(repr(json.load(open("t.json"))["simulated_time"]))'
}
expected=$(time_with "$build/tireplay" "$src/platforms")
got=$(cd / && time_with "$prefix/bin/tireplay" "$prefix/share/tireplay/platforms")
[ -n "$expected" ] && [ "$got" = "$expected" ] && ok "installed tireplay: $got" || fail "installed tireplay: '$got', build '$expected'"
"$prefix/bin/otf2ti" --version | grep -q "otf2ti (tireplay)" && ok "installed otf2ti" || fail "installed otf2ti --version"

# The .deb.
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/deb" > cpack.log 2>&1 || { cat cpack.log; fail "cpack"; }
deb=$(ls "$scratch"/deb/tireplay_*.deb 2>/dev/null | head -1)
if [ -z "$deb" ]; then
  fail "no .deb"
else
  depends=$(dpkg-deb -f "$deb" Depends)
  for p in libsimgrid3.32 libboost-program-options1.74.0 libboost-iostreams1.74.0 libjemalloc2 libzstd1; do
    [[ "$depends" == *"$p"* ]] && ok ".deb depends on $p" || fail ".deb Depends lacks $p: $depends"
  done
  dpkg-deb -x "$deb" extracted
  got=$(time_with "$scratch/extracted/usr/bin/tireplay" "$scratch/extracted/usr/share/tireplay/platforms")
  [ "$got" = "$expected" ] && ok "the .deb's tireplay: $got" || fail "the .deb's tireplay: '$got'"
fi

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
