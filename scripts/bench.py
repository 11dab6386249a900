#!/usr/bin/env python3
"""CarePress batch benchmark: `make bench` (or `make bench N=100000`).

1. Synthesises N deterministic consults (plus physio and stack records) in a temporary site project, from the
   sample records, schemas and knowledge store of Content/.
2. Builds the release binary and times a full build, a no-op rebuild and a rebuild with one record changed.
3. Times, side by side, the `cmark` program over the same Markdown concatenated into one file, and Hugo over the
   same Markdown as pages with a minimal layout.
4. Prints the times, each run's peak RSS (from wait4's ru_maxrss) and the ratios.

Standard library only. Runs are timed by wall clock; short runs take the best of three. The machine is shared, so
compare ratios measured in the same run rather than absolute figures across runs.
"""

import argparse
import copy
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

WORDS = (
    "the a my it since when after before morning night week month year more less often sometimes always never "
    "pain ache stiff sore tight itchy red patch spot thin thick hair scalp skin knee back shoulder neck hip "
    "ankle wrist elbow walking running sitting stairs work sleep stress doctor pharmacist cream tablet shampoo "
    "better worse same started stopped noticed worried family mother father brother sister partner holiday "
    "winter summer sun gym football yoga cycling swimming desk phone laptop garden lifting carrying"
).split()
FIRST = "Alex Sam Priya Henrik Margaret Riley Jordan Amira Tomasz Chen Lucia Kwame Ingrid Mateo Aiko Noor".split()
LAST = "Smith Raman Larsen H. Okafor Novak Silva Tanaka Haddad Berg Costa Mensah Dubois Kowalski Ali".split()


def sentence(rng, low=6, high=24):
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


def timestamp(minutes):
    """An RFC 3339 time `minutes` after 2026-01-01T00:00:00Z."""
    days, rest = divmod(minutes, 24 * 60)
    hour, minute = divmod(rest, 60)
    # 2026 is not a leap year; walk the months.
    month_days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    year, month = 2026, 0
    days %= 365
    while days >= month_days[month]:
        days -= month_days[month]
        month += 1
    return f"{year}-{month + 1:02d}-{days + 1:02d}T{hour:02d}:{minute:02d}:00Z"


def load_samples(kind):
    folder = os.path.join(REPOSITORY, "Content", kind)
    return [json.load(open(os.path.join(folder, name))) for name in sorted(os.listdir(folder)) if name.endswith(".json")]


def free_text_questions():
    result = {}
    folder = os.path.join(REPOSITORY, "Content", "schemas")
    for name in sorted(os.listdir(folder)):
        schema = json.load(open(os.path.join(folder, name)))
        result[schema["id"]] = {q["id"] for q in schema["questions"] if q["type"] == "freeText"}
    return result


def retime_transcript(record, rng, start):
    for index, message in enumerate(record.get("transcript", [])):
        if "at" in message:
            message["at"] = timestamp(start + index)
        if message["role"] == "user":
            message["text"] = message["text"] + " " + sentence(rng)


def synthesise(content, consults, physio, stacks, seed=20261102):
    """Writes a site project with the sample shared inputs and the given numbers of records."""
    rng = random.Random(seed)
    os.makedirs(content, exist_ok=True)
    for shared in ["site.yml", "knowledge", "pages", "schemas"]:
        source = os.path.join(REPOSITORY, "Content", shared)
        target = os.path.join(content, shared)
        if os.path.isdir(source):
            shutil.copytree(source, target)
        else:
            shutil.copy(source, target)
    free_text = free_text_questions()
    samples = {kind: load_samples(kind) for kind in ["consults", "physio", "stacks"]}
    for kind, count in [("consults", consults), ("physio", physio), ("stacks", stacks)]:
        folder = os.path.join(content, kind)
        os.makedirs(folder)
        for index in range(count):
            record = copy.deepcopy(rng.choice(samples[kind]))
            start = rng.randrange(0, 300 * 24 * 60)
            prefix = record["id"].split("-")[0]
            record["id"] = f"{prefix}-bench-{index:06d}"
            name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            if kind == "consults":
                record["startedAt"] = timestamp(start)
                if "completedAt" in record:
                    record["completedAt"] = timestamp(start + 30)
                if "patient" in record:
                    record["patient"]["displayName"] = name
                for key in free_text.get(record["schema"], ()):
                    if key in record["answers"]:
                        record["answers"][key] = " ".join(sentence(rng) for _ in range(rng.randint(1, 4)))
            elif kind == "physio":
                record["createdAt"] = timestamp(start)
                record["concern"] = sentence(rng, 8, 30)
            else:
                record["createdAt"] = timestamp(start)
                record["user"]["displayName"] = name
                if "priority" in record:
                    record["priority"] = sentence(rng, 6, 14)
            retime_transcript(record, rng, start)
            with open(os.path.join(folder, f"{record['id']}.json"), "w") as file:
                json.dump(record, file, indent=2, ensure_ascii=False)
                file.write("\n")


