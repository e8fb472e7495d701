"""Every stated aim of every notebook is practised (issue 33, §2): notebooks/aims.toml maps each aim to the
exercises ("NN.k": notebook NN, exercise **k.**) and quiz questions ("NN.Qk") that practise it.

The aims are parsed from the notebooks (the bullets of the ``## Aim`` cell), so a new or reworded aim fails
here until it is mapped; every ID named must exist (an exercise of that notebook's ``## Exercises``, a
question of its quiz bank), and every aim needs at least one.
"""
import json
import re
import tomllib
from pathlib import Path

import pytest

from bookeval_lib.course.quiz import questions

ROOT = Path(__file__).resolve().parent.parent
STEM = re.compile(r"^(\d\db?|A\d)_")
NOTEBOOKS = {STEM.match(p.name).group(1): p for p in sorted((ROOT / "notebooks").glob("*.ipynb"))
             if STEM.match(p.name)}
EXERCISE = re.compile(r"^\*\*(\d+)\.", re.MULTILINE)


def _text(cell):
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _normal(text):
    return " ".join(text.split())


def stated_aims(cells):
    """The bullets of the notebook's ``## Aim`` cell, each as one line (continuation lines joined)."""
    aim_cells = [_text(c) for c in cells if c["cell_type"] == "markdown" and _text(c).startswith("## Aim")]
    if len(aim_cells) != 1:
        return None
    bullets, current = [], None
    for line in aim_cells[0].splitlines()[1:]:
        if line.startswith(("* ", "- ")):
            current = [line[2:]]
            bullets.append(current)
        elif current is not None and line.startswith("  ") and line.strip():
            current.append(line.strip())
        else:
            current = None
    return [_normal(" ".join(parts)) for parts in bullets]


def exercise_numbers(cells):
    """The numbers k of the exercises **k.** under ``## Exercises`` (cells tagged ``solution`` left out)."""
    numbers, inside = set(), False
    for cell in cells:
        text = _text(cell)
        if cell["cell_type"] == "markdown":
            if re.search(r"^## Exercises", text, re.MULTILINE):
                inside = True
                text = text[re.search(r"^## Exercises", text, re.MULTILINE).start():]
            elif re.match(r"^## ", text):
                inside = False
            if inside and "solution" not in cell["metadata"].get("tags", []):
                numbers |= {int(k) for k in EXERCISE.findall(text)}
    return numbers


def _load_map():
    return tomllib.loads((ROOT / "notebooks" / "aims.toml").read_text(encoding="utf-8"))["aim"]


def test_the_parsers_read_bullets_and_exercises():
    cell = {"cell_type": "markdown", "metadata": {},
            "source": "## Aim\n\nAfter this notebook you can\n\n* read a\n  table;\n* compute B.\n\nIt assumes x."}
    assert stated_aims([cell]) == ["read a table;", "compute B."]
    assert stated_aims([{**cell, "source": "## Theory"}]) is None
    exercises = [{"cell_type": "markdown", "metadata": {}, "source": "**9.** not yet"},
                 {"cell_type": "markdown", "metadata": {}, "source": "## Exercises\n\n**1.** One.\n**2. Two.** x"},
                 {"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": "**3.** in a solution"},
                 {"cell_type": "markdown", "metadata": {}, "source": "## Key takeaways\n\n**4.** no"}]
    assert exercise_numbers(exercises) == {1, 2}


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS))
def test_every_aim_is_mapped_to_what_practises_it(notebook):
    cells = json.loads(NOTEBOOKS[notebook].read_text(encoding="utf-8"))["cells"]
    aims = stated_aims(cells)
    assert aims, f"{NOTEBOOKS[notebook].name} has no '## Aim' cell with bullets"
    entries = [e for e in _load_map() if e["notebook"] == notebook]
    mapped = [_normal(e["aim"]) for e in entries]
    assert sorted(mapped) == sorted(aims), (
        f"aims.toml and the notebook disagree; not mapped: {sorted(set(aims) - set(mapped))}; "
        f"not in the notebook: {sorted(set(mapped) - set(aims))}")
    exercises = {f"{notebook}.{k}" for k in exercise_numbers(cells)}
    quiz = {q.id for q in questions(notebook)}
    for entry in entries:
        named = entry.get("exercises", []) + entry.get("questions", [])
        assert named, f"no exercise or question practises: {entry['aim'][:60]}"
        assert set(entry.get("exercises", [])) <= exercises, sorted(set(entry["exercises"]) - exercises)
        assert set(entry.get("questions", [])) <= quiz, sorted(set(entry["questions"]) - quiz)


def test_the_map_names_only_notebooks_that_exist():
    assert {e["notebook"] for e in _load_map()} <= set(NOTEBOOKS)
