"""Fold the worked solutions of notebooks/, and generate the exercise notebooks in exercises/ (``make exercises``).

Two steps, both idempotent (run it again after any notebook changes; ``--check`` writes nothing, lists what
is stale and exits 1):

1. **Solutions stay folded in the full notebooks**, also after "Run All" in JupyterLab, which shows a
   collapsed cell again when it runs it (a markdown cell's source, a code cell's outputs). Each run of cells
   tagged ``solution`` under exercise N becomes
   * markdown: one closed HTML fold ``<details><summary>Solution N</summary>`` ... ``</details>``
     (``bookeval_lib.course.solutions.fold``; the "Solution N." label it started with becomes the title);
   * code: source still collapsed (running a cell leaves its source alone) and a first line
     ``%%solution N``, the cell magic that folds everything the cell shows under "Output of solution N";
   and the notebook's first code cell loads that magic (``%load_ext bookeval_lib.course.solutions``).
   The notebooks changed must be executed again (``make execute NOTEBOOKS=...``) so that their outputs are
   the folded ones; ``--check`` reports a notebook whose solution outputs are not folded yet.

2. **exercises/NN_*.ipynb** for every notebook with exercises: the notebook without its solution cells; a
   first cell that says how to use ``check``, ``hint`` and ``solution``; under each exercise N an answer cell
   (the exercise bank's ``starter``, else ``answer_N = ...``) and a check cell ``check("NN.N", answer_N)``
   (only for a notebook that has an exercise bank, bookeval_lib/course/exercise_bank/nbNN.py: without one
   the checks could not run; the script names such notebooks).
   Every other cell is kept, prose included: the exercises use the tables, data and models the notebook built
   ("the table of exercise 1", "the training words above"), its code cells depend on each other, and the
   prose is what the learner rereads to solve them. Links to the course's files point back to notebooks/.
   A file whose cells changed is written and executed (nbclient, unanswered: each check says "no answer
   yet"); one whose cells are unchanged is left as it is, outputs included, so a second run changes nothing.
"""
from __future__ import annotations

import argparse
import copy
import importlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
EXERCISES = ROOT / "exercises"
# matplotlib reads matplotlibrc from the working directory, which nbval and JupyterLab set to the notebook's
# folder: the exercise notebooks get the course's style from a copy (checked like the notebooks).
COPIED = ("matplotlibrc",)
sys.path.insert(0, str(ROOT))

from bookeval_lib.course.solutions import EXTENSION, MAGIC, OUTPUT_KEY, fold, strip_magic, unfold  # noqa: E402

SOLUTION_TAG = "solution"
LOAD_LINE = f"%load_ext {EXTENSION}"
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*)$")
_EXERCISE = re.compile(r"^\s*\*\*(\d+)\.")
_LABEL = re.compile(r"\A\s*(?:\*\*)?Solution\s+(\d+)\.?(?:\*\*)?[ \t]*\n?", re.I)
_LINK = re.compile(r"\]\((?!https?:|#|/|mailto:)([^)#\s]+)(#[^)\s]*)?\)")


# --- notebook files ------------------------------------------------------------------------------------

def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def dumps(notebook: dict) -> str:
    """As nbformat writes it (one-space indent, sorted keys, UTF-8, a final newline)."""
    return json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def set_source(cell: dict, text: str) -> None:
    cell["source"] = text.splitlines(keepends=True)


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def is_solution(cell: dict) -> bool:
    return SOLUTION_TAG in tags(cell)


def prefix(path: Path) -> str:
    """"08" of 08_monte_carlo.ipynb, "A1" of A1_lingpipe.ipynb."""
    return path.stem.split("_", 1)[0]


# --- exercises and their solutions ---------------------------------------------------------------------

def exercise_cells(cells: list[dict]) -> dict[int, list[int]]:
    """{cell index: the numbers N of the items ``**N.**`` it holds under an "Exercises" heading} (markdown
    cells that are not solutions)."""
    found, inside = {}, False
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "markdown" or is_solution(cell):
            continue
        for line in source(cell).splitlines():
            heading = _HEADING.match(line)
            if heading:
                inside = "exercise" in heading.group(2).lower()
            item = _EXERCISE.match(line)
            if inside and item:
                found.setdefault(index, []).append(int(item.group(1)))
    return found


