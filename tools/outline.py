"""The course's outline, generated from one data file (a step of ``python -m tools regen``).

notebooks/course.toml lists every notebook of the course in reading order, with what it teaches and what it
assumes.  From it this module makes

* README.md's learning path: one row per path (the main path, the practitioner track, the appendices: how
  many notebooks, the measured times, the first notebook) and a link to the full listing (between the markers
  ``<!-- learning-path:begin -->`` and ``<!-- learning-path:end -->``);
* that full listing, book/path.md (a page of the site, readable in the repository too): a table of the main
  path, the practitioner track and a table of the appendices, each notebook with what it teaches and assumes;
* the generated lines of each notebook's first cell (``*Appendix to:*``, ``*Assumes:*``, ``*Time:*``,
  ``*Previous:*``, ``*Next:*``): the paragraph that holds those lines is replaced, the title and the
  introduction above it are left alone;
* JupyterLab's fold of every cell tagged ``for-the-curious`` (a code cell's ``jupyter.source_hidden`` and
  ``outputs_hidden``; a markdown cell is folded by its content, tools/exercises.py), as for the cells tagged
  ``solution``.

Notebooks that do not exist yet are skipped (a link to one is written as plain text).  The web site
(tools/sphinx_site.py) imports this module for the same rows and times.

How the times are measured
--------------------------
Both times are computed from the notebook as committed:

* **reading** — a careful read-through that looks at the code and the figures but runs nothing and skips the
  folded cells (solutions and "for the curious"):
  prose words / 150 words per minute (technical prose: about half a general reader's 250 wpm)
  + 5 s per formula (each ``$…$`` or ``$$…$$``)
  + 4 s per line of code (blank, comment-only and IPython magic lines not counted)
  + 30 s per figure (an image output);
* **study** — working through it: the reading time, plus the folded cells read the same way, plus
  30 s per code cell run (run it, read its output) and 9 min per exercise (a numbered item ``**N.**`` under
  an "Exercises" heading, solved before its solution is opened).

Each time is rounded up to 5 minutes, and the generated header lines themselves are not counted (nor the
generated line that links a notebook's exercise version).  The
constants are calibrated on the course as it stood before its restructuring into a main path and appendices
(12 notebooks: about 31,000 words of prose, 1,045 formulas, 2,420 code lines, 25 figures, 326 code cells,
42 exercises).  There the README's times added up to 7 h 45 min, which a measured study of the course found
to match a fast read-through, while studying it with the exercises took about 17 h, 1.4 to 2.9 times the
stated time per notebook.  With the constants above the same notebooks give 7 h 50 min of reading and
17 h 25 min of study (7 h 21 min and 16 h 54 min before rounding), and per notebook a study time 1.4 to 2.8
times the time the README stated: the method reproduces both measurements to within a few per cent.  A
reader new to sympy or to statistics will need more; one who skims the derivations, less.
"""
from __future__ import annotations

import math
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from tools.course import (BOOK, NOTEBOOKS, README, ROOT, load_course, number, path_of, read as read_notebook,
                          source, stems, tags)

BEGIN, END = "<!-- learning-path:begin -->", "<!-- learning-path:end -->"
PATH_PAGE = BOOK / "path.md"  # the full listing, a page of the site that README links to
LECTURE_PLANS = BOOK / "lecture_plans.md"  # its lectures' notebooks and sections are generated

# The measuring constants (see the module's docstring).
WORDS_PER_MINUTE = 150
SECONDS_PER_FORMULA = 5
SECONDS_PER_CODE_LINE = 4
SECONDS_PER_FIGURE = 30
SECONDS_PER_CODE_CELL_RUN = 30
MINUTES_PER_EXERCISE = 9
ROUND_TO_MINUTES = 5

FOLDED_TAGS = ("solution", "for-the-curious")
CURIOUS_TAG = "for-the-curious"
HEADER_WIDTH = 110  # the generated lines are wrapped, as the notebooks' prose is
HEADER_PREFIXES = ("*Appendix to:*", "*Assumes:*", "*Time:*", "*Previous:*", "*Next:*")

MATH = re.compile(r"\$\$.*?\$\$|\$[^$\n]+?\$", re.S)
WORD = re.compile(r"[A-Za-z0-9À-ÿ][\w'’.-]*")
FIGURE_TYPES = {"image/png", "image/svg+xml", "image/jpeg"}


