#!/usr/bin/env bash
# Platform changes (replay --scale, --set) and folding (--ranks-per-node), against times computed by hand.
# As in tests/engine/engine_times.sh, SMPI's factors and cross-traffic are off: a message of S bytes alone on a
# link of latency L and bandwidth B takes T(S) = L + (S + 16) / B; on one_link.xml L = 1 ms, B = 100 MB/s and the
# hosts compute 1 Gflop/s. two_zones.xml has two such pairs of hosts, in zones za and zb.
# Usage: scaling.sh TIREPLAY_BINARY SOURCE_DIR SCRATCH_DIR
set -uo pipefail
tireplay=$1
src=$2
scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
one_link=$src/tests/engine/one_link.xml
zones=$src/tests/cli/two_zones.xml
zone_hosts=$src/tests/cli/two_zones_hosts.txt
base_cfg=(--cfg smpi/bw-factor:0:1 --cfg smpi/lat-factor:0:1 --cfg network/crosstraffic:0)
failures=0
ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failures=$((failures + 1)); }
trace() { printf '%s\n' "${@:2}" > "$1"; }
# field JSON PYTHON_EXPRESSION_OF_j
field() { python3 -c "import json, sys; j = json.load(open(sys.argv[1])); print($2)" "$1"; }
near() { awk -v g="$1" -v e="$2" 'BEGIN { d = g - e; if (d < 0) d = -d; exit !(d <= 1e-9 * (e > 1 ? e : 1)) }'; }

# check NAME EXPECTED_SECONDS PLATFORM TRACE [replay options...]
check() {
  local name=$1 expected=$2 platform=$3 trace=$4
  shift 4
  if ! "$tireplay" replay --platform "$platform" --trace "$trace" -q --json "$name.json" "${base_cfg[@]}" "$@" \
      2> "$name.err"; then
    fail "$name: tireplay failed: $(cat "$name.err")"; return
  fi
  local got
  got=$(field "$name.json" 'j["simulated_time"]')
  if near "$got" "$expected"; then ok "$name: $got s"; else fail "$name: expected $expected s, got $got s"; fi
}

# --- links: T(1e6) = 0.001 + 1000016 / 1e8 = 0.01100016 s
trace message.txt "0 send 1 0 1000000" "1 recv 0 0 1000000"
check unchanged 0.01100016 "$one_link" message.txt
check bw_times_2 0.00600008 "$one_link" message.txt --scale link.bw=2                # 0.001 + 1000016 / 2e8
check bw_2x_short_name 0.00600008 "$one_link" message.txt --scale bw=2x
check bw_scaled_twice 0.00350004 "$one_link" message.txt --scale link.bw=2 --scale link.bw=2  # 0.001 + 1000016 / 4e8
check lat_half 0.01050016 "$one_link" message.txt --scale link.lat=0.5              # 0.0005 + 0.01000016
check lat_set_10us 0.01001016 "$one_link" message.txt --set link.lat=10us           # 1e-5 + 0.01000016
check bw_set_1GBps 0.002000016 "$one_link" message.txt --set link.bw=1GBps          # 0.001 + 1000016 / 1e9
check scale_then_set 0.002000016 "$one_link" message.txt --set link.bw=1GBps --scale link.bw=7  # --set applies last

# --- host speed: rank 0 computes 2e9 flops at 1 Gflop/s
trace compute.txt "0 compute 2e9" "1 compute 5e8"
check speed_times_2 1 "$one_link" compute.txt --scale host.speed=2
check speed_half 4 "$one_link" compute.txt --scale speed=0.5x
check speed_set_4Gf 0.5 "$one_link" compute.txt --set host.speed=4Gf
# A reduce's flops (1e9, after the call on every rank) run at the scaled speed, and the models cost them so:
# T(1000) + 1e9 / 2e9 = 0.00101016 + 0.5 s, and each candidate's prediction loses 1e9 / 1e9 - 1e9 / 2e9 = 0.5 s.
trace reduce.txt "0 reduce 1000 1e9 0" "1 reduce 1000 1e9 0"
check reduce_speed_2 0.50101016 "$one_link" reduce.txt --scale host.speed=2 --select model --explain speed2.txt
"$tireplay" replay --platform "$one_link" --trace reduce.txt -q "${base_cfg[@]}" --select model --explain speed1.txt
linear1=$(awk '$2 == "linear" { print $3 }' speed1.txt)
linear2=$(awk '$2 == "linear" { print $3 }' speed2.txt)
if [ -n "$linear1" ] && near "$(awk -v a="$linear1" -v b="$linear2" 'BEGIN { print a - b }')" 0.5; then
  ok "the models see the scaled speed: linear reduce $linear1 s -> $linear2 s"
else fail "the models do not see the scaled speed: linear reduce $linear1 s -> $linear2 s"; fi

# --- zones: ranks 0, 1 in za, 2, 3 in zb, each pair one message then 1 s of compute
trace zones.txt "0 send 1 0 1000000" "1 recv 0 0 1000000" "2 send 3 0 1000000" "3 recv 2 0 1000000" \
  "0 compute 1e9" "1 compute 1e9" "2 compute 1e9" "3 compute 1e9"