def solution_runs(cells: list[dict]) -> list[tuple[int, list[int]]]:
    """(exercise number, indices) of each run of consecutive solution cells; the number is the last
    exercise above the run."""
    exercises = exercise_cells(cells)
    runs, current, number = [], None, None
    for index, cell in enumerate(cells):
        if index in exercises:
            number = exercises[index][-1]
        if not is_solution(cell):
            current = None
            continue
        if number is None:
            raise ValueError(f"cell {index} is tagged `solution` but no exercise **N.** is above it")
        if current is None:
            current = (number, [])
            runs.append(current)
        current[1].append(index)
    return runs


# --- 1. the full notebooks: solutions folded -----------------------------------------------------------

def _fold_markdown(cell: dict, number: int, first: bool) -> None:
    title, body = unfold(source(cell))
    if title is None:
        label = _LABEL.match(body)
        if label is not None and int(label.group(1)) != number:
            raise ValueError(f"“Solution {label.group(1)}” sits under exercise {number}")
        body = body[label.end():] if label else body
    wanted = f"Solution {number}" + ("" if first else " (continued)")
    set_source(cell, fold(wanted, body))
    jupyter = cell["metadata"].get("jupyter", {})
    jupyter.pop("source_hidden", None)          # the fold hides it; a collapsed cell would hide the fold
    if not jupyter:
        cell["metadata"].pop("jupyter", None)


def _fold_code(cell: dict, number: int) -> None:
    code = strip_magic(source(cell))
    set_source(cell, f"%%{MAGIC} {number}\n{code}")
    jupyter = cell["metadata"].setdefault("jupyter", {})
    jupyter["source_hidden"] = jupyter["outputs_hidden"] = True
    cell["metadata"]["collapsed"] = True


def _load_magic(cells: list[dict]) -> None:
    """The first code cell loads the ``%%solution`` magic (once)."""
    first = next(cell for cell in cells if cell["cell_type"] == "code")
    if LOAD_LINE not in source(first).splitlines():
        set_source(first, f"{LOAD_LINE}\n{source(first)}")


def fold_solutions(notebook: dict) -> dict:
    """A copy of ``notebook`` with every solution folded (module docstring, step 1)."""
    notebook = copy.deepcopy(notebook)
    cells = notebook["cells"]
    runs = solution_runs(cells)
    for number, indices in runs:
        markdown = 0
        for index in indices:
            if cells[index]["cell_type"] == "markdown":
                _fold_markdown(cells[index], number, first=markdown == 0)
                markdown += 1
            elif cells[index]["cell_type"] == "code":
                _fold_code(cells[index], number)
    if any(cells[i]["cell_type"] == "code" for _, indices in runs for i in indices):
        _load_magic(cells)
    return notebook


def unfolded_outputs(notebook: dict) -> list[int]:
    """Indices of solution code cells with an output that is not the folded one (not executed since)."""
    return [index for index, cell in enumerate(notebook["cells"])
            if cell["cell_type"] == "code" and is_solution(cell)
            and any(not output.get("metadata", {}).get(OUTPUT_KEY) for output in cell.get("outputs", []))]


# --- 2. the exercise notebooks -------------------------------------------------------------------------

def _bank(number: str):
    """The exercise bank of one notebook ({id: Exercise}), or None where the checker or the bank is absent."""
    try:
        module = importlib.import_module(f"bookeval_lib.course.exercise_bank.nb{number}")
    except ModuleNotFoundError:
        return None
    return {exercise.id: exercise for exercise in module.EXERCISES}


