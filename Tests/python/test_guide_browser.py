"""The recovery guide in a real headless Chromium, opened from disk (file://) as the physio app opens it.

Search, navigation, no network, parity of the page's search with `carepress match`, and the accessibility
checks a browser can make (reflow at 320 px, contrast in light and dark mode, visible focus). Nothing here
waits for a fixed time: every wait is a WebDriverWait on a condition.
"""
import json
import pathlib
import subprocess

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPOSITORY

CONCERNS = REPOSITORY / "Tests" / "CarePressTests" / "Fixtures" / "matcher" / "concerns.json"
EVALUATION = REPOSITORY / "Tests" / "MatcherEvaluation"
WAIT = 20  # seconds: an upper bound for a condition to become true, never a fixed pause

# Concerns that exercise the edges of the port: case, punctuation, apostrophes, typos, stemming, stop words,
# repeated words, numbers and text outside ASCII (Swift compares strings by canonical equivalence).
TRICKY_CONCERNS = [
    "",
    "   ",
    "the and of my",
    "KNEE!!!",
    "RUNNER'S KNEE",
    "runner\u2019s knee",
    "runners knee",
    "kne pain going dwn stairs",
    "knee-pain after running, swelling & stiffness",
    "knees hurting; swelled; twisted; stairs",
    "stairs stairs stairs",
    "achilles tendonitis and plantar fasciitis",
    "1st steps in the morning hurt my heel",
    "Pins and needles in my fingers at night",
    "tennis elbow golfer's elbow",
    "Caf\u00e9 kn\u00e9e",
    "cafe\u0301 knee",
    "\u015e\u0130\u015eL\u0130K knee",
    "\u03a3\u03a3 knee \u00bd",
    "shoulder\u00a0clicks\u2003when I raise my arm",
    "lower back pain from sitting all day at a desk",
    "heel",
    "ankle",
    "I can't lift my arm above my head",
]


def chromium(performance_log: bool = False) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    if performance_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


@pytest.fixture(scope="module")
def browser():
    driver = chromium(performance_log=True)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def guide(built_site) -> pathlib.Path:
    return built_site / "guide"


def requested_urls(driver) -> list[str]:
    """Every URL the browser asked for since the last call (reading the log empties it)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def open_page(driver, path: pathlib.Path):
    driver.get(path.as_uri())
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return document.readyState") == "complete")


def open_search(driver, guide: pathlib.Path):
    """Opens the guide's home page and waits until its script has shown the search form."""
    open_page(driver, guide / "index.html")
    WebDriverWait(driver, WAIT).until(EC.visibility_of_element_located((By.ID, "search-concern")))


def result_names(driver) -> list[str]:
    return [link.text for link in driver.find_elements(By.CSS_SELECTOR, "#search-results .result-title a")]


# Search and navigation, with no network ---------------------------------------------------------------------


def test_search_then_follow_a_result_and_an_exercise_with_no_network_request(browser, guide):
    requested_urls(browser)  # start from an empty log
    seen = []
    open_search(browser, guide)
    box = browser.find_element(By.ID, "search-concern")
    box.send_keys("my knee hurts going down stairs", Keys.ENTER)
    WebDriverWait(browser, WAIT).until(lambda d: len(result_names(d)) == 3)
    names = result_names(browser)
    assert "Patellofemoral Pain Syndrome" in names, names
    status = browser.find_element(By.CSS_SELECTOR, "#search-results .results-status").text
    assert status == "3 matches for \u201cmy knee hurts going down stairs\u201d, best first:"
    summaries = browser.find_elements(By.CSS_SELECTOR, "#search-results .result-summary")
    assert all(len(summary.text.split()) > 10 for summary in summaries), "each result shows its summary"
    seen += requested_urls(browser)

    browser.find_element(By.LINK_TEXT, "Patellofemoral Pain Syndrome").click()
    WebDriverWait(browser, WAIT).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Patellofemoral Pain Syndrome"))
    assert browser.current_url == (guide / "conditions" / "patellofemoral-pain-syndrome.html").as_uri()
    callout = browser.find_element(By.CSS_SELECTOR, "aside.callout.urgent h2")
    assert callout.text.endswith("Urgent: get medical help if")
    seen += requested_urls(browser)

    exercise = browser.find_element(By.XPATH, "//h2[.='Exercises by phase']/following::ul[1]/li[1]/a")
    name = exercise.text
    exercise.click()
    WebDriverWait(browser, WAIT).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), name))
    assert "/guide/exercises/" in browser.current_url
    headings = [h.text for h in browser.find_elements(By.TAG_NAME, "h2")]
    assert "Steps" in headings and "Used for" in headings, headings
    assert browser.find_elements(By.LINK_TEXT, "Patellofemoral Pain Syndrome"), "the exercise links back"
    seen += requested_urls(browser)

    # The log really records this session's loads, so an empty list of strangers means something.
    assert any(url.endswith("/guide/index.html") for url in seen), seen
    assert any(url.endswith("/assets/search-index.js") for url in seen), seen
    assert any(url.endswith("/assets/search.js") for url in seen), seen
    assert any(url.endswith("/assets/style.css") for url in seen), seen
    assert any(url.endswith("/guide/conditions/patellofemoral-pain-syndrome.html") for url in seen), seen
    strangers = [url for url in seen if not url.startswith("file://")]
    assert not strangers, f"requests left file://: {strangers}"


