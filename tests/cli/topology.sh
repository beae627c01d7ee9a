#!/usr/bin/env bash
# `tireplay topology`: Lowekamp's clusters and Table 4 of the adaptive-collectives paper back from
# platforms/grid_88.xml (built from that table), the two_level platform's two clusters, measured distances from a
# file, and the errors of a bad distances file.
# Usage: topology.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -uo pipefail
tireplay=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0
check() {  # NAME, then a command that must succeed
  local name=$1
  shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}

"$tireplay" topology --platform "$src/platforms/grid_88.xml" --rho 0.3 > grid.txt 2>&1
check "grid_88: 6 clusters at rho 0.3" grep -q 'grid_88.xml: 88 hosts in 6 logical clusters (Lowekamp, rho = 0.3)$' grid.txt
check "grid_88: cluster sizes 31 29 6 1 1 20" \
  test "$(grep -E '^  C[0-9]+ +[0-9]+ host' grid.txt | awk '{print $2}' | paste -sd ' ')" = "31 29 6 1 1 20"
# Table 4, row by row (us)
cat > table4.txt <<'TABLE'
  C0         47.56       62.10    12181.52    12187.24    12197.49     5210.99
  C1         62.10       47.92    12181.52    12198.03    12195.22     5211.47
  C2      12181.52    12181.52       35.52       60.08       60.08     5388.49
  C3      12187.24    12198.03       60.08           -      242.47     5393.98
  C4      12197.49    12195.22       60.08      242.47           -     5394.10
  C5       5210.99     5211.47     5388.49     5393.98     5394.10       27.53
TABLE
check "grid_88: Table 4's latencies" diff <(sed -n '/^Latency between/,/^$/p' grid.txt | grep '^  C') table4.txt
"$tireplay" topology --platform "$src/platforms/grid_88.xml" --rho 0.31 > merged.txt 2>&1
check "grid_88: the two Orsay clusters merge at rho 0.31" grep -q '88 hosts in 5 logical clusters' merged.txt
"$tireplay" topology --platform "$src/platforms/two_level.xml" > two.txt 2>&1
check "two_level: its two clusters" grep -q '16 hosts in 2 logical clusters' two.txt
check "two_level: zone tree" grep -q '^    cluster2: 8 hosts$' two.txt
for p in "nancy_rennes 60 2" "gdx 186 9" "bordereau 93 1" "cluster_10x24 10 1"; do
  set -- $p
  "$tireplay" topology --platform "$src/platforms/$1.xml" > "$1.txt" 2>&1
  check "$1: $3 cluster(s) of its $2 hosts" grep -q ": $2 hosts in $3 logical cluster" "$1.txt"
done
check "nancy_rennes: 5.05 ms between the sites" grep -qE '^  C0 +50\.00 +5050\.00$' nancy_rennes.txt
check "gdx: three switches between distant cabinets (83.35 us)" grep -qE '^  C0 +50\.01 +83\.35 ' gdx.txt

cat > measured.txt <<'EOF2'
# three hosts measured by hand: a and b close, c far
a b 50us 125MBps
a c 5ms
b c 5.1ms 1Gbps
EOF2
"$tireplay" topology --distances measured.txt > measured.out 2>&1
check "distances file: 2 clusters" grep -q '^measured.txt: 3 hosts in 2 logical clusters' measured.out
check "distances file: a-b 50 us, a-c and b-c 5.05 ms on average" grep -qE '^  C0 +50\.00 +5050\.00$' measured.out

printf 'a b 50us\na b fast\n' > bad.txt
out=$("$tireplay" topology --distances bad.txt 2>&1); rc=$?
check "bad distances file: exit 2 naming the line, echoed" test "$rc:$out" = \
  "2:bad.txt:2: latency 'fast' is not a time (seconds, or with ns, us, ms, s)
    a b fast"
out=$("$tireplay" topology --platform "$src/platforms/cluster_16.xml" --distances measured.txt 2>&1); rc=$?
check "distances of hosts not on the platform: exit 2 naming one" test "$rc:$out" = \
  "2:measured.txt: host 'a' is not on the platform $src/platforms/cluster_16.xml (--distances alone groups hosts of its own)"
out=$("$tireplay" topology 2>&1 | head -1); rc=${PIPESTATUS[0]}
check "no platform: exit 2" test "$out" = "tireplay topology: --platform or --distances is required"
[ "$failures" -eq 0 ]
