"""Fold the worked solutions of notebooks/, and generate the exercise notebooks in exercises/ (two steps of
``python -m tools regen``; its ``--check`` writes nothing and lists what is stale).

1. **Solutions stay folded in the full notebooks**, also after "Run All" in JupyterLab, which shows a
   collapsed cell again when it runs it (a markdown cell's source, a code cell's outputs). Each run of cells
   tagged ``solution`` under exercise N becomes
   * markdown: one closed HTML fold ``<details><summary>Solution N</summary>`` ... ``</details>``
     (``bookeval_lib.course.solutions.fold``; the "Solution N." label it started with becomes the title);
   * code: source still collapsed (running a cell leaves its source alone) and a first line
     ``%%solution N``, the cell magic that folds everything the cell shows under "Output of solution N";
   and the notebook's first code cell loads that magic (``%load_ext bookeval_lib.course.solutions``).
   **"For the curious" groups fold the same way** (each run of cells tagged ``for-the-curious``): markdown
   into a closed fold titled "For the curious" (the label "**For the curious:**" it opened with becomes the
   title), code with the cell magic ``%%curious`` (its outputs folded under "Output for the curious").
   The notebooks changed must be executed again (``make execute NOTEBOOKS=...``) so that their outputs are
   the folded ones; the check reports a notebook whose solution outputs are not folded yet.

2. **exercises/NN_*.ipynb** for every notebook with exercises (and an exercise bank,
   bookeval_lib/course/exercise_bank/nbNN.py: without one the checks could not run) holds the exercises and
   what they need, not a second copy of the notebook:
   * a first cell: the notebook's title, what this file is, a link to the full notebook in ../notebooks/,
     how to use ``check``, ``hint`` and ``solution``, and the previous and next exercise notebooks; then the
     cell that imports them;
   * the code cells of the notebook that the exercises need, in their order, under a heading that says so:
     the first code cell (imports and set-up) always, and every earlier code cell that defines, or changes
     (an item or attribute set, a list or dict grown, a random generator drawn from), a name that the
     exercises load, closed over those cells' own names (:func:`needed_cells`, with :mod:`ast`).  "The
     exercises" are the non-solution code cells of the Exercises section, the starters of the exercise bank,
     the worked solutions' code (which ``solution()`` shows and a learner may run) and the names the
     section's prose quotes as code (`` `table` ``).  Figures and theory the exercises do not use stay in the
     notebook;
   * the Exercises section (its heading to the next heading of its level) without its solution cells, and
     under each exercise N an answer cell (the bank's starter with its precision,
     ``bookeval_lib.course.checker.starter``) and a check cell ``check("NN.N", answer_N)``.  Under the
     heading the section's own introduction is replaced: the notebook's line that links here and any
     paragraph about the worked solutions (which this file does not hold) give way to a line on the answer
     and check cells.
   Links to the course's files, and to the notebook's own sections, point back into notebooks/.
   A file whose cells changed is written and executed (nbclient, unanswered: each check says "no answer
   yet"); one whose cells are unchanged is left as it is, outputs included, so a second run changes nothing.

3. **Each notebook with an exercise version links to it**: one generated line right under its "## Exercises"
   heading (``VERSION_LINE_START`` ...), kept fresh like the header lines.
"""
from __future__ import annotations

import ast
import copy
import importlib
import json
import re
import shutil
from pathlib import Path

from bookeval_lib.course.solutions import (CURIOUS_MAGIC, CURIOUS_TITLE, EXTENSION, MAGIC, OUTPUT_KEY, fold,
                                          strip_magic, unfold)
from tools.course import (EXERCISES, NOTEBOOKS, ROOT, dumps, notebook_paths, number as prefix_of, read,
                          set_source, source, tags)

