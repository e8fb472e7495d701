"""Each explorer's controls, figure and numbers fit on one screen of 1280 x 800, in JupyterLab and on the site.

A learner moves a slider and watches the figure and the numbers: if the explorer stacks taller than the
window, the slider and the figure cannot be seen together.  The explorers displayed in the notebooks (their
committed records, so exactly what the notebooks show) are laid out in headless Chromium at 1280 x 800:

* in JupyterLab, where a fresh notebook displays them from a running kernel, and
* on a static page built as the site builds an explorer's page (:func:`site_html`, the site's style sheet,
  a header bar as tall as the site's fixed one), with no Sphinx build.

After scrolling an explorer's top edge to the top of the view (under the site's header, or JupyterLab's
toolbar), every control, the figure and the numbers must lie inside the window (above JupyterLab's status
bar).  Screenshots are kept in build/explorer-layout/ for a person to look at.  Skipped, with
the reason, where Chromium, playwright or JupyterLab is missing.
"""
import json
import shutil
from pathlib import Path

import pytest
from lab_server import isolated_env, jupyterlab_server
from tools.handouts import CHROMIUM_FLAGS

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "explorer-layout"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
MIME = "application/vnd.bookeval.explorer+json"   # bookeval_lib.course.explorer.MIME
SCREEN = {"width": 1280, "height": 800}
SITE_HEADER = 64      # px: the site's fixed header bar (pydata-sphinx-theme's --pst-header-height, 4rem)

pytestmark = [pytest.mark.site,
              pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (CI installs Debian's chromium)")]


def _payloads():
    """(notebook stem, record) of every explorer a committed notebook displays."""
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for output in cell.get("outputs", []):
                if MIME in output.get("data", {}):
                    found.append((path.stem, output["data"][MIME]))
    return found


PAYLOADS = _payloads()


def _assert_on_one_screen(page, root, label, top=0, bottom=SCREEN["height"]):
    """Scroll the explorer's top edge to ``top`` and check that every control, the figure and the numbers lie
    inside the window, between ``top`` and ``bottom``; a screenshot of the window for a person to look at."""
    controls = root.locator("input[type=range], .widget-slider")
    assert controls.count() >= 1, f"{label}: no controls"
    root.evaluate("(r, top) => { const box = r.getBoundingClientRect(); "
                  "const scroller = (el => { while (el && el.scrollHeight <= el.clientHeight + 1) el = el.parentElement;"
                  " return el || document.scrollingElement; })(r.parentElement); "
                  "scroller.scrollTop += box.top - top; }", top)
    page.wait_for_timeout(300)
    boxes = [controls.nth(i).bounding_box() for i in range(controls.count())]
    for part in (".bx-figure svg", ".bx-numbers"):
        if root.locator(part).count():
            boxes.append(root.locator(part).first.bounding_box())
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{label}.png"))
    assert all(box is not None for box in boxes), f"{label}: a part is not drawn"
    for box in boxes:
        assert box["x"] >= 0 and box["x"] + box["width"] <= SCREEN["width"] + 0.5, (label, box)
        assert box["y"] >= top - 0.5 and box["y"] + box["height"] <= bottom + 0.5, (label, box)


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


def test_every_notebook_explorer_is_checked():
    # notebooks 04 (the bias sweep), 05 (the Bookmaker) and 11b (the threshold) display one explorer each
    assert sorted({payload["explorer"] for _, payload in PAYLOADS}) == ["bias_sweep", "bookmaker", "threshold"]


@pytest.mark.parametrize("stem, payload", PAYLOADS, ids=[stem for stem, _ in PAYLOADS])
def test_explorer_fits_one_screen_on_a_site_page(browser, tmp_path, stem, payload):
    from bookeval_lib.course.explorer import frames_script, site_html
    from bookeval_lib.course.explorers import from_payload

    explorer = from_payload(payload)
    frames = explorer.frames()
    (tmp_path / "frames.js").write_text(frames_script("x", frames), encoding="utf-8")
    shutil.copy(ROOT / "book" / "_static" / "explorers.js", tmp_path / "explorers.js")
    shutil.copy(ROOT / "book" / "_static" / "bookeval.css", tmp_path / "bookeval.css")
    page_file = tmp_path / "explorer.html"
    page_file.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>explorer</title>"
        "<link rel='stylesheet' href='bookeval.css'></head>"
        f"<body style='margin: 0; font-size: 16px'><div style='position: fixed; top: 0; height: {SITE_HEADER}px; "
        "width: 100%; background: #ddd'></div><main style='max-width: 52rem; margin: 0 auto; "
        f"padding: {SITE_HEADER}px 1rem 100vh'>"
        f"{site_html(explorer, 'x', frames, 'frames.js')}<script src='explorers.js'></script></main></body></html>",
        encoding="utf-8")
    page = browser.new_page(viewport=SCREEN)
    try:
        page.goto(page_file.as_uri())
        _assert_on_one_screen(page, page.locator(".bx-explorer"), f"site-{stem}", top=SITE_HEADER)
    finally:
        page.close()


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    """JupyterLab serving a fresh notebook that displays every explorer of the course from its record."""
    pytest.importorskip("jupyterlab", reason="JupyterLab is not installed")
    home = tmp_path_factory.mktemp("lab")
    root = home / "notebooks"
    root.mkdir()
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{number}", "metadata": {}, "outputs": [],
              "source": "import json\nfrom bookeval_lib.course.explorers import from_payload\n"
                        f"from_payload(json.loads({json.dumps(json.dumps(payload))}))"}
             for number, (_, payload) in enumerate(PAYLOADS)]
    notebook = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (root / "explorers.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    with jupyterlab_server(root, isolated_env(home)) as url:
        yield url


def test_explorers_fit_one_screen_in_jupyterlab(browser, jupyterlab):
    page = browser.new_page(viewport=SCREEN)
    try:
        page.goto(f"{jupyterlab}/lab/tree/explorers.ipynb")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(state="visible", timeout=120_000)
        page.get_by_text("| Idle").first.wait_for(state="visible", timeout=120_000)   # the kernel is up
        page.locator(".jp-Notebook").first.click()
        page.locator("li.lm-MenuBar-item", has_text="Run").click()
        page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
        cells = page.locator(".jp-Notebook .jp-CodeCell")
        for number, (stem, _) in enumerate(PAYLOADS):
            # JupyterLab draws only the cells near the view: bring each into view, then wait for its explorer
            cells.nth(number).scroll_into_view_if_needed()
            root = cells.nth(number).locator(".jp-OutputArea-output .widget-vbox").first
            root.wait_for(state="visible", timeout=120_000)
            root.locator(".bx-view").wait_for(state="attached", timeout=60_000)
            panel = page.locator(".jp-NotebookPanel-notebook").first.bounding_box()   # above the status bar
            _assert_on_one_screen(page, root, f"jupyterlab-{stem}", top=panel["y"],
                                  bottom=panel["y"] + panel["height"])
    finally:
        page.close()
