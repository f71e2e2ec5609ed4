#!/usr/bin/env bash
# make slurm-check: a single-node Slurm on this machine runs the analyze array over generated
# recordings, and the merged result must equal one unsharded run. Installs Debian's slurm-wlm and
# munge when missing (needs root and apt-get), starts munged (unless one runs), slurmctld and
# slurmd with a configuration of its own (SLURM_CONF in a temporary folder; /etc/slurm is not
# touched), and stops what it started, by PID, on the way out.
#
#   deploy/slurm/check.sh LOCOMOTION_BINARY [FILES [TASKS]]     (defaults: 12 files, 4 tasks)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
locomotion=$(realpath "${1:?usage: $0 LOCOMOTION_BINARY [FILES [TASKS]]}")
files=${2:-12}
tasks=${3:-4}
started=$(date +%s)
say() { echo "slurm-check: $*"; }

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "slurm-check: slurm-wlm and munge are missing; install them (apt-get install slurm-wlm munge) or run as root" >&2
        exit 1
    fi
    say "installing slurm-wlm and munge"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null
fi

work=$(mktemp -d /tmp/locomotion-slurm.XXXXXX)
export SLURM_CONF=$work/slurm.conf
pids=()
keep=1
cleanup() {
    local status=$?
    for pidfile in "$work/slurmd.pid" "$work/slurmctld.pid"; do
        if [ -f "$pidfile" ]; then pids=("$(cat "$pidfile")" "${pids[@]}"); fi
    done
    # slurmd, slurmctld, then munged (if this script started it); each is waited for, up to 10 s.
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || continue
        for _ in $(seq 100); do
            # Gone, or a zombie waiting for init to reap it.
            case "$(ps -o stat= -p "$pid" 2>/dev/null)" in "" | Z*) break ;; esac
            sleep 0.1
        done
    done
    if [ "$status" = 0 ] && [ "$keep" = 0 ]; then rm -rf "$work"; else say "logs and results kept in $work"; fi
    say "took $(($(date +%s) - started)) s"
}
trap cleanup EXIT

# munge: the package's key, and a daemon unless one answers already.
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
    if [ ! -f /etc/munge/munge.key ]; then
        (command -v mungekey >/dev/null && mungekey --create) || dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null
        chown munge:munge /etc/munge/munge.key
        chmod 400 /etc/munge/munge.key
    fi
    munged --force --pid-file="$work/munged.pid"
    for _ in $(seq 50); do [ -s "$work/munged.pid" ] && break; sleep 0.1; done
    pids+=("$(cat "$work/munged.pid")")
fi
munge -n | unmunge | grep -q 'STATUS: *Success' || { echo "slurm-check: munge does not work" >&2; exit 1; }

host=$(hostname -s)
cpus=$(nproc)
memory=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10))
mkdir -p "$work/state" "$work/spool"
cat >"$SLURM_CONF" <<CONF
ClusterName=locomotion-check
SlurmctldHost=$host
SlurmctldPort=6917
SlurmdPort=6918
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
say "starting slurmctld and slurmd ($host, $cpus CPUs)"
slurmctld -i
slurmd
for _ in $(seq 60); do
    sinfo -h -o %T 2>/dev/null | grep -qE '^idle' && break
    sleep 0.5
done
sinfo -h -o %T | grep -qE '^idle' || { echo "slurm-check: the node did not come up (see $work/slurmctld.log)" >&2; exit 1; }

say "generating $files recordings"
data=$work/recordings
mkdir -p "$data/nested"
scenarios=(A B C D E F G H commute)
for ((i = 0; i < files; i++)); do
    folder=$data
    [ $((i % 3)) = 2 ] && folder=$data/nested
    "$locomotion" simulate "${scenarios[i % ${#scenarios[@]}]}" --seconds 600 --seed "$i" --out "$folder/session-$i.csv"
done

say "submitting $tasks analyze tasks and the merge job"
results=$work/results
read -r array merge < <(LOCOMOTION=$locomotion "$here/submit.sh" "$tasks" "$results" "$data") || true
[ -n "${merge:-}" ] || { echo "slurm-check: sbatch refused the jobs" >&2; exit 1; }
for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] || { echo "slurm-check: the jobs did not finish in 5 minutes" >&2; exit 1; }
[ -f "$results/summary.txt" ] || { echo "slurm-check: the merge job wrote no summary (see $results/*.log)" >&2; exit 1; }

say "comparing with one unsharded run"
"$locomotion" analyze "$data" --jsonl --out "$work/whole.jsonl"
"$locomotion" analyze "$data" --out "$work/whole.txt"
LC_ALL=C sort "$work/whole.jsonl" | cmp - "$results/all.jsonl" \
    || { echo "slurm-check: the shards' records differ from the unsharded run's" >&2; exit 1; }
tail -c "$(wc -c <"$results/summary.txt")" "$work/whole.txt" | cmp - "$results/summary.txt" \
    || { echo "slurm-check: the merged summary differs from the unsharded run's" >&2; exit 1; }
say "ok: $(wc -l <"$results/all.jsonl") records from $tasks shards equal the unsharded run; summary:"
cat "$results/summary.txt"
keep=0
