"""The reports index as a clinician uses it, in a real headless Chromium opened from disk (file://): the filter finds
a physio record by its concern and body area and a patient whatever the punctuation and accents of the name or the
query, keeps the query in the address (so it can be bookmarked and reloaded), the page links are a navigation at the
top and the bottom of each page, each entry's link names its patient, and the clinician's pages carry no patient
disclaimer.

Every wait is a WebDriverWait on a condition, never a fixed pause.
"""
import json
import pathlib
import re
import shutil
import subprocess
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPOSITORY
from test_guide_browser import WAIT, chromium, open_page

# Patients whose names have punctuation and letters outside ASCII, including letters that Unicode does not decompose
# into a base letter and an accent (ł, ø, ß, æ). Each is a copy of the routine sample consult, with a reference that
# shares no word with the name (so that only the name can match).
NAMED = {
    "gen-name-1": "Siobh\u00e1n O'Connor",
    "gen-name-2": "Jos\u00e9 \u00c1lvarez-N\u00fa\u00f1ez",
    "gen-name-3": "\u0141ukasz \u017b\u00f3\u0142\u0107",
    "gen-name-4": "Bj\u00f8rn \u00d8deg\u00e5rd",
    "gen-name-5": "Gr\u00e6me Stra\u00dfer",
    "gen-name-6": "Dr. J.-P. Smith",
}


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def filter_site(tmp_path_factory, carepress) -> pathlib.Path:
    """The sample project, with consults for the patients of NAMED and a physio record whose concern does not name
    its body area (wrist and hand)."""
    root = tmp_path_factory.mktemp("filter")
    content = root / "Content"
    shutil.copytree(REPOSITORY / "Content", content)
    routine = json.loads((content / "consults" / "hl-2026-0001.json").read_text(encoding="utf-8"))
    for record_id, name in NAMED.items():
        record = dict(routine, id=record_id)
        record["patient"] = {"displayName": name, "age": 40}
        record.pop("transcript", None)
        (content / "consults" / f"{record_id}.json").write_text(json.dumps(record), encoding="utf-8")
    physio = json.loads((content / "physio" / "pg-2026-0001.json").read_text(encoding="utf-8"))
    physio.update(id="gen-typing", concern="Typing all day makes my fingers tingle", bodyArea="wrist_hand")
    (content / "physio" / "gen-typing.json").write_text(json.dumps(physio), encoding="utf-8")
    output = root / "Output"
    result = subprocess.run(
        [str(carepress), "build", "--content", str(content), "--templates", "Templates", "--output", str(output),
         "--quiet"],
        cwd=REPOSITORY, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return output


def open_index(driver, output: pathlib.Path, page: str = "index.html", query: str = ""):
    driver.get(((output / "reports" / page).as_uri()) + query)
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return document.readyState") == "complete")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "filter-text").is_displayed())


def filter_results(driver) -> list[str]:
    links = driver.find_elements(By.CSS_SELECTOR, "#filter-results a")
    return [link.get_attribute("href").rsplit("/", 1)[1].removesuffix(".html") for link in links]


def type_query(driver, query: str) -> list[str]:
    driver.execute_script(
        "const box = document.getElementById('filter-text'); box.value = arguments[0];"
        "box.dispatchEvent(new Event('input'));", query)
    return filter_results(driver)


# The filter --------------------------------------------------------------------------------------------------------


def test_the_filter_finds_a_physio_record_by_its_concern_and_its_body_area(browser, filter_site):
    open_index(browser, filter_site)
    # pg-2026-0004: "My knee gave way playing football last month and it still feels wobbly when I turn" (knee).
    assert type_query(browser, "wobbly") == ["pg-2026-0004"]
    assert type_query(browser, "gave way") == ["pg-2026-0004"]
    assert type_query(browser, "WOBBLY, football!") == ["pg-2026-0004"]
    assert "pg-2026-0004" in type_query(browser, "knee")
    # Only its body area says "wrist": the concern does not (the sample's pg-2026-0011 is also of the wrist and hand).
    assert "gen-typing" in type_query(browser, "wrist")
    assert type_query(browser, "wrist and hand tingle") == ["gen-typing"]
    # The match shows what it matched: the body area and the concern.
    type_query(browser, "tingle")
    result = browser.find_element(By.CSS_SELECTOR, "#filter-results li").text
    assert "Wrist and hand" in result and "Typing all day makes my fingers tingle" in result, result
    # The static entry shows them too, so that the clinician sees why it matched.
    page = (filter_site / "reports" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"Wrist and hand\W[^<]*Typing all day makes my fingers tingle", page), "the entry shows the area"


@pytest.mark.parametrize("query, expected", [
    ("oconnor", "gen-name-1"),
    ("o'connor", "gen-name-1"),
    ("O\u2019Connor", "gen-name-1"),
    ("o connor", "gen-name-1"),
    ("siobhan", "gen-name-1"),
    ("jose", "gen-name-2"),
    ("JOS\u00c9", "gen-name-2"),
    ("alvarez nunez", "gen-name-2"),
    ("alvareznunez", "gen-name-2"),
    ("nunez", "gen-name-2"),
    ("lukasz zolc", "gen-name-3"),
    ("bjorn odegard", "gen-name-4"),
    ("graeme strasser", "gen-name-5"),
    ("jp smith", "gen-name-6"),
    ("j.-p.", "gen-name-6"),
])
def test_the_filter_ignores_punctuation_and_accents(browser, filter_site, query, expected):
    if not browser.current_url.startswith((filter_site / "reports" / "index.html").as_uri()):
        open_index(browser, filter_site)
    assert type_query(browser, query) == [expected], query


def test_the_query_is_kept_in_the_address_and_survives_a_reload(browser, filter_site):
    open_index(browser, filter_site)
    type_query(browser, "wobbly")
    WebDriverWait(browser, WAIT).until(lambda d: "q=wobbly" in d.current_url)
    assert browser.current_url.startswith("file://")
    browser.find_element(By.ID, "filter-kind").send_keys("Physio")
    WebDriverWait(browser, WAIT).until(lambda d: "kind=physio" in d.current_url)
    bookmarked = browser.current_url
    browser.refresh()
    WebDriverWait(browser, WAIT).until(lambda d: filter_results(d) == ["pg-2026-0004"])
    assert browser.find_element(By.ID, "filter-text").get_attribute("value") == "wobbly"
    assert browser.find_element(By.ID, "filter-kind").get_attribute("value") == "physio"
    # The bookmark, opened afresh, shows the same; so does a query with accents and punctuation.
    open_page(browser, filter_site / "index.html")
    browser.get(bookmarked)
    WebDriverWait(browser, WAIT).until(lambda d: filter_results(d) == ["pg-2026-0004"])
    type_query(browser, "O'Connor & Jos\u00e9")
    WebDriverWait(browser, WAIT).until(lambda d: "q=" in d.current_url and "wobbly" not in d.current_url)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(browser.current_url).query)
    assert query["q"] == ["O'Connor & Jos\u00e9"], browser.current_url
    # Clearing the filter clears the address.
    type_query(browser, "")
    browser.execute_script(
        "const menu = document.getElementById('filter-kind'); menu.value = '';"
        "menu.dispatchEvent(new Event('change'));")
    WebDriverWait(browser, WAIT).until(lambda d: "?" not in d.current_url)
    assert browser.find_element(By.ID, "report-list").is_displayed()


