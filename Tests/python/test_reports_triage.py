"""The triage index and its filter in a real headless Chromium, opened from disk (file://), on a project of 1,102
records (twelve index pages of 100) made from the sample records by the `triage_site` fixture.

Every wait is a WebDriverWait on a condition, never a fixed pause.
"""
import html
import json
import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import TRIAGE_PAGE_TWO_PATIENT
from test_guide_browser import WAIT, chromium, open_page, requested_urls


@pytest.fixture(scope="module")
def browser():
    driver = chromium(performance_log=True)
    yield driver
    driver.quit()


def report_links(driver) -> list[str]:
    """The report each entry of the page's static list links to, in order (its stem, e.g. gen-urgent-old)."""
    links = driver.find_elements(By.CSS_SELECTOR, "#report-list li > strong > a")
    return [link.get_attribute("href").rsplit("/", 1)[1].removesuffix(".html") for link in links]


def open_index(driver, output, page: str = "index.html"):
    open_page(driver, output / "reports" / page)
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "filter-text").is_displayed())


def filter_results(driver) -> list[str]:
    links = driver.find_elements(By.CSS_SELECTOR, "#filter-results a")
    return [link.get_attribute("href").rsplit("/", 1)[1].removesuffix(".html") for link in links]


def test_an_old_urgent_consult_is_listed_above_newer_routine_ones(browser, triage_site):
    output, expected = triage_site
    open_index(browser, output)
    order = report_links(browser)
    assert len(order) == 100, "page 1 lists 100 reports"
    # The urgent ones first, newest first among them: January's is third, above December's routine consult.
    assert order[:3] == ["gen-urgent-3", "gen-urgent-2", expected["old_urgent"]], order[:5]
    assert order.index(expected["old_urgent"]) < order.index(expected["newer_routine"])
    # Everything that needs attention comes before every routine report, whatever its kind.
    sections = [" ".join(h.text.split()) for h in browser.find_elements(By.CSS_SELECTOR, "#report-list h2")]
    assert sections == [
        "! Urgent (3 reports)", "For review (3 reports)", "Follow up (2 reports)", "Other reports (1,094 reports)"
    ], sections
    attention = order[:expected["attention"]]
    assert "gen-stack-caution" in attention and "gen-no-answer" in attention and "gen-unfinished" in attention
    assert order[expected["attention"]] == expected["newer_routine"], "the newest routine report follows them"
    # Each entry that needs attention says why, in words.
    first = browser.find_element(By.CSS_SELECTOR, "#report-list section li").text
    assert "Why: 1 urgent answer: Pain, redness or sores" in first, first


def index_pages(output) -> list[str]:
    """The index's pages in order: index.html, index-2.html, ..."""
    names = [page.name for page in (output / "reports").glob("index*.html")]
    return sorted(names, key=lambda name: int(name.removeprefix("index").removesuffix(".html").lstrip("-") or 1))


def test_the_count_line_is_right_on_every_page(browser, triage_site):
    output, expected = triage_site
    line = f"{expected['attention']} reports need attention ({expected['urgent']} urgent)."
    pages = index_pages(output)
    assert len(pages) == 12
    for page in pages:
        open_index(browser, output, page)
        assert browser.find_element(By.CSS_SELECTOR, "main > p strong").text == line
    assert "Page 12 of 12" in browser.find_element(By.ID, "report-list").text


def test_filtering_by_a_patient_on_page_2_shows_the_report_from_page_1(browser, triage_site):
    output, expected = triage_site
    requested_urls(browser)
    open_index(browser, output)
    assert expected["page_two"] not in report_links(browser), "the report is not on page 1"
    status = browser.find_element(By.ID, "filter-status")
    assert status.get_attribute("aria-live") == "polite"
    # By keyboard: Tab from the page's start reaches the box (after the skip link and the header's links).
    ActionChains(browser).send_keys(Keys.TAB).perform()
    for _ in range(6):
        if browser.switch_to.active_element.get_attribute("id") == "filter-text":
            break
        ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element.get_attribute("id") == "filter-text"
    ActionChains(browser).send_keys(TRIAGE_PAGE_TWO_PATIENT.split()[0].lower()).perform()
    WebDriverWait(browser, WAIT).until(lambda d: filter_results(d) == [expected["page_two"]])
    assert status.text == "1 report matches \u201czoltan\u201d:"
    assert not browser.find_element(By.ID, "report-list").is_displayed(), "the page's own list steps aside"
    result = browser.find_element(By.CSS_SELECTOR, "#filter-results li").text
    assert f"{TRIAGE_PAGE_TWO_PATIENT} \u00b7 Hair loss consultation" in result and "1 June 2025" in result, result
    # Escape clears the filter and brings the list back.
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "report-list").is_displayed())
    assert status.text == "" and filter_results(browser) == []
    # Following a match opens the report.
    browser.find_element(By.ID, "filter-text").send_keys("gen-page-two")
    WebDriverWait(browser, WAIT).until(lambda d: filter_results(d) == [expected["page_two"]])
    browser.find_element(By.CSS_SELECTOR, "#filter-results a").send_keys(Keys.ENTER)
    WebDriverWait(browser, WAIT).until(lambda d: d.current_url.endswith("/reports/consults/gen-page-two.html"))
    strangers = [url for url in requested_urls(browser) if not url.startswith("file://")]
    assert not strangers, f"requests left file://: {strangers}"