def test_the_app_kits_guide_works_from_disk_with_no_reports_and_no_network(browser, carepress, tmp_path):
    """`carepress app-kit` writes the guide for the app bundle: opened from file://, home to search to a condition."""
    kit = tmp_path / "AppKit"
    result = subprocess.run(
        [str(carepress), "app-kit", "--content", "Content", "--templates", "Templates", "--output", str(kit)],
        cwd=REPOSITORY, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    requested_urls(browser)
    open_page(browser, kit / "Guide" / "index.html")
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "main a")]
    assert links == [(kit / "Guide" / "guide" / "index.html").as_uri()], "the kit's home links to the guide only"
    browser.find_element(By.LINK_TEXT, "Recovery guide").click()
    WebDriverWait(browser, WAIT).until(EC.visibility_of_element_located((By.ID, "search-concern")))
    browser.find_element(By.ID, "search-concern").send_keys("my knee hurts going down stairs", Keys.ENTER)
    WebDriverWait(browser, WAIT).until(lambda d: len(result_names(d)) == 3)
    browser.find_element(By.LINK_TEXT, "Patellofemoral Pain Syndrome").click()
    WebDriverWait(browser, WAIT).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Patellofemoral Pain Syndrome"))
    seen = requested_urls(browser)
    assert any(url.endswith("/Guide/assets/search-index.js") for url in seen), seen
    strangers = [url for url in seen if not url.startswith((kit / "Guide").as_uri() + "/")]
    assert not strangers, f"requests left the kit's Guide folder: {strangers}"


def test_every_guide_page_loads_only_files_from_disk(browser, guide):
    pages = sorted(guide.rglob("*.html"))
    assert len(pages) > 100
    requested_urls(browser)
    strangers = []
    count = 0
    for page in pages:
        open_page(browser, page)
        urls = requested_urls(browser)
        count += len(urls)
        strangers += [(page.name, url) for url in urls if not url.startswith("file://")]
    assert count >= 2 * len(pages), "each page and its stylesheet were logged"
    assert not strangers, f"requests left file://: {strangers[:10]}"


def test_tapping_a_starter_chip_shows_the_matching_conditions_with_their_summaries(browser, guide, built_site):
    open_search(browser, guide)
    chips = browser.find_elements(By.CSS_SELECTOR, "button.chip")
    assert len(chips) == 6
    for index in range(len(chips)):
        chip = browser.find_elements(By.CSS_SELECTOR, "button.chip")[index]
        text = chip.text
        chip.click()
        WebDriverWait(browser, WAIT).until(
            EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#search-results .results-status"), f"\u201c{text}\u201d")
        )
        assert browser.find_element(By.ID, "search-concern").get_attribute("value") == text
        expected = browser.execute_script("return CarePressSearch.match(arguments[0]).map(m => m.name)", text)
        assert expected, f"the starter prompt '{text}' matches something"
        assert result_names(browser) == expected
        for link in browser.find_elements(By.CSS_SELECTOR, "#search-results .result-title a"):
            target = (guide / link.get_attribute("href").split("/guide/", 1)[1].split("#")[0])
            assert target.exists(), target
        summaries = [p.text for p in browser.find_elements(By.CSS_SELECTOR, "#search-results .result-summary")]
        assert len(summaries) == len(expected) and all(summaries)


def test_the_area_filter_and_a_query_in_the_address_are_applied(browser, guide):
    browser.get((guide / "index.html").as_uri() + "?q=it%20hurts%20when%20I%20grip&area=elbow")
    WebDriverWait(browser, WAIT).until(lambda d: len(result_names(d)) > 0)
    assert browser.find_element(By.ID, "search-area").get_attribute("value") == "elbow"
    status = browser.find_element(By.CSS_SELECTOR, "#search-results .results-status").text
    assert status.endswith("\u201cit hurts when I grip\u201d in Elbow, best first:"), status
    assert set(result_names(browser)) <= {"Tennis Elbow", "Golfer's Elbow"}


def test_a_concern_that_matches_nothing_says_so(browser, guide):
    open_search(browser, guide)
    browser.find_element(By.ID, "search-concern").send_keys("qwertyuiop zxcvb", Keys.ENTER)
    WebDriverWait(browser, WAIT).until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#search-results"), "Nothing in the guide matches")
    )
    assert result_names(browser) == []


