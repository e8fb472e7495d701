"""Put a "check your understanding" quiz at the end of every notebook, after its key takeaways.

A step of ``python -m tools regen``: every notebook of notebooks/ ends with

1. its ``## Key takeaways`` markdown cell (as it is),
2. a markdown cell ``## Check your understanding``, and
3. a code cell ``quiz("NN")`` (``NN`` from the file name: ``08``, ``11b``, ``A1``) with its output,

any quiz cells written before removed (their metadata is kept), so a re-run changes nothing.  The output written is the one the
kernel displays for the cell (``text/html`` and ``text/plain`` of :class:`bookeval_lib.course.quiz.Quiz`,
with the next execution count), so the notebook stays executed; strict nbval re-runs the cell and compares.
The exercise versions in exercises/ hold the exercises, not the quiz.  ``python -m tools regen --check``
lists the notebooks whose quiz cells are missing or stale (a question changed in
``bookeval_lib/course/quiz_bank/``).  A notebook without a ``## Key takeaways``
cell or without a quiz bank module is an error: write its takeaways, or give it a bank
(``quiz_bank/nbNN.py``; when a notebook is split, its quiz is divided between the halves by each question's
``section``).
"""
from __future__ import annotations

from tools.course import source as _source

HEADING = "## Check your understanding"
TAKEAWAYS = "## Key takeaways"
INTRO = (HEADING + "\n\n"
         "Answer each question in your head first, then open the options one by one: each says whether it is "
         "right, and why. A question with a number reveals it, with how to get it.")
IMPORT = "from bookeval_lib.course.quiz import quiz"


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def _is_quiz_cell(cell) -> bool:
    text = _source(cell)
    return (cell["cell_type"] == "markdown" and text.startswith(HEADING)) or \
        (cell["cell_type"] == "code" and text.startswith(IMPORT))


def quiz_cells(notebook_id: str, execution_count: int) -> list[dict]:
    """The two cells that end notebook ``notebook_id``: the heading and the executed quiz cell."""
    from bookeval_lib.course.quiz import quiz
    shown = quiz(notebook_id)
    code = f'{IMPORT}\n\nquiz("{notebook_id}")'
    return [
        {"cell_type": "markdown", "id": "check-your-understanding", "metadata": {}, "source": _lines(INTRO)},
        {"cell_type": "code", "execution_count": execution_count, "id": "quiz", "metadata": {},
         "outputs": [{"data": {"text/html": _lines(shown._repr_html_()), "text/plain": _lines(repr(shown))},
                      "execution_count": execution_count, "metadata": {}, "output_type": "execute_result"}],
         "source": _lines(code)},
    ]


def with_quiz(notebook: dict, notebook_id: str) -> dict:
    """``notebook`` with its quiz cells (re)placed right after the ``## Key takeaways`` cell, which ends it.

    Cells written before keep their metadata.
    """
    old = {cell["cell_type"]: cell["metadata"] for cell in notebook["cells"] if _is_quiz_cell(cell)}
    cells = [cell for cell in notebook["cells"] if not _is_quiz_cell(cell)]
    if not cells or cells[-1]["cell_type"] != "markdown" or not _source(cells[-1]).startswith(TAKEAWAYS):
        raise ValueError(f"notebook {notebook_id}: the last cell before the quiz must be {TAKEAWAYS!r}")
    counts = [cell.get("execution_count") or 0 for cell in cells if cell["cell_type"] == "code"]
    new = quiz_cells(notebook_id, max(counts, default=0) + 1)
    for cell in new:
        cell["metadata"] = old.get(cell["cell_type"], cell["metadata"])
    return {**notebook, "cells": cells + new}
