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
        cells = row.find_elements(By.TAG_NAME, "td")
        assert cells[0].get_attribute("data-hand") == hand and cells[1].text == f"{100 * eq:.2f}%"
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


def test_an_error_replaces_the_result_and_players_number_from_0(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    browser.find_element(By.ID, "run").click()
    wait(browser, lambda b: b.find_element(By.ID, "result").is_displayed())
    boxes = browser.find_elements(By.CSS_SELECTOR, "#players input")
    assert [b.get_attribute("aria-label") for b in boxes] == ["player 0", "player 1"]
    boxes[1].clear()
    boxes[1].send_keys("AsKdQdJd")  # As is player 0's too
    browser.find_element(By.ID, "run").click()
    error = wait(browser, lambda b: b.find_element(By.ID, "error") if b.find_element(By.ID, "error").is_displayed() else None)
    assert "player 0" in error.text and "player 1" in error.text
    assert not browser.find_element(By.ID, "result").is_displayed()  # no stale answer under it


def test_disabled_actions_say_why(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    removes = browser.find_elements(By.CSS_SELECTOR, "#players button.remove")
    assert all(not r.is_enabled() for r in removes)
    assert "at least 2" in browser.find_element(By.ID, "players-note").text
    add = browser.find_element(By.ID, "add-player")
    for _ in range(8):
        add.click()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#players input")) == 10
    assert not add.is_enabled() and "at most 10" in browser.find_element(By.ID, "players-note").text
    assert browser.find_element(By.ID, "trials").is_enabled() is False  # exact mode
    assert "Monte Carlo" in browser.find_element(By.ID, "mode-note").text
    browser.find_element(By.CSS_SELECTOR, "input[name=mode][value=mc]").click()
    assert browser.find_element(By.ID, "trials").is_enabled()


def test_the_card_picker_is_usable_from_the_keyboard(browser, server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get(server.url + "/")
    board = browser.find_element(By.ID, "board")
    opener = board.find_element(By.XPATH, "following-sibling::button[contains(@class,'open-picker')]")
    opener.send_keys(Keys.ENTER)
    wait(browser, lambda b: b.find_element(By.ID, "picker").is_displayed())
    # As and Ks are player 0's: greyed out; the first free card takes the focus
    used = browser.find_element(By.CSS_SELECTOR, ".pick[data-card=As]")
    assert used.get_attribute("aria-disabled") == "true"
    focused = browser.switch_to.active_element
    assert focused.get_attribute("data-card") == "Qs"
    focused.send_keys(Keys.ENTER)
    keys = [Keys.ARROW_DOWN, Keys.SPACE,  # Qh is player 0's: refused
            Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.SPACE]  # past Jh (player 0's) to Th
    for key in keys:
        browser.switch_to.active_element.send_keys(key)
    assert browser.switch_to.active_element.get_attribute("data-card") == "Th"
    assert board.get_attribute("value") == "QsTh"
    browser.switch_to.active_element.send_keys(Keys.SPACE)  # again: removed
    assert board.get_attribute("value") == "Qs"
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not browser.find_element(By.ID, "picker").is_displayed()
    assert browser.switch_to.active_element == opener


@pytest.mark.parametrize("width", [1280, 390, 360])
def test_the_page_fits_its_width(browser, server, width):
    from selenium.webdriver.common.by import By

    # headless Chromium keeps windows at least ~500 px wide: emulate the device's viewport
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 1600, "deviceScaleFactor": 1, "mobile": width < 600})
    try:
        browser.get(server.url + "/")
        assert browser.execute_script("return window.innerWidth") == width
        browser.find_element(By.ID, "run").click()
        wait(browser, lambda b: b.find_element(By.ID, "result").is_displayed())
        inner = browser.execute_script("return document.documentElement.clientWidth")
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= inner, f"scrolls sideways at {width} px: {scroll} > {inner}"
        shot = os.environ.get("OMAHA_EVAL_SCREENSHOT_DIR")
        if shot:
            browser.save_screenshot(os.path.join(shot, f"calculator-{width}.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_page_has_a_favicon(client):
    page = client.get("/").text
    assert 'rel="icon"' in page
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")


def test_the_query_box_shows_the_library_answer(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    query = browser.find_element(By.ID, "pql").get_attribute("value")
    fill(browser, "pql-trials", "2000")
    fill(browser, "pql-seed", "3")
    browser.find_element(By.ID, "pql-run").click()
    wait(browser, lambda b: b.find_element(By.ID, "pql-result").is_displayed())
    want = oe.pql(query, trials=2000, seed=3).to_dict()
    rows = browser.find_elements(By.CSS_SELECTOR, "#pql-table tbody tr")
    cells = [[c.text for c in r.find_elements(By.TAG_NAME, "td")] for r in rows]
    assert [c[0] for c in cells] == list(want["columns"])
    equity = want["columns"]["equity"]
    assert cells[0][2] == f"{equity['value']:.4f}" and cells[0][4] == f"{equity['count']:,}"
    assert "seed 3" in browser.find_element(By.ID, "pql-summary").text

    fill(browser, "pql", "select avg(winsHi(hero)) > 'x' from game='omahahi', hero='AA**', villain='*'")
    browser.find_element(By.ID, "pql-run").click()
    error = wait(browser, lambda b: b.find_element(By.ID, "pql-error") if b.find_element(By.ID, "pql-error").is_displayed() else None)
    assert "column" in error.text
    assert not browser.find_element(By.ID, "pql-result").is_displayed()


def test_the_breakdown_of_each_range_shows_under_a_flop_result(browser, server):
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    fill(browser, "board", "Ts9d3c")
    boxes = browser.find_elements(By.CSS_SELECTOR, "#players input")
    boxes[1].clear()
    boxes[1].send_keys("KK**")
    browser.find_element(By.ID, "run").click()
    wait(browser, lambda b: b.find_element(By.ID, "breakdown").is_displayed())
    want = oe.breakdown("KK**", "Ts9d3c", against="AsKsQhJh")
    players = browser.find_elements(By.CSS_SELECTOR, ".breakdown-player")
    assert len(players) == 2
    rows = players[1].find_elements(By.CSS_SELECTOR, "tbody tr")
    names = [r.find_elements(By.TAG_NAME, "td")[0].text for r in rows]
    assert names == [g["name"] for g in want.to_dicts()]
    assert f"{want.combos:,}" in players[1].find_element(By.TAG_NAME, "h3").text
