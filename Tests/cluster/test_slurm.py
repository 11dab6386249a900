"""The Slurm recipes (docs/recipes/slurm/) as written, on a real single-node cluster: the map as an array of N tasks,
the fan-in after it, a task killed and rerun alone, a record that fails and is fixed, a busy shard.

Only the binary's path, the folders and N are given to the recipes, through the environment variables they read.
"""

from __future__ import annotations

import fcntl
import html.parser
import json
import os
import pathlib
import signal
import subprocess
import time
import urllib.parse

import pytest

from conftest import GENERATED, RECIPES, SHARDS, write_content


class Batch:
    """One project and its output folder, built through the recipes, and the same project built whole elsewhere."""

    def __init__(self, root: pathlib.Path, carepress: pathlib.Path, cluster, records: int = GENERATED) -> None:
        self.root = root
        self.carepress = carepress
        self.cluster = cluster
        self.content = root / "Content"
        self.output = root / "Output"
        self.logs = root / "logs"
        self.ids = write_content(self.content, records)

    def variables(self) -> dict[str, str]:
        return {
            "N": str(SHARDS), "CAREPRESS": str(self.carepress), "CONTENT": str(self.content),
            "OUTPUT": str(self.output), "LOGS": str(self.logs),
        }

    def submit(self, *arguments: str) -> dict[str, str]:
        """Runs submit.sh; returns its job ids by name ("map", "fan-in")."""
        result = self.cluster.run("sh", str(RECIPES / "submit.sh"), *arguments, **self.variables())
        words = result.stdout.split()
        return dict(zip(words[0::2], words[1::2]))

    def whole_build(self, output: pathlib.Path) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(self.carepress), "build", "--content", str(self.content), "--output", str(output), "--quiet"],
            capture_output=True, text=True, timeout=120)

    def tasks(self, job: str) -> dict[int, dict[str, str]]:
        return {int(record["ArrayTaskId"]): record for record in self.cluster.job_fields(job)}

    def task_json(self, job: str, task: int) -> dict:
        return json.loads((self.logs / f"map-{job}_{task}.json").read_text(encoding="utf-8"))

    def task_stderr(self, job: str, task: int) -> str:
        return (self.logs / f"map-{job}_{task}.err").read_text(encoding="utf-8")


def differences(expected: pathlib.Path, actual: pathlib.Path) -> str:
    result = subprocess.run(["diff", "-r", "-x", ".carepress", str(expected), str(actual)], capture_output=True,
                            text=True)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout[-6000:]


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.targets.append(value)


def missing_link_targets(output: pathlib.Path) -> list[str]:
    """Every link of every page of the output folder that names a file of the folder that is not there."""
    missing = []
    for page in sorted(output.rglob("*.html")):
        if ".carepress" in page.parts:
            continue
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for target in parser.targets:
            parsed = urllib.parse.urlparse(target)
            if parsed.scheme or parsed.netloc or not parsed.path:
                continue
            path = (page.parent / urllib.parse.unquote(parsed.path)).resolve()
            if path.is_dir():
                path = path / "index.html"
            if not path.exists():
                missing.append(f"{page.relative_to(output)} -> {target}")
    return missing


def index_pages(output: pathlib.Path) -> str:
    return "".join(page.read_text(encoding="utf-8") for page in sorted((output / "reports").glob("index*.html")))


def output_files(output: pathlib.Path) -> set[pathlib.Path]:
    return {path for path in output.rglob("*") if path.is_file() and ".carepress" not in path.parts}


def exit_code(record: dict[str, str]) -> str:
    """`scontrol show job`'s ExitCode, status:signal."""
    return record["ExitCode"]


@pytest.fixture
def batch(tmp_path, carepress, cluster) -> Batch:
    return Batch(tmp_path, carepress, cluster)


def test_the_array_then_the_fan_in_gives_the_files_of_one_build(batch, cluster, tmp_path):
    whole = batch.whole_build(tmp_path / "Whole")
    assert whole.returncode == 0, whole.stderr[-3000:]

    jobs = batch.submit()
    cluster.wait_for_jobs(jobs["map"], jobs["fan-in"])

    tasks = batch.tasks(jobs["map"])
    assert sorted(tasks) == list(range(1, SHARDS + 1))
    for task, record in tasks.items():
        assert (record["JobState"], exit_code(record)) == ("COMPLETED", "0:0"), (task, batch.task_stderr(
            jobs["map"], task))
    # stdout holds the --json object alone (diagnostics and the summary go to the .err file).
    reports = [batch.task_json(jobs["map"], task) for task in tasks]
    records = [path for kind in ("consults", "physio", "stacks") for path in (batch.content / kind).glob("*.json")]
    assert sum(report["records"] for report in reports) == len(records)
    assert all(report["failed"] == 0 for report in reports)
    (fan_in,) = cluster.job_fields(jobs["fan-in"])
    assert (fan_in["JobState"], exit_code(fan_in)) == ("COMPLETED", "0:0"), cluster.logs()

    assert differences(tmp_path / "Whole", batch.output) == ""
    assert missing_link_targets(batch.output) == []

    # Run again with nothing changed: every task skips every record, and the files stay those of one build.
    again = batch.submit()
    cluster.wait_for_jobs(again["map"], again["fan-in"])
    for task in range(1, SHARDS + 1):
        report = batch.task_json(again["map"], task)
        assert report["rendered"] == 0 and report["skipped"] == report["records"], report
    assert differences(tmp_path / "Whole", batch.output) == ""