def run(command, cwd=None, stdout=subprocess.DEVNULL):
    """Runs a command; returns (wall seconds, peak RSS in MB, stdout text, user seconds, system seconds)."""
    start = time.perf_counter()
    # stderr goes to a file, not a pipe: a build with thousands of warnings would fill a pipe and wait for a reader.
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, cwd=cwd, stdout=stdout, stderr=errors)
        out = process.stdout.read() if stdout == subprocess.PIPE else b""
        _, status, usage = os.wait4(process.pid, 0)
        errors.seek(0)
        err = errors.read()
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        sys.stderr.write(err.decode(errors="replace"))
        raise SystemExit(f"{command[0]} failed with status {process.returncode}")
    return elapsed, usage.ru_maxrss / 1024, out.decode(errors="replace"), usage.ru_utime, usage.ru_stime


def best_of(times, command, before=None, cwd=None):
    """Runs a command `times` times (calling `before(i)` first, untimed); the best time and the highest peak RSS."""
    results = []
    for index in range(times):
        if before:
            before(index)
        os.sync()
        results.append(run(command(index) if callable(command) else command, cwd=cwd, stdout=subprocess.PIPE))
    best = min(results, key=lambda r: r[0])
    rss = max(r[1] for r in results)
    return best[0], rss, results[-1][2], best[3], best[4]


