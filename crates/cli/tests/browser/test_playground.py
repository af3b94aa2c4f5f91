"""The playground in a real browser: headless Chromium driven through WebDriver.

`harvest serve` (built with the `serve` feature; HARVEST_BIN names the binary) runs on
127.0.0.1. The test pastes the README's example page, runs it, reads the vCard tab, downloads
it, follows a share link, and checks that the page logged no JavaScript errors. It reads the
RDFa tab in each of its formats, of a pasted page and of a page fetched by URL (served on
127.0.0.1, fetched once per Run). A screenshot is kept in target/playground/ (CI keeps it as an
artifact).
"""

import contextlib
import http.server
import json
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
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[4]
BINARY = pathlib.Path(os.environ.get("HARVEST_BIN", ROOT / "target" / "debug" / "harvest"))
ARTIFACTS = ROOT / "target" / "playground"
EXAMPLE = ROOT / "examples" / "blog.html"
BASE = "https://ada.example.org/"
CHROMIUM = os.environ.get("HARVEST_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("HARVEST_CHROMEDRIVER", "/usr/bin/chromedriver")
# schema.org-style RDFa: a vocabulary, a type, nested properties.
RDFA_PAGE = (
    '<div vocab="http://schema.org/" typeof="Person" resource="#ada">'
    '<span property="name">Ada Gardener</span>'
    '<div property="address" typeof="PostalAddress"><span property="addressLocality">Leeds</span></div>'
    "</div>"
)


@contextlib.contextmanager
def harvest_server(*arguments):
    """`harvest serve` on a free port of 127.0.0.1: yields its origin and its access log."""
    assert BINARY.exists(), f"{BINARY} is missing: cargo build -p harvest-cli --features serve"
    process = subprocess.Popen(
        [str(BINARY), "serve", "--listen", "127.0.0.1:0", *arguments], stderr=subprocess.PIPE, text=True
    )
    first = process.stderr.readline()
    found = re.search(r"http://(127\.0\.0\.1:\d+)/", first)
    assert found, f"the server did not say where it listens: {first!r}"
    log = []
    # Drain the access log so the server never blocks on a full pipe.
    drain = threading.Thread(target=lambda: log.extend(process.stderr), daemon=True)
    drain.start()
    try:
        yield f"http://{found.group(1)}", log
    finally:
        process.terminate()
        assert process.wait(timeout=30) == 0, "SIGTERM should stop the server cleanly"
        drain.join(timeout=5)


@pytest.fixture(scope="module")
def server():
    with harvest_server() as (origin, log):
        yield origin
    assert any('"POST /v1/vcard" 200' in line for line in log), "".join(log[-20:])


@contextlib.contextmanager
def page_server(body):
    """Serves `body` as text/html at every path of 127.0.0.1; yields its origin and the paths
    requested, in order."""
    requested = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the name http.server calls)
            requested.append(self.path)
            data = body.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *_):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", requested
    finally:
        httpd.shutdown()
        thread.join(timeout=5)


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


def cli(*arguments, stdin=None):
    return subprocess.run(
        [str(BINARY), *arguments], input=stdin, capture_output=True, text=True, check=True
    ).stdout


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
    assert_only_nothing_found_errors(browser)


def assert_only_nothing_found_errors(driver):
    """The only errors logged are the 422 answers of the formats the page has nothing for."""
    for entry in javascript_errors(driver):
        assert entry["source"] == "network" and "422" in entry["message"], entry


def choose_rdfa_format(driver, value):
    details = driver.find_element(By.ID, "options")
    if not details.get_property("open"):
        details.find_element(By.TAG_NAME, "summary").click()
    Select(driver.find_element(By.CSS_SELECTOR, 'select[data-param="rdfa:format"]')).select_by_visible_text(value)


def rdfa_tab_text(driver):
    driver.find_element(By.ID, "tab-rdfa").click()
    assert driver.find_element(By.ID, "tab-rdfa").get_attribute("aria-selected") == "true"
    return driver.find_element(By.ID, "result").get_property("textContent")


