#!/bin/sh
# A resumable fuzzing campaign: runs each target for SECONDS on one core, JOBS targets at a time,
# each from the corpus it has grown so far (seeded from Fuzz/Corpus) and with the input length of
# Fuzz/max-len.sh, at the lowest CPU priority so it uses only idle cores, and appends each run's
# executions to a ledger, so totals add up across runs and sessions.
#
#   Fuzz/campaign.sh BIN_DIR CAMPAIGN_DIR SECONDS JOBS TARGET...
#
# NICE (default 19, the lowest priority) is the fuzzers' niceness: on a machine other work keeps
# busy, 19 leaves them about 1 % of a core, so a campaign meant to reach depth there runs at 0.
#
# AddressSanitizer records no allocation stacks here (malloc_context_size=0: a third of a
# reader's time went to them); rerun a crash-* input on the target to see them.
#
# The ledger (CAMPAIGN_DIR/ledger.tsv) has one line per run: UTC start, commit, target, seconds,
# executions, crashes (0 or 1). A crash stops that target with its input saved in
# CAMPAIGN_DIR/<target>/ and the log beside it; the script then exits 1. To end a campaign early,
# send the fuzzers SIGINT (pkill -INT -f release/Fuzz): each run is still counted.
set -u
bin=$1 dir=$2 seconds=$3 jobs=$4
shift 4
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
mkdir -p "$dir"
running=0
for target in "$@"; do
	run=$dir/$target
	mkdir -p "$run/corpus"
	[ -n "$(ls "$run/corpus")" ] || cp Fuzz/Corpus/"$target"/* "$run/corpus/"
	max_len=$(sh Fuzz/max-len.sh "$target")
	(cd "$run" && SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=0 nice -n "${NICE:-19}" \
		"$bin/$target" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 \
		-artifact_prefix="$PWD/" corpus > "log-$started.txt" 2>&1; echo $? > "status-$started") &
	running=$((running + 1))
	# One core per target: the next batch starts when this one is done.
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait
failed=0
for target in "$@"; do
	run=$dir/$target
	executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$run/log-$started.txt")
	# A run stopped early prints no final stats: take its last status line's count.
	[ -n "$executions" ] || executions=$(grep -aoE '^#[0-9]+' "$run/log-$started.txt" | tail -1 | tr -d '#')
	status=$(cat "$run/status-$started")
	rm -f "$run/status-$started"
	crashed=0
	# 72 is libFuzzer's exit status when interrupted (SIGINT, to end a campaign early): not a crash.
	if [ "$status" -ne 0 ] && [ "$status" -ne 72 ]; then crashed=1 failed=1; fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$started" "$commit" "$target" "$seconds" "${executions:-0}" "$crashed" \
		>> "$dir/ledger.tsv"
done
echo "target                 runs  seconds  executions  crashes"
awk -F'\t' '{ runs[$3]++; secs[$3] += $4; execs[$3] += $5; crashes[$3] += $6 }
	END { for (t in runs) printf "%-22s %4d %8d %11d %8d\n", t, runs[t], secs[t], execs[t], crashes[t] }' \
	"$dir/ledger.tsv" | sort
if [ "$failed" -ne 0 ]; then
	echo "a target failed: see the crash-* input and the log in $dir/<target>/" >&2
	exit 1
fi
