"""The notebooks follow the course's cell conventions:

* nbval's markers are cell tags (nbval-ignore-output, nbval-check-output, raises-exception, nbval-skip),
  never comments in the code a student reads;
* every cell of a worked solution carries the tag ``solution`` (the web site folds those cells), and a
  notebook with exercises has solutions so tagged;
* code lines are at most 90 characters, and every figure is followed by its one-line takeaway;
* every worked solution stays folded in JupyterLab 4 until the reader opens it, also after "Run All"
  (bookeval_lib.course.solutions; tests/test_solutions_hidden.py checks it in a browser).
"""
import json
import re
from pathlib import Path

import pytest

from bookeval_lib.course import solutions

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
# Any comment naming one of nbval 0.11's markers (nbval/plugin.py, ``comment_markers``).
NBVAL_COMMENT = re.compile(r"#.*\b(NBVAL_IGNORE_OUTPUT|NBVAL_CHECK_OUTPUT|NBVAL_RAISES_EXCEPTION|NBVAL_SKIP|"
                           r"PYTEST_VALIDATE_IGNORE_OUTPUT)\b")
EXERCISES = re.compile(r"^#{1,6}\s+Exercises?\b", re.MULTILINE)


def _cells(notebook):
    return json.loads(notebook.read_text(encoding="utf-8"))["cells"]


def _source(cell):
    return "".join(cell["source"])


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_nbval_markers_are_tags_not_comments(notebook):
    found = [(index, match.group(0)) for index, cell in enumerate(_cells(notebook)) if cell["cell_type"] == "code"
             for match in [NBVAL_COMMENT.search(_source(cell))] if match]
    assert not found, f"nbval markers written as comments (make them cell tags): {found}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_solution_stays_folded_after_run_all(notebook):
    """JupyterLab shows a collapsed markdown cell and a code cell's outputs again when it runs them, but
    leaves a code cell's source collapsed: so a markdown solution is a closed ``<details>`` fold, and a code
    solution keeps its source collapsed and folds its outputs (``%%solution N``)."""
    cells = _cells(notebook)
    open_cells = []
    for index, cell in enumerate(cells):
        if "solution" not in cell["metadata"].get("tags", []):
            continue
        if cell["cell_type"] == "markdown":
            title, _ = solutions.unfold(_source(cell))
            folded = title is not None and re.fullmatch(r"Solution \d+( \(continued\))?", title) is not None
        else:
            jupyter = cell["metadata"].get("jupyter", {})
            folded = (jupyter.get("source_hidden") is True and jupyter.get("outputs_hidden") is True
                      and re.match(r"%%solution \d+\n", _source(cell)) is not None
                      and all(output.get("metadata", {}).get(solutions.OUTPUT_KEY) for output in cell["outputs"]))
        if not folded:
            open_cells.append(index)
    assert not open_cells, f"solution cells not folded (run `make regen`, then execute): {open_cells}"
    if any(c["cell_type"] == "code" and "solution" in c["metadata"].get("tags", []) for c in cells):
        first = next(c for c in cells if c["cell_type"] == "code")
        assert f"%load_ext {solutions.EXTENSION}" in _source(first).splitlines()


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_exercises_have_solutions_tagged(notebook):
    cells = _cells(notebook)
    if not any(cell["cell_type"] == "markdown" and EXERCISES.search(_source(cell)) for cell in cells):
        pytest.skip("no Exercises section")
    assert any("solution" in cell["metadata"].get("tags", []) for cell in cells), \
        "the notebook has exercises but no cell tagged `solution`"


#: The longest code line a notebook may show: about 90 characters fit a projector and a printed page.
LONGEST_CODE_LINE = 90


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_code_lines_fit_a_projector_and_a_page(notebook):
    long = [(index, len(line)) for index, cell in enumerate(_cells(notebook)) if cell["cell_type"] == "code"
            for line in _source(cell).splitlines() if len(line) > LONGEST_CODE_LINE]
    assert not long, f"code lines over {LONGEST_CODE_LINE} characters (cell, length): {long}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_figure_has_a_one_line_takeaway(notebook):
    cells = _cells(notebook)
    missing = [index for index, cell in enumerate(cells[:-1]) if cell["cell_type"] == "code"
               and any({"image/png", "image/svg+xml"} & set(output.get("data", {})) for output in cell.get("outputs", []))
               and not (cells[index + 1]["cell_type"] == "markdown"
                        and _source(cells[index + 1]).lstrip().startswith("*In one line:*"))]
    assert not missing, f"figures with no '*In one line:*' cell right after them (cell index): {missing}"
