"""In JupyterLab, in a real browser: a learner works exercise 1 of exercises/01_contingency_table.ipynb.

This starts JupyterLab on a copy of the exercise notebook (autosave must not touch the repository), runs it
from the top as a learner would ("Run All"), and then, as the learner,

* types a wrong answer into the answer cell (scikit-learn's matrix read as Powers' table), runs it and the
  check cell below it, and reads the mistake named;
* types an answer cell that stops with an error, and reads that the check did not judge the old value;
* asks ``hint("01.1")`` in a new cell;
* types the right answer and sees it accepted;
* calls ``solution("01.1")`` and sees the worked solution, with the answer.

The expected answer is worked by hand: scikit-learn's ``[[50, 10], [5, 35]]`` is ``[[tn, fp], [fn, tp]]``, so
TP 35, FP 10, FN 5, TN 50, prevalence (35 + 5)/100 = 0.4 and bias (35 + 10)/100 = 0.45; read as Powers' table
(rows = predictions) it would give TP 50, FP 10, FN 5, TN 35, prevalence 0.55 and bias 0.6.

Screenshots go to build/lab-screenshots/. Skipped where Chromium or playwright is absent, like
tests/test_solutions_hidden.py.
"""
import os
import shutil
from pathlib import Path

import pytest
from lab_server import every_cell_lab_args, jupyterlab_server

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "exercises" / "01_contingency_table.ipynb"
SHOTS = ROOT / "build" / "lab-screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

WRONG = "answer_1 = (50, 10, 5, 35, 0.55, 0.6)"          # scikit-learn's matrix read as Powers' table
FAILING = "answer_1 = (35, 10, 5, 50, prevalence, 0.45)"  # a name never defined: NameError
RIGHT = "answer_1 = (35, 10, 5, 50, 0.4, 0.45)"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (CI installs Debian's chromium)")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    pytest.importorskip("jupyterlab", reason="JupyterLab is not installed: pip install -e '.[lab]'")
    folder = tmp_path_factory.mktemp("lab-exercises")
    shutil.copy(NOTEBOOK, folder)
    shutil.copy(NOTEBOOK.parent / "matplotlibrc", folder)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    with jupyterlab_server(folder, env, every_cell_lab_args(folder)) as url:
        yield url


_IDLE = """() => {
  const nb = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = nb && nb.sessionContext && nb.sessionContext.session && nb.sessionContext.session.kernel;
  return kernel && kernel.status === 'idle'
    && nb.content.widgets.every(c => c.model.type !== 'code' || c.model.executionState !== 'running');
}"""
_ALL_RUN = """() => window.jupyterapp.shell.currentWidget.content.widgets.every(
  c => c.model.type !== 'code' || (c.model.executionCount !== null && c.model.executionState !== 'running'))"""
_INDEX = """id => window.jupyterapp.shell.currentWidget.content.widgets.findIndex(c => c.model.id === id)"""
_OUTPUT = """index => window.jupyterapp.shell.currentWidget.content.widgets[index].node
  .querySelector('.jp-OutputArea') ? window.jupyterapp.shell.currentWidget.content.widgets[index].node
  .querySelector('.jp-OutputArea').innerText : ''"""


@pytest.fixture(scope="module")
def page(lab):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(f"{lab}/lab/tree/{NOTEBOOK.name}")
        page.wait_for_function(_IDLE, timeout=120_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(_ALL_RUN, timeout=300_000)
        page.wait_for_function(_IDLE, timeout=300_000)
        news = page.get_by_role("button", name="No")                 # JupyterLab's news toast, if any
        if news.count():
            news.first.click()
        SHOTS.mkdir(parents=True, exist_ok=True)
        yield page
        browser.close()


def _cell(page, index):
    return page.locator(".jp-Notebook .jp-Cell").nth(index)


def _type_and_run(page, index, text, runs=2):
    """Type ``text`` into cell ``index`` as the learner does, then Shift+Enter ``runs`` times (the cell and
    the one below it), waiting each time until the kernel is idle."""
    editor = _cell(page, index).locator(".cm-content")
    editor.scroll_into_view_if_needed()
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(text)
    for _ in range(runs):               # one at a time: a cell queued behind one that fails is never run
        page.keyboard.press("Shift+Enter")
        page.wait_for_timeout(300)
        page.wait_for_function(_IDLE, timeout=120_000)
    page.wait_for_timeout(500)


def test_a_learner_works_exercise_1_from_wrong_to_right(page):
    answer = page.evaluate(_INDEX, "exercise-1-answer")
    check = page.evaluate(_INDEX, "exercise-1-check")
    assert check == answer + 1
    # after Run All, unanswered
    assert page.evaluate(_OUTPUT, check).startswith("01.1: no answer yet")

    # a wrong answer: the mistake is named
    _type_and_run(page, answer, WRONG)
    page.screenshot(path=SHOTS / "exercise-01-wrong.png")
    said = page.evaluate(_OUTPUT, check)
    assert said.startswith("01.1: not yet — that reads scikit-learn's matrix as Powers' table"), said

    # an answer cell that fails: the check does not judge the value left from before
    _type_and_run(page, answer, FAILING)
    assert "NameError" in page.evaluate(_OUTPUT, answer)
    said = page.evaluate(_OUTPUT, check)
    page.screenshot(path=SHOTS / "exercise-01-failed-cell.png")
    assert said.startswith("01.1: not checked — the cell that sets answer_1 stopped with an error (NameError)"), said

    # a hint, in a new cell below the check
    page.evaluate(f"() => {{ window.jupyterapp.shell.currentWidget.content.activeCellIndex = {check}; }}")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:insert-cell-below')")
    page.wait_for_timeout(300)
    _type_and_run(page, check + 1, 'hint("01.1")', runs=1)
    said = page.evaluate(_OUTPUT, check + 1)
    page.screenshot(path=SHOTS / "exercise-01-hint.png")
    assert said.startswith("hint 1 of 3: scikit-learn's confusion_matrix puts the real classes in rows"), said

    # the right answer is accepted
    _type_and_run(page, answer, RIGHT)
    said = page.evaluate(_OUTPUT, check)
    page.screenshot(path=SHOTS / "exercise-01-right.png")
    assert said.strip() == "01.1: right.", said

    # the worked solution, rendered, ends with the answer
    _type_and_run(page, check + 1, 'solution("01.1")', runs=1)
    shown = _cell(page, check + 1).locator(".jp-OutputArea .jp-RenderedMarkdown")
    shown.scroll_into_view_if_needed()
    page.wait_for_timeout(1000)
    page.screenshot(path=SHOTS / "exercise-01-solution.png")
    text = shown.inner_text()
    assert "Worked solution of 01.1" in text, text
    assert "answer_1 = (35, 10, 5, 50, 0.4, 0.45)" in text, text