def _process_of_task(binary: pathlib.Path, job: str, task: int) -> int | None:
    wanted = {f"SLURM_ARRAY_JOB_ID={job}".encode(), f"SLURM_ARRAY_TASK_ID={task}".encode()}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            if os.readlink(f"/proc/{entry.name}/exe") != str(binary):
                continue
            with open(f"/proc/{entry.name}/environ", "rb") as environ:
                variables = set(environ.read().split(b"\0"))
        except OSError:
            continue
        if wanted <= variables:
            return int(entry.name)
    return None


def _is_running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def test_a_task_killed_mid_run_and_rerun_alone_then_the_fan_in_converges(cluster, carepress, tmp_path):
    # Shards of about 350 records: three chunks of a build (RecordBatch.chunkSize, 128), so it can be killed when
    # it has published some of them and not all.
    batch = Batch(tmp_path, carepress, cluster, records=1400)
    whole = batch.whole_build(tmp_path / "Whole")
    assert whole.returncode == 0, whole.stderr[-3000:]
    victim = 3
    # Shard 3's files, from a build of shard 3 alone elsewhere: the tasks run side by side into the output folder.
    alone = subprocess.run(
        [str(carepress), "build", "--content", str(batch.content), "--output", str(tmp_path / "Alone"), "--quiet",
         "--shard", f"{victim}/{SHARDS}"], capture_output=True, text=True, timeout=120)
    assert alone.returncode == 0, alone.stderr[-3000:]
    shard_files = [path.relative_to(tmp_path / "Alone") for path in output_files(tmp_path / "Alone")]

    jobs = batch.submit()
    # Catch task 3's process, let it publish more than its first chunk's files, freeze it there (SIGSTOP), and have
    # Slurm kill it (scancel --signal=KILL).
    deadline = time.monotonic() + 90
    pid = None
    while pid is None:
        assert time.monotonic() < deadline, "task 3 never started"
        pid = _process_of_task(carepress, jobs["map"], victim)
        time.sleep(0.005)
    by_folder: dict[pathlib.Path, set[str]] = {}
    for path in shard_files:
        by_folder.setdefault(batch.output / path.parent, set()).add(path.name)

    def published() -> int:  # one listdir a folder: quick enough to catch the task between two chunks
        return sum(len(names & set(os.listdir(folder))) for folder, names in by_folder.items() if folder.exists())

    while published() <= 256:  # its first chunk's files (two a record) and more
        assert _is_running(pid), "task 3 finished before it could be killed mid-run"
        time.sleep(0.001)
    os.kill(pid, signal.SIGSTOP)
    published_files = published()
    cluster.run("scancel", "--full", "--signal=KILL", f"{jobs['map']}_{victim}")
    cluster.wait_for_jobs(jobs["map"], jobs["fan-in"])

    tasks = batch.tasks(jobs["map"])
    assert tasks[victim]["JobState"] == "CANCELLED", tasks[victim]
    assert (batch.logs / f"map-{jobs['map']}_{victim}.json").read_text() == ""  # killed before its summary
    for task in set(tasks) - {victim}:
        assert (tasks[task]["JobState"], exit_code(tasks[task])) == ("COMPLETED", "0:0"), task
    (fan_in,) = cluster.job_fields(jobs["fan-in"])
    assert fan_in["JobState"] == "CANCELLED", fan_in  # afterok never met: --kill-on-invalid-dep cancels it

    rerun = batch.submit(str(victim))
    cluster.wait_for_jobs(rerun["map"], rerun["fan-in"])
    (record,) = batch.cluster.job_fields(rerun["map"])
    assert (record["JobState"], exit_code(record)) == ("COMPLETED", "0:0"), batch.task_stderr(rerun["map"], victim)
    report = batch.task_json(rerun["map"], victim)
    print(f"killed after {published_files} files; the rerun rendered {report['rendered']} of {report['records']}")
    assert published_files < len(shard_files), "task 3 was not killed mid-run"
    # It had published its first chunk: its rerun renders only what it had not (issue 42, item 6).
    assert 0 < report["rendered"] <= report["records"] - 128, report
    (fan_in,) = cluster.job_fields(rerun["fan-in"])
    assert (fan_in["JobState"], exit_code(fan_in)) == ("COMPLETED", "0:0")
    assert differences(tmp_path / "Whole", batch.output) == ""
    assert not list((batch.output / ".carepress").glob("*-wal")), "a killed shard's WAL file was left behind"