# matplotlib reads matplotlibrc from the working directory, which nbval and JupyterLab set to the notebook's
# folder: the exercise notebooks get the course's style from a copy (checked like the notebooks).
COPIED = ("matplotlibrc",)
SOLUTION_TAG = "solution"
CURIOUS_TAG = "for-the-curious"
LOAD_LINE = f"%load_ext {EXTENSION}"
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*)$")
_EXERCISE = re.compile(r"^\s*\*\*(\d+)\.")
_LABEL = re.compile(r"\A\s*(?:\*\*)?Solution\s+(\d+)\.?(?:\*\*)?[ \t]*\n?", re.I)
_LINK = re.compile(r"\]\((?!https?:|#|/|mailto:)([^)#\s]+)(#[^)\s]*)?\)")
_CURIOUS_LABEL = re.compile(r"\A\s*\*\*For the curious:?\*\*:?[ \t]*", re.I)
# The generated line under a notebook's "## Exercises" heading (step 3); its start identifies it.
VERSION_LINE_START = "*Work these in [the exercise version]"


# --- notebook files ------------------------------------------------------------------------------------

def is_solution(cell: dict) -> bool:
    return SOLUTION_TAG in tags(cell)


def prefix(path: Path) -> str:
    """"08" of 08_monte_carlo.ipynb, "A1" of A1_lingpipe.ipynb."""
    return prefix_of(path.name)


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


def is_curious(cell: dict) -> bool:
    return CURIOUS_TAG in tags(cell)


def _fold_curious_markdown(cell: dict, first: bool) -> None:
    title, body = unfold(source(cell))
    if title is None:
        label = _CURIOUS_LABEL.match(body)
        if label is not None:
            body = body[label.end():]
            body = body[:1].upper() + body[1:]
    set_source(cell, fold(CURIOUS_TITLE + ("" if first else " (continued)"), body))
    jupyter = cell["metadata"].get("jupyter", {})
    jupyter.pop("source_hidden", None)          # the fold hides it; a collapsed cell would hide the fold
    if not jupyter:
        cell["metadata"].pop("jupyter", None)


def _fold_curious_code(cell: dict) -> None:
    set_source(cell, f"%%{CURIOUS_MAGIC}\n{strip_magic(source(cell))}")
    jupyter = cell["metadata"].setdefault("jupyter", {})
    jupyter["source_hidden"] = jupyter["outputs_hidden"] = True
    cell["metadata"]["collapsed"] = True


def fold_curious(notebook: dict) -> dict:
    """A copy of ``notebook`` with every group "for the curious" folded (module docstring, step 1)."""
    notebook = copy.deepcopy(notebook)
    cells, markdown, inside = notebook["cells"], 0, False
    for cell in cells:
        if not is_curious(cell):
            inside = False
            continue
        if not inside:
            markdown, inside = 0, True
        if cell["cell_type"] == "markdown":
            _fold_curious_markdown(cell, first=markdown == 0)
            markdown += 1
        elif cell["cell_type"] == "code":
            _fold_curious_code(cell)
    if any(cell["cell_type"] == "code" and is_curious(cell) for cell in cells):
        _load_magic(cells)
    return notebook


def unfolded_outputs(notebook: dict) -> list[int]:
    """Indices of solution and "for the curious" code cells with an output that is not the folded one (not
    executed since)."""
    return [index for index, cell in enumerate(notebook["cells"])
            if cell["cell_type"] == "code" and (is_solution(cell) or is_curious(cell))
            and any(not output.get("metadata", {}).get(OUTPUT_KEY) for output in cell.get("outputs", []))]


# --- 3. the notebooks link to their exercise version ---------------------------------------------------

def version_line(stem: str) -> str:
    """The generated line under a notebook's "## Exercises" heading that links to its exercise version."""
    return (f"{VERSION_LINE_START}(../exercises/{stem}.ipynb): answer cells, and `check()`, `hint()`, "
            "`solution()` to mark them.*")


def _heading_cell(cells: list[dict]) -> int | None:
    found = exercise_section(cells)
    return None if found is None else found[0]


