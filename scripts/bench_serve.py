#!/usr/bin/env python3
"""Live-preview benchmark: `make bench-serve` (or `make bench-serve N=10000`).

Synthesises N consults plus a tenth as many physio and stack records (as `make bench` does), starts
`carepress serve` (release build) on a free loopback port, listens to its reload channel as a browser does, then
edits one record at a time and prints how long each edit took to reach the listener: from the moment the edited
file is closed to the moment the `build` event that follows it arrives. That time includes the watcher's wait for
quiet (`quiet`, 0.1 s by default), the incremental rebuild and the event. It also prints the rebuild's stages, as
`serve --timings` reports them (scan: settings, knowledge, theme, lock, manifest and record list; records; shared
pages: reports index, home page, filter data, manifest), and what is left for the wait, the watcher and the event.

Never part of `make test`: the machine is shared and times vary; the figure is printed, not asserted.
"""

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the synthesis of `make bench`)

REPOSITORY = bench.REPOSITORY


class Events:
    """A reload-channel listener over a raw socket: yields (event name, data) as they arrive."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=60)
        request = f"GET /__carepress/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
        self.socket.sendall(request.encode())
        self.buffer = b""
        head = self._until(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head

    def _until(self, marker):
        while marker not in self.buffer:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the reload channel")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(marker, 1)
        return head

    def next(self):
        """The next event, skipping chunk-size lines, comments and `retry:`."""
        while True:
            block = self._until(b"\n\n").decode()
            name, data = None, None
            for line in block.split("\n"):
                if line.startswith("event: "):
                    name = line[len("event: "):]
                elif line.startswith("data: "):
                    data = json.loads(line[len("data: "):])
            if name:
                return name, data


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=10_000, help="consults to synthesise (default 10,000)")
    parser.add_argument("--edits", type=int, default=7, help="edits to time (default 7)")
    parser.add_argument("--binary", help="a carepress binary to use instead of building the release one")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()

    binary = args.binary
    if not binary:
        print("Building the release binary...", flush=True)
        subprocess.run([os.path.join(REPOSITORY, "scripts", "build-release")], cwd=REPOSITORY, check=True,
                       stdout=subprocess.DEVNULL)
        binary = os.path.join(REPOSITORY, ".build", "release", "carepress")
    binary = os.path.abspath(binary)

    work = tempfile.mkdtemp(prefix="carepress-bench-serve-")
    server = None
    try:
        content = os.path.join(work, "Content")
        others = args.records // 10
        print(f"Synthesising {args.records:,} consults, {others:,} physio and {others:,} stack records...", flush=True)
        bench.synthesise(content, args.records, others, others)
        total = args.records + 2 * others

        started = time.perf_counter()
        log = open(os.path.join(work, "serve.log"), "w")
        server = subprocess.Popen([binary, "serve", "--port", "0", "--timings"], cwd=work, stdout=subprocess.PIPE,
                                  stderr=log, text=True)
        line = server.stdout.readline()
        if not line.startswith("Serving "):
            raise SystemExit(f"serve did not start: {line!r}")
        port = int(line.split(" at ", 1)[1].split(" ", 1)[0].rstrip("/").rsplit(":", 1)[1])
        print(f"First build of {total:,} records and start: {time.perf_counter() - started:.2f} s", flush=True)

        events = Events(port)
        name, state = events.next()
        assert name == "state", name
        generation = state["generation"]

        consults = os.path.join(content, "consults")
        names = sorted(os.listdir(consults))
        delays = []
        for edit in range(args.edits):
            path = os.path.join(consults, names[(edit * 997) % len(names)])
            record = json.load(open(path, encoding="utf-8"))
            record.setdefault("patient", {})["displayName"] = f"Edited {edit}"
            text = json.dumps(record, indent=2, ensure_ascii=False) + "\n"
            # Keep edits apart, so that each is its own rebuild (the watcher would otherwise batch them).
            time.sleep(0.5)
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            written = time.perf_counter()
            while True:
                name, state = events.next()
                if name == "build" and state["generation"] > generation:
                    break
            delays.append(time.perf_counter() - written)
            generation = state["generation"]
            assert not state["errors"], state["errors"]
            print(f"  edit {edit + 1}: {delays[-1] * 1000:.0f} ms", flush=True)

        # The rebuilds' own times, from serve's summary lines ("... in 0.123s"): the rest is waiting for quiet
        # (0.1 s), noticing the change, and telling the listener.
        log.flush()
        logged = list(open(os.path.join(work, "serve.log")))
        lines = [line for line in logged if line.startswith("Changed ")]
        builds = [float(line.rsplit(" in ", 1)[1].rstrip("s\n")) for line in lines]
        stages = {}
        for before, line in zip(logged, logged[1:]):
            if before.startswith("Changed ") and line.startswith("  stages: "):
                for name, value in re.findall(r"(scan|records|shared pages|total) ([0-9.]+)s", line):
                    stages.setdefault(name, []).append(float(value))
        print()
        if builds:
            print(f"Rebuild time inside serve (SiteBuilder.build): median {statistics.median(builds) * 1000:.0f} ms "
                  f"over {len(builds)} rebuilds")
        if stages:
            print("  stages (median): " + ", ".join(
                f"{name} {statistics.median(values) * 1000:.0f} ms" for name, values in stages.items()))
        if builds:
            print(f"  left for the wait for quiet ({0.1:.1f} s), the watcher and the event: "
                  f"{(statistics.median(delays) - statistics.median(builds)) * 1000:.0f} ms (medians' difference)")
        print(f"Edit of one record at {total:,} records -> reload event at the listener "
              f"(includes the {0.1:.1f} s wait for quiet):")
        print(f"  median {statistics.median(delays) * 1000:.0f} ms, best {min(delays) * 1000:.0f} ms, "
              f"worst {max(delays) * 1000:.0f} ms over {len(delays)} edits (goal: at most 300 ms)")
    finally:
        if server is not None and server.poll() is None:
            server.send_signal(2)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
