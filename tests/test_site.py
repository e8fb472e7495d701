"""The offline HTML site, opened from disk in headless Chromium.

For the index, the errata and every notebook page: MathJax typeset every formula (no raw TeX is left),
widgets rendered from their saved state (slider elements exist), every figure loaded, nothing was
fetched from the network and the console logged no error.  A full-page screenshot of each page is saved
in _site/screenshots/ for a person to look at.  Runs wherever Chromium is installed; CI installs it.
"""
import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (CI installs Debian's chromium)")


def _builder():
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NOTEBOOK_PAGES = [row["name"] for row in _builder().learning_path()]


@pytest.fixture(scope="module")
def site():
    if shutil.which("npm") is None and not (ROOT / "site" / "node_modules").exists():
        pytest.skip("building the site needs npm to install its pinned assets")
    if SITE.exists():
        shutil.rmtree(SITE)
    _builder().build(SITE)
    (SITE / "screenshots").mkdir()
    return SITE


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


# Resolves once MathJax has worked through everything queued before it (or at once without MathJax).
WAIT_FOR_MATHJAX = """() => new Promise(resolve => {
    if (!window.MathJax || !window.MathJax.Hub) { resolve(false); return; }
    MathJax.Hub.Queue(() => resolve(true));
})"""
# The text MathJax is meant to typeset: markdown cells and LaTeX outputs, without code (MathJax skips
# <pre> and <code>, and printed outputs such as "12 x $7" are not maths).
PROSE_AND_LATEX_TEXT = """() => Array.from(document.querySelectorAll('.jp-MarkdownOutput, .jp-RenderedLatex'))
    .map(element => { const copy = element.cloneNode(true);
                      copy.querySelectorAll('pre, code, script').forEach(e => e.remove());
                      return copy.textContent; }).join('\\n')"""
RAW_TEX = re.compile(r"\$[^$\n]+\$|\\(frac|sqrt|cdot|alpha|beta|mathrm|text|left|right|sum)\b")


def open_page(browser, site, name):
    """Load a page; return it with the console errors and the non-local requests it made."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems = {"console": [], "remote": [], "failed": []}
    page.on("console", lambda message: message.type == "error" and problems["console"].append(message.text))
    page.on("pageerror", lambda error: problems["console"].append(str(error)))
    page.on("request", lambda request: request.url.split(":", 1)[0] not in ("file", "data", "blob")
            and problems["remote"].append(request.url))
    page.on("requestfailed", lambda request: problems["failed"].append(request.url))
    page.goto((site / f"{name}.html").as_uri(), wait_until="load")
    return page, problems


def check_common(page, problems, site, name):
    mathjax_ran = page.evaluate(WAIT_FOR_MATHJAX)
    images_ok = page.evaluate("() => Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)")
    page.screenshot(path=str(site / "screenshots" / f"{name}.png"), full_page=True)
    assert images_ok, f"{name}: a figure did not load"
    assert not problems["remote"], f"{name}: fetched from the network: {problems['remote']}"
    assert not problems["failed"], f"{name}: failed to load {problems['failed']}"
    assert not problems["console"], f"{name}: console errors {problems['console']}"
    return mathjax_ran


def test_index_lists_every_notebook_page(browser, site):
    page, problems = open_page(browser, site, "index")
    check_common(page, problems, site, "index")
    links = page.eval_on_selector_all("tbody a", "anchors => anchors.map(a => a.getAttribute('href'))")
    assert links == [f"{name}.html" for name in NOTEBOOK_PAGES]
    assert all((site / link).exists() for link in links)


def test_errata_page(browser, site):
    page, problems = open_page(browser, site, "errata")
    check_common(page, problems, site, "errata")
    assert page.inner_text("body").strip()


@pytest.mark.parametrize("name", NOTEBOOK_PAGES)
def test_notebook_page_renders_maths_widgets_and_figures(browser, site, name):
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    widget_models = json.dumps(notebook["metadata"].get("widgets", {}))
    has_slider = re.search(r'"_model_name": "(Float|Int)(Range)?SliderModel"', widget_models) is not None
    figures = sum("image/png" in output.get("data", {}) for cell in notebook["cells"]
                  for output in cell.get("outputs", []))

    page, problems = open_page(browser, site, name)
    if has_slider:
        page.wait_for_selector(".widget-slider", timeout=30_000)
    assert check_common(page, problems, site, name), f"{name}: MathJax did not load"

    text = page.evaluate(PROSE_AND_LATEX_TEXT)
    assert text.strip(), f"{name}: no markdown text found"
    leftover = RAW_TEX.search(text)
    assert leftover is None, f"{name}: raw TeX left on the page: {leftover.group(0)!r}"
    assert page.locator(".MathJax_Error, .mjx-merror, merror").count() == 0, f"{name}: MathJax error"
    assert page.locator("img").count() >= figures, f"{name}: fewer images than saved figures"
    if has_slider:
        assert page.locator(".widget-slider").count() > 0
