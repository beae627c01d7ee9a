# Sourced by the lab's tests: exits 77 (skipped), with the reason, without root, mpicc or network namespaces.
[ "$(id -u)" -eq 0 ] || { echo "lab: SKIP (needs root)"; exit 77; }
command -v mpicc > /dev/null || { echo "lab: SKIP (needs mpicc: tools/setup.sh installs Open MPI)"; exit 77; }
if ! ip netns add tirlab-probe 2> /dev/null; then
  echo "lab: SKIP (no network namespaces here: ip netns add failed)"
  exit 77
fi
ip netns del tirlab-probe
