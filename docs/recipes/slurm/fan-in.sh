#!/bin/sh
# The fan-in: reads every shard's manifest and the content, renders no record, writes the shared pages. It exits 1
# when a shard is missing, unfinished or of another N, or when a record failed (each listed in the index as such).
#SBATCH --job-name=carepress-fan-in
#SBATCH --cpus-per-task=1
set -eu
: "${N:?not set: submit with submit.sh (or --export=ALL,N=...)}"
exec "${CAREPRESS:?not set}" build --content "${CONTENT:?not set}" --output "${OUTPUT:?not set}" --quiet --json \
  --fan-in "$N" "$@"
