"""A real single-node Slurm cluster inside a temporary folder, for `make test-cluster`.

Everything lives in the folder: slurm.conf, a munge key made there, munged's socket, slurmctld's state, slurmd's
spool, every log and pid file. The daemons run as the current user (SlurmUser = SlurmdUser = that user), on ports
chosen free, with no cgroup plugin (proctrack/linuxproc, task/none), and are stopped by their PIDs in `stop()`,
also when starting failed half way. The client commands (sbatch, squeue, scontrol, scancel) find the cluster through
SLURM_CONF, set in `environment()`.
"""

from __future__ import annotations

import getpass
import os
import pathlib
import re
import signal
import shutil
import socket
import subprocess
import time


class ClusterError(RuntimeError):
    pass


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _daemon(name: str) -> str:
    """munged, slurmctld and slurmd are in /usr/sbin, often not on a user's PATH."""
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")
    if found is None:
        raise ClusterError(f"{name} not found: run `scripts/ensure-deps cluster` (make test-cluster does)")
    return found


def _node_memory() -> str:
    """`slurmd -C`'s RealMemory for this machine."""
    result = subprocess.run([_daemon("slurmd"), "-C"], capture_output=True, text=True, timeout=30)
    found = re.search(r"\bRealMemory=(\d+)", result.stdout)
    if result.returncode != 0 or found is None:
        raise ClusterError(f"slurmd -C failed: {result.stdout}{result.stderr}")
    return found.group(1)


# The node has 4 CPUs whatever the machine has (SlurmdParameters=config_overrides: slurmd does not drain a node
# with fewer), so that the recipe's tasks of 2 CPUs run two at a time, side by side, on any machine.
NODE_CPUS = 4