# --- measuring a notebook ------------------------------------------------------------------------------

def prose_words(markdown: str) -> int:
    """Words of prose in a markdown text: formulas, code spans, link targets and HTML tags removed."""
    text = MATH.sub(" ", markdown)
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", " x ", text)       # a code span reads as one word
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"<[^>]+>", " ", text)
    return len(WORD.findall(text))


def code_lines(code: str) -> int:
    """Lines of code to read: comments and IPython magics (``%load_ext``, ``%%solution N``) not counted."""
    return sum(1 for line in code.splitlines() if line.strip() and not line.strip().startswith(("#", "%")))


@dataclass
class Counts:
    """What a stretch of a notebook holds; ``folded`` counts the cells folded away for a first read."""

    words: int = 0
    formulas: int = 0
    code_lines: int = 0
    figures: int = 0
    code_cells: int = 0
    exercises: int = 0
    folded: "Counts | None" = field(default=None, repr=False)

    def add_cell(self, cell: dict) -> None:
        text = source(cell)
        if cell["cell_type"] == "markdown":
            self.words += prose_words(text)
            self.formulas += len(MATH.findall(text))
        elif cell["cell_type"] == "code" and text.strip():
            self.code_lines += code_lines(text)
            self.code_cells += 1
            self.figures += sum(1 for output in cell.get("outputs", [])
                                if FIGURE_TYPES & set(output.get("data", {})))

    def reading_minutes(self) -> float:
        return (self.words / WORDS_PER_MINUTE + (self.formulas * SECONDS_PER_FORMULA
                + self.code_lines * SECONDS_PER_CODE_LINE + self.figures * SECONDS_PER_FIGURE) / 60)

    def study_minutes(self) -> float:
        folded = self.folded or Counts()
        cells = self.code_cells + folded.code_cells
        return (self.reading_minutes() + folded.reading_minutes() + cells * SECONDS_PER_CODE_CELL_RUN / 60
                + (self.exercises + folded.exercises) * MINUTES_PER_EXERCISE)


def _heading(line: str) -> tuple[int, str] | None:
    match = re.match(r"(#{1,6})\s+(.*?)\s*#*\s*$", line)
    return None if match is None else (len(match.group(1)), match.group(2))


def _pieces(cell: dict) -> list[dict]:
    """A markdown cell split at its headings (each piece a cell of its own); any other cell as it is."""
    if cell["cell_type"] != "markdown":
        return [cell]
    pieces: list[list[str]] = [[]]
    for line in source(cell).splitlines(keepends=True):
        if _heading(line) and any(text.strip() for text in pieces[-1]):
            pieces.append([])
        pieces[-1].append(line)
    return [dict(cell, source="".join(piece)) for piece in pieces]


def sections(notebook: dict) -> list[tuple[int, str, list[dict]]]:
    """(level, heading, cells) for each stretch of the notebook that starts at a heading (a markdown cell
    with several headings is split at them); the first stretch, before any heading, has level 0."""
    found: list[tuple[int, str, list[dict]]] = [(0, "", [])]
    for cell in notebook["cells"]:
        for piece in _pieces(cell):
            first = source(piece).lstrip().splitlines()[:1]
            heading = _heading(first[0]) if piece["cell_type"] == "markdown" and first else None
            if heading:
                found.append((heading[0], heading[1], []))
            found[-1][2].append(piece)
    return found


def _exercise_numbers(cells: list[dict]) -> int:
    """Numbered items ``**N.**`` under an "Exercises" heading, in markdown cells that are not solutions."""
    numbers, inside = set(), False
    for cell in cells:
        if cell["cell_type"] != "markdown" or "solution" in tags(cell):
            continue
        for line in source(cell).splitlines():
            heading = _heading(line)
            if heading:
                inside = "exercise" in heading[1].lower()
            item = re.match(r"\s*\*\*(\d+)\.", line)
            if inside and item:
                numbers.add(item.group(1))
    return len(numbers)


def _without_generated_lines(cell: dict) -> dict:
    """A markdown cell without the generated line that links a notebook's exercise version (tools/exercises.py),
    which, like the header lines, must not count towards the times."""
    from tools.exercises import VERSION_LINE_START

    if cell["cell_type"] != "markdown" or VERSION_LINE_START not in source(cell):
        return cell
    kept = [line for line in source(cell).splitlines(keepends=True) if not line.startswith(VERSION_LINE_START)]
    return dict(cell, source="".join(kept))


