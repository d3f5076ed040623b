"""The equity calculator page in a real headless Chromium (Selenium with the system driver).

Skips when no Chromium and chromedriver are installed (Debian: ``apt-get install chromium
chromium-driver``). ``OMAHA_EVAL_SCREENSHOT=path.png`` saves a screenshot of the result.
"""

from __future__ import annotations

import os
import shutil

import pytest

import omaha_eval as oe

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"),
                             shutil.which("google-chrome")) if p), None)
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="no Chromium / chromedriver here")


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1000,900", "--no-first-run", "--no-proxy-server"):
        options.add_argument(arg)
    try:
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    except Exception as exc:  # a browser that cannot start here is an environment problem
        pytest.skip(f"Chromium does not start: {exc}")
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def wait(browser, condition, timeout: float = 30.0):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, timeout).until(condition)


def fill(browser, element_id: str, text: str) -> None:
    from selenium.webdriver.common.by import By

    box = browser.find_element(By.ID, element_id)
    box.clear()
    box.send_keys(text)


def test_the_calculator_shows_the_library_result_and_a_bar_chart(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    assert "equity calculator" in browser.title.lower()
    hands = browser.find_elements(By.CSS_SELECTOR, "#players input")
    assert [h.get_attribute("value") for h in hands] == ["AsKsQhJh", "2c2d7h8s"]
    browser.find_element(By.ID, "add-player").click()
    browser.find_elements(By.CSS_SELECTOR, "#players input")[2].send_keys("KK**ds")
    fill(browser, "board", "Ts9d3c")
    # the game list comes from /v1/games
    wait(browser, lambda b: len(b.find_elements(By.CSS_SELECTOR, "#game option")) >= 2)
    browser.find_element(By.CSS_SELECTOR, "#game option[value=hilo]").click()
    browser.find_element(By.ID, "run").click()
    wait(browser, lambda b: b.find_element(By.ID, "result").is_displayed())

    want = oe.equity(["AsKsQhJh", "2c2d7h8s", "KK**ds"], "Ts9d3c", game="hilo")
    rows = browser.find_elements(By.CSS_SELECTOR, "#table tbody tr")
    assert len(rows) == 3
    for row, hand, eq in zip(rows, want.players, want.equity):
        cells = [c.text for c in row.find_elements(By.TAG_NAME, "td")]
        assert cells[0] == hand and cells[1] == f"{100 * eq:.2f}%"
    header = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#table thead th")]
    assert "Lo win" in header and "Scoop" in header
    bars = browser.find_elements(By.CSS_SELECTOR, "#chart .bar")
    widths = [b.size["width"] for b in bars]
    track = browser.find_element(By.CSS_SELECTOR, "#chart .bar-track").size["width"]
    for w, eq in zip(widths, want.equity):  # bar length = equity, to a pixel or two
        assert abs(w - eq * track) <= 2, (w, eq, track)
    assert "exact" in browser.find_element(By.ID, "summary").text
    shot = os.environ.get("OMAHA_EVAL_SCREENSHOT")
    if shot:  # the whole page: table and chart
        height = browser.execute_script("return document.documentElement.scrollHeight")
        browser.set_window_size(1000, height + 140)
        browser.save_screenshot(shot)
        browser.set_window_size(1000, 900)


def test_an_invalid_hand_shows_the_library_message_at_its_field(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    box = browser.find_elements(By.CSS_SELECTOR, "#players input")[1]
    box.clear()
    box.send_keys("2c2d7hZz")
    browser.find_element(By.ID, "run").click()
    error = wait(browser, lambda b: b.find_element(By.ID, "error") if b.find_element(By.ID, "error").is_displayed() else None)
    with pytest.raises(ValueError) as exc:
        oe.equity(["AsKsQhJh", "2c2d7hZz"])
    assert error.text == str(exc.value)
    assert "invalid" in box.get_attribute("class")


def test_monte_carlo_with_a_seed(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    browser.find_element(By.CSS_SELECTOR, "input[name=mode][value=mc]").click()
    fill(browser, "trials", "5000")
    fill(browser, "seed", "42")
    browser.find_element(By.ID, "run").click()
    wait(browser, lambda b: b.find_element(By.ID, "result").is_displayed())
    want = oe.equity(["AsKsQhJh", "2c2d7h8s"], trials=5000, seed=42)
    cells = browser.find_elements(By.CSS_SELECTOR, "#table tbody tr td")
    assert cells[1].text == f"{100 * want.equity[0]:.2f}%"
    assert "seed 42" in browser.find_element(By.ID, "summary").text
