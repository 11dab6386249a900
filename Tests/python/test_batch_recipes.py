"""The batch recipes of docs/guides/batches.md that no test can run on their platform here (Kubernetes, GitHub Actions)
use the fields their platforms document, agree on N, and their command lines work as written: each is run with the
binary and the folders put in place of the image's. The Slurm scripts run for real in `make test-cluster`; here they
only have to parse and keep N in one variable."""
import pathlib
import re
import shutil
import subprocess

import pytest
import yaml

from conftest import REPOSITORY

RECIPES = REPOSITORY / "docs" / "recipes"
GUIDE = REPOSITORY / "docs" / "guides" / "batches.md"


def load(path: pathlib.Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def environment(container: dict) -> dict:
    return {item["name"]: item for item in container.get("env", [])}


def whole_build(carepress, content: pathlib.Path, output: pathlib.Path) -> None:
    result = subprocess.run([str(carepress), "build", "--content", str(content), "--output", str(output), "--quiet"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]


def differences(expected: pathlib.Path, actual: pathlib.Path) -> str:
    result = subprocess.run(["diff", "-r", "-x", ".carepress", str(expected), str(actual)], capture_output=True,
                            text=True)
    return result.stdout[-4000:]


def test_the_guide_links_every_recipe():
    guide = GUIDE.read_text(encoding="utf-8")
    for path in sorted(RECIPES.rglob("*")):
        if path.is_file():
            assert f"(../recipes/{path.relative_to(RECIPES)})" in guide, path


def test_the_kubernetes_jobs_use_the_documented_fields_and_agree_on_n():
    mapping, fan_in = load(RECIPES / "kubernetes" / "map.yaml"), load(RECIPES / "kubernetes" / "fan-in.yaml")
    spec = mapping["spec"]
    assert (mapping["apiVersion"], mapping["kind"]) == ("batch/v1", "Job")
    assert spec["completionMode"] == "Indexed"
    assert isinstance(spec["backoffLimitPerIndex"], int) and spec["backoffLimitPerIndex"] >= 1
    # backoffLimitPerIndex and podFailurePolicy need restartPolicy: Never.
    assert spec["template"]["spec"]["restartPolicy"] == "Never"
    (rule,) = spec["podFailurePolicy"]["rules"]
    assert rule["action"] == "FailIndex" and rule["onExitCodes"]["operator"] == "In"
    assert set(rule["onExitCodes"]["values"]) == {1, 2}  # never 75 (busy) nor a kill: those are retried
    (container,) = spec["template"]["spec"]["containers"]
    assert rule["onExitCodes"]["containerName"] == container["name"]
    variables = environment(container)
    assert variables["CPUS"]["valueFrom"]["resourceFieldRef"] == {"containerName": container["name"],
                                                                  "resource": "requests.cpu"}
    script = container["command"][-1]
    assert '--shard "$((JOB_COMPLETION_INDEX + 1))/$N"' in script and '--jobs "$CPUS"' in script

    (fan_in_container,) = fan_in["spec"]["template"]["spec"]["containers"]
    assert fan_in["spec"]["template"]["spec"]["restartPolicy"] == "Never"
    assert '--fan-in "$N"' in fan_in_container["command"][-1]
    n = spec["completions"]
    assert int(variables["N"]["value"]) == n == int(environment(fan_in_container)["N"]["value"])
    for job in (mapping, fan_in):
        (command,) = [c["command"] for c in job["spec"]["template"]["spec"]["containers"]]
        assert re.search(r"exec /\S+/carepress build", command[-1]), "an absolute binary path"


def kubernetes_script(job: dict, carepress, root: pathlib.Path) -> str:
    (container,) = job["spec"]["template"]["spec"]["containers"]
    assert container["command"][:2] == ["sh", "-c"]
    return container["command"][2].replace("/usr/local/bin/carepress", str(carepress)).replace("/data", str(root))


def test_the_kubernetes_commands_build_what_one_build_does(carepress, tmp_path):
    """Each index's command and the fan-in's, as written, with the volume and the image's binary put in place."""
    mapping, fan_in = load(RECIPES / "kubernetes" / "map.yaml"), load(RECIPES / "kubernetes" / "fan-in.yaml")
    shutil.copytree(REPOSITORY / "Content", tmp_path / "Content")
    n = mapping["spec"]["completions"]
    variables = {"N": str(n), "CPUS": "1", "PATH": "/usr/bin:/bin"}
    for index in range(n):
        result = subprocess.run(["sh", "-c", kubernetes_script(mapping, carepress, tmp_path)], capture_output=True,
                                text=True, env=variables | {"JOB_COMPLETION_INDEX": str(index)})
        assert result.returncode == 0, result.stderr[-3000:]
    result = subprocess.run(["sh", "-c", kubernetes_script(fan_in, carepress, tmp_path)], capture_output=True,
                            text=True, env=variables)
    assert result.returncode == 0, result.stderr[-3000:]
    assert sorted(path.name for path in (tmp_path / "logs").iterdir()) == sorted(
        [f"map-{k}.json" for k in range(1, n + 1)] + ["fan-in.json"])
    whole_build(carepress, tmp_path / "Content", tmp_path / "Whole")
    assert differences(tmp_path / "Whole", tmp_path / "Output") == ""


def test_the_github_workflow_uses_the_documented_fields_and_agrees_on_n():
    workflow = load(RECIPES / "github-actions" / "nightly.yml")
    mapping, fan_in = workflow["jobs"]["map"], workflow["jobs"]["fan-in"]
    shards = mapping["strategy"]["matrix"]["shard"]
    assert shards == list(range(1, len(shards) + 1))
    assert mapping["strategy"]["fail-fast"] is False
    runs = [step["run"] for step in mapping["steps"] if "run" in step]
    assert any('--shard "${{ matrix.shard }}/${{ strategy.job-total }}"' in run for run in runs)
    (upload,) = [step for step in mapping["steps"] if step.get("uses", "").startswith("actions/upload-artifact@")]
    assert upload["with"]["include-hidden-files"] is True and upload["with"]["path"] == "Output"
    assert fan_in["needs"] == "map"
    (download,) = [step for step in fan_in["steps"] if step.get("uses", "").startswith("actions/download-artifact@")]
    assert download["with"]["merge-multiple"] is True and download["with"]["path"] == "Output"
    assert download["with"]["pattern"] == upload["with"]["name"].replace("${{ matrix.shard }}", "*")
    (run,) = [step["run"] for step in fan_in["steps"] if "--fan-in" in step.get("run", "")]
    assert re.search(r"--fan-in (\d+)", run).group(1) == str(len(shards))


def another_boot(tmp_path: pathlib.Path) -> list[str]:
    """A command prefix that runs a command as if on another machine: another boot identity
    (/proc/sys/kernel/random/boot_id) in a mount namespace of its own; skips the test where namespaces are not
    allowed."""
    identity = tmp_path / "boot_id"
    identity.write_text("0f0f0f0f-1111-4222-8333-444444444444\n", encoding="ascii")
    prefix = ["unshare", "--map-root-user", "--mount", "sh", "-c",
              f'mount --bind "{identity}" /proc/sys/kernel/random/boot_id && exec "$@"', "another-boot"]
    probe = subprocess.run(prefix + ["cat", "/proc/sys/kernel/random/boot_id"], capture_output=True, text=True)
    if probe.returncode != 0 or probe.stdout != identity.read_text(encoding="ascii"):
        pytest.skip(f"cannot act out another machine's boot here (unshare: {probe.stderr.strip()})")
    return prefix


def test_the_github_workflow_commands_build_what_one_build_does(carepress, tmp_path):
    """Each matrix job's build in a folder of its own (a runner), the artifacts merged into one folder, the fan-in's
    command on another machine (another boot): the files of one build."""
    workflow = load(RECIPES / "github-actions" / "nightly.yml")
    mapping, fan_in = workflow["jobs"]["map"], workflow["jobs"]["fan-in"]
    shards = mapping["strategy"]["matrix"]["shard"]
    (map_run,) = [step["run"] for step in mapping["steps"] if "--shard" in step.get("run", "")]
    (fan_in_run,) = [step["run"] for step in fan_in["steps"] if "--fan-in" in step.get("run", "")]
    merged = tmp_path / "fan-in"
    shutil.copytree(REPOSITORY / "Content", merged / "Content")
    for shard in shards:
        runner = tmp_path / f"runner-{shard}"
        shutil.copytree(REPOSITORY / "Content", runner / "Content")
        command = (map_run.replace(".build/release/carepress", str(carepress))
                   .replace("${{ matrix.shard }}", str(shard)).replace("${{ strategy.job-total }}", str(len(shards))))
        result = subprocess.run(["sh", "-c", command], cwd=runner, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr[-3000:]
        shutil.copytree(runner / "Output", merged / "Output", dirs_exist_ok=True)
    result = subprocess.run(
        another_boot(tmp_path) + ["sh", "-c", fan_in_run.replace(".build/release/carepress", str(carepress))],
        cwd=merged, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]
    whole_build(carepress, merged / "Content", tmp_path / "Whole")
    assert differences(tmp_path / "Whole", merged / "Output") == ""


def test_the_slurm_scripts_parse_and_write_n_once():
    for name in ("submit.sh", "map.sh", "fan-in.sh"):
        subprocess.run(["sh", "-n", str(RECIPES / "slurm" / name)], check=True)
    submit = (RECIPES / "slurm" / "submit.sh").read_text(encoding="utf-8")
    mapping = (RECIPES / "slurm" / "map.sh").read_text(encoding="utf-8")
    fan_in = (RECIPES / "slurm" / "fan-in.sh").read_text(encoding="utf-8")
    assert len(re.findall(r"^export N=", submit, re.MULTILINE)) == 1
    assert '--array="${1:-1-$N}"' in submit and '--dependency="afterok:$map"' in submit
    assert "%A_%a" in submit and "SLURM_ARRAY_TASK_COUNT" not in submit + mapping + fan_in
    assert '--shard "$SLURM_ARRAY_TASK_ID/$N"' in mapping and '--jobs "$SLURM_CPUS_PER_TASK"' in mapping
    assert '--fan-in "$N"' in fan_in