def _split_heading(text: str) -> tuple[list[str], list[str]] | None:
    """The lines of the Exercises heading cell up to and including its heading, and the lines after it."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        heading = _HEADING.match(line)
        if heading and "exercise" in heading.group(2).lower():
            return lines[:index + 1], lines[index + 1:]
    return None


def _without_version_line(rest: list[str]) -> list[str]:
    """The lines after the heading without the generated line (and the blank line before it)."""
    body = list(rest)
    while body and not body[0].strip():
        body.pop(0)
    if body and body[0].startswith(VERSION_LINE_START):
        body.pop(0)
        while body and not body[0].strip():
            body.pop(0)
    return body


def with_version_line(notebook: dict, stem: str) -> dict:
    """A copy of ``notebook`` whose "## Exercises" heading is followed by :func:`version_line` (once)."""
    notebook = copy.deepcopy(notebook)
    index = _heading_cell(notebook["cells"])
    if index is None:
        return notebook
    cell = notebook["cells"][index]
    head, rest = _split_heading(source(cell))
    body = _without_version_line(rest)
    set_source(cell, "\n".join(head + ["", version_line(stem)] + ([""] + body if body else [])))
    return notebook


def exercise_intro(text: str, number: str, first: int) -> str:
    """The Exercises heading cell as the exercise version shows it: the notebook's link to this file and
    the introduction's paragraphs about the worked solutions (absent here) replaced by a line on the answer
    and check cells; the exercises themselves as they are."""
    split = _split_heading(text)
    if split is None:
        return text
    head, rest = split
    paragraphs = "\n".join(_without_version_line(rest)).split("\n\n")
    kept, intro = [], True
    for paragraph in paragraphs:
        if _EXERCISE.match(paragraph) or (paragraph.strip() and not intro):
            intro = False
        if intro and re.search(r"solution", paragraph, re.I):
            continue                            # about the worked solutions, which this file does not hold
        kept.append(paragraph)
    line = (f"*Under each exercise: an answer cell, where your answer replaces the `...`, and a check cell, "
            f"which says whether it is right; `hint(\"{number}.{first}\")` and `solution(\"{number}.{first}\")` "
            "help.*")
    body = "\n\n".join(p for p in kept if p.strip())
    return "\n".join(head) + "\n\n" + line + ("\n\n" + body if body else "")


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


def _title(notebook: dict) -> str:
    """The notebook's title: the first ``# `` heading of its first markdown cell."""
    first = next(cell for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    match = re.search(r"^#\s+(.+?)\s*$", source(first), re.M)
    if match is None:
        raise ValueError("the notebook's first markdown cell has no title (# ...)")
    return match.group(1)


def _neighbour_links(neighbours) -> str:
    """The how-to's line of links to the previous and next exercise notebooks (``neighbours``: (previous,
    next), each (file name, title) or None)."""
    previous, following = neighbours
    links = []
    if previous is not None:
        links.append(f"*Previous:* the exercises of [{previous[1]}]({previous[0]})")
    if following is not None:
        links.append(f"*Next:* the exercises of [{following[1]}]({following[0]})")
    return " · ".join(links)


def _how_to(notebook: dict, number: str, stem: str, first: int, neighbours=(None, None)) -> list[dict]:
    example = f"{number}.{first}"
    text = (f"# {_title(notebook)}\n\n"
            f"**The exercises of [the notebook](../notebooks/{stem}.ipynb), to work in.** This file holds the "
            f"notebook's Exercises section without its worked solutions, and, before it, only the notebook's "
            f"code cells that the exercises use: the theory, the figures and the discussion are in "
            f"[the full notebook](../notebooks/{stem}.ipynb); read it first.\n\n"
            f"Run the cells from the top. Under each exercise, replace the `...` in the answer cell with your "
            f"answer, run it, and run the check below it: `check(\"{example}\", answer_{first})` says in one line "
            f"whether the answer is right, and names a common mistake when it sees one. "
            f"`hint(\"{example}\")` gives a nudge, `hint(\"{example}\", 2)` the method, and "
            f"`solution(\"{example}\")` shows the worked solution.")
    links = _neighbour_links(neighbours)
    if links:
        text += f"\n\n{links}"
    return [_markdown(text, "exercise-how-to"),
            _code("from bookeval_lib.course import check, hint, solution", "exercise-imports")]


def _answer_cells(number: str, exercise: int, bank) -> list[dict]:
    from bookeval_lib.course.checker import starter

    key = f"{number}.{exercise}"
    answer = starter(bank[key]) if bank is not None and key in bank else f"answer_{exercise} = ..."
    return [_code(answer.rstrip("\n"), f"exercise-{exercise}-answer"),
            _code(f'check("{key}", answer_{exercise})', f"exercise-{exercise}-check")]


def _relink(text: str, notebooks: Path, stem: str | None = None) -> str:
    """Relative links to the course's files point into notebooks/ from exercises/, and so do links to the
    notebook's own sections (``#anchor``), which the exercise notebook does not hold."""
    def target(match):
        path = match.group(1)
        if (notebooks / path).exists():
            return f"](../notebooks/{path}{match.group(2) or ''})"
        return match.group(0)
    text = _LINK.sub(target, text)
    if stem is not None:
        text = re.sub(r"\]\((#[^)\s]+)\)", rf"](../notebooks/{stem}.ipynb\1)", text)
    return text


# --- which code cells the exercises need ------------------------------------------------------------------

# Methods that change the object they are called on (a name so changed is "defined" by the cell).
MUTATORS = {"append", "extend", "insert", "update", "pop", "popitem", "remove", "clear", "add", "discard",
            "setdefault", "sort", "reverse", "shuffle", "fill", "resize", "put", "set_params", "fit",
            "partial_fit", "seed"}
# A name bound to one of these calls is a random generator: every call of its methods draws, changing it.
GENERATORS = re.compile(r"\b(default_rng|RandomState|Generator|SeedSequence)\b")


def python(code: str) -> str:
    """A cell's code as plain Python (IPython's magics and shell escapes as the calls they stand for)."""
    from IPython.core.inputtransformer2 import TransformerManager

    return TransformerManager().transform_cell(code)


class Names(ast.NodeVisitor):
    """What one cell's code does with names, visited in the order Python evaluates it: ``free`` the names it
    loads before (or without) binding them, ``bound`` the names it binds, ``changed`` the names whose object
    it changes (an item or attribute set, a MUTATORS method called, a method of a random generator called),
    ``imported`` the names an import binds, ``generators`` the names bound to a random generator."""

    def __init__(self, bound=(), generators=()):
        self.free, self.bound, self.changed = set(), set(bound), set()
        self.imported, self.generators = set(), set(generators)
        self._top = set(bound)

    # -- names
    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            if node.id not in self.bound:
                self.free.add(node.id)
        else:
            self.bound.add(node.id)

    def _root(self, node):
        while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
            node = node.func if isinstance(node, ast.Call) else node.value
        return node.id if isinstance(node, ast.Name) else None

    def _target(self, node):
        if isinstance(node, (ast.Attribute, ast.Subscript)):
            root = self._root(node)
            if root is not None:
                self.changed.add(root)
                if root not in self.bound:
                    self.free.add(root)
            self.generic_visit(node)
        else:
            self.visit(node)

    # -- statements in evaluation order
    def visit_Assign(self, node):
        self.visit(node.value)
        for target in node.targets:
            self._target(target)
        if GENERATORS.search(ast.unparse(node.value)):
            self.generators |= {t.id for t in node.targets if isinstance(t, ast.Name)}

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.visit(node.value)
        self._target(node.target)

    def visit_AugAssign(self, node):
        self.visit(node.value)
        if isinstance(node.target, ast.Name):
            if node.target.id not in self.bound:
                self.free.add(node.target.id)
            self.bound.add(node.target.id)
        else:
            self._target(node.target)

    def visit_NamedExpr(self, node):
        self.visit(node.value)
        self.bound.add(node.target.id)

    def visit_For(self, node):
        self.visit(node.iter)
        self._target(node.target)
        for statement in node.body + node.orelse:
            self.visit(statement)

    def visit_With(self, node):
        for item in node.items:
            self.visit(item.context_expr)
            if item.optional_vars is not None:
                self._target(item.optional_vars)
        for statement in node.body:
            self.visit(statement)

    def visit_ExceptHandler(self, node):
        if node.type is not None:
            self.visit(node.type)
        if node.name:
            self.bound.add(node.name)
        for statement in node.body:
            self.visit(statement)

    def visit_Import(self, node):
        for alias in node.names:
            name = alias.asname or alias.name.split(".")[0]
            self.bound.add(name)
            self.imported.add(name)

    visit_ImportFrom = visit_Import

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Attribute):
            root = self._root(node.func.value)
            if root is not None and (node.func.attr in MUTATORS or root in self.generators):
                self.changed.add(root)

    # -- nested scopes: their own bindings, the cell's names visible
    def _scope(self, arguments, body, name=None):
        if name is not None:
            self.bound.add(name)
        inner = Names(self.bound, self.generators)
        if arguments is not None:
            for default in arguments.defaults + [d for d in arguments.kw_defaults if d is not None]:
                self.visit(default)
            args = arguments.posonlyargs + arguments.args + arguments.kwonlyargs
            args += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
            inner.bound |= {arg.arg for arg in args}
        for statement in body if isinstance(body, list) else [body]:
            inner.visit(statement)
        self.free |= inner.free - self.bound
        self.changed |= inner.changed & (inner.free | self.bound) - {a for a in inner.bound - self.bound}

    def visit_FunctionDef(self, node):
        for decorator in node.decorator_list:
            self.visit(decorator)
        self._scope(node.args, node.body, node.name)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        self._scope(node.args, node.body)

    def visit_ClassDef(self, node):
        for expression in node.bases + node.decorator_list:
            self.visit(expression)
        self._scope(None, node.body, node.name)

    def _comprehension(self, node, *results):
        inner = Names(self.bound, self.generators)
        for index, generator in enumerate(node.generators):
            (self if index == 0 else inner).visit(generator.iter)
            inner._target(generator.target)
            for condition in generator.ifs:
                inner.visit(condition)
        for result in results:
            inner.visit(result)
        self.free |= inner.free - self.bound
        self.changed |= inner.changed - (inner.bound - self.bound)

    def visit_ListComp(self, node):
        self._comprehension(node, node.elt)

    visit_SetComp = visit_GeneratorExp = visit_ListComp

    def visit_DictComp(self, node):
        self._comprehension(node, node.key, node.value)


