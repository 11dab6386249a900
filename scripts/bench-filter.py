#!/usr/bin/env python3
"""The reports filter at scale: `make bench-filter` (or `make bench-filter N=100000`, the default).

Builds the sample project with the debug binary into a temporary folder, grows its reports/index-data.js to N
reports (the sample's rows repeated with new references and patient names, in the same format), opens the index
from file:// in headless Chromium and times, five times over, the first filter after the page has loaded: from the
first letter typed to the next frame with the results drawn. Prints the data file's size, the page's load time and
the times. Never part of `make test`: speed is measured, not asserted.
"""
import argparse
import json
import pathlib
import random
import subprocess
import sys
import tempfile
import time

REPOSITORY = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "Tests" / "python"))

from test_guide_browser import chromium  # noqa: E402

FIRST = ["Anna", "Ben", "Chloe", "Dev", "Ema", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kai", "Lena", "Mateo",
         "Nora", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tara"]
LAST = ["Smith", "Okafor", "Garc\u00eda", "Nguyen", "Kowalski", "M\u00fcller", "Rossi", "Haddad", "Kim", "Byrne",
        "O'Brien", "Larsen"]

MEASURE = """return (async () => {
  const box = document.getElementById('filter-text');
  const start = performance.now();
  box.value = arguments[0];
  box.dispatchEvent(new Event('input'));
  const scripted = performance.now();
  await new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
  return [scripted - start, performance.now() - start, document.getElementById('filter-status').textContent];
})();"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=100_000)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        output = pathlib.Path(folder) / "Output"
        subprocess.run(
            [str(REPOSITORY / ".build" / "debug" / "carepress"), "build", "--content", "Content", "--templates",
             "Templates", "--output", str(output), "--quiet"], cwd=REPOSITORY, check=True, capture_output=True)
        script = output / "reports" / "index-data.js"
        text = script.read_text(encoding="utf-8")
        head, body = text[:text.index("= ") + 2], text[text.index("= ") + 2:].rstrip().removesuffix(";")
        data = json.loads(body)
        sample = data["reports"]
        generator = random.Random(1)
        rows = []
        for index in range(arguments.records):
            row = list(sample[index % len(sample)])
            row[1] = f"bench-{index:06d}"
            row[2] = f"{generator.choice(FIRST)} {generator.choice(LAST)}"
            rows.append(row)
        data["reports"] = rows
        encoded = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).replace("<", "\\u003c")
        script.write_text(head + encoded + ";\n", encoding="utf-8")
        print(f"{arguments.records:,} reports: index-data.js is {script.stat().st_size / 1e6:.1f} MB")
        driver = chromium()
        try:
            for query in ["n", "anna", "garc", "bench-09", "urgent"]:
                started = time.time()
                driver.get((output / "reports" / "index.html").as_uri())
                loaded = time.time() - started
                time.sleep(1)  # the page is idle, as when a reader starts typing
                scripted, drawn, status = driver.execute_script(MEASURE, query)
                print(f"  page loaded in {loaded:.2f} s; first filter {query!r}: {scripted:.0f} ms to filter, "
                      f"{drawn:.0f} ms to the next frame ({status.split(':')[0]})")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