# The page's search gives the same top 3 as `carepress match` ------------------------------------------------


def cli_match(carepress, concern: str, area: str | None) -> tuple[list[str], list[dict]]:
    """`carepress match --json`: the top three's names and the urgent signs."""
    return cli_matches(carepress, [(concern, area)])[0]


def cli_matches(carepress, cases: list[tuple[str, str | None]]) -> list[tuple[list[str], list[dict]]]:
    """`cli_match` of each (concern, area), in order: the concerns of one area from one `carepress match --lines
    --json` run (JSON Lines), and a concern that holds a line break alone, as an argument."""
    results: dict[int, tuple[list[str], list[dict]]] = {}
    by_area: dict[str | None, list[int]] = {}
    for index, (concern, area) in enumerate(cases):
        by_area.setdefault(area, []).append(index)
    for area, indices in by_area.items():
        command = [str(carepress), "match", "--json", "--content", "Content"] + (["--area", area] if area else [])
        batched = [index for index in indices if "\n" not in cases[index][0] and "\r" not in cases[index][0]]
        result = subprocess.run(command + ["--lines"], cwd=REPOSITORY, capture_output=True, text=True,
                                input="".join(cases[index][0] + "\n" for index in batched))
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        assert len(lines) == len(batched)
        for index, line in zip(batched, lines):
            printed = json.loads(line)
            assert printed["concern"] == cases[index][0]
            results[index] = ([match["name"] for match in printed["matches"]], printed["urgentSigns"])
        for index in sorted(set(indices) - set(batched)):
            alone = subprocess.run(command + ["--", cases[index][0]], cwd=REPOSITORY, capture_output=True, text=True)
            assert alone.returncode == 0, alone.stderr
            printed = json.loads(alone.stdout)
            results[index] = ([match["name"] for match in printed["matches"]], printed["urgentSigns"])
    return [results[index] for index in range(len(cases))]


def cli_top3(carepress, concern: str, area: str | None) -> list[str]:
    return cli_match(carepress, concern, area)[0]


def evaluation_concerns() -> list[str]:
    """Every concern of the matcher's evaluation sets (Tests/MatcherEvaluation/README.md)."""
    concerns = []
    for name in ("concerns.tsv", "development.tsv", "emergencies.tsv", "ordinary.txt"):
        path = EVALUATION / name
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                concerns.append(line.split("\t", 1)[-1])
    return concerns


def starter_prompts() -> list[str]:
    """The starter prompts of the sample site.yml (a plain YAML list, read without a YAML library)."""
    site = (REPOSITORY / "Content" / "site.yml").read_text(encoding="utf-8")
    block = site.split("starterPrompts:", 1)[1].splitlines()
    return [line.strip()[2:] for line in block if line.strip().startswith("- ")]


def test_the_pages_search_ranks_exactly_like_carepress_match(browser, guide, carepress):
    open_search(browser, guide)
    area_ids = browser.execute_script("return CAREPRESS_INDEX.areas.map(a => a.id)")
    assert len(area_ids) == 9
    cases = []
    for concern in json.loads(CONCERNS.read_text(encoding="utf-8"))["concerns"]:
        cases.append((concern["text"], concern.get("area")))
        if concern.get("area"):
            cases.append((concern["text"], None))
    prompts = starter_prompts()
    assert len(prompts) == 6
    cases += [(prompt, area) for prompt in prompts for area in [None, *area_ids]]
    cases += [(concern, area) for concern in TRICKY_CONCERNS for area in [None, "knee"]]
    evaluation = evaluation_concerns()
    assert len(evaluation) >= 400
    cases += [(concern, None) for concern in evaluation]
    assert len(cases) >= 120 + 6 * 10 + 400
    # The page's top three and its emergency screen's signs, against `carepress match --json`'s.
    pages = browser.execute_script(
        "return arguments[0].map(c => [CarePressSearch.match(c[0], c[1]).map(m => m.name), "
        "CarePressEmergency.screen(c[0])])",
        [list(c) for c in cases],
    )
    clis = cli_matches(carepress, cases)
    differences = []
    flagged = 0
    for (concern, area), page, cli in zip(cases, pages, clis):
        flagged += bool(cli[1])
        if page != list(cli):
            differences.append(f"{concern!r} area={area}: page {page} != carepress match {cli}")
    print(f"search parity: {len(cases) - len(differences)}/{len(cases)} concerns give the same top 3 and signs")
    assert flagged >= 40, "the comparison covers concerns that carry signs"
    assert not differences, "\n".join(differences)


# Accessibility a browser can check ---------------------------------------------------------------------------

