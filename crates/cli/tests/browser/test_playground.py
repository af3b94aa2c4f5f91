"""The playground in a real browser: headless Chromium driven through WebDriver.

`harvest serve` (built with the `serve` feature; HARVEST_BIN names the binary) runs on
127.0.0.1. The test pastes the README's example page, runs it, reads the vCard tab, downloads
it, follows a share link, and checks that the page logged no JavaScript errors. A screenshot is
kept in target/playground/ (CI keeps it as an artifact).
"""

import os
import pathlib
import re
import shutil
import subprocess
import threading
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[4]
BINARY = pathlib.Path(os.environ.get("HARVEST_BIN", ROOT / "target" / "debug" / "harvest"))
ARTIFACTS = ROOT / "target" / "playground"
EXAMPLE = ROOT / "examples" / "blog.html"
BASE = "https://ada.example.org/"
CHROMIUM = os.environ.get("HARVEST_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("HARVEST_CHROMEDRIVER", "/usr/bin/chromedriver")


@pytest.fixture(scope="module")
def server():
    assert BINARY.exists(), f"{BINARY} is missing: cargo build -p harvest-cli --features serve"
    process = subprocess.Popen(
        [str(BINARY), "serve", "--listen", "127.0.0.1:0"], stderr=subprocess.PIPE, text=True
    )
    first = process.stderr.readline()
    found = re.search(r"http://(127\.0\.0\.1:\d+)/", first)
    assert found, f"the server did not say where it listens: {first!r}"
    log = []
    # Drain the access log so the server never blocks on a full pipe.
    drain = threading.Thread(target=lambda: log.extend(process.stderr), daemon=True)
    drain.start()
    yield f"http://{found.group(1)}"
    process.terminate()
    assert process.wait(timeout=30) == 0, "SIGTERM should stop the server cleanly"
    drain.join(timeout=5)
    assert any('"POST /v1/vcard" 200' in line for line in log), "".join(log[-20:])


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    for program in (CHROMIUM, CHROMEDRIVER):
        assert shutil.which(program), f"{program} is missing: apt-get install chromium chromium-driver"
    profile = tmp_path_factory.mktemp("profile")
    downloads = tmp_path_factory.mktemp("downloads")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1400,1100",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads
    yield driver
    driver.quit()


def cli(*arguments):
    return subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, check=True).stdout


def wait_for_run(driver):
    """Waits until every tab has its answer and the messages are listed."""
    WebDriverWait(driver, 30).until(
        lambda d: d.find_element(By.ID, "run").is_enabled() and d.find_element(By.ID, "notice").text == ""
    )


def javascript_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def test_paste_run_read_the_vcard_and_download_it(server, browser):
    browser.get(server + "/")
    assert browser.title == "harvest playground"
    page = EXAMPLE.read_text(encoding="utf-8")
    browser.find_element(By.ID, "html").send_keys(page)
    assert browser.find_element(By.ID, "html").get_property("value") == page
    browser.find_element(By.ID, "base").send_keys(BASE)
    browser.find_element(By.ID, "run").click()
    wait_for_run(browser)

    # The mf2 tab is shown first, highlighted.
    assert browser.find_elements(By.CSS_SELECTOR, "#result .k"), "the mf2 JSON is not highlighted"
    assert '"h-card"' in browser.find_element(By.ID, "result").text

    browser.find_element(By.ID, "tab-vcard").click()
    assert browser.find_element(By.ID, "tab-vcard").get_attribute("aria-selected") == "true"
    shown = browser.find_element(By.ID, "result").get_property("textContent")
    expected = cli("vcard", str(EXAMPLE), "--base-url", BASE)
    assert shown == expected
    assert "FN:Ada Gardener" in shown
    assert browser.find_element(By.ID, "status").text.startswith("200 · text/vcard")

    browser.find_element(By.ID, "download").click()
    downloaded = browser.downloads / "harvest-vcard.vcf"
    deadline = time.monotonic() + 20
    while not downloaded.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert downloaded.exists(), f"no download in {list(browser.downloads.iterdir())}"
    assert downloaded.read_text(encoding="utf-8") == expected

    # Every other tab has its output too.
    for tab, marker in [("ical", "BEGIN:VCALENDAR"), ("atom", "<feed"), ("nt", "<https://"), ("ttl", " ;\n")]:
        browser.find_element(By.ID, f"tab-{tab}").click()
        assert marker in browser.find_element(By.ID, "result").text, tab

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.find_element(By.ID, "tab-vcard").click()
    browser.save_screenshot(str(ARTIFACTS / "playground.png"))
    assert javascript_errors(browser) == []


def test_messages_have_element_paths_and_share_links_carry_the_input(server, browser):
    browser.get(server + "/")
    page = '<div itemscope><a itemprop href="/x">x</a></div><a rel="icon" href="/y">y</a>'
    browser.find_element(By.ID, "html").send_keys(page)
    browser.find_element(By.ID, "run").click()
    wait_for_run(browser)
    messages = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#message-list li")]
    assert any(m.startswith("microdata:") and "html>body>div>a" in m for m in messages), messages
    assert any(m.startswith("links:") and "icon" in m and "html>body>a" in m for m in messages), messages
    # This page has no contact: the vCard tab says why, from the API's JSON error.
    browser.find_element(By.ID, "tab-vcard").click()
    assert browser.find_elements(By.CSS_SELECTOR, "#result .err")
    assert "422" in browser.find_element(By.ID, "status").text

    browser.find_element(By.ID, "share").click()
    WebDriverWait(browser, 10).until(lambda d: "#s=" in d.current_url)
    link = browser.current_url
    browser.get("about:blank")
    browser.get(link)
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "html").get_property("value") == page)
    wait_for_run(browser)
    assert browser.find_element(By.ID, "tab-vcard").get_attribute("aria-selected") == "true"
    # The only errors logged are the 422 answers of the formats this page has nothing for.
    for entry in javascript_errors(browser):
        assert entry["source"] == "network" and "422" in entry["message"], entry