def _markdown(text: str, cell_id: str) -> dict:
    cell = {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": []}
    set_source(cell, text)
    return cell


def _code(text: str, cell_id: str) -> dict:
    cell = {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": {}, "outputs": [],
            "source": []}
    set_source(cell, text)
    return cell


def _how_to(number: str, first: int) -> list[dict]:
    example = f"{number}.{first}"
    text = (f"**How to use this exercise notebook.** It is the notebook with its worked solutions taken out. "
            f"Run the cells from the top: the exercises use what the notebook builds. Under each exercise, "
            f"replace the `...` in the answer cell with your answer, run it, and run the check below it: "
            f'`check("{example}", answer_{first})` says in one line whether the answer is right. '
            f'`hint("{example}")` gives a nudge, `hint("{example}", 2)` the method, and '
            f'`solution("{example}")` shows the worked solution.')
    return [_markdown(text, "exercise-how-to"),
            _code("from bookeval_lib.course import check, hint, solution", "exercise-imports")]


def _answer_cells(number: str, exercise: int, bank) -> list[dict]:
    key = f"{number}.{exercise}"
    starter = bank[key].starter if bank is not None and key in bank and bank[key].starter else None
    answer = starter or f"answer_{exercise} = ..."
    return [_code(answer.rstrip("\n"), f"exercise-{exercise}-answer"),
            _code(f'check("{key}", answer_{exercise})', f"exercise-{exercise}-check")]


def _relink(text: str, notebooks: Path) -> str:
    """Relative links to the course's files point into notebooks/ from exercises/."""
    def target(match):
        path = match.group(1)
        if (notebooks / path).exists():
            return f"](../notebooks/{path}{match.group(2) or ''})"
        return match.group(0)
    return _LINK.sub(target, text)


def exercise_notebook(notebook: dict, number: str, notebooks: Path = NOTEBOOKS) -> dict | None:
    """The exercise notebook of a (folded) notebook with prefix ``number``; None when it has no exercises."""
    cells = notebook["cells"]
    exercises = exercise_cells(cells)
    if not exercises:
        return None
    bank = _bank(number)
    runs = {indices[0]: n for n, indices in solution_runs(cells)}
    solved = set(runs.values())
    out: list[dict] = []
    for index, cell in enumerate(cells):
        if index in runs:
            out += _answer_cells(number, runs[index], bank)
        if is_solution(cell):
            continue
        cell = copy.deepcopy(cell)
        cell["metadata"].pop("slideshow", None)
        if cell["cell_type"] == "markdown":
            set_source(cell, _relink(source(cell), notebooks))
        else:
            code = "\n".join(line for line in source(cell).splitlines() if line != LOAD_LINE)
            set_source(cell, code)
            cell["outputs"], cell["execution_count"] = [], None
        out.append(cell)
        if index == 0:
            out += _how_to(number, min(n for ns in exercises.values() for n in ns))
        for exercise in exercises.get(index, []):
            if exercise not in solved:                  # no worked solution to put the answer in place of
                out += _answer_cells(number, exercise, bank)
    result = {key: value for key, value in notebook.items() if key != "cells"}
    result["metadata"] = {key: value for key, value in notebook["metadata"].items() if key != "widgets"}
    result["cells"] = out
    return result


def _cells_only(notebook: dict) -> list[tuple]:
    """What the generator decides (cell types, ids, sources, metadata), without what execution adds."""
    return [(cell["cell_type"], cell.get("id"), source(cell),
             json.dumps({k: v for k, v in cell["metadata"].items() if k not in ("execution", "collapsed")},
                        sort_keys=True))
            for cell in notebook["cells"]]


def execute(notebook: dict, folder: Path) -> dict:
    """Run a notebook as ``make execute`` does (no timing, 900 s per cell), in ``folder``."""
    import nbclient
    import nbformat

    node = nbformat.reads(json.dumps(notebook), as_version=4)
    nbclient.NotebookClient(node, timeout=900, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(folder)}}).execute()
    return json.loads(nbformat.writes(node))


# --- the whole course ----------------------------------------------------------------------------------