SAMPLE_PAGES = [
    "index.html",
    "conditions/acl-tear.html",
    "conditions/greater-trochanteric-pain-syndrome.html",
    "exercises/step-downs.html",
    "areas/knee.html",
    "phases.html",
    "pages/when-to-get-help.html",
]


def emulate(driver, width: int, scheme: str):
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False}
    )
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def show_results(driver):
    """On the home page, taps the first chip so the results are part of what is checked."""
    if driver.find_elements(By.CSS_SELECTOR, "button.chip"):
        WebDriverWait(driver, WAIT).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "button.chip"))).click()
        WebDriverWait(driver, WAIT).until(lambda d: len(result_names(d)) > 0)


@pytest.fixture
def plain_browser():
    driver = chromium()
    yield driver
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.quit()


def test_text_reflows_at_320_css_pixels_with_no_horizontal_scrolling(plain_browser, guide):
    emulate(plain_browser, 320, "light")
    for page in SAMPLE_PAGES:
        open_page(plain_browser, guide / page)
        show_results(plain_browser)
        width = plain_browser.execute_script("return window.innerWidth")
        scroll = plain_browser.execute_script("return document.documentElement.scrollWidth")
        assert width == 320
        assert scroll <= width, f"{page} scrolls sideways at 320 px: {scroll} px wide"


CONTRAST_SCRIPT = """
function rgba(text) {
  const parts = text.match(/[\\d.]+/g).map(Number);
  return parts.length === 3 ? [...parts, 1] : parts;
}
function luminance([r, g, b]) {
  const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}
function background(element) {
  for (let node = element; node; node = node.parentElement) {
    const colour = rgba(getComputedStyle(node).backgroundColor);
    if (colour[3] > 0) return colour;
  }
  return rgba(getComputedStyle(document.documentElement).backgroundColor).slice(0, 3).concat([1]);
}
const failures = [];
let checked = 0;
for (const element of document.body.querySelectorAll('*')) {
  const own = [...element.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== '');
  if (!own || element.getClientRects().length === 0) continue;
  const style = getComputedStyle(element);
  if (style.visibility === 'hidden' || element.closest('.skip-link, noscript, [hidden]')) continue;
  const fg = rgba(style.color), bg = background(element);
  const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
  const ratio = (a + 0.05) / (b + 0.05);
  checked++;
  if (ratio < 4.5) failures.push(`${element.tagName.toLowerCase()}.${element.className} "${element.textContent.trim().slice(0, 30)}": ${ratio.toFixed(2)} (${style.color} on rgb(${bg.slice(0, 3)}))`);
}
return {checked, failures, body: getComputedStyle(document.body).backgroundColor};
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_piece_of_text_has_a_contrast_of_at_least_4_5_to_1(plain_browser, guide, scheme):
    emulate(plain_browser, 1024, scheme)
    for page in SAMPLE_PAGES:
        open_page(plain_browser, guide / page)
        show_results(plain_browser)
        result = plain_browser.execute_script(CONTRAST_SCRIPT)
        dark_background = luminance_of(result["body"]) < 0.1
        assert dark_background == (scheme == "dark"), f"{page} follows prefers-color-scheme: {result['body']}"
        assert result["checked"] > 10
        assert not result["failures"], f"{page} in {scheme} mode:\n" + "\n".join(result["failures"])


def luminance_of(css: str) -> float:
    r, g, b = [int(float(part)) for part in css[css.index("(") + 1:css.index(")")].split(",")[:3]]

    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_keyboard_focus_is_visible_and_the_skip_link_appears(plain_browser, guide, scheme):
    emulate(plain_browser, 1024, scheme)
    open_search(plain_browser, guide)
    actions = ActionChains(plain_browser)
    actions.send_keys(Keys.TAB).perform()
    focused = plain_browser.switch_to.active_element
    assert focused.get_attribute("class") == "skip-link"
    top = plain_browser.execute_script("return arguments[0].getBoundingClientRect().top", focused)
    assert 0 <= top < 100, "the skip link comes into view when focused"
    kinds = set()
    for _ in range(12):
        focused = plain_browser.switch_to.active_element
        outline = plain_browser.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.outlineStyle, parseFloat(s.outlineWidth)]", focused
        )
        assert outline[0] != "none" and outline[1] >= 2, f"{focused.tag_name} '{focused.text}' has no visible focus"
        kinds.add(focused.tag_name)
        actions.send_keys(Keys.TAB).perform()
    assert {"a", "input", "button", "select"} <= kinds, kinds
    # The skip link leads into the main content.
    open_page(plain_browser, guide / "conditions" / "acl-tear.html")
    ActionChains(plain_browser).send_keys(Keys.TAB).perform()
    ActionChains(plain_browser).send_keys(Keys.ENTER).perform()
    WebDriverWait(plain_browser, WAIT).until(lambda d: d.current_url.endswith("#main"))
