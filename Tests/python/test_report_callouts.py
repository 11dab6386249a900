"""Urgent callouts in the sample's reports, in headless Chromium from file://: what must be urgent is inside the
guide's callout (a heading in words, a border, an icon), in light and dark, and in print a callout is never split
from its heading (checked in a real PDF printed by Chromium and read back with pdftotext)."""
import base64
import json
import pathlib
import subprocess

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY
from test_guide_browser import chromium, luminance_of, open_page


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


def red_flags(condition_file: str) -> list[str]:
    """A condition's red flags as the knowledge store has them (a YAML list of plain lines)."""
    lines = (REPOSITORY / "Content" / "knowledge" / "conditions" / condition_file).read_text(encoding="utf-8")
    block = lines.split("\nredFlags:\n", 1)[1].splitlines()
    flags = []
    for line in block:
        if not line.startswith("  - "):
            break
        flags.append(line[4:].strip())
    return flags


def callouts(driver) -> list[dict]:
    """Each callout: tone, heading, items, and what makes it more than colour."""
    return driver.execute_script("""
      return [...document.querySelectorAll('main aside.callout')].map(aside => {
        const heading = document.getElementById(aside.getAttribute('aria-labelledby'));
        const icon = heading && heading.querySelector('.callout-icon');
        const style = getComputedStyle(aside);
        return {
          tone: aside.className,
          heading: heading ? heading.textContent.replace(/^!\\s*/, '') : null,
          headingIsFirst: aside.firstElementChild === heading && /^H[2-4]$/.test(heading.tagName),
          icon: icon ? [icon.textContent, icon.getAttribute('aria-hidden'), icon.getBoundingClientRect().width] : null,
          items: [...aside.querySelectorAll('li')].map(li => li.textContent.trim()),
          border: [parseFloat(style.borderTopWidth), parseFloat(style.borderLeftWidth), style.borderLeftStyle],
          background: style.backgroundColor,
        };
      });""")


def test_physio_red_flags_are_inside_get_urgent_help_callouts(browser, built_site):
    # A known condition: its red flags, from the knowledge store.
    open_page(browser, built_site / "reports" / "physio" / "pg-2026-0001.html")
    found = callouts(browser)
    assert [c["heading"] for c in found] == ["Get urgent help if\u2026"]
    assert found[0]["tone"] == "callout urgent"
    assert found[0]["items"] == red_flags("patellofemoral-pain-syndrome.yml")
    # The model's condition is not in the guide: each of the guide's matches has its red flags in a callout.
    open_page(browser, built_site / "reports" / "physio" / "pg-2026-0005.html")
    found = callouts(browser)
    matches = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "main h3 > a")][:3]
    assert matches == ["Patellar Tendinopathy", "Patellofemoral Pain Syndrome", "ACL Tear"]
    assert len(found) == 3 and {c["heading"] for c in found} == {"Get urgent help if\u2026"}
    assert found[0]["items"] == red_flags("patellar-tendinopathy.yml")
    assert found[1]["items"] == red_flags("patellofemoral-pain-syndrome.yml")
    assert found[2]["items"] == red_flags("acl-tear.yml")


def test_consult_urgent_and_for_review_answers_are_inside_callouts(browser, built_site):
    open_page(browser, built_site / "reports" / "consults" / "hl-2026-0002.html")
    found = callouts(browser)
    assert [(c["tone"], c["heading"]) for c in found] == [
        ("callout urgent", "Urgent: a clinician should act on these answers promptly"),
        ("callout caution", "For review: a clinician should look at these answers"),
    ]
    assert found[0]["items"] == ["Do you have any scalp symptoms? Pain, redness or sores"]
    assert found[1]["items"] == ["Are you taking, or have you recently taken, any of these? Isotretinoin (for acne)"]
    # A consult with nothing flagged has no callout.
    open_page(browser, built_site / "reports" / "consults" / "hl-2026-0001.html")
    assert callouts(browser) == []


def test_stack_risk_interactions_and_cautions_are_inside_callouts(browser, built_site):
    open_page(browser, built_site / "reports" / "stacks" / "sw-2026-0002.html")
    found = callouts(browser)
    assert found[0]["tone"] == "callout urgent" and found[0]["heading"] == "Check before you take these"
    assert [item.split(".")[0] for item in found[0]["items"]] == [
        "Fish oil (omega-3)", "Ginkgo biloba (stopped)", "Glucosamine sulfate"]
    cautions = [c for c in found[1:] if c["heading"] == "Check before you take this"]
    assert len(cautions) == len(found) - 1 >= 3 and {c["tone"] for c in cautions} == {"callout caution"}
    # Every caution of every supplement in the record is inside a caution callout.
    record = json.loads((REPOSITORY / "Content" / "stacks" / "sw-2026-0002.json").read_text(encoding="utf-8"))
    expected = [caution for group in ("minimal", "optional") for supplement in record.get(group, [])
                for caution in supplement.get("cautions", [])]
    shown = [item for c in cautions for item in c["items"]]
    assert expected and sorted(shown) == sorted(expected)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_callout_never_relies_on_colour_alone(browser, built_site, scheme):
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        for page in ("consults/hl-2026-0002.html", "physio/pg-2026-0001.html", "stacks/sw-2026-0002.html"):
            open_page(browser, built_site / "reports" / page)
            body = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
            assert (luminance_of(body) < 0.1) == (scheme == "dark")
            for callout in callouts(browser):
                assert callout["headingIsFirst"], callout
                assert callout["heading"] and callout["heading"][0].isupper()
                assert callout["icon"][:2] == ["!", "true"] and callout["icon"][2] >= 16, callout
                assert callout["border"][0] >= 2 and callout["border"][1] >= 6 and callout["border"][2] == "solid"
                assert (luminance_of(callout["background"]) < 0.1) == (scheme == "dark"), callout
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def printed_pages(driver) -> list[str]:
    """The page printed by Chromium (as `--print-to-pdf` does), one text per sheet, read by pdftotext."""
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.5, "paperHeight": 11})["data"])
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout
    return text.decode("utf-8").split("\f")


@pytest.mark.parametrize("spacer", ["7.4in", "8.0in", "8.6in"])
def test_in_print_a_callout_is_never_split_from_its_heading(browser, built_site, spacer):
    open_page(browser, built_site / "reports" / "physio" / "pg-2026-0001.html")
    # Put the callout where a page ends: everything else goes, and a spacer fills all but the last few lines of
    # the first sheet (room for the heading and one, two or three red flags, not for all of the callout). Split,
    # the heading would stay on sheet 1 and the rest go to sheet 2.
    browser.execute_script("""
      const callout = document.querySelector('main aside.callout');
      document.body.replaceChildren(callout);
      const spacer = document.createElement('div');
      spacer.style.height = arguments[0];
      document.body.prepend(spacer);""", spacer)
    sheets = printed_pages(browser)
    printed = [index for index, sheet in enumerate(sheets) if sheet.strip()]
    assert len(printed) == 1, "the callout is printed on one sheet, whole, with its heading"
    sheet = " ".join(sheets[printed[0]].split())
    assert "Get urgent help if" in sheet
    assert all(flag[:30] in sheet for flag in red_flags("patellofemoral-pain-syndrome.yml"))
    if spacer == "8.6in":
        # No room for the whole callout on the first sheet: it moves to the next, heading and all.
        assert printed == [1], "the heading did not stay behind"