# The pages ---------------------------------------------------------------------------------------------------------


def page_navs(driver) -> list:
    return driver.find_elements(By.CSS_SELECTOR, "#report-list nav.index-pages")


def test_page_links_are_a_navigation_at_the_top_and_the_bottom(browser, triage_site):
    output, expected = triage_site
    pages = sorted((output / "reports").glob("index*.html"))
    count = len(pages)
    assert count >= 6, "1,102 reports at no more than 200 a page"
    open_index(browser, output, "index-3.html")
    navs = page_navs(browser)
    assert len(navs) == 2, "page links at the top and at the bottom"
    labels = [nav.get_attribute("aria-label") for nav in navs]
    assert all(labels) and len(set(labels)) == 2, labels
    entries = browser.find_elements(By.CSS_SELECTOR, "#report-list section li")
    assert 0 < len(entries) <= 200
    top, bottom = (nav.rect["y"] for nav in navs)
    assert top < entries[0].rect["y"] and bottom > entries[-1].rect["y"], "one before the entries, one after"
    for nav in navs:
        current = nav.find_elements(By.CSS_SELECTOR, "[aria-current=page]")
        assert len(current) == 1 and current[0].text.strip().endswith("3"), [c.text for c in current]
        # Not a bulleted list: no item shows a marker.
        markers = browser.execute_script(
            "return [...arguments[0].querySelectorAll('li')].map(li => getComputedStyle(li).listStyleType)", nav)
        assert set(markers) <= {"none"}, markers
        hrefs = [a.get_attribute("href").rsplit("/", 1)[1] for a in nav.find_elements(By.TAG_NAME, "a")]
        assert "index-2.html" in hrefs and "index-4.html" in hrefs and "index.html" in hrefs, hrefs
        assert f"index-{count}.html" in hrefs, "the last page is always reachable"
        assert "Page 3 of" in nav.text
    # The top links lead on.
    navs[0].find_element(By.CSS_SELECTOR, "a[rel=next]").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.current_url.endswith("/reports/index-4.html"))
    # The last page lists the last report, and its links lead back.
    open_index(browser, output, f"index-{count}.html")
    assert expected["page_two"] in [
        a.get_attribute("href").rsplit("/", 1)[1].removesuffix(".html")
        for a in browser.find_elements(By.CSS_SELECTOR, "#report-list section li > strong > a")]
    assert page_navs(browser)[1].find_elements(By.CSS_SELECTOR, "a[rel=prev]")


