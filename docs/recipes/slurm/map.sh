#!/bin/sh
# One map task: shard $SLURM_ARRAY_TASK_ID of $N. submit.sh submits it as an array with the settings.
# Extra arguments go to `carepress build`, e.g. --no-wait (exit 75 at once when another build holds the folder).
#SBATCH --job-name=carepress-map
#SBATCH --cpus-per-task=2
set -eu
: "${N:?not set: submit with submit.sh (or --export=ALL,N=...)}"
exec "${CAREPRESS:?not set}" build --content "${CONTENT:?not set}" --output "${OUTPUT:?not set}" --quiet --json \
  --jobs "$SLURM_CPUS_PER_TASK" --shard "$SLURM_ARRAY_TASK_ID/$N" "$@"