def names(code: str, generators=()) -> Names:
    """The names of one cell's code (:class:`Names`); a cell that is not Python binds and loads nothing."""
    visitor = Names(generators=generators)
    if code.lstrip().startswith("%%"):           # a cell magic (%%time, %%capture, %%solution): its body
        code = code.lstrip().partition("\n")[2]
    try:
        tree = ast.parse(python(code))
    except SyntaxError:
        return visitor
    for statement in tree.body:
        visitor.visit(statement)
    return visitor


def exercise_section(cells: list[dict]) -> tuple[int, int] | None:
    """(first, end) indices of the Exercises section: from the markdown cell with its heading to the next
    heading of the same or a higher level (or the end); None when the notebook has none."""
    start = level = None
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "markdown" or is_solution(cell):
            continue
        for line in source(cell).splitlines():
            heading = _HEADING.match(line)
            if heading is None:
                continue
            depth, text = len(heading.group(1)), heading.group(2)
            if start is None and "exercise" in text.lower():
                start, level = index, depth
            elif start is not None and index > start and depth <= level:
                return start, index
    return None if start is None else (start, len(cells))


_CODE_SPAN = re.compile(r"`([A-Za-z_]\w*)`")


def needed_cells(cells: list[dict], start: int, end: int, starters: list[str] = ()) -> list[int]:
    """The indices of the code cells before ``start`` that the cells ``start:end`` (the Exercises section)
    and the ``starters`` need: the first code cell, and each cell that binds or changes a name needed by a
    later needed cell or by the exercises (module docstring, step 2)."""
    code = [i for i in range(start) if cells[i]["cell_type"] == "code" and source(cells[i]).strip()]
    generators: set[str] = set()
    analysed = {}
    for i in code:
        analysed[i] = names(strip_magic(source(cells[i])), generators)
        generators |= analysed[i].generators
    imported = set().union(*(a.imported for a in analysed.values())) if analysed else set()
    wanted: set[str] = set()
    for cell in cells[start:end]:
        if cell["cell_type"] == "code":
            wanted |= names(strip_magic(source(cell)), generators).free
        elif not is_solution(cell):
            wanted |= set(_CODE_SPAN.findall(source(cell)))
    for starter in starters:
        wanted |= names(starter, generators).free
    kept = set(code[:1])
    for i in reversed(code):
        made = analysed[i].bound | (analysed[i].changed - imported)
        if i in kept or made & wanted:
            kept.add(i)
            wanted |= analysed[i].free
    return sorted(kept)


