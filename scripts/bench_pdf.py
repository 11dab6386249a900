#!/usr/bin/env python3
"""CarePress PDF benchmark: part of `make bench`, or alone as `make bench-pdf` (`PDF_N=100` for a quick run).

Makes the PDFs of N synthetic reports (consults, physio and stack records, from bench.py's synthesis) two ways,
with the same number of parallel workers:

1. the DevTools pipeline: `carepress build --pdf --jobs J`, one Chromium for the whole build, J tabs at once; its
   PDF time is that build's time less the same build without --pdf (both into fresh folders);
2. one `--headless --print-to-pdf` process per report of the same browser, J at a time, over the HTML the build
   wrote (M reports, M = N unless `--process-reports` / `PDF_PROCESS_N` says fewer).

The browser is the one CarePress finds (CAREPRESS_CHROMIUM, else the first of chromium-headless-shell,
chrome-headless-shell, chromium, chromium-browser, google-chrome on PATH), and both ways use it. When it is a
headless shell and a full browser is on PATH too, one full-browser process per report is also timed, for reference
(over at most `--reference-reports` reports, default 100), with its ratio; the target is judged on the same browser.

Prints the browser, both times, the time per report, the ratio (per report, so M may be smaller than N), the median
PDF size of each, and the load average at the start and the end. Standard library only. The machine is shared:
compare the ratio of one run, not times across runs.
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the synthesis and the timed runner of the batch benchmark)

REPOSITORY = bench.REPOSITORY


HEADLESS_SHELLS = ("chromium-headless-shell", "chrome-headless-shell")
FULL_BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def chromium():
    """The browser CarePress would print with (ChromiumLocator's order)."""
    named = os.environ.get("CAREPRESS_CHROMIUM")
    if named:
        return shutil.which(named) or named
    for name in HEADLESS_SHELLS + FULL_BROWSERS:
        if shutil.which(name):
            return shutil.which(name)
    raise SystemExit("no Chromium found: run scripts/ensure-deps bench")


def full_browser():
    """The first full browser on PATH, if any."""
    return next((shutil.which(name) for name in FULL_BROWSERS if shutil.which(name)), None)


def version(browser):
    result = subprocess.run([browser, "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            check=False, timeout=60)
    return result.stdout.strip() or "version unknown"


def print_all(browser, htmls, folder, work, jobs):
    """One process per report, `jobs` at a time; returns the seconds and the PDFs' sizes."""
    os.makedirs(folder)
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for index, html in enumerate(htmls):
            pool.submit(print_alone, browser, html, os.path.join(folder, f"{index}.pdf"),
                        os.path.join(work, f"profile-{os.path.basename(folder)}-{index}"))
    seconds = time.perf_counter() - start
    sizes = [os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder)]
    if len(sizes) != len(htmls):
        raise SystemExit(f"only {len(sizes)} of {len(htmls)} one-process PDFs were made with {browser}")
    return seconds, sizes


def print_alone(browser, html, pdf, profile):
    """One Chromium process printing one report, as people do without the pipeline."""
    command = [browser, "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
               f"--user-data-dir={profile}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}", "file://" + html]
    if os.geteuid() == 0:
        command.insert(2, "--no-sandbox")
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=120)
    shutil.rmtree(profile, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reports", type=int, default=1000, help="reports printed by the pipeline (default 1,000)")
    parser.add_argument("--process-reports", type=int, help="reports printed one process each (default: --reports)")
    parser.add_argument("--reference-reports", type=int, default=100,
                        help="reports printed one full-browser process each, for reference (default 100; 0: none)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="parallel tabs / processes")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    alone_count = min(args.process_reports or args.reports, args.reports)
    browser = chromium()
    # The pipeline prints with the very browser the one-process prints use.
    os.environ["CAREPRESS_CHROMIUM"] = browser
    reference = full_browser() if os.path.basename(browser) in HEADLESS_SHELLS else None
    reference_count = min(args.reference_reports, alone_count) if reference else 0

    print("Building the release binary...", flush=True)
    subprocess.run([os.path.join(REPOSITORY, "scripts", "build-release")], cwd=REPOSITORY, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(REPOSITORY, ".build", "release", "carepress")

    load_at_start = os.getloadavg()
    work = tempfile.mkdtemp(prefix="carepress-bench-pdf-")
    try:
        content = os.path.join(work, "Content")
        others = args.reports // 12
        consults = args.reports - 2 * others
        print(f"Synthesising {consults:,} consults, {others:,} physio and {others:,} stack records...", flush=True)
        bench.synthesise(content, consults, others, others)

        def build(folder, *extra):
            return bench.run([binary, "build", "--content", content, "--templates",
                              os.path.join(REPOSITORY, "Templates"), "--output", folder, "--jobs", str(args.jobs),
                              "--quiet", "--json", *extra], stdout=subprocess.PIPE)

        print(f"Timing carepress build without and with --pdf (--jobs {args.jobs})...", flush=True)
        html_only = build(os.path.join(work, "Output-html"))
        piped = build(os.path.join(work, "Output-pdf"), "--pdf")
        report = json.loads(piped[2])
        if report["pdfs"] != args.reports:
            raise SystemExit(f"the pipeline made {report['pdfs']} PDFs, not {args.reports}: {piped[2]}")
        pipeline_seconds = piped[0] - html_only[0]
        pipeline_sizes = [os.path.getsize(os.path.join(folder, name))
                          for folder, _, names in os.walk(os.path.join(work, "Output-pdf", "reports"))
                          for name in names if name.endswith(".pdf")]

        htmls = sorted(os.path.join(folder, name)
                       for folder, _, names in os.walk(os.path.join(work, "Output-html", "reports"))
                       for name in names if name.endswith(".html") and name != "index.html"
                       and not name.startswith("index-"))[:alone_count]
        name = os.path.basename(browser)
        print(f"Timing one {name} --print-to-pdf process per report for {len(htmls):,} reports, "
              f"{args.jobs} at a time...", flush=True)
        alone_seconds, alone_sizes = print_all(browser, htmls, os.path.join(work, "alone"), work, args.jobs)
        if reference_count:
            print(f"Timing one {os.path.basename(reference)} --print-to-pdf process per report for "
                  f"{reference_count:,} reports, {args.jobs} at a time (reference)...", flush=True)
            reference_seconds, reference_sizes = print_all(
                reference, htmls[:reference_count], os.path.join(work, "reference"), work, args.jobs)

        per_pipeline = pipeline_seconds / args.reports
        per_alone = alone_seconds / len(htmls)
        print()
        print(f"{args.reports:,} reports, {args.jobs} parallel workers, {os.cpu_count()} cores, nice {os.nice(0)}")
        print(f"browser: {browser} ({version(browser)})"
              + (f"; reference: {reference} ({version(reference)})" if reference_count else ""))
        print("load average (1, 5, 15 min): at the start " + " ".join(f"{x:.1f}" for x in load_at_start)
              + ", at the end " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
        print(f"{'run':<58}{'reports':>8}{'seconds':>10}{'s/report':>10}{'median PDF KB':>15}")
        print(f"{'build without --pdf (HTML only)':<58}{args.reports:>8,}{html_only[0]:>10.2f}")
        print(f"{'build --pdf':<58}{args.reports:>8,}{piped[0]:>10.2f}")
        print(f"{'  its PDFs: DevTools pipeline, one ' + name:<58}{args.reports:>8,}{pipeline_seconds:>10.2f}"
              f"{per_pipeline:>10.3f}{statistics.median(pipeline_sizes) / 1024:>15.1f}")
        print(f"{'one ' + name + ' --print-to-pdf per report':<58}{len(htmls):>8,}{alone_seconds:>10.2f}"
              f"{per_alone:>10.3f}{statistics.median(alone_sizes) / 1024:>15.1f}")
        if reference_count:
            label = f"one {os.path.basename(reference)} --print-to-pdf per report"
            print(f"{label:<58}{reference_count:>8,}{reference_seconds:>10.2f}"
                  f"{reference_seconds / reference_count:>10.3f}{statistics.median(reference_sizes) / 1024:>15.1f}")
        print()
        print(f"one {name} process per report / pipeline, per report: {per_alone / per_pipeline:6.1f}x   "
              "(target: at least 10x)")
        if reference_count:
            print(f"one {os.path.basename(reference)} process per report / pipeline, per report: "
                  f"{reference_seconds / reference_count / per_pipeline:6.1f}x   (reference: the full browser)")
        print(f"peak RSS of build --pdf: {piped[1]:.1f} MB (the largest of carepress and the Chromium processes it waited for)")
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
