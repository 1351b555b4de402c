#!/usr/bin/env bash
# The SMPI broadcast sweep (docs/mpi-smpi.md): every MPI_Bcast algorithm SMPI has (the list
# comes from smpirun itself) and blockcast's component, on the platforms in platforms/*.xml,
# for each P and message size; one smpirun per (platform, P, method) covering every size.
# Before the sweep the network is probed per platform (ping-pong and streams between two
# hosts) and fitted to LogGP (fit_network.py): blockcast runs once with that BLOCKCAST_NETWORK
# as a two-range network, the fit below 64 KiB (SMPI's eager regime) and the fit from 64 KiB
# on ("blockcast"), and once with its own ping-pong calibration ("blockcast-calibrated");
# --small adds "blockcast-small" (the fit below 64 KiB alone) and "blockcast-large" (the fit
# from 64 KiB on alone).
# An algorithm that crashes, passes --timeout or delivers a wrong byte is recorded in jobs.csv
# (status failed, timeout, wrong) and left out of the comparison.
#
# usage: run.sh DRIVER.so [--out DIR] [--platforms "flat highlat fattree"] [--P "16 64 256 1024"]
#        [--sizes "1024 4096 ..."] [--algorithms "binomial_tree ..."] [--jobs 2] [--timeout 900]
#        [--no-mpi] [--no-blockcast] [--no-calibrated] [--small] [--repetitions R]
# Output in DIR (default tests/bench/smpi/results/run): bcast.csv (platform,P,bytes,method,
# seconds,first_call_seconds,spread_seconds,verified), jobs.csv, networks.csv, probe-*.csv,
# algorithms.txt, parts/ (one file per smpirun, its stderr beside it).
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "run.sh: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: run.sh DRIVER.so [options] (see the file's header)"
driver=$(readlink -f "$1"); shift
[ -f "$driver" ] || die "no driver at $driver"
out="$here/results/run"; platforms="flat highlat fattree"; Ps="16 64 256 1024"
sizes="1024 4096 16384 65536 262144 1048576 4194304 16777216"; algorithms=all; jobs=2; timeout=900
mpi=1; blockcast=1; calibrated=1; small=0; repetitions=3
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift ;;
    --platforms) platforms=$2; shift ;;
    --P) Ps=$2; shift ;;
    --sizes) sizes=$2; shift ;;
    --algorithms) algorithms=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --timeout) timeout=$2; shift ;;
    --no-mpi) mpi=0 ;;
    --no-blockcast) blockcast=0 ;;
    --no-calibrated) calibrated=0 ;;
    --small) small=1 ;;
    --repetitions) repetitions=$2; shift ;;  # timed calls after the warm-up (SMPI is deterministic: 1 gives the same time)
    *) die "unknown option $1" ;;
  esac
  shift || die "$1 needs a value"
done
for p in $platforms; do [ -f "$here/platforms/$p.xml" ] || die "no platform $here/platforms/$p.xml"; done
mkdir -p "$out/parts" || die "cannot create $out"
out=$(readlink -f "$out")

# Every SMPI option of the sweep (docs/mpi-smpi.md, "Options"): no computation is injected
# into the simulated time (the driver's and the planner's CPU time would be, else); the
# driver's own reductions and barriers use logarithmic algorithms (SMPI's default linear
# reduce costs seconds of wall time per call at P = 1024); the network model is SMPI's default.
export SMPI_OPTIONS="--cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf \
--cfg=smpi/reduce:binomial --cfg=smpi/barrier:ompi_recursivedoubling \
--log=root.thres:critical"
# glibc keeps the freed 16 MiB buffers instead of unmapping them (page faults were most of the
# wall time at 16 MiB).
export MALLOC_MMAP_THRESHOLD_=33554432 MALLOC_TRIM_THRESHOLD_=4294967296
sizes_csv=$(echo $sizes | tr ' ' ',')
seq -f 'h%g' 0 1023 > "$out/hosts"
printf 'h0\nh1023\n' > "$out/hosts-probe"

# The algorithm list, from SMPI's own error message for an unknown name.
smpirun -np 2 -platform "$here/platforms/flat.xml" -hostfile "$out/hosts-probe" $SMPI_OPTIONS \
  --cfg=smpi/bcast:list "$driver" probe --sizes 1 2>&1 | sed -n 's/.*Valid algorithms: \(.*\)\./\1/p' \
  | tr -d ' ' | tr ',' '\n' > "$out/algorithms.txt"
[ -s "$out/algorithms.txt" ] || die "could not read SMPI's bcast algorithm list"
if [ "$algorithms" = all ]; then
  # "automatic" times every algorithm inside each call: not one algorithm.
  algorithms=$(grep -v '^automatic$' "$out/algorithms.txt" | tr '\n' ' ')
fi

