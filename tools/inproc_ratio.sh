#!/usr/bin/env bash
# In-process time of gwrun against native code (the in-process ratios), one workload at a
# time: each round takes the native median, gwrun's median (examples/inproc.rs) and the
# native median again, and prints gwrun's time over the mean of the two native ones, so
# that both sides of a ratio come from one phase of a noisy machine.
# Usage: tools/inproc_ratio.sh [ROUNDS] [WORKLOADS]   (needs ../shared/bench beside the
# checkout; defaults: 5 rounds of shell countsort bubble strings)
set -euo pipefail
cd "$(dirname "$0")/.."
BENCH=../shared/bench
ROUNDS=${1:-5}
WORKLOADS=${2:-shell countsort bubble strings}
for w in $WORKLOADS; do
  case $w in shell|countsort|bubble|strings) ;; *)
    echo "inproc_ratio.sh: unknown workload $w (shell, countsort, bubble, strings)" >&2; exit 2 ;;
  esac
done
if [ ! -d "$BENCH/native" ]; then
  echo "inproc_ratio.sh: $BENCH/native not found (../shared must be beside the checkout)" >&2
  exit 2
fi
(cd "$BENCH/native" && cargo build --release -q)
cargo build --release -q --example inproc
NATIVE=$BENCH/native/target/release/gwbench-native
INPROC=target/release/examples/inproc
native() { # workload -> median seconds
  case $1 in
    shell) set -- shell 10000 100 ;; countsort) set -- countsort 10000 400 ;;
    bubble) set -- bubble 1000 100 ;; *) set -- strings 50 60 ;;
  esac
  "$NATIVE" "$@" 2>&1 >/dev/null | sed -n 's/time_per_rep_s=\([0-9.]*\).*/\1/p'
}
program() { case $1 in shell) echo shell10k ;; countsort) echo countsort10k ;; bubble) echo bubble1k ;; *) echo "$1" ;; esac; }
reps() { case $1 in shell) echo 31 ;; countsort) echo 61 ;; bubble) echo 25 ;; *) echo 11 ;; esac; }
for r in $(seq "$ROUNDS"); do
  for w in $WORKLOADS; do
    n1=$(native "$w")
    g=$("$INPROC" "$BENCH/programs/big/$(program "$w").bas" "$(reps "$w")")
    n2=$(native "$w")
    awk -v w="$w" -v r="$r" -v a="$n1" -v b="$n2" -v g="$g" 'BEGIN {
      printf "%-10s round %d  native %.3f / %.3f ms  gwrun %.3f ms  ratio %.2f\n", w, r, a*1000, b*1000, g*1000, 2*g/(a+b) }'
  done
done
