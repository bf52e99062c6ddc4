#!/usr/bin/env bash
# A one-node Slurm on this host for carb's cluster tests (issue 14).
#
#   scripts/cluster/local-slurm.sh up     install slurm-wlm and munge when absent (root), write a one-node
#                                         slurm.conf under $CARB_SLURM_DIR, start munged, slurmctld and slurmd,
#                                         wait until sinfo shows the node idle; prints `export SLURM_CONF=…`
#   scripts/cluster/local-slurm.sh down   stop exactly the daemons `up` started (by the PIDs it recorded)
#
# Exit codes of `up`: 0 ready; 3 Slurm cannot be installed or started here (callers skip, saying so); other: a bug.
set -uo pipefail
DIR="${CARB_SLURM_DIR:-/tmp/carb-slurm}"
CONF="$DIR/slurm.conf"
PIDS="$DIR/started.pids"

cannot() { echo "local-slurm: $*" >&2; exit 3; }

install_if_absent() {
  if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null && command -v sbatch >/dev/null; then return 0; fi
  [ "$(id -u)" = 0 ] || cannot "slurm-wlm and munge are not installed and this is not root"
  command -v apt-get >/dev/null || cannot "slurm-wlm and munge are not installed and there is no apt-get"
  echo "local-slurm: installing slurm-wlm and munge from Debian's packages" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >"$DIR/apt.log" 2>&1 \
    || { apt-get update -q >>"$DIR/apt.log" 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >>"$DIR/apt.log" 2>&1; } \
    || cannot "apt-get install slurm-wlm munge failed (see $DIR/apt.log)"
}

write_conf() {
  local host cpus mem
  host="$(hostname -s)"
  cpus="$(nproc)"
  mem="$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.8 }' /proc/meminfo)"
  mkdir -p "$DIR/state" "$DIR/spool"
  cat >"$CONF" <<CONF
ClusterName=carb
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# a dependent merge whose array failed is cancelled, so `sbatch --wait` returns instead of waiting forever; the
# scheduling loops run every second or two (defaults 60 s and 30 s), so a merge starts as soon as its array is done
SchedulerParameters=kill_invalid_depend,sched_interval=2,bf_interval=1
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/slurmctld.log
SlurmdLogFile=$DIR/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
}

start_munge() {
  if pgrep -x munged >/dev/null; then return 0; fi
  if [ ! -s /etc/munge/munge.key ]; then
    mkdir -p /etc/munge
    if command -v mungekey >/dev/null; then mungekey --create --keyfile=/etc/munge/munge.key >/dev/null 2>&1; else dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none; fi
    chown munge:munge /etc/munge/munge.key 2>/dev/null; chmod 400 /etc/munge/munge.key
  fi
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null
  if id munge >/dev/null 2>&1; then runuser -u munge -- munged || cannot "munged did not start"; else munged --force || cannot "munged did not start"; fi
  sleep 0.5
  echo "munged $(pgrep -x -n munged)" >>"$PIDS"
}

up() {
  mkdir -p "$DIR"
  : >"$PIDS"
  install_if_absent
  write_conf
  start_munge
  export SLURM_CONF="$CONF"
  slurmctld -f "$CONF" || cannot "slurmctld did not start (see $DIR/slurmctld.log)"
  slurmd -f "$CONF" || cannot "slurmd did not start (see $DIR/slurmd.log)"
  for _ in $(seq 1 50); do [ -s "$DIR/slurmctld.pid" ] && [ -s "$DIR/slurmd.pid" ] && break; sleep 0.2; done
  echo "slurmctld $(cat "$DIR/slurmctld.pid")" >>"$PIDS"
  echo "slurmd $(cat "$DIR/slurmd.pid")" >>"$PIDS"
  for _ in $(seq 1 120); do
    state="$(sinfo -h -o %t 2>/dev/null | head -1)"
    [ "$state" = idle ] && { echo "export SLURM_CONF=$CONF"; return 0; }
    sleep 0.5
  done
  cannot "the node did not become idle within 60 s (sinfo: ${state:-nothing}; see $DIR/slurmctld.log)"
}

down() {
  [ -f "$PIDS" ] || return 0
  # slurmd first, then the controller, then munge: only the daemons this script started
  tac "$PIDS" | while read -r name pid; do
    [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && echo "local-slurm: stopped $name ($pid)" >&2
  done
  for _ in $(seq 1 50); do
    alive=0
    while read -r _ pid; do kill -0 "$pid" 2>/dev/null && alive=1; done <"$PIDS"
    [ "$alive" = 0 ] && break
    sleep 0.2
  done
  rm -f "$PIDS"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
