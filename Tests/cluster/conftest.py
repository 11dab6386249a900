"""`make test-cluster`: the Slurm recipes of docs/recipes/slurm/ run as written on a real single-node cluster.

The cluster (slurm_cluster.py) is started once per session inside a temporary folder and stopped at the end, also
when a test fails. The binary is the debug build (CAREPRESS_BIN overrides it), always by its absolute path.
"""

from __future__ import annotations

import datetime
import json
import os
import pathlib
import shutil

import pytest

from slurm_cluster import ClusterError, SlurmCluster

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
RECIPES = REPOSITORY / "docs" / "recipes" / "slurm"
SHARDS = 4
GENERATED = 400


@pytest.fixture(scope="session")
def carepress() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("CAREPRESS_BIN", REPOSITORY / ".build" / "debug" / "carepress")).resolve()
    if not path.exists():
        pytest.fail(f"{path} not found: run `swift build` (make test-cluster does)")
    return path


@pytest.fixture(scope="session")
def cluster(tmp_path_factory):
    # A short path: munged's socket path must fit in a sockaddr_un (108 bytes).
    root = pathlib.Path(tmp_path_factory.mktemp("slurm"))
    cluster = SlurmCluster(root)
    try:
        cluster.start()
    except ClusterError as error:
        pytest.fail(f"the Slurm cluster did not start: {error}")
    try:
        yield cluster
    finally:
        cluster.stop()


def write_content(target: pathlib.Path, count: int = GENERATED) -> list[str]:
    """The sample project plus `count` consults copied from the sample consults with distinct ids, patients and
    dates; returns the generated ids."""
    shutil.copytree(REPOSITORY / "Content", target)
    samples = sorted((target / "consults").glob("*.json"))
    ids = []
    for index in range(count):
        record = json.loads(samples[index % len(samples)].read_text(encoding="utf-8"))
        record_id = f"gen-{index:04d}"
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=index % 300)
        record["id"] = record_id
        record["startedAt"] = f"{day.isoformat()}T09:00:00Z"
        if "completedAt" in record:
            record["completedAt"] = f"{day.isoformat()}T09:10:00Z"
        record["patient"] = {"displayName": f"Generated Patient {index:04d}", "age": 20 + index % 50}
        record.pop("transcript", None)
        (target / "consults" / f"{record_id}.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
        ids.append(record_id)
    return ids