class SlurmCluster:
    def __init__(self, root: pathlib.Path) -> None:
        self.root = root.resolve()
        self.user = getpass.getuser()
        self.node = "carepress-node"
        self.partition = "batch"
        self.pids: dict[str, int] = {}
        self.conf = self.root / "slurm.conf"
        self.munge_socket = self.root / "munge" / "munge.socket"

    # -- environment for the client commands --------------------------------------------------------------------
    def environment(self, **extra: str) -> dict[str, str]:
        environment = dict(os.environ)
        environment["SLURM_CONF"] = str(self.conf)
        # Inherited Slurm variables (when the test itself runs inside a job) must not leak into sbatch.
        for key in list(environment):
            if key.startswith(("SLURM_", "SBATCH_", "SALLOC_", "SRUN_")) and key != "SLURM_CONF":
                del environment[key]
        environment.update(extra)
        return environment

    def run(self, *arguments: str, check: bool = True, **extra: str) -> subprocess.CompletedProcess:
        result = subprocess.run(list(arguments), capture_output=True, text=True, env=self.environment(**extra),
                                timeout=60)
        if check and result.returncode != 0:
            raise ClusterError(f"{' '.join(arguments)} exited {result.returncode}: {result.stdout}{result.stderr}")
        return result

    # -- start / stop --------------------------------------------------------------------------------------------
    def start(self) -> None:
        try:
            self._write_configuration()
            self._start_munge()
            self._start_slurmctld()
            self._start_slurmd()
            self._wait_for_idle_node()
        except BaseException:
            self.stop()
            raise

    def _write_configuration(self) -> None:
        for folder in ("munge", "state", "spool", "log", "run"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)
        # munged insists that its key is readable by its user alone and that its folders are not writable by others.
        os.chmod(self.root, 0o755)
        os.chmod(self.root / "munge", 0o700)
        key = self.root / "munge" / "munge.key"
        subprocess.run([_daemon("mungekey"), "--create", f"--keyfile={key}", "--force"], check=True,
                       capture_output=True, timeout=30)
        os.chmod(key, 0o600)
        controller_port, node_port = _free_port(), _free_port()
        while node_port == controller_port:
            node_port = _free_port()
        root = self.root
        self.conf.write_text(
            "\n".join([
                "ClusterName=carepress",
                "SlurmctldHost=localhost(127.0.0.1)",
                f"SlurmUser={self.user}",
                f"SlurmdUser={self.user}",
                f"SlurmctldPort={controller_port}",
                f"SlurmdPort={node_port}",
                "AuthType=auth/munge",
                "CredType=cred/munge",
                f"AuthInfo=socket={self.munge_socket}",
                f"StateSaveLocation={root / 'state'}",
                f"SlurmdSpoolDir={root / 'spool'}",
                f"SlurmctldPidFile={root / 'run' / 'slurmctld.pid'}",
                f"SlurmdPidFile={root / 'run' / 'slurmd.pid'}",
                f"SlurmctldLogFile={root / 'log' / 'slurmctld.log'}",
                f"SlurmdLogFile={root / 'log' / 'slurmd.log'}",
                "SlurmctldDebug=info",
                "SlurmdDebug=info",
                # No cgroups: a container's cgroup tree is rarely Slurm's to manage.
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "JobAcctGatherType=jobacct_gather/none",
                "AccountingStorageType=accounting_storage/none",
                "JobCompType=jobcomp/none",
                "MpiDefault=none",
                "MailProg=/bin/true",
                "SwitchType=switch/none",
                "SchedulerType=sched/backfill",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core",
                "ReturnToService=2",
                # Finished jobs stay visible to `scontrol show job` (their ExitCode) for the whole test.
                "MinJobAge=3600",
                "SchedulerParameters=sched_interval=1",
                "KillWait=5",
                "InactiveLimit=0",
                f"PlugStackConfig={root / 'plugstack.conf'}",
                "SlurmdParameters=config_overrides",
                f"NodeName={self.node} NodeHostname={socket.gethostname()} NodeAddr=127.0.0.1 CPUs={NODE_CPUS} "
                f"Boards=1 SocketsPerBoard=1 CoresPerSocket={NODE_CPUS} ThreadsPerCore=1 "
                f"RealMemory={_node_memory()} State=UNKNOWN",
                f"PartitionName={self.partition} Nodes={self.node} Default=YES MaxTime=INFINITE State=UP",
                "",
            ]),
            encoding="utf-8",
        )
        (root / "plugstack.conf").write_text("", encoding="utf-8")

    def _spawn(self, name: str, arguments: list[str]) -> None:
        log = open(self.root / "log" / f"{name}.out", "ab")
        process = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                   env=self.environment(), start_new_session=True)
        log.close()
        self.pids[name] = process.pid
        self._processes = getattr(self, "_processes", {})
        self._processes[name] = process

    def _start_munge(self) -> None:
        self._spawn("munged", [
            _daemon("munged"), "--foreground", "--force",
            f"--socket={self.munge_socket}",
            f"--key-file={self.root / 'munge' / 'munge.key'}",
            f"--pid-file={self.root / 'run' / 'munged.pid'}",
            f"--log-file={self.root / 'log' / 'munged.log'}",
            f"--seed-file={self.root / 'munge' / 'munged.seed'}",
        ])
        self._wait(lambda: self.munge_socket.exists(), "munged's socket", "munged")

    def _start_slurmctld(self) -> None:
        self._spawn("slurmctld", [_daemon("slurmctld"), "-D", "-i", "-f", str(self.conf)])
        self._wait(lambda: self.run("scontrol", "ping", check=False).stdout.find("UP") >= 0,
                   "slurmctld to answer", "slurmctld")

    def _start_slurmd(self) -> None:
        self._spawn("slurmd", [_daemon("slurmd"), "-D", "-N", self.node, "-f", str(self.conf)])

    def _wait_for_idle_node(self) -> None:
        def idle() -> bool:
            state = self.run("sinfo", "--noheader", "--nodes", self.node, "--format", "%T", check=False).stdout
            return state.strip().rstrip("*") in ("idle", "mixed", "allocated")
        self._wait(idle, f"node {self.node} to be idle", "slurmd")

    def _wait(self, ready, what: str, daemon: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for name, process in getattr(self, "_processes", {}).items():
                if process.poll() is not None:
                    raise ClusterError(f"{name} exited with {process.returncode} while waiting for {what}:\n"
                                       f"{self.logs()}")
            if ready():
                return
            time.sleep(0.2)
        raise ClusterError(f"timed out waiting for {what}:\n{self.logs()}")

    def logs(self) -> str:
        parts = []
        for log in sorted((self.root / "log").glob("*")):
            text = log.read_text(encoding="utf-8", errors="replace")
            parts.append(f"--- {log.name} (last lines)\n" + "\n".join(text.splitlines()[-30:]))
        return "\n".join(parts)

    def stop(self) -> None:
        """Stops the daemons by PID (slurmd, then slurmctld, then munged), waits for each, and leaves none running.

        Jobs still running are cancelled first, so no job step outlives its slurmd.
        """
        processes = getattr(self, "_processes", {})
        if "slurmctld" in processes and processes["slurmctld"].poll() is None:
            subprocess.run(["scancel", "--user", self.user], env=self.environment(), capture_output=True, timeout=30)
        for name in ("slurmd", "slurmctld", "munged"):
            process = processes.get(name)
            if process is None or process.poll() is not None:
                continue
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        # slurmstepd processes of the cluster's jobs (they carry the spool folder in their environment, not their
        # names): any left in our session groups are stopped by group id, which are the daemons' own PIDs.
        for name, process in processes.items():
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        processes.clear()

    # -- jobs ----------------------------------------------------------------------------------------------------
    def job_fields(self, job_id: str) -> list[dict[str, str]]:
        """`scontrol show job` of a job (an array gives one record per task), as key=value dictionaries."""
        text = self.run("scontrol", "--oneliner", "show", "job", job_id).stdout
        records = []
        for line in text.splitlines():
            if not line.strip():
                continue
            records.append(dict(re.findall(r"(\w[\w:/]*)=(\S*)", line)))
        return records

    def wait_for_jobs(self, *job_ids: str, timeout: float = 150) -> None:
        """Waits until no task of these jobs is pending or running."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            states = [record.get("JobState") for job in job_ids for record in self.job_fields(job)]
            if states and all(state not in ("PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED")
                              for state in states):
                return
            time.sleep(0.5)
        raise ClusterError(f"jobs {job_ids} still running after {timeout} s:\n{self.logs()}")