def hugo_site(folder, output, markdown_files):
    os.makedirs(os.path.join(folder, "layouts", "_default"))
    with open(os.path.join(folder, "hugo.toml"), "w") as config:
        config.write(
            'baseURL = "https://example.org/"\ntitle = "Bench"\n'
            'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n'
        )
    page = "<!DOCTYPE html>\n<html><head><title>{{ .Title }}</title></head><body>\n{{ .Content }}\n</body></html>\n"
    listing = "<!DOCTYPE html>\n<html><head><title>{{ .Title }}</title></head><body>\n{{ .Content }}\n</body></html>\n"
    with open(os.path.join(folder, "layouts", "_default", "single.html"), "w") as file:
        file.write(page)
    with open(os.path.join(folder, "layouts", "_default", "list.html"), "w") as file:
        file.write(listing)
    for relative in markdown_files:
        target = os.path.join(folder, "content", relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(os.path.join(output, relative), encoding="utf-8") as source:
            body = source.read()
        title = os.path.splitext(os.path.basename(relative))[0]
        with open(target, "w", encoding="utf-8") as file:
            file.write(f'---\ntitle: "{title}"\n---\n\n{body}')


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=10_000, help="consults to synthesise (default 10,000)")
    parser.add_argument("--physio", type=int, help="physio records (default: a tenth of --records)")
    parser.add_argument("--stacks", type=int, help="stack records (default: a tenth of --records)")
    parser.add_argument("--jobs", type=int, help="passed to carepress build --jobs")
    parser.add_argument("--no-hugo", action="store_true", help="skip Hugo")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--work-dir", metavar="DIR",
                        help="make the temporary folder in DIR (e.g. /dev/shm: on an ext4 file system without a "
                             "journal, creating files is slow for minutes after many were deleted, which times the "
                             "file system rather than the tools)")
    parser.add_argument("--generate", metavar="DIR", help="only write the synthetic Content/ to DIR and stop")
    args = parser.parse_args()
    physio = args.physio if args.physio is not None else args.records // 10
    stacks = args.stacks if args.stacks is not None else args.records // 10

    if args.generate:
        synthesise(args.generate, args.records, physio, stacks)
        return

    print("Building the release binary...", flush=True)
    subprocess.run([os.path.join(REPOSITORY, "scripts", "build-release")], cwd=REPOSITORY, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(REPOSITORY, ".build", "release", "carepress")
    for program in ["cmark"] + ([] if args.no_hugo else ["hugo"]):
        if shutil.which(program) is None:
            raise SystemExit(f"{program} is not installed; run scripts/ensure-deps bench")

    work = tempfile.mkdtemp(prefix="carepress-bench-", dir=args.work_dir)
    try:
        content = os.path.join(work, "Content")
        output = os.path.join(work, "Output")
        total = args.records + physio + stacks
        print(f"Synthesising {args.records:,} consults, {physio:,} physio and {stacks:,} stack records in {work}...",
              flush=True)
        synthesise(content, args.records, physio, stacks)
        def build(folder):
            command = [binary, "build", "--content", content, "--templates", os.path.join(REPOSITORY, "Templates"),
                       "--output", folder, "--json"]
            return command + (["--jobs", str(args.jobs)] if args.jobs else [])

        repeats = 3 if total <= 20_000 else 1
        rows = []

        # Each full build (and each Hugo run) writes into a fresh folder: deleting thousands of files just before a
        # run makes the file system slow to create new ones for a while, which would measure the harness, not the
        # tool. The folders are removed after the timings.
        print("Timing carepress build (full, no-op, one record changed)...", flush=True)
        full = best_of(repeats, lambda index: build(f"{output}-full-{index}"))
        os.rename(f"{output}-full-{repeats - 1}", output)
        rows.append(("carepress build (full)", full, json.loads(full[2])))
        # With --sync, a build returns once its files are on disk; without it, it leaves them to the system's
        # writeback, as Hugo does (README, "Power loss").
        synced = best_of(repeats, lambda index: build(f"{output}-synced-{index}") + ["--sync"])
        rows.append(("carepress build --sync (full)", synced, json.loads(synced[2])))
        build_output = build(output)
        noop = best_of(repeats, build_output)
        rows.append(("carepress build (no-op)", noop, json.loads(noop[2])))
        changed_file = os.path.join(content, "consults", sorted(os.listdir(os.path.join(content, "consults")))[0])
        original = open(changed_file, encoding="utf-8").read()
        edits = iter(range(100))

        def change_one(_):
            record = json.loads(original)
            record["patient"] = {"displayName": f"Changed {next(edits)}"}
            with open(changed_file, "w", encoding="utf-8") as file:
                json.dump(record, file, indent=2)

        one = best_of(repeats, build_output, before=change_one)
        rows.append(("carepress build (1 changed)", one, json.loads(one[2])))

        # A batch of 4 shards (one after another, each with every core), then its fan-in: the shared pages from what
        # the shards published, rendering no record; then the fan-in again with nothing new.
        print("Timing a batch of 4 shards and its fan-in...", flush=True)
        batch = f"{output}-batch"
        for shard in range(1, 5):
            run(build(batch) + ["--shard", f"{shard}/4"])
        fan_in = best_of(1, build(batch) + ["--fan-in", "4"])
        rows.append(("carepress build --fan-in 4", fan_in, json.loads(fan_in[2])))
        fan_in_again = best_of(repeats, build(batch) + ["--fan-in", "4"])
        rows.append(("carepress build --fan-in 4 (no-op)", fan_in_again, json.loads(fan_in_again[2])))

        markdown = []
        for kind in ["consults", "physio", "stacks"]:
            folder = os.path.join(output, "reports", kind)
            markdown += [f"reports/{kind}/{name}" for name in sorted(os.listdir(folder)) if name.endswith(".md")]
        concatenated = os.path.join(work, "all.md")
        with open(concatenated, "wb") as file:
            for relative in markdown:
                with open(os.path.join(output, relative), "rb") as source:
                    file.write(source.read())
                    file.write(b"\n")
        size = os.path.getsize(concatenated)
        print(f"Timing cmark over {len(markdown):,} Markdown reports in one file ({size / 1e6:.1f} MB)...", flush=True)
        cmark = best_of(repeats, ["cmark", concatenated])
        rows.append(("cmark (one concatenated file)", cmark, None))

        if not args.no_hugo:
            site = os.path.join(work, "hugo")
            hugo_site(site, output, markdown)
            print(f"Timing Hugo over the same {len(markdown):,} pages...", flush=True)
            hugo = best_of(repeats, lambda index: ["hugo", "--quiet", "--destination", os.path.join(site, f"public-{index}")],
                           cwd=site)
            rows.append(("hugo (same pages, minimal layout)", hugo, None))
            # Hugo returns with its files still in the page cache, as carepress build does without --sync. This run
            # times Hugo until its files are on disk, against carepress build --sync, for reference; the target is
            # against Hugo alone.
            hugo_synced = best_of(
                repeats, lambda index: ["sh", "-c", 'hugo --quiet --destination "$1" && sync -f "$1"', "hugo+sync",
                                        os.path.join(site, f"public-synced-{index}")], cwd=site)
            rows.append(("hugo, then sync -f (files on disk)", hugo_synced, None))

        print()
        print(f"{total:,} records ({args.records:,} consults, {physio:,} physio, {stacks:,} stacks); "
              f"{os.cpu_count()} cores; {'best of 3' if repeats == 3 else 'one run each'}; in {work}")
        print(f"{'run':<36}{'seconds':>9}{'user s':>9}{'sys s':>8}{'peak RSS MB':>13}   notes")
        for name, (seconds, rss, _, user, system), summary in rows:
            note = ""
            if summary:
                note = (f"{summary['written']:,} written, {summary['skipped']:,} skipped, "
                        f"{summary['rendered']:,} rendered, {summary.get('templateFallbacks', 0):,} template fallbacks")
            print(f"{name:<36}{seconds:>9.3f}{user:>9.2f}{system:>8.2f}{rss:>13.1f}   {note}")
        print()
        cpu = lambda row: row[3] + row[4]
        print(f"load average (1, 5, 15 min) at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())} "
              f"on {os.cpu_count()} cores; wall times are only comparable on an idle machine, CPU times "
              f"(user + sys) less so")
        print(f"full build / cmark:       {full[0] / cmark[0]:6.2f}x   (target: at most 3x; "
              f"CPU time {cpu(full) / cpu(cmark):.2f}x)")
        if not args.no_hugo:
            print(f"hugo / full build:        {hugo[0] / full[0]:6.2f}x   (target: at least 3x; "
                  f"CPU time {cpu(hugo) / cpu(full):.2f}x)")
            print(f"hugo+sync / build --sync: {hugo_synced[0] / synced[0]:6.2f}x   (for reference, not the target: "
                  f"both timed until their files are on disk)")
        print(f"no-op / full build:       {noop[0] / full[0]:6.3f}    (target: at most 0.1; "
              f"CPU time {cpu(noop) / cpu(full):.3f})")
        print(f"one changed / full build: {one[0] / full[0]:6.3f}")
        print(f"fan-in / full build:      {fan_in[0] / full[0]:6.3f}    (the shared pages of a batch of 4; no-op "
              f"{fan_in_again[0] / full[0]:.3f})")
        peak = max(full[1], synced[1], noop[1], one[1])
        print(f"peak RSS of carepress:    {peak:6.1f} MB (target: under 150 MB)")
        pages = sorted(os.path.getsize(os.path.join(folder, name))
                       for folder in [os.path.join(output, "reports", "consults")]
                       for name in os.listdir(folder) if name.endswith(".html"))
        if pages:
            print(f"consult page (HTML):      {statistics.median(pages):6.0f} bytes median, {pages[len(pages) // 10]:,} to "
                  f"{pages[len(pages) * 9 // 10]:,} (10th to 90th percentile; target: a typical page at most 4 KB; "
                  f"the synthetic records pad every patient message with a random sentence)")
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
