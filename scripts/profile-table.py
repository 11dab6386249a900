#!/usr/bin/env python3
"""Prints a callgrind profile of `carepress build` as instructions per record, stage by stage (`make profile`).

Reads `callgrind_annotate --inclusive=yes` output (Swift names demangled with `swift demangle`) and sums the
inclusive counts of the functions that mark each stage. Stages under "records" are parts of it, so they
add up to less than it (the rest: report summaries, manifest entries, bookkeeping); a function counted in two stages
is not counted twice because each stage names the outermost function of its work. Work on a thread of its own
(`Prefetch`: the manifest commits of the records' chunks, made while the next chunk renders) is counted in the
whole build and in the records.
"""

import re
import subprocess
import sys

# (stage, indent, patterns): a stage is the sum, over its patterns, of the largest inclusive count of a function
# whose demangled name contains every part of the pattern (the largest: the outermost of a function's entry points,
# such as a protocol witness around the function, or its one specialization).
STAGES = [
    ("whole build", 0, [("CarePress.SiteBuilder.build(",), ("in CarePress.Prefetch.init(",)]),
    ("project, theme and manifest (before the records)", 1,
     [("CarePress.SiteProject.load(",), ("CarePress.TemplateSet.load(",), ("CarePress.BuildManifest.read(",)]),
    ("scan: read and digest every record file", 1, [("CarePress.RecordBatch.scan(",)]),
    ("records: load, render, check and write each", 1,
     [("CarePress.RecordBatch.processRecords(",), ("in CarePress.Prefetch.init(",)]),
    ("load and check (JSON, validation, summary)", 2, [("CarePress.RecordBatch.(loadRecord",)]),
    ("view models", 2, [("CarePress.ConsultReport.viewModel.getter",), ("CarePress.PhysioReport.viewModel.getter",),
                        ("CarePress.StackReport.viewModel.getter",)]),
    ("templates (compiled renderer)", 2,
     [("CarePress.TemplateSet.(renderUTF8 in", "(Swift.String, CarePress.ViewModel, CarePress.TemplateSet.(Parsed in")]),
    # Parsing (fed, then finished) and rendering; the arena's allocations are inside them.
    ("libcmark (all pages)", 2, [("cmark_parser_feed",), ("cmark_parser_finish",), ("cmark_render_html",)]),
    ("guardrail (every report)", 2, [("CarePress.ReportGuardrail.check(html:",)]),
    ("callouts (CalloutMarkdown, its libcmark calls included)", 2,
     [("CarePress.CalloutMarkdown.html(fromMarkdown:",)]),
    ("link check (scanning and resolving; all pages)", 2,
     [("CarePress.HTMLScanner.(Cursor", ").nextStartTag("), ("CarePress.LinkCheck.plainTarget(",),
      ("CarePress.LinkCheck.generalTarget(",)]),
    ("write (stage each file; commit: manifest rows, link or rename)", 2,
     [("CarePress.RecordBatch.(stage",), ("CarePress.RecordBatch.commit(",)]),
    # The guide is rendered while the records are (`SharedPagesPlan`), and written with the other shared pages.
    ("shared pages (guide, reports index, home, assets)", 1,
     [("CarePress.SiteBuilder.(writeSharedPages",), ("CarePress.SiteBuilder.SharedPagesPlan.init(",)]),
    ("manifest commits (SQLite, all of them)", 1, [("CarePress.BuildManifest.commit(",)]),
]


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: profile-table.py CALLGRIND_OUT RECORDS")
    path, records = sys.argv[1], int(sys.argv[2])
    annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", path],
                               capture_output=True, text=True, check=True).stdout
    rows = []
    for line in annotated.splitlines():
        match = re.match(r"\s*([\d,]+) \([\s\d.]+%\)\s+\S*?:(\S+)", line)
        if match:
            rows.append((int(match.group(1).replace(",", "")), match.group(2)))
    total_match = re.search(r"([\d,]+) \(100\.0+%\)\s+PROGRAM TOTALS", annotated)
    names = subprocess.run(["swift", "demangle"], input="\n".join(name for _, name in rows),
                           capture_output=True, text=True, check=True).stdout.splitlines()
    demangled = list(zip([count for count, _ in rows], names))
    total = int(total_match.group(1).replace(",", "")) if total_match else max(count for count, _ in rows)
    print(f"{total:,} instructions for {records:,} records: {total / records / 1e6:.2f} M a record (whole process)")
    print()
    print(f"{'stage':<66}{'M instr.':>10}{'per record':>12}{'share':>8}")
    for stage, indent, patterns in STAGES:
        count = 0
        for pattern in patterns:
            count += max((c for c, name in demangled if all(part in name for part in pattern)), default=0)
        label = "  " * indent + stage
        print(f"{label:<66}{count / 1e6:>10.1f}{count / records:>12,.0f}{100 * count / total:>7.1f}%")


if __name__ == "__main__":
    main()