def measure(cells: list[dict]) -> Counts:
    """The counts of some cells: open cells in the counts, folded ones in ``.folded`` (generated lines not
    counted)."""
    counts, folded = Counts(), Counts()
    for cell in cells:
        cell = _without_generated_lines(cell)
        (folded if set(FOLDED_TAGS) & set(tags(cell)) else counts).add_cell(cell)
    counts.exercises = _exercise_numbers(cells)
    counts.folded = folded
    return counts


def rounded(minutes: float) -> int:
    return max(ROUND_TO_MINUTES, ROUND_TO_MINUTES * math.ceil(minutes / ROUND_TO_MINUTES - 1e-9))


def duration(minutes: int) -> str:
    """45 → "45 min", 65 → "1 h 5 min", 120 → "2 h"."""
    hours, rest = divmod(minutes, 60)
    return " ".join(part for part in (f"{hours} h" if hours else "", f"{rest} min" if rest else "") if part)


def content_cells(notebook: dict) -> list[dict]:
    """The notebook's cells without the generated header lines (which must not count towards its times)."""
    first = dict(notebook["cells"][0])
    first["source"] = regenerate_header(source(first), [])
    return [first] + notebook["cells"][1:]


def times(notebook: dict) -> tuple[int, int]:
    """(reading, study) minutes of a whole notebook, each rounded up to 5 minutes."""
    counts = measure(content_cells(notebook))
    return rounded(counts.reading_minutes()), rounded(counts.study_minutes())


def section_cells(notebook: dict, wanted: list[str]) -> tuple[list[dict], list[str], list[str]]:
    """The cells of the wanted sections (each with its subsections), their headings as the notebook writes
    them, and the wanted names that start no heading."""
    if wanted == ["*"]:
        return content_cells(notebook), [], []
    cells, headings, missing = [], [], []
    stretches = sections({"cells": content_cells(notebook)})
    for name in wanted:
        start = next((i for i, (level, heading, _) in enumerate(stretches)
                      if level and heading.lower().startswith(name.lower())), None)
        if start is None:
            missing.append(name)
            continue
        level = stretches[start][0]
        headings.append(stretches[start][1])
        cells += stretches[start][2]
        for deeper, _, more in stretches[start + 1:]:
            if deeper <= level:
                break
            cells += more
    return cells, headings, missing


# --- the outline: rows, links, the header lines --------------------------------------------------------

@dataclass
class Row:
    entry: dict
    exists: bool
    reading: int | None = None
    study: int | None = None

    @property
    def stem(self) -> str:
        return self.entry["stem"]

    @property
    def label(self) -> str:
        return f"{number(self.stem)} · {self.entry['title']}"


def _notebook(stem: str, notebooks: Path, loaded: dict[str, dict] | None) -> dict:
    """A notebook as regen holds it in memory (``loaded``, by stem), else as it is on disk."""
    return loaded[stem] if loaded and stem in loaded else read_notebook(path_of(stem, notebooks))


def outline(notebooks: Path = NOTEBOOKS, course: dict | None = None,
            loaded: dict[str, dict] | None = None) -> list[Row]:
    """Every notebook of the data file, in order, with its times where it exists (measured from ``loaded``,
    the notebooks as regen is about to write them, where given)."""
    course = course or load_course()
    rows = []
    for entry in course["notebook"]:
        row = Row(entry, path_of(entry["stem"], notebooks).exists())
        if row.exists:
            row.reading, row.study = times(_notebook(row.stem, notebooks, loaded))
        rows.append(row)
    return rows


def _link(rows_by_stem: dict[str, Row], stem: str, prefix: str = "", short: bool = False) -> str:
    """A link to a notebook, named "NN · Title" (or "NN"); plain text if the notebook does not exist yet."""
    row = rows_by_stem[stem]
    label = number(stem) if short else row.label
    return f"[{label}]({prefix}{stem}.ipynb)" if row.exists else label


