"""The notebooks follow the course's cell conventions (DESIGN.md, "Notebooks"; issue 18).

* nbval's markers are cell tags (nbval-ignore-output, nbval-check-output, raises-exception, nbval-skip),
  never comments in the code a student reads;
* every cell of a worked solution carries the tag ``solution`` (the web site folds those cells), and a
  notebook with exercises has solutions so tagged;
* code lines are at most 90 characters, and every figure is followed by its one-line takeaway;
* every ``solution`` cell is collapsed when the notebook opens in JupyterLab 4: metadata
  ``jupyter.source_hidden`` and, for a code cell, ``jupyter.outputs_hidden`` (JupyterLab 4 keeps the
  legacy ``collapsed`` in step with it).
"""
import json
import re
from pathlib import Path

import pytest

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
def test_every_solution_cell_is_collapsed_in_jupyterlab(notebook):
    open_cells = []
    for index, cell in enumerate(_cells(notebook)):
        if "solution" not in cell["metadata"].get("tags", []):
            continue
        jupyter = cell["metadata"].get("jupyter", {})
        collapsed = jupyter.get("source_hidden") is True and (
            cell["cell_type"] != "code" or jupyter.get("outputs_hidden") is True)
        if not collapsed:
            open_cells.append(index)
    assert not open_cells, f"solution cells not collapsed (jupyter.source_hidden/outputs_hidden): {open_cells}"


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