def test_each_entry_link_names_its_patient_or_its_reference(browser, filter_site):
    open_index(browser, filter_site)
    links = browser.find_elements(By.CSS_SELECTOR, "#report-list section li > strong > a")
    texts = {a.get_attribute("href").rsplit("/", 1)[1].removesuffix(".html"): a.text for a in links}
    assert texts["gen-name-1"] == "Siobh\u00e1n O'Connor"
    assert texts["hl-2026-0002"] == "Priya Raman"
    assert texts["pg-2026-0004"] == "pg-2026-0004", "a record without a name is named by its reference"
    assert not any(text in ("Skin check", "Hair loss consultation", "Supplement plan") for text in texts.values())
    # The filter's matches are named the same way.
    type_query(browser, "priya")
    assert browser.find_element(By.CSS_SELECTOR, "#filter-results a").text == "Priya Raman"
    type_query(browser, "wobbly")
    assert browser.find_element(By.CSS_SELECTOR, "#filter-results a").text == "pg-2026-0004"


def test_the_clinicians_pages_carry_no_patient_disclaimer_and_the_reports_do(filter_site, triage_site):
    disclaimer = "educational guidance only"  # from Content/site.yml's disclaimer
    site = (REPOSITORY / "Content" / "site.yml").read_text(encoding="utf-8")
    assert disclaimer in site
    for output in (filter_site, triage_site[0]):
        for page in sorted((output / "reports").glob("index*.html")):
            text = page.read_text(encoding="utf-8")
            assert "site-footer" not in text and disclaimer not in text, page.name
    for report in ("consults/hl-2026-0002.html", "physio/pg-2026-0004.html", "stacks/sw-2026-0002.html"):
        assert disclaimer in (filter_site / "reports" / report).read_text(encoding="utf-8"), report
