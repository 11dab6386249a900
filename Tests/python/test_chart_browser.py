"""The adherence chart of a stack report, measured in headless Chromium on a 390 px phone.

A project of stacks whose tracking logs span 1 day, 3 days (across a month's end), a year and 20 years (the longest
span a record may have), one of them with six planned supplements (the most a stack may plan), is built once. In each report, every chart
(an inline `<svg>`, or an SVG file shown by an `<img>`, opened on its own to be measured) must hold every one of its
`<text>` elements inside its box, with no two of them overlapping, must fit the phone's width at its own size (not
shrunk), and must follow the page's colour scheme: in dark mode it is dark, not a white box, and its text keeps a
contrast of at least 4.5:1 with the page in light and dark."""
import base64
import copy
import datetime
import json
import pathlib
import shutil
import struct
import subprocess
import zlib

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY
from test_guide_browser import chromium, luminance_of, open_page

PHONE = 390
BASE = json.loads((REPOSITORY / "Content" / "stacks" / "sw-2026-0001.json").read_text(encoding="utf-8"))
PLANNED = ["magnesium-glycinate", "omega-3-algal"]  # sw-2026-0001's plan: both essential, both reminded


def day_taken(index: int, planned: list[str]) -> list[str] | None:
    """A varied but fixed log: some days missing (None), some with nothing, some with part of the plan."""
    if index % 11 == 5:
        return None
    if index % 5 == 4:
        return []
    if index % 3 == 2:
        return planned[: max(1, len(planned) // 2)]
    return list(planned)


def stack(record_id: str, first: datetime.date, days: int, step: int = 1, supplements: int = 0) -> dict:
    record = copy.deepcopy(BASE)
    record["id"] = record_id
    planned = list(PLANNED)
    for number in range(supplements):
        # The most a stack plans: 3 essential supplements and 3 optional ones with a reminder switched on.
        identifier = f"extra-supplement-{number:02d}"
        entry = {"id": identifier, "name": f"Extra supplement {number}", "purpose": "Padding the plan",
                 "dose": "1 tablet", "timing": ["AM"], "evidence": "C"}
        if len(record["minimal"]) < 3:
            record["minimal"].append(entry)
        else:
            record["optional"].append(entry)
            record["reminders"].append({"supplementId": identifier, "time": "08:00", "enabled": True})
        planned.append(identifier)
    if supplements:
        record["reminders"].append({"supplementId": "l-theanine", "time": "12:00", "enabled": True})
        planned.append("l-theanine")
    tracking = []
    for index in range(0, days, step):
        taken = day_taken(index // step, planned)
        if taken is not None or index in (0, days - 1):
            tracking.append({"date": (first + datetime.timedelta(days=index)).isoformat(),
                             "taken": taken if taken is not None else planned})
    if tracking[-1]["date"] != (first + datetime.timedelta(days=days - 1)).isoformat():
        tracking.append({"date": (first + datetime.timedelta(days=days - 1)).isoformat(), "taken": planned})
    record["tracking"] = tracking
    return record


# The spans of the issue: 1 day, 3 days, a year, 20 years (7,305 days, RecordLimits.maximumTrackingSpan).
STACKS = {
    "chart-1-day": stack("chart-1-day", datetime.date(2026, 3, 4), 1),
    "chart-3-days": stack("chart-3-days", datetime.date(2026, 1, 30), 3),
    "chart-1-year": stack("chart-1-year", datetime.date(2025, 1, 1), 365),
    "chart-20-years": stack("chart-20-years", datetime.date(2006, 1, 1), 7305, step=3),
    "chart-1-year-6-planned": stack("chart-1-year-6-planned", datetime.date(2025, 6, 15), 366, supplements=3),
}


@pytest.fixture(scope="module")
def chart_site(tmp_path_factory, carepress) -> pathlib.Path:
    root = tmp_path_factory.mktemp("charts")
    content = root / "Content"
    content.mkdir()
    for part in ("site.yml", "knowledge", "pages", "schemas"):
        source = REPOSITORY / "Content" / part
        (shutil.copytree if source.is_dir() else shutil.copy)(source, content / part)
    (content / "stacks").mkdir()
    for name, record in STACKS.items():
        (content / "stacks" / f"{name}.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    output = root / "Output"
    result = subprocess.run(
        [str(carepress), "build", "--content", str(content), "--templates", "Templates", "--output", str(output),
         "--quiet"],
        cwd=REPOSITORY, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return output


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


def emulate(driver, width: int, scheme: str):
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


# For each chart root given (an <svg>), its box, its scale (shown width / viewBox width), every <text> with its box
# and computed fill, and the page's background colour.
MEASURE = """
const charts = arguments[0];
const box = r => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
return charts.map(svg => {
  const own = svg.getBoundingClientRect();
  const viewBox = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width;
  return {
    box: box(own),
    scale: viewBox ? own.width / viewBox : 1,
    pageWidth: document.documentElement.clientWidth,
    background: getComputedStyle(document.body || document.documentElement).backgroundColor,
    texts: [...svg.querySelectorAll('text')].map(t => ({
      text: t.textContent, box: box(t.getBoundingClientRect()), fill: getComputedStyle(t).fill})),
  };
});
"""


def charts_of_report(driver, page: pathlib.Path) -> list[dict]:
    """Every chart of a report, measured: inline ones in the page, and each SVG an <img> shows, opened on its own."""
    open_page(driver, page)
    measured = driver.execute_script(MEASURE, driver.find_elements(By.CSS_SELECTOR, "main svg"))
    sources = [image.get_attribute("src") for image in driver.find_elements(By.CSS_SELECTOR, "main img")
               if (image.get_attribute("src") or "").split("?")[0].endswith(".svg")]
    for source in sources:
        driver.get(source)
        measured += driver.execute_script(MEASURE, [driver.execute_script("return document.documentElement")])
    return measured


def overlaps(a: dict, b: dict) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1)


@pytest.mark.parametrize("name", STACKS)
def test_every_text_of_every_chart_is_inside_its_box_on_a_phone(browser, chart_site, name):
    emulate(browser, PHONE, "light")
    charts = charts_of_report(browser, chart_site / "reports" / "stacks" / f"{name}.html")
    assert len(charts) == 1, f"{name}: one adherence chart"
    for chart in charts:
        box, texts = chart["box"], chart["texts"]
        assert len(texts) >= 6, f"{name}: a title, a legend and axis labels"
        outside = [t["text"] for t in texts
                   if t["box"]["left"] < box["left"] - 0.5 or t["box"]["right"] > box["right"] + 0.5
                   or t["box"]["top"] < box["top"] - 0.5 or t["box"]["bottom"] > box["bottom"] + 0.5]
        assert not outside, f"{name}: outside the chart's {box['right'] - box['left']:.0f} px box: {outside}"
        clashes = [(a["text"], b["text"]) for i, a in enumerate(texts) for b in texts[i + 1:]
                   if overlaps(a["box"], b["box"])]
        assert not clashes, f"{name}: labels drawn over each other: {clashes}"
        assert box["left"] >= 0 and box["right"] <= chart["pageWidth"], f"{name}: the chart fits the phone"
        assert chart["scale"] >= 0.95, f"{name}: shown at {chart['scale']:.2f} of its size, so its text shrinks"


def contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def png_mean_luminance(png: bytes) -> float:
    """The mean relative luminance of a PNG screenshot (8-bit RGB or RGBA, not interlaced, as Chromium writes)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, b"", None
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        data = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            chunks += data
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(chunks), width * channels
    previous, total = bytearray(stride), 0.0
    table = [luminance_of(f"rgb({v}, 0, 0)") / 0.2126 for v in range(256)]  # the linear value of each 8-bit level
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        for i in range(0, stride, channels):
            total += 0.2126 * table[line[i]] + 0.7152 * table[line[i + 1]] + 0.0722 * table[line[i + 2]]
        previous = line
    return total / (width * height)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", ["chart-3-days", "chart-20-years"])
def test_the_chart_follows_the_colour_scheme_and_its_text_is_readable(browser, chart_site, name, scheme):
    emulate(browser, PHONE, scheme)
    page = chart_site / "reports" / "stacks" / f"{name}.html"
    open_page(browser, page)
    background = luminance_of(browser.execute_script("return getComputedStyle(document.body).backgroundColor"))
    assert (background < 0.1) == (scheme == "dark")
    shown = browser.find_elements(By.CSS_SELECTOR, "main svg, main img[src$='.svg']")
    assert len(shown) == 1, f"{name}: one adherence chart"
    brightness = png_mean_luminance(base64.b64decode(shown[0].screenshot_as_base64))
    if scheme == "dark":
        assert brightness < 0.3, f"{name}: a bright box ({brightness:.2f}) on a dark page"
    else:
        assert brightness > 0.4, f"{name}: a dark box ({brightness:.2f}) on a light page"
    for chart in charts_of_report(browser, page):
        # Text drawn on the page's background: its fill must stand out from it.
        poor = [(t["text"], t["fill"]) for t in chart["texts"]
                if contrast(luminance_of(t["fill"]), background) < 4.5]
        assert not poor, f"{name} in {scheme}: text of too little contrast: {poor}"