def test_a_failed_record_fixed_and_its_task_rerun_alone_gives_a_clean_build(batch, cluster, tmp_path):
    whole = batch.whole_build(tmp_path / "Whole")
    assert whole.returncode == 0, whole.stderr[-3000:]
    broken_id = batch.ids[42]
    record_file = batch.content / "consults" / f"{broken_id}.json"
    good = record_file.read_bytes()
    record = json.loads(good)
    record["answers"]["duration"] = 42  # a single-choice answer must be an option id: a content error
    record_file.write_text(json.dumps(record, indent=1), encoding="utf-8")

    jobs = batch.submit()
    cluster.wait_for_jobs(jobs["map"], jobs["fan-in"])
    tasks = batch.tasks(jobs["map"])
    failed = [task for task, fields in tasks.items() if fields["JobState"] != "COMPLETED"]
    assert len(failed) == 1, tasks
    (task,) = failed
    assert (tasks[task]["JobState"], exit_code(tasks[task])) == ("FAILED", "1:0")
    assert f"{record_file}:" in batch.task_stderr(jobs["map"], task)
    assert "error:" in batch.task_stderr(jobs["map"], task)
    assert batch.task_json(jobs["map"], task)["failed"] == 1
    (fan_in,) = cluster.job_fields(jobs["fan-in"])
    assert fan_in["JobState"] == "CANCELLED", fan_in

    # The fan-in alone, now: the index lists the record as failed, first, with no link to a page that is not there;
    # the files are those a whole build of the broken project gives.
    now = batch.submit("fan-in")
    cluster.wait_for_jobs(now["fan-in"])
    (fan_in,) = cluster.job_fields(now["fan-in"])
    assert exit_code(fan_in) == "1:0", fan_in
    assert missing_link_targets(batch.output) == []
    index = (batch.output / "reports" / "index.html").read_text(encoding="utf-8")
    failed_section = index[index.index('id="section-failed"'):index.index("</section>")]
    assert f"Reference {broken_id} " in failed_section
    assert f'{broken_id}.html"' not in index_pages(batch.output)
    assert not list(batch.output.rglob(f"{broken_id}.html"))
    broken_whole = batch.whole_build(tmp_path / "BrokenWhole")
    assert broken_whole.returncode == 1, broken_whole.stderr[-3000:]
    assert differences(tmp_path / "BrokenWhole", batch.output) == ""

    # Fixed, only its task again, then the fan-in: the files of one clean build, the patient back in the index.
    record_file.write_bytes(good)
    rerun = batch.submit(str(task))
    cluster.wait_for_jobs(rerun["map"], rerun["fan-in"])
    assert [int(fields["ArrayTaskId"]) for fields in cluster.job_fields(rerun["map"])] == [task]
    for fields in cluster.job_fields(rerun["map"]) + cluster.job_fields(rerun["fan-in"]):
        assert (fields["JobState"], exit_code(fields)) == ("COMPLETED", "0:0"), fields
    assert differences(tmp_path / "Whole", batch.output) == ""
    assert f'{broken_id}.html"' in index_pages(batch.output)


def test_a_busy_shard_exits_75_with_no_wait(batch, cluster, tmp_path):
    whole = batch.whole_build(batch.output)  # a folder built before, its lock files there
    assert whole.returncode == 0, whole.stderr[-3000:]
    before = {path: path.stat().st_mtime_ns for path in output_files(batch.output)}
    batch.logs.mkdir()
    # Hold the folder as a whole build does while it runs (build.lock, exclusively).
    with open(batch.output / ".carepress" / "build.lock", "rb") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = cluster.run(
            "sbatch", "--parsable", "--export=ALL", "--array=2", f"--output={batch.logs}/map-%A_%a.json",
            f"--error={batch.logs}/map-%A_%a.err", str(RECIPES / "map.sh"), "--no-wait", **batch.variables())
        job = result.stdout.strip().split(";")[0]
        cluster.wait_for_jobs(job)
    (fields,) = cluster.job_fields(job)
    assert (fields["JobState"], exit_code(fields)) == ("FAILED", "75:0"), fields
    assert "another build is writing into this folder" in batch.task_stderr(job, 2)
    assert {path: path.stat().st_mtime_ns for path in output_files(batch.output)} == before
