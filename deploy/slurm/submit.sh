#!/usr/bin/env bash
# Queues an analyze array of N tasks over FILE|DIR... and the merge job after it; prints the two
# job ids. sbatch's own settings come from the SBATCH_* environment (SBATCH_PARTITION,
# SBATCH_ACCOUNT, ...); the scripts' #SBATCH lines give the defaults.
#
#   deploy/slurm/submit.sh N RESULTS FILE|DIR...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ "$#" -lt 3 ] || ! [ "$1" -ge 1 ] 2>/dev/null; then
    echo "usage: $0 N RESULTS FILE|DIR...   (N >= 1 tasks)" >&2
    exit 2
fi
count=$1
results=$2
shift 2
mkdir -p "$results"
# The jobs start in this directory, so relative paths mean the same to them; their logs go to RESULTS.
array=$(LOCOMOTION_SHARDS=$count sbatch --parsable --array="0-$((count - 1))" --output="$results/analyze-%A_%a.log" \
    "$here/analyze-array.sbatch" "$results" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterany:$array" --output="$results/summarize-%j.log" \
    "$here/summarize.sbatch" "$results" "$count")
merge=${merge%%;*}
echo "$array $merge"
