"""The quizzes work where a learner meets them: in JupyterLab and on a static page, in headless Chromium.

* JupyterLab: a server (no token, its own empty Jupyter config, data and settings folders, so the notebook is
  opened fresh and untrusted, as a downloaded notebook is) serves a copy of notebook 01; the quiz's committed
  output must show every option closed, and a click on an option must show its verdict and explanation.
  JupyterLab sanitizes the HTML of an untrusted output: this checks that ``<details>``/``<summary>`` survive.
* A static page: the quiz's committed ``text/html`` output, as myst-nb puts it on the site, in a plain HTML
  page opened from disk with no kernel and no script: the same clicks must work.

Screenshots before and after the click are kept in build/quiz-screenshots/ for a person to look at.
Skipped, with the reason, where Chromium or playwright is missing.
"""
import json
import shutil
from pathlib import Path

import pytest
from lab_server import isolated_env, jupyterlab_server
from tools.handouts import CHROMIUM_FLAGS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "01_contingency_table.ipynb"
SHOTS = ROOT / "build" / "quiz-screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (CI installs Debian's chromium)")


def _quiz_output(notebook):
    """The committed outputs of the notebook's quiz cell (the code cell that calls quiz(...))."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    quiz_cells = [c for c in cells if c["cell_type"] == "code" and "quiz(" in "".join(c["source"])]
    assert len(quiz_cells) == 1, f"{notebook.name} has {len(quiz_cells)} quiz cells"
    return quiz_cells[0]["outputs"][0]["data"]


def _expected_first_option():
    """What the first question's first option must reveal, from the package (not from the page)."""
    from bookeval_lib.course.quiz import questions
    first = questions("01")[0].rendered()
    text, right, why = first["options"][0]
    return text, ("Right:" if right else "Not quite:"), why


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    """A JupyterLab server on a free port serving a fresh copy of notebook 01; stopped after the module."""
    pytest.importorskip("jupyterlab", reason="JupyterLab is not installed")
    home = tmp_path_factory.mktemp("lab")
    root = home / "notebooks"
    root.mkdir()
    shutil.copy(NOTEBOOK, root / NOTEBOOK.name)
    with jupyterlab_server(root, isolated_env(home)) as url:
        yield url


def _click_first_option(page, quiz, name):
    """Check every option starts closed, open the first one, and return what it then shows."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    details = quiz.locator("details")
    assert details.count() > 0
    assert all(details.nth(i).get_attribute("open") is None for i in range(details.count()))
    text, verdict, why = _expected_first_option()
    answer = details.first.locator("p")
    assert not answer.is_visible(), "an answer is visible before any click"
    summary = details.first.locator("summary")
    summary.scroll_into_view_if_needed()
    assert text in summary.inner_text()
    page.screenshot(path=str(SHOTS / f"{name}-closed.png"))
    summary.click()
    answer.wait_for(state="visible", timeout=5000)
    page.screenshot(path=str(SHOTS / f"{name}-open.png"))
    shown = answer.inner_text()
    assert shown.startswith(verdict) and why[:60] in shown, shown
    assert not details.nth(1).locator("p").is_visible(), "opening one option opened another"


def test_quiz_opens_on_click_in_jupyterlab_untrusted(browser, jupyterlab):
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    try:
        page.goto(f"{jupyterlab}/lab/tree/{NOTEBOOK.name}")
        quiz = page.locator(".jp-OutputArea-output .bookeval-quiz")
        quiz.wait_for(state="attached", timeout=120_000)
        quiz.scroll_into_view_if_needed()   # JupyterLab draws only the cells near the view
        quiz.wait_for(state="visible", timeout=30_000)
        # opened fresh, the notebook is untrusted (its status bar says so), so its HTML output was sanitized
        page.locator('[title^="Notebook not trusted"]').first.wait_for(state="attached", timeout=30_000)
        _click_first_option(page, quiz, "jupyterlab")
    finally:
        page.close()


def test_quiz_opens_on_click_on_a_static_page(browser, tmp_path):
    output = _quiz_output(NOTEBOOK)
    html = "".join(output["text/html"])
    page_file = tmp_path / "quiz.html"
    page_file.write_text("<!DOCTYPE html><html><head><meta charset='utf-8'><title>quiz</title></head>"
                         f"<body><main>{html}</main></body></html>", encoding="utf-8")
    page = browser.new_page(viewport={"width": 1100, "height": 900}, java_script_enabled=False)
    try:
        page.goto(page_file.as_uri())
        _click_first_option(page, page.locator(".bookeval-quiz"), "static")
    finally:
        page.close()