def exercise_notebook(notebook: dict, number: str, notebooks: Path = NOTEBOOKS, stem: str | None = None,
                      neighbours=(None, None)) -> dict | None:
    """The exercise notebook of a (folded) notebook with prefix ``number``; None when it has no exercises.
    ``neighbours``: the previous and next exercise notebooks, each (file name, title) or None."""
    cells = notebook["cells"]
    exercises = exercise_cells(cells)
    if not exercises:
        return None
    stem = stem or f"{number}_notebook"
    bank = _bank(number)
    start, end = exercise_section(cells)
    runs = {indices[0]: n for n, indices in solution_runs(cells)}
    solved = set(runs.values())
    numbers = sorted(n for ns in exercises.values() for n in ns)
    starters = [bank[key].starter for key in (f"{number}.{n}" for n in numbers)
                if bank is not None and key in bank and bank[key].starter]
    out: list[dict] = _how_to(notebook, number, stem, numbers[0], neighbours)
    needed = needed_cells(cells, start, end, starters)
    if needed:
        out.append(_markdown(f"## From the notebook: what the exercises use\n\nThe code cells of "
                             f"[the notebook](../notebooks/{stem}.ipynb) that the exercises below use, in "
                             "their order (the rest of the notebook is not needed here). Run them first.",
                             "exercise-setup"))
    for index in needed + list(range(start, end)):
        cell = cells[index]
        if index in runs:
            out += _answer_cells(number, runs[index], bank)
        if is_solution(cell):
            continue
        cell = copy.deepcopy(cell)
        cell["metadata"].pop("slideshow", None)
        if cell["cell_type"] == "markdown":
            text = exercise_intro(source(cell), number, numbers[0]) if index == start else source(cell)
            set_source(cell, _relink(text, notebooks, stem))
        else:
            code = source(cell)
            code = strip_magic(code) if is_curious(cell) else code     # no %load_ext here for %%curious
            code = "\n".join(line for line in code.splitlines() if line != LOAD_LINE)
            set_source(cell, code)
            cell["outputs"], cell["execution_count"] = [], None
        out.append(cell)
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
    import os

    import nbclient
    import nbformat

    # the kernel imports this checkout's package, as nbval and JupyterLab do
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    node = nbformat.reads(json.dumps(notebook), as_version=4)
    nbclient.NotebookClient(node, timeout=900, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(folder)}}).execute()
    return json.loads(nbformat.writes(node))