def test_rdfa_tab_shows_the_triples_in_each_format(server, browser):
    browser.get(server + "/")
    browser.find_element(By.ID, "html").send_keys(RDFA_PAGE)
    browser.find_element(By.ID, "base").send_keys(BASE)
    browser.find_element(By.ID, "run").click()
    wait_for_run(browser)

    # JSON-LD first (the endpoint's default), highlighted, the graph `harvest rdfa` gives.
    shown = rdfa_tab_text(browser)
    assert browser.find_element(By.ID, "status").text.startswith("200 · application/ld+json")
    assert browser.find_elements(By.CSS_SELECTOR, "#result .k"), "the RDFa JSON-LD is not highlighted"
    assert json.loads(shown) == json.loads(cli("rdfa", "-", "--base-url", BASE, stdin=RDFA_PAGE))
    nodes = {node["@id"]: node for node in json.loads(shown)}
    ada = nodes[BASE + "#ada"]
    assert ada["@type"] == ["http://schema.org/Person"]
    assert ada["http://schema.org/name"] == [{"@value": "Ada Gardener"}]

    # N-Triples, from the Options: the same graph, one triple a line, named .nt when downloaded.
    choose_rdfa_format(browser, "nt")
    browser.find_element(By.ID, "run").click()
    wait_for_run(browser)
    shown = rdfa_tab_text(browser)
    assert browser.find_element(By.ID, "status").text.startswith("200 · application/n-triples")
    expected = cli("rdfa", "-", "--base-url", BASE, "--format", "nt", stdin=RDFA_PAGE)
    assert shown == expected
    assert f'<{BASE}#ada> <http://schema.org/name> "Ada Gardener" .' in shown.splitlines()
    assert browser.find_elements(By.CSS_SELECTOR, "#result .l"), "the N-Triples are not highlighted"
    browser.find_element(By.ID, "download").click()
    downloaded = browser.downloads / "harvest-rdfa.nt"
    deadline = time.monotonic() + 20
    while not downloaded.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert downloaded.exists(), f"no download in {list(browser.downloads.iterdir())}"
    assert downloaded.read_text(encoding="utf-8") == expected

    # Turtle.
    choose_rdfa_format(browser, "ttl")
    browser.find_element(By.ID, "run").click()
    wait_for_run(browser)
    shown = rdfa_tab_text(browser)
    assert browser.find_element(By.ID, "status").text.startswith("200 · text/turtle")
    assert shown == cli("rdfa", "-", "--base-url", BASE, "--format", "ttl", stdin=RDFA_PAGE)
    assert "Ada Gardener" in shown
    assert_only_nothing_found_errors(browser)


def test_rdfa_tab_of_a_url_fetches_the_page_once_per_run(browser):
    with page_server(RDFA_PAGE) as (site, requested), harvest_server(
        "--allow-private", "--fetch-port", site.rsplit(":", 1)[1]
    ) as (origin, log):
        browser.get(origin + "/")
        browser.find_element(By.CSS_SELECTOR, "input[name=source][value=url]").click()
        browser.find_element(By.ID, "url").send_keys(site + "/person")
        browser.find_element(By.ID, "run").click()
        wait_for_run(browser)
        nodes = {node["@id"]: node for node in json.loads(rdfa_tab_text(browser))}
        assert nodes[site + "/person#ada"]["http://schema.org/name"] == [{"@value": "Ada Gardener"}]
        # Every tab and check asked the server about the URL (each answer is logged before it is
        # sent; the log is read by another thread); the page was fetched once.
        tabs = len(browser.find_elements(By.CSS_SELECTOR, "#tabs [role=tab]"))
        deadline = time.monotonic() + 10
        while sum('"GET /v1/' in line for line in log) < tabs and time.monotonic() < deadline:
            time.sleep(0.1)
        asked = [line for line in log if '"GET /v1/' in line]
        assert any('"GET /v1/rdfa" 200' in line for line in asked), "".join(log[-20:])
        assert len(asked) >= tabs and requested == ["/person"], (requested, asked)
        assert_only_nothing_found_errors(browser)


GRAPH_PAGE = (
    '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Event", "name": "Seed swap"}'
    "</script>" + RDFA_PAGE
)


def choose_graph_option(driver, format, provenance=False):
    details = driver.find_element(By.ID, "options")
    if not details.get_property("open"):
        details.find_element(By.TAG_NAME, "summary").click()
    Select(driver.find_element(By.CSS_SELECTOR, 'select[data-param="graph:format"]')).select_by_visible_text(format)
    box = driver.find_element(By.CSS_SELECTOR, 'input[data-param="graph:provenance"]')
    if box.is_selected() != provenance:
        box.click()


def graph_tab_text(driver):
    driver.find_element(By.ID, "tab-graph").click()
    assert driver.find_element(By.ID, "tab-graph").get_attribute("aria-selected") == "true"
    return driver.find_element(By.ID, "result").get_property("textContent")