# finishes NAME "F0 F1 F2 F3" [replay options...]: the finish time of each rank
finishes() {
  local name=$1 expected=$2
  shift 2
  if ! "$tireplay" replay --platform "$zones" --hostfile "$zone_hosts" --trace zones.txt -q --json "$name.json" \
      "${base_cfg[@]}" "$@" 2> "$name.err"; then
    fail "$name: tireplay failed: $(cat "$name.err")"; return
  fi
  local got e g all=1
  got=($(field "$name.json" '" ".join(repr(r["finish_time"]) for r in j["per_rank"])'))
  e=($expected)
  for r in 0 1 2 3; do near "${got[$r]}" "${e[$r]}" || all=0; done
  if [ "$all" = 1 ]; then ok "$name: ${got[*]}"; else fail "$name: expected $expected, got ${got[*]}"; fi
}
finishes zones_unchanged "1.01100016 1.01100016 1.01100016 1.01100016"
finishes bw_of_za "1.00600008 1.00600008 1.01100016 1.01100016" --scale link.bw@za=2
finishes speed_of_zb "1.01100016 1.01100016 0.51100016 0.51100016" --scale host.speed@zb=2
finishes top_holds_both "1.00600008 1.00600008 1.00600008 1.00600008" --scale link.bw@top=2   # zones inside top
finishes lat_set_in_zb "1.01100016 1.01100016 1.01001016 1.01001016" --set lat@zb=10us
finishes speed_of_host_b0 "1.01100016 1.01100016 2.01100016 1.01100016" --scale host.speed@b0=0.5x  # a host alone
finishes set_speed_of_a1 "1.01100016 0.51100016 1.01100016 1.01100016" --set host.speed@a1=2Gf

# --- folding: K consecutive ranks on each host, in the hostfile's order (its counts ignored)
trace computes.txt "0 compute 1e6" "1 compute 1e6" "2 compute 1e6" "3 compute 1e6"
# hosts NAME "H0 H1 H2 H3" [replay options...]
hosts() {
  local name=$1 expected=$2
  shift 2
  "$tireplay" replay --platform "$zones" --trace computes.txt -q --json "$name.json" "$@" 2> "$name.err"
  local got
  got=$(field "$name.json" '" ".join(r["host"] for r in j["per_rank"])')
  if [ "$got" = "$expected" ]; then ok "$name: $got"; else fail "$name: expected '$expected', got '$got' $(cat "$name.err")"; fi
}
hosts one_per_node "a0 a1 b0 b1" --hostfile "$zone_hosts" --ranks-per-node 1
hosts two_per_node "a0 a0 a1 a1" --hostfile "$zone_hosts" --ranks-per-node 2
printf 'b1:3\na1\n' > counted_hosts.txt
hosts counts_ignored "b1 b1 a1 a1" --hostfile counted_hosts.txt --ranks-per-node 2
hosts wrap_around "b1 a1 b1 a1" --hostfile counted_hosts.txt --ranks-per-node 1 --oversubscribe
# Two ranks sharing a host share its processor: 2 x 1 s of compute on a0 take 2 s.
trace compute_pair.txt "0 compute 1e9" "1 compute 1e9"
check folded_compute 2 "$zones" compute_pair.txt --hostfile "$zone_hosts" --ranks-per-node 2
check unfolded_compute 1 "$zones" compute_pair.txt --hostfile "$zone_hosts" --ranks-per-node 1

# --- errors: exact messages, exit status 2
expect() {
  local name=$1 expected=$2
  shift 2
  local got rc
  got=$("$tireplay" replay --platform "$zones" --trace zones.txt -q "$@" 2>&1 >/dev/null)
  rc=$?
  if [ "$rc" = 2 ] && [ "$got" = "$expected" ]; then ok "$name"
  else fail "$name: exit $rc, got: $got
  expected: $expected"; fi
}
expect unknown_zone "$zones: --scale link.bw@zc=2: no zone 'zc' (zones: top, za, zb)" --scale link.bw@zc=2
expect unknown_host "$zones: --scale host.speed@c0=2: no zone 'c0' (zones: top, za, zb; or a host's name)" --scale host.speed@c0=2
expect link_of_host "$zones: --scale link.bw@a0=2: no zone 'a0' (zones: top, za, zb)" --scale link.bw@a0=2
expect unknown_quantity "tireplay replay: --scale 'link.speed=2': expected QUANTITY[@ZONE]=FACTOR with QUANTITY one of link.bw (bw), link.lat (lat), host.speed (speed), host.quota (quota)" --scale link.speed=2
expect zero_factor "tireplay replay: --scale 'bw=0': '0' is not a positive factor (write 2 or 2x)" --scale bw=0
expect negative_lat "tireplay replay: --scale 'lat=-1': '-1' is not a non-negative factor (write 2 or 2x)" --scale lat=-1
expect no_unit "tireplay replay: --set 'lat=5': '5' has no unit (e.g. 10us)" --set lat=5
expect wrong_unit "tireplay replay: --set 'link.lat=5GBps': cannot read '5GBps' as a link.lat with its unit (e.g. 10us)" --set link.lat=5GBps
expect no_zone_name "tireplay replay: --scale 'bw@=2': no zone name after '@'" --scale bw@=2
expect too_few_nodes "counted_hosts.txt: 4 ranks at 1 per node need 4 hosts but only 2 are listed (pass --oversubscribe to wrap around)" \
  --hostfile counted_hosts.txt --ranks-per-node 1
expect negative_rpn "tireplay replay: --ranks-per-node must be positive" --ranks-per-node -2

if [ "$failures" -gt 0 ]; then
  echo "$failures scaling checks failed"
  exit 1
fi
echo "all scaling checks passed"