# --- the whole course ----------------------------------------------------------------------------------

def plan(folded: dict[Path, dict], exercises: Path = EXERCISES, notebooks: Path = NOTEBOOKS) -> dict:
    """What each exercise notebook should be, from the (folded) notebooks ``folded`` ({path: notebook}):
    {"exercises": {path: (current or None, wanted notebook)}, "copies": {path: (current or None, wanted
    text)}, "orphans": [exercise notebooks whose notebook has no exercises or no bank], "no_bank": [prefixes
    of notebooks with exercises but no exercise bank yet: no exercise notebook is made for them]}."""
    result: dict = {"exercises": {}, "copies": {}, "orphans": [], "no_bank": []}
    made = [path for path in sorted(folded, key=lambda p: p.name) if has_version(folded[path], prefix(path))]
    for path, notebook in folded.items():
        if exercise_cells(notebook["cells"]) and _bank(prefix(path)) is None:
            result["no_bank"].append(prefix(path))       # its check cells could not run: no notebook yet
        if path not in made:
            continue
        # the previous and next exercise notebooks of the same part (the main path; the appendices)
        part = [p for p in made if p.name.startswith("A") == path.name.startswith("A")]
        index = part.index(path)
        neighbours = tuple((other.name, _title(folded[other])) if other is not None else None
                           for other in (part[index - 1] if index else None,
                                         part[index + 1] if index + 1 < len(part) else None))
        wanted = exercise_notebook(notebook, prefix(path), notebooks, path.stem, neighbours)
        target = exercises / path.name
        result["exercises"][target] = (read(target) if target.exists() else None, wanted)
    for name in COPIED:
        target = exercises / name
        wanted = (notebooks / name).read_text(encoding="utf-8")
        result["copies"][target] = (target.read_text(encoding="utf-8") if target.exists() else None, wanted)
    made = set(result["exercises"])
    result["orphans"] = [p for p in notebook_paths(exercises) if p not in made]
    return result


