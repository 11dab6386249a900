"""What a patient sees first, in headless Chromium from file:// at a phone's size (390 x 844): an urgent consult says
what to do now on its first screen, before any list of answers, with the clinic's phone and the urgent-care advice."""
import pytest
from selenium.webdriver.common.by import By

from test_guide_browser import chromium, open_page


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


def phone_sized(driver, scheme: str):
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_urgent_consult_says_what_to_do_now_on_its_first_screen_before_the_answers(browser, built_site, scheme):
    phone_sized(browser, scheme)
    open_page(browser, built_site / "reports" / "consults" / "hl-2026-0002.html")
    found = browser.execute_script("""
      const heading = [...document.querySelectorAll('main h2')].find(h => /What to do now/.test(h.textContent));
      if (!heading) return null;
      const box = heading.closest('aside') || heading;
      const rect = box.getBoundingClientRect();
      const answers = [...document.querySelectorAll('main h2, main h3')]
        .filter(h => /answers/i.test(h.textContent) && !box.contains(h));
      return {
        scrollY: window.scrollY, viewport: window.innerHeight, width: document.documentElement.scrollWidth,
        top: rect.top, bottom: rect.bottom, text: box.innerText,
        beforeAnswers: answers.length > 0 && answers.every(
          h => box.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING),
        answerHeadings: answers.map(h => h.textContent),
      };
    """)
    assert found is not None, "the urgent consult has a 'What to do now' heading"
    assert found["scrollY"] == 0
    # The whole box is on the first screen, at a phone's width, and nothing scrolls sideways.
    assert 0 <= found["top"] and found["bottom"] <= found["viewport"], found
    assert found["width"] <= 390, found
    assert found["beforeAnswers"], found
    for text in ("Call Northbridge Example Clinic today on 0161 496 0000", "call 111, or 999 in an emergency"):
        assert text in found["text"], found["text"]