def plan(notebooks: Path = NOTEBOOKS, exercises: Path = EXERCISES) -> dict:
    """What each generated file should be: {"notebooks": {path: (current, wanted)}, "exercises": {path:
    (current or None, wanted notebook)}, "copies": {path: (current, wanted)}, "unexecuted": {path: [cells]},
    "orphans": [exercise notebooks whose notebook has no exercises or no bank], "no_bank": [prefixes of
    notebooks with exercises but no exercise bank yet: no exercise notebook is made for them]}."""
    result: dict = {"notebooks": {}, "exercises": {}, "copies": {}, "unexecuted": {}, "orphans": [],
                    "no_bank": []}
    for path in sorted(notebooks.glob("*.ipynb")):
        current = path.read_text(encoding="utf-8")
        folded = fold_solutions(json.loads(current))
        result["notebooks"][path] = (current, dumps(folded))
        if unfolded_outputs(folded):
            result["unexecuted"][path] = unfolded_outputs(folded)
        wanted = exercise_notebook(folded, prefix(path), notebooks)
        if wanted is not None and _bank(prefix(path)) is None:
            result["no_bank"].append(prefix(path))       # its check cells could not run: no notebook yet
        elif wanted is not None:
            target = exercises / path.name
            result["exercises"][target] = (read(target) if target.exists() else None, wanted)
    for name in COPIED:
        target = exercises / name
        wanted = (notebooks / name).read_text(encoding="utf-8")
        result["copies"][target] = (target.read_text(encoding="utf-8") if target.exists() else None, wanted)
    made = set(result["exercises"])
    result["orphans"] = [p for p in sorted(exercises.glob("*.ipynb")) if p not in made]
    return result


def stale(planned: dict) -> list[str]:
    """One line per stale file (empty when everything is up to date)."""
    lines = []
    for path, (current, wanted) in planned["notebooks"].items():
        if current != wanted:
            lines.append(f"{path.relative_to(ROOT)}: solutions not folded")
    for path, cells in planned["unexecuted"].items():
        lines.append(f"{path.relative_to(ROOT)}: solution outputs not folded (execute it again): cells {cells}")
    for path, (current, wanted) in planned["exercises"].items():
        if current is None:
            lines.append(f"{path.relative_to(ROOT)}: missing")
        elif _cells_only(current) != _cells_only(wanted):
            lines.append(f"{path.relative_to(ROOT)}: stale")
        elif any(cell["cell_type"] == "code" and cell.get("execution_count") is None and source(cell).strip()
                 for cell in current["cells"]):
            lines.append(f"{path.relative_to(ROOT)}: not executed")
    for path, (current, wanted) in planned["copies"].items():
        if current != wanted:
            lines.append(f"{path.relative_to(ROOT)}: differs from notebooks/{path.name}")
    lines += [f"{path.relative_to(ROOT)}: its notebook has no exercises" for path in planned["orphans"]]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is stale")
    parser.add_argument("--no-execute", action="store_true", help="write exercise notebooks unexecuted")
    parser.add_argument("--solutions-only", action="store_true", help="step 1 only: fold the notebooks' solutions")
    args = parser.parse_args(argv)
    planned = plan()
    if planned["no_bank"]:
        print(f"note: no exercise bank (bookeval_lib/course/exercise_bank/nbNN.py) for {', '.join(planned['no_bank'])}"
              ": no exercise notebook for them until there is one", file=sys.stderr)
    if args.check:
        lines = stale(planned)
        for line in lines:
            print(f"stale: {line}")
        if lines:
            print("run `make exercises` (and execute the notebooks it names)", file=sys.stderr)
        return 1 if lines else 0
    for path, (current, wanted) in planned["notebooks"].items():
        if current != wanted:
            path.write_text(wanted, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}: solutions folded; execute it again")
    if args.solutions_only:
        return 0
    EXERCISES.mkdir(exist_ok=True)
    for path, (current, wanted) in planned["copies"].items():
        if current != wanted:
            shutil.copyfile(NOTEBOOKS / path.name, path)
            print(f"wrote {path.relative_to(ROOT)}")
    for path, (current, wanted) in planned["exercises"].items():
        executed = current is not None and not any(
            cell["cell_type"] == "code" and cell.get("execution_count") is None and source(cell).strip()
            for cell in current["cells"])
        if current is not None and _cells_only(current) == _cells_only(wanted) and (executed or args.no_execute):
            continue
        if not args.no_execute:
            wanted = execute(wanted, EXERCISES)
        path.write_text(dumps(wanted), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}" + ("" if args.no_execute else " (executed)"))
    for path in planned["orphans"]:
        path.unlink()
        print(f"removed {path.relative_to(ROOT)}: its notebook has no exercises")
    for path, cells in planned["unexecuted"].items():
        print(f"execute {path.relative_to(ROOT)} again: solution outputs not folded (cells {cells})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