def assumes_text(row: Row, rows_by_stem: dict[str, Row], prefix: str = "", short: bool = False) -> str:
    """What a notebook assumes: earlier notebooks in path order (each with what is used), the mathematics,
    anything else; ``short`` names a notebook by its number only (for README's tables)."""
    order = list(rows_by_stem)
    parts = []
    for item in sorted(row.entry["assumes"], key=lambda a: order.index(a["notebook"])):
        link = _link(rows_by_stem, item["notebook"], prefix, short)
        parts.append(f"{link} ({item['what']})" if item.get("what") else link)
    text = ", ".join(parts)
    if row.entry["maths"]:
        text += ("; " if text else "") + "mathematics: " + ", ".join(row.entry["maths"])
    if row.entry["also"]:
        text += ("; " if text else "") + row.entry["also"]
    return text or "nothing beyond Python"


def _neighbours(rows: list[Row], row: Row) -> tuple[Row | None, Row | None]:
    """The previous and next existing notebook of the same part (the main path or the appendices)."""
    same = [r for r in rows if r.exists and r.entry["part"] == row.entry["part"]]
    index = same.index(row)
    return (same[index - 1] if index else None), (same[index + 1] if index + 1 < len(same) else None)


def header_lines(rows: list[Row], row: Row) -> list[str]:
    """The generated lines of a notebook's first cell (each but the last ends with a hard line break)."""
    by_stem = {r.stem: r for r in rows}
    lines = []
    if row.entry["part"] == "appendix":
        lines.append(f"*Appendix to:* {_link(by_stem, row.entry['appendix_to'])}, on the main path.")
    lines.append(f"*Assumes:* {assumes_text(row, by_stem)}.")
    lines.append(f"*Time:* about {duration(row.reading)} to read, {duration(row.study)} to study "
                 "(running the cells and doing the exercises).")
    previous, following = _neighbours(rows, row)
    links = []
    if previous is not None:
        links.append(f"*Previous:* {_link(by_stem, previous.stem)}")
    if following is not None:
        links.append(f"*Next:* {_link(by_stem, following.stem)}")
    elif row.entry["part"] == "main":
        first = next((r for r in rows if r.exists and r.entry["part"] == "appendix"), None)
        links.append("*Next:* this is the end of the main path" + (
            f"; the appendices, from {_link(by_stem, first.stem)} on, check its sources" if first else ""))
    else:
        links.append("*Next:* this is the last appendix; the [errata](ERRATA.md) list every error found in the "
                     "sources")
    lines.append(" · ".join(links))
    return _wrapped(lines)


def _wrapped(lines: list[str], width: int = HEADER_WIDTH) -> list[str]:
    """Each logical line wrapped at ``width``; all but the last end with a hard line break (a backslash)."""
    out = []
    for index, line in enumerate(lines):
        wrapped = textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False)
        if index + 1 < len(lines):
            wrapped[-1] += "\\"
        out += wrapped
    return out


