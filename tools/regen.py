"""Every file the course generates from its sources, rewritten in order (``python -m tools regen``), or
checked (``python -m tools regen --check``: writes nothing, lists what is stale, exits 1 if anything is).

The writers, in the order they run (each reads what the one before it made):

1. **quiz cells** (tools/quiz_cells.py): each notebook ends with its "Check your understanding" quiz;
2. **no slide metadata** (tools/slide_metadata.py): the lecture decks are written apart (book/lectures/), so the
   committed notebooks carry none;
3. **folded solutions** (tools/exercises.py, step 1): each worked solution, and each group "for the curious",
   folded so that Run All leaves it hidden (a notebook whose folded outputs are not folded yet must be
   executed again: listed, not fixed);
   then **the link to the exercise version** (tools/exercises.py, step 3): one line under the "## Exercises"
   heading of each notebook that has one;
4. **the outline** (tools/outline.py): each notebook's header lines (assumes, times, previous and next,
   measured on the notebook as steps 1-3 leave it), the metadata of its "for the curious" cells, README.md's
   learning-path block and book/path.md, the full listing;
5. **the exercise notebooks** (tools/exercises.py, step 2): exercises/NN_*.ipynb from the folded notebooks,
   executed (nbclient) when written.

Steps 1-4 are computed in memory for every notebook at once, so one run leaves everything fresh and a second
run writes nothing.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tools import exercises, outline, quiz_cells, slide_metadata
from tools.course import NOTEBOOKS, ROOT, dumps, load_course, notebook_paths, number

STEPS = ("quiz cells", "slide metadata removed", "solutions folded", "for the curious folded",
         "exercise version linked", "header lines")


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def plan(notebooks: Path = NOTEBOOKS) -> dict:
    """{"files": {path: (current text, wanted text, [what changed])}, "exercises": exercises.plan(...),
    "unexecuted": {path: [cell indices]}, "warnings": [...]}."""
    loaded, texts, reasons = {}, {}, {}
    for path in notebook_paths(notebooks):
        text = path.read_text(encoding="utf-8")
        notebook, why, before = json.loads(text), [], text
        changes = (lambda nb: quiz_cells.with_quiz(nb, number(path.stem)), slide_metadata.strip,
                   exercises.fold_solutions, exercises.fold_curious,
                   lambda nb: (exercises.with_version_line(nb, path.stem)
                               if exercises.has_version(nb, number(path.stem)) else nb))
        for step, change in zip(STEPS[:-1], changes):
            notebook = change(notebook)
            after = dumps(notebook)
            if after != before:
                why.append(step)
            before = after
        loaded[path.stem], texts[path], reasons[path] = notebook, text, why
    course = load_course()
    rows = outline.outline(notebooks, course, loaded)
    paths = outline.declared_paths(rows, course, notebooks, loaded)
    files = {}
    for row in rows:
        if row.exists:
            path = notebooks / f"{row.stem}.ipynb"
            before = dumps(loaded[row.stem])
            wanted = dumps(outline.with_header(rows, row, loaded[row.stem]))
            files[path] = (texts[path], wanted, reasons[path] + (["header lines"] if wanted != before else []))
    for path in texts.keys() - files.keys():       # a notebook the outline does not list (yet)
        files[path] = (texts[path], dumps(loaded[path.stem]), reasons[path])
    for path, (current, wanted) in outline.generated_files(rows, course, paths).items():
        files[path] = (current, wanted, ["learning path"])
    folded = {path: loaded[path.stem] for path in sorted(texts)}
    unexecuted = {path: cells for path, notebook in folded.items() if (cells := exercises.unfolded_outputs(notebook))}
    return {"files": files, "exercises": exercises.plan(folded, notebooks=notebooks), "unexecuted": unexecuted,
            "warnings": outline.warnings(paths)}


def stale(planned: dict) -> list[str]:
    """One line per stale file (empty when everything is fresh)."""
    lines = [f"{_name(path)}: {', '.join(why) or 'stale'}"
             for path, (current, wanted, why) in planned["files"].items() if current != wanted]
    lines += [f"{_name(path)}: solution or curious outputs not folded (execute it again): cells {cells}"
              for path, cells in planned["unexecuted"].items()]
    return lines + exercises.stale(planned["exercises"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools regen", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; list what is stale, exit 1 if any")
    parser.add_argument("--no-execute", action="store_true", help="write the exercise notebooks unexecuted")
    args = parser.parse_args(argv)
    planned = plan()
    for warning in planned["warnings"]:
        print(f"warning: {warning}", file=sys.stderr)
    if planned["exercises"]["no_bank"]:
        print("note: no exercise bank (bookeval_lib/course/exercise_bank/nbNN.py) for "
              f"{', '.join(planned['exercises']['no_bank'])}: no exercise notebook for them until there is one",
              file=sys.stderr)
    if args.check:
        lines = stale(planned)
        for line in lines:
            print(f"stale: {line}")
        if lines:
            print("run `python -m tools regen` (make regen), then execute the notebooks it names", file=sys.stderr)
        return 1 if lines else 0
    for path, (current, wanted, why) in planned["files"].items():
        if current != wanted:
            path.write_text(wanted, encoding="utf-8")
            print(f"wrote {_name(path)} ({', '.join(why)})")
    # the exercise notebooks are made from the notebooks as just written
    for line in exercises.write(plan()["exercises"], run=not args.no_execute):
        print(line)
    for path, cells in planned["unexecuted"].items():
        print(f"execute {_name(path)} again (make execute NOTEBOOKS={_name(path)}): folded outputs not folded "
              f"(cells {cells})")
    return 0