def test_the_filter_covers_kind_status_date_and_attention(browser, triage_site):
    output, expected = triage_site
    open_index(browser, output, "index-2.html")
    box = browser.find_element(By.ID, "filter-text")
    status = browser.find_element(By.ID, "filter-status")

    def apply(query: str, kind: str = "") -> list[str]:
        browser.execute_script(
            "document.getElementById('filter-kind').value = arguments[1];"
            "const box = document.getElementById('filter-text'); box.value = arguments[0];"
            "box.dispatchEvent(new Event('input'));", query, kind)
        return filter_results(browser)

    assert apply("urgent") == ["gen-urgent-3", "gen-urgent-2", "gen-urgent-old"]
    assert status.text == "3 reports match \u201curgent\u201d:"
    assert apply("", "stack") == ["gen-stack-caution", "gen-stack"], "the kind menu alone filters"
    assert apply("not finished") == ["gen-unfinished"]
    assert apply("20 December 2026") == [expected["newer_routine"]]
    assert apply("2025-06") == [expected["page_two"]]
    assert apply("physio guide matches") == ["gen-no-answer"]
    matches = apply("routine patient")
    assert len(matches) == 100, "a long list is cut at 100"
    assert status.text.startswith("1,090 reports match \u201croutine patient\u201d: the first 100 are listed"), status.text
    assert apply("sam") == [], "words match from their start: 'sam' is not in 'Glucosamine'"
    assert status.text == "No report matches \u201csam\u201d."
    assert apply("qwerty", "physio") == []
    assert status.text == "No report matches \u201cqwerty\u201d among physio recommendations."
    box.clear()


def test_untrusted_names_in_the_filter_stay_text(browser, built_site):
    """The sample has a stack whose person is called <script>alert('name')</script> Élodie & "Co"."""
    open_index(browser, built_site)
    assert browser.execute_script("return window.alerted === undefined")
    browser.execute_script("window.alert = () => { window.alerted = true; };")
    browser.find_element(By.ID, "filter-text").send_keys("elodie")  # without its accent
    WebDriverWait(browser, WAIT).until(lambda d: filter_results(d) == ["sw-2026-0006"])
    result = browser.find_element(By.CSS_SELECTOR, "#filter-results li")
    assert result.find_element(By.TAG_NAME, "a").text.startswith("<script>alert('name')</script> \u00c9lodie & \"Co\"")
    assert not result.find_elements(By.TAG_NAME, "script")
    assert browser.execute_script("return window.alerted === undefined")
    # The data file has no raw '<', so it could not end a script even if it were inlined.
    data = (built_site / "reports" / "index-data.js").read_text(encoding="utf-8")
    assert "<" not in data and "\\u003cscript\\u003e" in data


def test_without_javascript_the_index_is_complete_and_ordered(triage_site):
    """The pages as written, before any script runs: every report once, in triage order, over the twelve pages."""
    output, expected = triage_site
    names = index_pages(output)
    assert names == ["index.html"] + [f"index-{number}.html" for number in range(2, 13)]
    pages = [(output / "reports" / name).read_text(encoding="utf-8") for name in names]
    entries = []
    for page in pages:
        assert re.search(r'<div class="search report-filter" data-report-filter hidden>', page), "the filter waits for JS"
        assert "<noscript>" in page
        entries += re.findall(r'<li><strong><a href="(\w+)/([^"]+)\.html">', page)
    stems = [stem for _, stem in entries]
    assert len(stems) == expected["records"] == len(set(stems))
    assert stems.index(expected["old_urgent"]) < stems.index(expected["newer_routine"])
    assert stems[-1] == expected["page_two"]
    # The data file lists the same reports in the same order.
    text = (output / "reports" / "index-data.js").read_text(encoding="utf-8")
    data = json.loads(text[text.index("= ") + 2:].rstrip().removesuffix(";"))
    assert [row[1] for row in data["reports"]] == stems
    # Page 2 continues the others under the same heading.
    assert "Other reports (" in html.unescape(pages[1]) and ", continued</h2>" in pages[1]