def regenerate_header(text: str, generated: list[str]) -> str:
    """The first cell's text with the paragraph of generated lines replaced (or appended)."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line.lstrip().startswith(HEADER_PREFIXES)]
    if not starts:
        return text.rstrip("\n") + "\n\n" + "\n".join(generated)
    start, end = starts[0], starts[-1] + 1
    while end < len(lines) and lines[end].strip() and not lines[end].lstrip().startswith("#"):
        end += 1
    return "\n".join(lines[:start] + generated + lines[end:])


def _set_source(cell: dict, text: str) -> None:
    cell["source"] = text.splitlines(keepends=True)


def fold_curious(notebook: dict) -> None:
    """Open every cell tagged ``for-the-curious`` collapsed in JupyterLab, as the solutions are: a code cell
    with its source and outputs collapsed; a markdown cell folded by its content (tools/exercises.py,
    ``fold_curious``) left uncollapsed, since a collapsed cell would hide the fold, and one not folded yet
    collapsed."""
    from bookeval_lib.course.solutions import unfold

    for cell in notebook["cells"]:
        if CURIOUS_TAG not in tags(cell):
            continue
        jupyter = cell["metadata"].setdefault("jupyter", {})
        if cell["cell_type"] == "code":
            jupyter["source_hidden"] = jupyter["outputs_hidden"] = True
        elif unfold(source(cell))[0] is None:
            jupyter["source_hidden"] = True
        else:
            jupyter.pop("source_hidden", None)
        if not jupyter:
            cell["metadata"].pop("jupyter", None)


def with_header(rows: list[Row], row: Row, notebook: dict) -> dict:
    """The notebook (changed in place, and returned) with its generated header lines and its folds."""
    first = notebook["cells"][0]
    _set_source(first, regenerate_header(source(first), header_lines(rows, row)))
    fold_curious(notebook)
    return notebook


# --- README's learning path ----------------------------------------------------------------------------

def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _total(rows: list[Row], attribute: str) -> str:
    return duration(sum(getattr(r, attribute) for r in rows))


def _step(row: Row, wanted: list[str], notebooks: Path, loaded: dict[str, dict] | None) -> dict:
    """One step of a path: the notebook, the sections taken (or all of it) and their measured times."""
    cells, headings, missing = section_cells(_notebook(row.stem, notebooks, loaded), wanted)
    counts = measure(cells)
    return {"row": row, "sections": headings, "wanted": wanted, "missing": missing, "whole": wanted == ["*"],
            "reading": rounded(counts.reading_minutes()), "study": rounded(counts.study_minutes())}


def declared_paths(rows: list[Row], course: dict, notebooks: Path = NOTEBOOKS,
                   loaded: dict[str, dict] | None = None) -> list[dict]:
    """Every [[path]] of notebooks/course.toml with its parts and steps measured: each path a dict of its
    fields plus ``parts`` (each with ``title``, ``about``, ``steps``, ``reading``, ``study``), ``steps`` (all
    of them, in order), ``reading``, ``study`` and ``notebooks`` (how many different notebooks it visits).
    A step whose notebook does not exist yet is left out; one the outline does not list is an error."""
    by_stem = {row.stem: row for row in rows}
    paths = []
    for path in course.get("path", []):
        parts = []
        for part in path.get("part", []):
            steps = []
            for spec in part["steps"]:
                row = by_stem.get(spec["notebook"])
                if row is None:
                    raise ValueError(f"path {path['key']!r} names {spec['notebook']!r}, which "
                                     "notebooks/course.toml does not list")
                if row.exists:
                    steps.append(_step(row, spec.get("sections", ["*"]), notebooks, loaded))
            parts.append({"title": part.get("title", ""), "about": part.get("about", ""), "steps": steps,
                          "reading": sum(s["reading"] for s in steps), "study": sum(s["study"] for s in steps)})
        steps = [step for part in parts for step in part["steps"]]
        paths.append({**path, "skips": path.get("skips", []), "parts": parts, "steps": steps,
                      "reading": sum(p["reading"] for p in parts), "study": sum(p["study"] for p in parts),
                      "notebooks": len({step["row"].stem for step in steps})})
    return paths


def path_named(paths: list[dict], key: str) -> dict:
    return next(path for path in paths if path["key"] == key)


def _section_names(step: dict) -> str:
    return "all of it" if step["whole"] else "; ".join(f"“{name}”" for name in step["sections"])


def short_path_markdown(rows: list[Row], course: dict, paths: list[dict], prefix: str = "notebooks/",
                        listing: str = "book/path.md") -> str:
    """README's learning-path block: one row per path (name, notebooks, measured times, its first notebook),
    a link to the full listing, and a link to every notebook by its number."""
    main = [r for r in rows if r.exists and r.entry["part"] == "main"]
    appendices = [r for r in rows if r.exists and r.entry["part"] == "appendix"]
    out = [BEGIN, "<!-- generated by `python -m tools regen` from notebooks/course.toml and the notebooks -->", "",
           "| path | notebooks | reading | study | start with |", "|:--|--:|--:|--:|:--|"]

    def row_of(name: str, count: int, reading: int, study: int, first: Row) -> str:
        return (f"| {name} | {count} | {duration(reading)} | {duration(study)} | "
                f"[{first.label}]({prefix}{first.stem}.ipynb) |")

    for path in paths:
        if path["steps"]:
            out.append(row_of(_cell(path["short"]), path["notebooks"], path["reading"], path["study"],
                              path["steps"][0]["row"]))
    if main:
        out.append(row_of("the main path, in order", len(main), sum(r.reading for r in main),
                          sum(r.study for r in main), main[0]))
    if appendices:
        out.append(row_of("the appendices: the sources checked, and the details", len(appendices),
                          sum(r.reading for r in appendices), sum(r.study for r in appendices), appendices[0]))
    out += ["", f"Each path's sections, step by step, and every notebook with what it teaches and assumes: "
                f"[the learning path in full]({listing}).", ""]
    for name, part in (("The main path", main), ("The appendices", appendices)):
        if part:
            links = " · ".join(f"[{number(r.stem)}]({prefix}{r.stem}.ipynb)" for r in part)
            out += [f"{name}: {links}.", ""]    # one line each: a README a reader scrolls, not a table
    out.append(END)
    return "\n".join(out)


def path_markdown(path: dict, prefix: str = "../notebooks/", level: str = "##") -> list[str]:
    """One declared path as Markdown: its intro, then per part (a lecture, a deep dive) its title, what it adds
    and a table of its steps with their study times, and what the path skips."""
    out = [f"{level} {path['title']}", "", " ".join(path["intro"].split()), ""]
    for part in path["parts"]:
        if part["title"]:
            out += [f"{level}# {part['title']}", ""]
        if part["about"]:
            out += [part["about"], ""]
        out += ["| notebook | sections | study |", "|:--|:--|--:|"]
        for step in part["steps"]:
            row = step["row"]
            out.append(f"| [{row.label}]({prefix}{row.stem}.ipynb) | {_cell(_section_names(step))} | "
                       f"{duration(step['study'])} |")
        if part["title"]:
            out += ["", f"About {duration(part['study'])} of study.", ""]
    if not any(part["title"] for part in path["parts"]):
        out += [""]
    out += [f"In all about {duration(path['study'])} of study ({duration(path['reading'])} of reading), "
            f"{path['notebooks']} notebooks.", ""]
    if path["skips"]:
        out += ["What it leaves out, and when you would need it:", ""]
        out += [f"* **{skip['what']}**: {skip['when']}." for skip in path["skips"]] + [""]
    return out


def learning_path_markdown(rows: list[Row], course: dict, prefix: str = "../notebooks/",
                           paths: list[dict] | None = None) -> str:
    """The full listing (book/path.md's generated part): the declared paths, the main path and the appendices,
    each notebook with what it teaches and assumes and its times."""
    main = [r for r in rows if r.exists and r.entry["part"] == "main"]
    appendices = [r for r in rows if r.exists and r.entry["part"] == "appendix"]
    by_stem = {r.stem: r for r in rows}
    paths = declared_paths(rows, course) if paths is None else paths
    out = [BEGIN,
           "<!-- generated by `python -m tools regen` from notebooks/course.toml and the notebooks: edit those -->",
           "",
           "Choose a path: the core, one of the two lecture plans, the practitioner track, or the whole main path "
           "in order, then the deep dives. Two times are given: *reading*, a careful read of the prose, the code "
           "and the figures, and *study*, working through it — running every cell and doing the exercises. Both "
           "are measured from the notebooks by `tools/outline.py`, whose docstring states the method and its "
           "calibration; a path's time is that of the sections it takes.", ""]
    for path in paths:
        out += path_markdown(path, prefix)
    out += ["## The main path", "", "Read in order; each notebook says what it assumes and links its neighbours.",
            "", "| notebook | what it teaches | assumes | reading | study |", "|:--|:--|:--|--:|--:|"]
    for row in main:
        assumes = _cell(assumes_text(row, by_stem, prefix, short=True))
        out.append(f"| [`{row.stem}.ipynb`]({prefix}{row.stem}.ipynb) | {_cell(row.entry['teaches'])} | "
                   f"{assumes} | {duration(row.reading)} | {duration(row.study)} |")
    out += ["", f"The main path: {len(main)} notebooks, about {_total(main, 'reading')} of reading and "
                f"{_total(main, 'study')} of study.", ""]
    out += ["## The appendices: the sources checked, and the details", "",
            "Where a paper or a manual is wrong, the main path says so in one sentence and links here; the "
            "appendices hold the checks.", "",
            "| appendix | what it checks | continues | assumes | reading | study |",
            "|:--|:--|:--|:--|--:|--:|"]
    for row in appendices:
        assumes = _cell(assumes_text(row, by_stem, prefix, short=True))
        out.append(f"| [`{row.stem}.ipynb`]({prefix}{row.stem}.ipynb) | {_cell(row.entry['teaches'])} | "
                   f"{_link(by_stem, row.entry['appendix_to'], prefix)} | {assumes} | "
                   f"{duration(row.reading)} | {duration(row.study)} |")
    out += ["", END]
    return "\n".join(_wrap_prose(out))


def lecture_bullets(part: dict) -> str:
    """book/lecture_plans.md's generated lines of one lecture: its notebooks and the sections it presents,
    with their measured study time."""
    stems = list(dict.fromkeys(step["row"].stem for step in part["steps"]))
    notebooks = ", ".join(f"{{doc}}`{number(stem)} <course/{stem}>`" for stem in stems)
    sections = "; ".join(f"{number(step['row'].stem)} " + ("(all of it)" if step["whole"] else     # the names
                         ", ".join(f"“{name}”" for name in step["wanted"])) for step in part["steps"])   # as declared
    lines = _wrap_prose([f"- **Sections:** {sections}",
                         f"- **Study time of these sections:** about {duration(part['study'])} (measured)"])
    return "\n".join([f"- **Notebooks:** {notebooks}"] + lines)     # a {doc} role is not split over lines


LECTURE_MARK = re.compile(r"<!-- path:(?P<key>[\w-]+):(?P<part>\d+) -->\n.*?<!-- /path -->", re.S)


def with_lecture_bullets(text: str, paths: list[dict]) -> str:
    """book/lecture_plans.md with the lines between each ``<!-- path:KEY:N -->`` and ``<!-- /path -->``
    regenerated from part N of path KEY."""
    by_key = {path["key"]: path for path in paths}

    def fill(match: re.Match) -> str:
        part = by_key[match["key"]]["parts"][int(match["part"]) - 1]
        return f"<!-- path:{match['key']}:{match['part']} -->\n{lecture_bullets(part)}\n<!-- /path -->"

    return LECTURE_MARK.sub(fill, text)


def _wrap_prose(lines: list[str], width: int = HEADER_WIDTH) -> list[str]:
    """README's paragraphs and list items wrapped as its other prose is; tables, headings, comments kept."""
    out = []
    for line in lines:
        if not line or line.startswith(("|", "#", "<!--")):
            out.append(line)
        else:
            indent = "  " if line.startswith(("* ", "- ")) else ""
            out += textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False)
    return out


