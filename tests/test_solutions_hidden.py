"""In JupyterLab, in a real browser: after "Run All" no worked solution shows until the reader opens it.

JupyterLab shows a collapsed cell again when it runs it (a markdown cell's source, a code cell's outputs),
so the notebooks fold their solutions by content (bookeval_lib.course.solutions). This starts JupyterLab on
a copy of a notebook (autosave must not touch the repository), runs every cell with JupyterLab's own
"Run All" command, and checks in Chromium that

* every markdown solution is a closed ``<details>`` whose body is not rendered, every code solution's source
  stays collapsed and its output is a closed fold;
* a control cell, collapsed the old way (``source_hidden`` only), is shown again: the check can fail, and
  JupyterLab behaves as the design assumes;
* a click on "Solution N" opens it;
* in a notebook with groups "for the curious" (03b, markdown and code), every such cell stays folded the same
  way after "Run All": markdown a closed ``<details>``, code collapsed with its output a closed fold.

Screenshots go to build/lab-screenshots/. Skipped where Chromium or playwright is absent, like tests/test_site.py.
"""
import json
import os
import shutil
from pathlib import Path

import pytest
from lab_server import every_cell_lab_args, jupyterlab_server

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "10_comparing_classifiers.ipynb"
CURIOUS_NOTEBOOK = ROOT / "notebooks" / "03b_moving_the_bias.ipynb"
SHOTS = ROOT / "build" / "lab-screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CONTROL = "CONTROL: collapsed by metadata only"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (CI installs Debian's chromium)")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab serving a copy of the notebook, with a control cell collapsed the old way appended."""
    pytest.importorskip("jupyterlab", reason="JupyterLab is not installed: pip install -e '.[lab]'")
    folder = tmp_path_factory.mktemp("lab")
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    notebook["cells"].append({"cell_type": "markdown", "id": "control", "source": CONTROL,
                              "metadata": {"jupyter": {"source_hidden": True}}})
    (folder / NOTEBOOK.name).write_text(json.dumps(notebook), encoding="utf-8")
    shutil.copy(CURIOUS_NOTEBOOK, folder)
    shutil.copy(NOTEBOOK.parent / "matplotlibrc", folder)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    with jupyterlab_server(folder, env, every_cell_lab_args(folder)) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield browser
        browser.close()


def _run_all(browser, lab, name):
    """A page with notebook ``name`` open in JupyterLab, its outputs cleared and every cell run again."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(f"{lab}/lab/workspaces/{Path(name).stem}/tree/{name}?reset")     # a workspace of its own
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
                           " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
                           ".status === 'idle'", timeout=120_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(_ALL_RUN, timeout=600_000)
    page.wait_for_timeout(2000)                                   # markdown rendered, MathJax typeset
    news = page.get_by_role("button", name="No")                 # JupyterLab's news toast, if any
    if news.count():
        news.first.click()
    SHOTS.mkdir(parents=True, exist_ok=True)
    return page


@pytest.fixture(scope="module")
def page(lab, browser):
    page = _run_all(browser, lab, NOTEBOOK.name)
    yield page
    page.close()


@pytest.fixture(scope="module")
def curious_page(lab, browser):
    page = _run_all(browser, lab, CURIOUS_NOTEBOOK.name)
    yield page
    page.close()


# Every code cell has run (an execution count, not running) once "Run All" has been pressed.
_ALL_RUN = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.widgets;
  return cells.every(c => c.model.type !== 'code'
                     || (c.model.executionCount !== null && c.model.executionState !== 'running'));
}"""

# What the reader sees of each cell tagged `solution`, and of the control cell.
_STATE = """() => window.jupyterapp.shell.currentWidget.content.widgets.map((cell, index) => {
  const tags = cell.model.getMetadata('tags') || [];
  const folds = [...cell.node.querySelectorAll('details')];
  const shown = [...cell.node.querySelectorAll('.jp-RenderedMarkdown p, .jp-OutputArea-output pre')]
    .filter(e => e.checkVisibility()).map(e => e.innerText);
  return {index, type: cell.model.type, solution: tags.includes('solution'),
          curious: tags.includes('for-the-curious'), inputHidden: cell.inputHidden,
          source: cell.model.sharedModel.getSource(), folds: folds.length,
          open: folds.filter(d => d.open).length, shown};
})"""


def _assert_folded(cells):
    """Each folded cell is closed after Run All: markdown a closed <details>, code collapsed with its output."""
    for cell in cells:
        if cell["type"] == "markdown":
            assert not cell["inputHidden"] and cell["folds"] == 1 and cell["open"] == 0, cell
            assert cell["shown"] == [], cell                            # the body is inside the closed fold
        else:
            assert cell["inputHidden"], cell                            # Run All leaves the code collapsed
            without_source = {k: v for k, v in cell.items() if k != "source"}
            assert cell["folds"] == 1 and cell["open"] == 0 and cell["shown"] == [], without_source


def test_no_solution_shows_after_run_all(page):
    state = page.evaluate(_STATE)
    page.locator(".jp-RenderedMarkdown h2", has_text="Exercises").first.evaluate(
        "heading => heading.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    page.screenshot(path=SHOTS / "after-run-all.png")
    solutions = [cell for cell in state if cell["solution"]]
    assert {cell["type"] for cell in solutions} == {"markdown", "code"}, "the notebook should have both kinds"
    _assert_folded(solutions)
    control = state[-1]
    assert control["source"] == CONTROL and not control["inputHidden"], control   # what the fold replaces
    assert any(CONTROL in text for text in control["shown"]), control


def test_a_click_opens_a_solution(page):
    summary = page.locator(".jp-RenderedMarkdown details > summary", has_text="Solution 1").first
    summary.scroll_into_view_if_needed()
    summary.click()
    page.wait_for_timeout(1000)
    page.screenshot(path=SHOTS / "solution-1-opened.png")
    state = page.evaluate(_STATE)
    opened = [cell for cell in state if cell["solution"] and cell["type"] == "markdown" and cell["open"]]
    assert len(opened) == 1 and opened[0]["shown"], opened
    assert "Solution 1" in opened[0]["source"]
    maths = page.locator(".jp-RenderedMarkdown details[open] mjx-container")
    assert maths.count() > 0, "the maths inside the opened solution is typeset"


def test_no_group_for_the_curious_shows_after_run_all(curious_page):
    state = curious_page.evaluate(_STATE)
    curious = [cell for cell in state if cell["curious"]]
    curious_page.locator(".jp-RenderedMarkdown details > summary", has_text="For the curious").first.evaluate(
        "summary => summary.scrollIntoView({block: 'center'})")
    curious_page.wait_for_timeout(500)
    curious_page.screenshot(path=SHOTS / "curious-after-run-all.png")
    assert {cell["type"] for cell in curious} == {"markdown", "code"}, "the notebook should have both kinds"
    _assert_folded(curious)
