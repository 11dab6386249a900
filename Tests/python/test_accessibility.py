"""Accessibility of every page type, checked by a real engine and by measuring the page in headless Chromium.

axe-core 4.12.1 (the axe.min.js inside PyPI's axe-playwright-python 0.1.8) is injected with Selenium and run with
the WCAG 2.0 and 2.1 A and AA rules, in light and in dark (prefers-color-scheme emulated over DevTools). Each page
must also fit a 360 px-wide phone without sideways scrolling, and its tap targets must be at least 24 by 24 px.
"""
import json
import pathlib

import axe_playwright_python
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_guide_browser import WAIT, chromium, open_page

AXE_SOURCE = (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# One page of each type: (name, site, path in the output folder). The reports index is the triage project's, with
# two pages and every attention level; the reports are the sample's, each with something that needs attention.
PAGE_TYPES = [
    ("home", "sample", "index.html"),
    ("guide index", "sample", "guide/index.html"),
    ("guide area", "sample", "guide/areas/knee.html"),
    ("guide condition", "sample", "guide/conditions/acl-tear.html"),
    ("guide exercise", "sample", "guide/exercises/step-downs.html"),
    ("guide phases", "sample", "guide/phases.html"),
    ("guide page", "sample", "guide/pages/when-to-get-help.html"),
    ("reports index, filter open", "triage", "reports/index.html"),
    ("reports index, page 2", "triage", "reports/index-2.html"),
    ("consult report", "sample", "reports/consults/hl-2026-0002.html"),
    ("physio report", "sample", "reports/physio/pg-2026-0005.html"),
    ("stack report", "sample", "reports/stacks/sw-2026-0002.html"),
]


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def sites(built_site, triage_site):
    return {"sample": built_site, "triage": triage_site[0]}


def emulate(driver, width: int, scheme: str):
    """A desktop window, or a phone (overlay scrollbars, as phones have) when narrower than 600 px."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def show(driver, site: pathlib.Path, path: str):
    """Opens a page as a reader would use it: the guide's search and the reports filter with results showing."""
    open_page(driver, site / path)
    if driver.find_elements(By.CSS_SELECTOR, "button.chip"):
        driver.find_element(By.CSS_SELECTOR, "button.chip").click()
        WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results .result"))
    if driver.find_elements(By.ID, "filter-text") and path.endswith("reports/index.html"):
        WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "filter-text").is_displayed())
        driver.find_element(By.ID, "filter-text").send_keys("urgent")
        WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#filter-results li"))


def axe_violations(driver) -> list[dict]:
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE_SOURCE)
    assert driver.execute_script("return axe.version") == "4.12.1"
    driver.set_script_timeout(120)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary)}))))"
        ".catch(e => done([{id: 'axe-error', help: String(e), nodes: []}]));",
        AXE_TAGS,
    )
    return result


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_wcag_2_1_a_or_aa_violation_on_any_page_type(browser, sites, scheme):
    emulate(browser, 1280, scheme)
    failures = []
    for name, site, path in PAGE_TYPES:
        show(browser, sites[site], path)
        dark = browser.execute_script(
            "return matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark"), f"{name}: the {scheme} scheme is emulated"
        for violation in axe_violations(browser):
            failures.append(f"{name} ({path}), {scheme}: {violation['id']} ({violation['impact']}): "
                            f"{violation['help']}\n    " + "\n    ".join(violation["nodes"]))
    assert not failures, "\n".join(failures)


OVERFLOW_SCRIPT = """
const width = document.documentElement.clientWidth;
const wide = [];
for (const element of document.body.querySelectorAll('*')) {
  const box = element.getBoundingClientRect();
  if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5) && !element.closest('.skip-link')) {
    wide.push(`${element.tagName.toLowerCase()}.${element.className}: ${Math.round(box.left)}..${Math.round(box.right)}`);
  }
}
return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 10)};
"""


def test_no_page_scrolls_sideways_on_a_360_px_phone(browser, sites):
    emulate(browser, 360, "light")
    failures = []
    for name, site, path in PAGE_TYPES:
        show(browser, sites[site], path)
        result = browser.execute_script(OVERFLOW_SCRIPT)
        assert result["width"] == 360
        if result["scroll"] > 360 or result["wide"]:
            failures.append(f"{name}: {result['scroll']} px wide; {result['wide']}")
    assert not failures, "\n".join(failures)


# Targets smaller than 24 by 24 px fail, unless the target is a link inside a line of text (WCAG 2.2's 2.5.8
# "inline" exception: its size is set by the line of text around it).
TARGETS_SCRIPT = """
const small = [];
let checked = 0;
for (const element of document.querySelectorAll('a[href], button, input, select, textarea, summary')) {
  const style = getComputedStyle(element);
  if (element.getClientRects().length === 0 || style.visibility === 'hidden') continue;
  if (element.classList.contains('skip-link')) continue;
  const box = element.getBoundingClientRect();
  checked++;
  if (box.width >= 24 && box.height >= 24) continue;
  const block = element.closest('p, li, dd, td, th, h1, h2, h3, h4, blockquote, figcaption');
  const inline = style.display === 'inline' && block &&
    block.textContent.replace(element.textContent, '').trim().length > 0;
  if (!inline) small.push(`${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 30)}": ${box.width.toFixed(0)}x${box.height.toFixed(0)}`);
}
return {checked, small: small.slice(0, 10)};
"""


def test_tap_targets_are_at_least_24_by_24_px(browser, sites):
    emulate(browser, 360, "light")
    failures = []
    for name, site, path in PAGE_TYPES:
        show(browser, sites[site], path)
        result = browser.execute_script(TARGETS_SCRIPT)
        assert result["checked"] > 0
        if result["small"]:
            failures.append(f"{name}: {result['small']}")
    assert not failures, "\n".join(failures)