def test_graph_tab_shows_every_syntax_as_one_dataset(server, browser):
    browser.get(server + "/")
    browser.find_element(By.ID, "html").send_keys(GRAPH_PAGE)
    browser.find_element(By.ID, "base").send_keys(BASE)
    browser.find_element(By.ID, "run").click()
    wait_for_run(browser)

    # N-Quads by default: the page's URL as graph, RDFa and JSON-LD together, highlighted.
    shown = graph_tab_text(browser)
    assert browser.find_element(By.ID, "status").text.startswith("200 · application/n-quads")
    assert shown == cli("graph", "-", "--base-url", BASE, stdin=GRAPH_PAGE)
    assert f'<{BASE}#ada> <http://schema.org/name> "Ada Gardener" <{BASE}> .' in shown.splitlines()
    assert any("<http://schema.org/Event>" in line for line in shown.splitlines())
    assert browser.find_elements(By.CSS_SELECTOR, "#result .l"), "the N-Quads are not highlighted"

    # Turtle, and N-Quads with provenance comments, from the Options.
    choose_graph_option(browser, "turtle")
    browser.find_element(By.ID, "run").click()
    wait_for_run(browser)
    shown = graph_tab_text(browser)
    assert browser.find_element(By.ID, "status").text.startswith("200 · text/turtle")
    assert shown == cli("graph", "-", "--base-url", BASE, "--format", "turtle", stdin=GRAPH_PAGE)
    choose_graph_option(browser, "nquads", provenance=True)
    browser.find_element(By.ID, "run").click()
    wait_for_run(browser)
    shown = graph_tab_text(browser)
    assert shown == cli("graph", "-", "--base-url", BASE, "--provenance", stdin=GRAPH_PAGE)
    assert {line.rsplit("# ", 1)[1] for line in shown.splitlines()} == {"rdfa", "json-ld"}
    assert_only_nothing_found_errors(browser)


# A product page with a mistake on line 4: a type schema.org does not have.
CHECK_PAGE = "\n".join(
    [
        "<!DOCTYPE html>",
        "<title>Anvil</title>",
        "<p>Our best anvil.</p>",
        '<div itemscope itemtype="https://schema.org/Prodcut">',
        '  <span itemprop="name">Anvil</span>',
        "</div>",
        "",
    ]
)


def test_check_tab_lists_the_diagnostics_and_marks_their_lines(server, browser):
    browser.get(server + "/")
    browser.find_element(By.ID, "html").send_keys(CHECK_PAGE)
    browser.find_element(By.ID, "base").send_keys(BASE)
    browser.find_element(By.ID, "run").click()
    wait_for_run(browser)
    browser.find_element(By.ID, "tab-check").click()
    assert browser.find_element(By.ID, "tab-check").get_attribute("aria-selected") == "true"
    assert browser.find_element(By.ID, "status").text.startswith("200 · application/json")

    # The command's record for the same page: the tab lists each of its diagnostics.
    checked = subprocess.run(
        [str(BINARY), "check", "-", "--base-url", BASE, "--format", "json"],
        input=CHECK_PAGE, capture_output=True, text=True,
    )
    assert checked.returncode == 1, checked.stderr
    record = json.loads(checked.stdout)
    listed = browser.find_elements(By.CSS_SELECTOR, "#check-list li")
    assert len(listed) == len(record["diagnostics"]) + len(record["features"])
    typo = listed[0]
    assert 'error[schema-unknown-type]: unknown type "Prodcut" (did you mean "Product"?)' in typo.text
    assert "error" in typo.get_attribute("class").split()

    # The pasted source, a line each, with exactly the diagnostics' lines marked.
    lines = browser.find_elements(By.CSS_SELECTOR, "#check-source .source-line")
    assert len(lines) == len(CHECK_PAGE.split("\n"))
    marked = {int(line.get_attribute("data-line")) for line in browser.find_elements(By.CSS_SELECTOR, "#check-source .flagged")}
    assert marked == {d["line"] for d in record["diagnostics"] if "line" in d}
    if "line" in record["diagnostics"][0]:
        # Where the page's positions are known, the typo's line is the itemtype's element.
        assert record["diagnostics"][0]["line"] == 4
        line = browser.find_element(By.ID, "source-line-4")
        assert "flagged" in line.get_attribute("class").split() and "Prodcut" in line.text
        assert "schema-unknown-type" in line.get_attribute("title")
    assert_only_nothing_found_errors(browser)