def _between_markers(current: str, body: str, name: str) -> str:
    if BEGIN not in current or END not in current:
        raise ValueError(f"{name} has no {BEGIN} … {END} markers")
    before, rest = current.split(BEGIN, 1)
    return before + body + rest.split(END, 1)[1]


def generated_files(rows: list[Row], course: dict, paths: list[dict]) -> dict[Path, tuple[str, str]]:
    """{path: (as it is, as it should be)} for README.md's block, book/path.md's listing and the lecture
    plans' generated lines."""
    readme, listing = README.read_text(encoding="utf-8"), PATH_PAGE.read_text(encoding="utf-8")
    plans = LECTURE_PLANS.read_text(encoding="utf-8")
    return {README: (readme, _between_markers(readme, short_path_markdown(rows, course, paths), README.name)),
            PATH_PAGE: (listing, _between_markers(listing, learning_path_markdown(rows, course, paths=paths),
                                                  "book/path.md")),
            LECTURE_PLANS: (plans, with_lecture_bullets(plans, paths))}


def warnings(paths: list[dict]) -> list[str]:
    return [f"{step['row'].stem} has no section starting with “{name}” (notebooks/course.toml, path "
            f"{path['key']!r})" for path in paths for step in path["steps"] for name in step["missing"]]


# --- the site's rows -------------------------------------------------------------------------------------

def learning_path(notebooks: Path = NOTEBOOKS) -> list[dict]:
    """Every notebook of notebooks/course.toml, in order: name, part, teaches, assumes, reading, study
    (the times are None where the notebook does not exist)."""
    rows = outline(notebooks)
    by_stem = {row.stem: row for row in rows}
    return [{"name": row.stem, "part": row.entry["part"], "teaches": row.entry["teaches"],
             "assumes": assumes_text(row, by_stem, short=True), "reading": row.reading, "study": row.study,
             "exists": row.exists} for row in rows]


def course_pages(notebooks: Path = NOTEBOOKS) -> tuple[list[dict], list[str]]:
    """The outline's rows whose notebook exists, and existing notebooks that the outline does not list."""
    existing = stems(notebooks)
    rows = [row for row in learning_path(notebooks) if row["name"] in existing]
    unlisted = sorted(existing - {row["name"] for row in rows})
    return rows, unlisted
