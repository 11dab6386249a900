#!/bin/sh
# The nightly batch on Slurm: the map (an array of N tasks, task K building shard K of N), then the fan-in (the
# shared pages: home, guide, reports index, assets) once every task has succeeded.
#
#   submit.sh           the whole batch: tasks 1 to N, then the fan-in
#   submit.sh 3         task 3 again (task ids start at 1; a list or a range works too: 3,5 or 2-4), then the fan-in
#   submit.sh fan-in    the fan-in alone, now (a record that failed or is not published yet is listed as such)
#
# Each task writes its --json object to $LOGS/map-<job>_<task>.json and its diagnostics to $LOGS/map-<job>_<task>.err.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

# The settings, the only place they are written. N is the shard count of the array and of the fan-in alike; keep it
# the same from night to night so that each shard's manifest stays useful. CAREPRESS is an absolute path: a job does
# not always get your PATH.
export N="${N:-8}"
export CAREPRESS="${CAREPRESS:-/opt/carepress/bin/carepress}"
export CONTENT="${CONTENT:-/shared/clinic/Content}"
export OUTPUT="${OUTPUT:-/shared/clinic/Output}"
LOGS="${LOGS:-/shared/clinic/logs}"
mkdir -p "$LOGS"

# --export=ALL hands the four variables above to the jobs (a site may default to --export=NONE, and then they would
# not arrive: the task stops saying which one is missing).
fan_in() {
  sbatch --parsable --export=ALL --output="$LOGS/fan-in-%j.json" --error="$LOGS/fan-in-%j.err" "$@" \
    "$here/fan-in.sh"
}

if [ "${1:-}" = fan-in ]; then
  job=$(fan_in)
  echo "fan-in ${job%%;*}"
  exit 0
fi
map=$(sbatch --parsable --export=ALL --array="${1:-1-$N}" \
  --output="$LOGS/map-%A_%a.json" --error="$LOGS/map-%A_%a.err" "$here/map.sh")
map=${map%%;*}
# afterok: the fan-in runs when every task of the array exited 0. When one fails, the fan-in is cancelled
# (--kill-on-invalid-dep): look at that task's .err, fix what it says, then `submit.sh K`.
job=$(fan_in --dependency="afterok:$map" --kill-on-invalid-dep=yes)
echo "map $map fan-in ${job%%;*}"