def has_version(notebook: dict, number: str) -> bool:
    """Whether a notebook gets an exercise version: it has exercises, and an exercise bank to check them."""
    return bool(exercise_cells(notebook["cells"])) and _bank(number) is not None


def _unexecuted(notebook: dict) -> bool:
    return any(cell["cell_type"] == "code" and cell.get("execution_count") is None and source(cell).strip()
               for cell in notebook["cells"])


def state(current: dict | None, wanted: dict) -> str | None:
    """Why an exercise notebook is stale ("missing", "stale", "not executed"), or None."""
    if current is None:
        return "missing"
    if _cells_only(current) != _cells_only(wanted):
        return "stale"
    return "not executed" if _unexecuted(current) else None


def stale(planned: dict) -> list[str]:
    """One line per stale file of exercises/ (empty when everything is up to date)."""
    lines = []
    for path, (current, wanted) in planned["exercises"].items():
        reason = state(current, wanted)
        if reason:
            lines.append(f"{path.relative_to(ROOT)}: {reason}")
    for path, (current, wanted) in planned["copies"].items():
        if current != wanted:
            lines.append(f"{path.relative_to(ROOT)}: differs from notebooks/{path.name}")
    lines += [f"{path.relative_to(ROOT)}: its notebook has no exercises" for path in planned["orphans"]]
    return lines


def write(planned: dict, run: bool = True) -> list[str]:
    """Write what is stale in exercises/ (each exercise notebook executed unless ``run`` is false)."""
    done = []
    for path, (current, wanted) in planned["copies"].items():
        if current != wanted:
            path.parent.mkdir(exist_ok=True)
            shutil.copyfile(NOTEBOOKS / path.name, path)
            done.append(f"wrote {path.relative_to(ROOT)}")
    for path, (current, wanted) in planned["exercises"].items():
        reason = state(current, wanted)
        if reason is None or (reason == "not executed" and not run):
            continue
        path.write_text(dumps(execute(wanted, path.parent) if run else wanted), encoding="utf-8")
        done.append(f"wrote {path.relative_to(ROOT)}" + (" (executed)" if run else ""))
    for path in planned["orphans"]:
        path.unlink()
        done.append(f"removed {path.relative_to(ROOT)}: its notebook has no exercises")
    return done
