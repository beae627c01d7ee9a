# The arguments of collective trace lines, for the scripts that write traces of every operation (sourced).

# N copies of "base + i" (unequal per-rank counts for the v-variants).
counts() {
  local n=$1 base=$2 i out=""
  for ((i = 0; i < n; i++)); do out+="$((base + i)) "; done
  echo "${out% }"
}

# The arguments of one call of OP by RANK among N ranks, with messages around BYTES, rooted at ROOT.
call_args() {
  local op=$1 n=$2 rank=$3 bytes=$4 root=$5
  case $op in
    barrier) echo "" ;;
    bcast) echo "$bytes $root" ;;
    reduce) echo "$bytes 1e6 $root" ;;
    allreduce | scan | exscan) echo "$bytes 1e6" ;;
    alltoall | allgather) echo "$bytes $bytes" ;;
    gather | scatter) echo "$bytes $bytes $root" ;;
    # rank r sends bytes + r + d to rank d, which receives as much from r (MPI's truncation rule holds)
    alltoallv) local c; c=$(counts "$n" $((bytes + rank)))
      echo "$((n * (bytes + rank + n))) $c $((n * (bytes + rank + n))) $c" ;;
    gatherv) echo "$((bytes + rank)) $(counts "$n" "$bytes") $root" ;;
    scatterv) echo "$(counts "$n" "$bytes") $((bytes + rank)) $root" ;;
    allgatherv) echo "$((bytes + rank)) $(counts "$n" "$bytes")" ;;
    reducescatter) echo "$(counts "$n" "$bytes") 1e6" ;;
    *) return 1 ;;
  esac
}