# The probe and the fit per platform.
echo "platform,network,small_message_network" > "$out/networks.csv"
for p in $platforms; do
  smpirun -np 2 -platform "$here/platforms/$p.xml" -hostfile "$out/hosts-probe" $SMPI_OPTIONS \
    "$driver" probe --platform "$p" > "$out/probe-$p.csv" 2> "$out/probe-$p.err" || die "probe on $p failed"
  fit=$(python3 "$here/fit_network.py" "$out/probe-$p.csv" --all) || die "fit on $p failed"
  echo "$p,\"$(echo "$fit" | tail -1)\",\"$(echo "$fit" | head -1 | sed 's/.*: //')\"" >> "$out/networks.csv"
done

# One job: platform P method. Writes parts/PLATFORM-P-METHOD.csv and a line of jobs.csv.
run_job() {
  local platform=$1 P=$2 method=$3 part="$out/parts/$1-$2-$3"
  local args=(bcast --platform "$platform" --sizes "$sizes_csv" --method "$method" --repetitions "$repetitions")
  local env=()
  case "$method" in
    blockcast) args+=(--no-mpi --blockcast --blockcast-label blockcast)
      # Both fits as one size-dependent network: the eager range below 64 KiB, the rendezvous one above.
      env=(BLOCKCAST_BCAST_VERBOSE=1 "BLOCKCAST_NETWORK=$(grep "^$platform," "$out/networks.csv" | cut -d'"' -f4);from=65536,$(grep "^$platform," "$out/networks.csv" | cut -d'"' -f2)") ;;
    blockcast-large) args+=(--no-mpi --blockcast --blockcast-label blockcast-large)
      env=(BLOCKCAST_BCAST_VERBOSE=1 "BLOCKCAST_NETWORK=$(grep "^$platform," "$out/networks.csv" | cut -d'"' -f2)") ;;
    blockcast-small) args+=(--no-mpi --blockcast --blockcast-label blockcast-small)
      env=(BLOCKCAST_BCAST_VERBOSE=1 "BLOCKCAST_NETWORK=$(grep "^$platform," "$out/networks.csv" | cut -d'"' -f4)") ;;
    blockcast-calibrated) args+=(--no-mpi --blockcast --blockcast-label blockcast-calibrated)
      env=(-u BLOCKCAST_NETWORK BLOCKCAST_BCAST_VERBOSE=1) ;;
    *) args=(--cfg=smpi/bcast:"$method" "${args[@]}") ;;
  esac
  local start=$(date +%s.%N) code=0
  env "${env[@]}" timeout --kill-after=10 "$timeout" smpirun -np "$P" -platform "$here/platforms/$platform.xml" \
    -hostfile "$out/hosts" $SMPI_OPTIONS "$driver" "${args[@]}" > "$part.csv" 2> "$part.err" || code=$?
  local wall=$(echo "$(date +%s.%N) - $start" | bc | sed 's/^\./0./')
  local status=ok
  [ $code -eq 124 ] || [ $code -eq 137 ] && status=timeout
  [ $code -ne 0 ] && [ $status = ok ] && status=failed
  grep -q 'wrong bytes' "$part.err" && status=wrong
  printf '%s,%s,%s,%s,%s,%.1f\n' "$platform" "$P" "$method" "$status" "$code" "$wall" >> "$out/jobs.csv"
  echo "$platform P=$P $method: $status (exit $code, ${wall} s)" >&2
}
export -f run_job
export out here driver sizes_csv timeout repetitions

echo "platform,P,method,status,exit_code,wall_seconds" > "$out/jobs.csv"
{
  for P in $Ps; do for p in $platforms; do
    [ $blockcast = 1 ] && echo "$p $P blockcast"
    [ $blockcast = 1 ] && [ $calibrated = 1 ] && echo "$p $P blockcast-calibrated"
    [ $blockcast = 1 ] && [ $small = 1 ] && echo "$p $P blockcast-small" && echo "$p $P blockcast-large"
    if [ $mpi = 1 ]; then for a in $algorithms; do echo "$p $P $a"; done; fi
  done; done
} | xargs -P "$jobs" -L 1 bash -c 'run_job "$@"' _

echo "platform,P,bytes,method,seconds,first_call_seconds,spread_seconds,verified" > "$out/bcast.csv"
cat "$out"/parts/*.csv | grep -v '^#' | sort -t, -k1,1 -k2,2n -k3,3n -k4,4 >> "$out/bcast.csv"
# A wrong byte of blockcast fails the sweep; SMPI's own algorithms that deliver wrong bytes
# (ompi_split_bintree, SMP_linear in SimGrid 3.32) are recorded as status "wrong" and left
# out of the comparison.
if grep -q ',blockcast[a-z-]*,wrong,' "$out/jobs.csv"; then echo "run.sh: BLOCKCAST DELIVERED WRONG BYTES (jobs.csv)" >&2; exit 1; fi
echo "run.sh: $(($(wc -l < "$out/bcast.csv") - 1)) lines in $out/bcast.csv" >&2
