"""Tutorial sheets and instructor packs: one of each per lecture of the two lecture plans, printed to PDF.

Each lecture of book/lecture_plans.md (a ``<!-- path:KEY:N -->`` block, the lecture N of a declared path of
notebooks/course.toml, followed by its "**Tutorial:** exercises 01.1 (…), 01b.2 (…)") gets

* a **tutorial sheet**, ``_site/tutorials/six-2.pdf`` (``two-1.pdf`` for the two-lecture plan): the text of
  each exercise the plan names ("01b.2" is exercise **2.** of notebook 01b), read from the notebook's
  Exercises section without its solutions, each followed by room to work, on one or two A4 pages;
* an **instructor pack**, ``_site/instructor/six-2.pdf``: the sheet's answers, as the exercise bank
  (bookeval_lib/course/exercise_bank/) computes them; then, for every notebook of the lecture, the worked
  solution of each of its exercises (the cells tagged ``solution``, with their outputs) and its quiz's answer
  key, every option with whether it is right and why (``quiz.questions``, ``Question.rendered``).

Each is an HTML page written here, typeset by the site's own MathJax (``_site/_static/mathjax``) and printed by
Chromium with the handouts' paper, margins and footer (tools/handouts.py); the pages are written to a folder
inside the site that is removed after printing, so only the PDFs remain.  Nothing is fetched from the network.
Run after the HTML (``make site`` and ``make handouts`` run it; ``python -m tools sheets`` alone needs a built
_site/).  The lecture plans link each lecture's sheet and pack; the students' pages (the index, the notebooks'
pages, the downloads page) do not link the packs.
"""
from __future__ import annotations

import argparse
import html
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tools.course import BOOK, NOTEBOOKS, STEM, load_course, notebook_paths, number, read, source, tags
from tools.handouts import SITE, chromium_context, content_box, print_page

PLANS = BOOK / "lecture_plans.md"
SOLUTION_TAG = "solution"
NOTEBOOK_NUMBER = STEM.pattern.removesuffix("_")       # "01", "01b", "A1": the course's one pattern
EXERCISE_ID = re.compile(rf"\b{NOTEBOOK_NUMBER}\.(\d+)\b")
_LECTURE = re.compile(r"<!-- path:(?P<key>[\w-]+):(?P<part>\d+) -->\n.*?<!-- /path -->(?P<after>.*?)(?=^#|\Z)",
                      re.S | re.M)
_TUTORIAL = re.compile(r"^- \*\*Tutorial:\*\*(.*?)(?=^- \*\*|^\S|\Z)", re.S | re.M)
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^\s*\*\*(\d+)\.")
_LETTERS = "ABCDEFGH"
# The room to work under each exercise of a sheet: at most this much, at least this much on a full page.
MOST_ROOM_MM, LEAST_ROOM_MM = 140, 25
MAX_PAGES = 2


# --- what the plans name ---------------------------------------------------------------------------------

@dataclass
class Lecture:
    """One lecture of a plan: ``name`` "six-2" (the file name of its sheet and pack), its title, the stems of
    its notebooks in order, and the exercises its tutorial names, as ("03b", 2)."""
    name: str
    key: str
    part: int
    title: str
    stems: list[str]
    exercises: list[tuple[str, int]]


def lectures(plans: Path = PLANS, paths: list[dict] | None = None) -> list[Lecture]:
    """Every lecture of book/lecture_plans.md, in the page's order, with its notebooks from the declared path
    (tools/outline.py) and its tutorial's exercises from the line "**Tutorial:**" that follows its block."""
    from tools.outline import declared_paths, outline

    paths = declared_paths(outline(), load_course()) if paths is None else paths
    by_key = {path["key"]: path for path in paths}
    found = []
    for match in _LECTURE.finditer(plans.read_text(encoding="utf-8")):
        part = by_key[match["key"]]["parts"][int(match["part"]) - 1]
        tutorial = _TUTORIAL.search(match["after"])
        if tutorial is None:
            raise ValueError(f"lecture {match['key']}:{match['part']} of {plans.name} names no tutorial")
        exercises = [(nb, int(k)) for nb, k in EXERCISE_ID.findall(tutorial.group(1))]
        stems = list(dict.fromkeys(step["row"].stem for step in part["steps"]))
        found.append(Lecture(f"{match['key'].split('-')[0]}-{match['part']}", match["key"], int(match["part"]),
                             part["title"], stems, exercises))
    return found


# --- the exercises of a notebook -------------------------------------------------------------------------

@dataclass
class Exercise:
    """Exercise **n.** of a notebook: its text (Markdown), the code cells given with it (not solutions), and
    its worked solution: ("markdown", text) and ("code", source, [output HTML]) parts in order."""
    notebook: str
    n: int
    text: str = ""
    given: list[str] = field(default_factory=list)
    solution: list[tuple] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.notebook}.{self.n}"


def notebook_path(notebook: str, folder: Path = NOTEBOOKS) -> Path:
    """notebooks/NN_name.ipynb of a number "NN" (exactly one)."""
    found = [path for path in notebook_paths(folder) if number(path.name) == notebook]
    if len(found) != 1:
        raise ValueError(f"no single notebook {notebook}_*.ipynb in {folder}")
    return found[0]


def title_of(notebook: dict) -> str:
    """The notebook's title: the first ``# `` heading of its first markdown cell, without its number."""
    first = next(cell for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    match = re.search(r"^#\s+(.+?)\s*$", source(first), re.M)
    return re.sub(r"^\w+\s+·\s+", "", match.group(1)) if match else ""   # "03 · Informedness" -> "Informedness"


def _output_html(output: dict) -> str:
    """A solution's output as HTML: the content of its fold, else its text."""
    from bookeval_lib.course.solutions import unfold_output_html

    data = output.get("data", {})
    if "text/html" in data:
        return unfold_output_html("".join(data["text/html"]))
    if "image/png" in data:
        return f'<img alt="figure of the worked solution" src="data:image/png;base64,{data["image/png"]}">'
    text = "".join(data.get("text/plain", output.get("text", "")))
    return f"<pre>{html.escape(text)}</pre>" if text.strip() else ""


def exercises_of(notebook: dict, prefix: str) -> dict[int, Exercise]:
    """{n: Exercise} of every item ``**n.**`` under an "Exercises" heading of ``notebook`` (as
    tools/exercises.py reads them), each with the text up to the next item or heading."""
    from bookeval_lib.course.solutions import strip_magic, unfold

    found: dict[int, Exercise] = {}
    inside, current = False, None
    for cell in notebook["cells"]:
        text = source(cell)
        if SOLUTION_TAG in tags(cell):
            if current is None:
                continue
            if cell["cell_type"] == "markdown":
                body = unfold(text)[1]
                body = re.sub(r"\A\s*(?:\*\*)?Solution\s+\d+\.?(?:\*\*)?[ \t]*\n?", "", body, flags=re.I)
                current.solution.append(("markdown", body.strip()))
            elif cell["cell_type"] == "code":
                outputs = [_output_html(output) for output in cell.get("outputs", [])]
                current.solution.append(("code", strip_magic(text).strip(), [o for o in outputs if o]))
            continue
        if cell["cell_type"] == "code":
            if inside and current is not None:
                current.given.append(text.strip())
            continue
        if cell["cell_type"] != "markdown":
            continue
        for line in text.splitlines():
            heading = _HEADING.match(line)
            if heading:
                inside, current = "exercise" in heading.group(2).lower(), None
                continue
            item = _ITEM.match(line)
            if inside and item:
                current = found.setdefault(int(item.group(1)), Exercise(prefix, int(item.group(1))))
            if inside and current is not None:
                current.text += line + "\n"
    for exercise in found.values():
        exercise.text = exercise.text.strip()
    return found


def notebook_exercises(notebook_number: str, folder: Path = NOTEBOOKS) -> tuple[str, dict[int, Exercise]]:
    """(title, {n: Exercise}) of notebook ``notebook_number`` ("03b")."""
    notebook = read(notebook_path(notebook_number, folder))
    return title_of(notebook), exercises_of(notebook, notebook_number)


# --- Markdown and values as HTML -------------------------------------------------------------------------

def _markdown_renderer():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    def math(content: str, options: dict) -> str:
        tex = html.escape(content)
        if options.get("display_mode"):
            return f'<div class="math">\\[{tex}\\]</div>'
        return f'<span class="math">\\({tex}\\)</span>'

    return MarkdownIt("commonmark", {"html": True}).enable("table").use(
        dollarmath_plugin, allow_space=True, double_inline=True, renderer=math)


_MD = None


def markdown(text: str) -> str:
    """Markdown (with $…$ and $$…$$ maths, as MyST reads the notebooks) as HTML; links become plain text
    (a printed sheet cannot follow them, and they point into the site)."""
    global _MD
    if _MD is None:
        _MD = _markdown_renderer()
    rendered = _MD.render(text)
    return re.sub(r"<a\s[^>]*>(.*?)</a>", r"\1", rendered, flags=re.S)


def value_text(value) -> str:
    """An answer of the exercise bank as a reader writes it: numbers to 4 decimals (trailing zeros dropped,
    integers whole), tuples in brackets, anything else as its ``repr``."""
    import numpy as np

    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(value_text(item) for item in value) + ")"
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        if float(value).is_integer():
            return str(int(value))
        return f"{float(value):.4f}".rstrip("0").rstrip(".")
    if isinstance(value, np.ndarray):
        return value_text(value.tolist())
    return repr(value)


# --- the pages -------------------------------------------------------------------------------------------

STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; line-height: 1.4; margin: 0; color: #111; }
h1 { font-size: 15pt; margin: 0 0 2mm 0; }
h2 { font-size: 12.5pt; margin: 5mm 0 2mm 0; break-after: avoid; }
h3 { font-size: 11pt; margin: 4mm 0 1.5mm 0; break-after: avoid; }
p { margin: 1.5mm 0; }
pre, code { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: 1.5mm 2mm; margin: 1.5mm 0; }
table { border-collapse: collapse; margin: 1.5mm 0; }
th, td { border: 1px solid #aaa; padding: 0.8mm 2mm; text-align: left; vertical-align: top; }
img { max-width: 100%; break-inside: avoid; }
.lead { color: #333; }
.name-line { margin: 3mm 0 2mm 0; }
.exercise { break-inside: avoid; border-top: 1px solid #999; padding-top: 1.5mm; }
.exercise .source { font-size: 9pt; color: #444; }
.room { border: 1px dashed #bbb; margin-top: 2mm; }
.page-two { break-before: page; }
.given { font-size: 9pt; color: #333; }
.solution { border-left: 3px solid #6a9; padding-left: 3mm; margin: 1.5mm 0 3mm 0; }
.output { margin: 1mm 0 1mm 3mm; font-size: 9pt; }
.output table { font-size: 9pt; }
.key li { margin: 0.5mm 0; }
.right { font-weight: bold; }
.notebook { break-before: page; }
.notebook:first-of-type { break-before: auto; }
"""


def _page(title: str, body: str, mathjax: str) -> str:
    config = ('MathJax.Hub.Config({messageStyle: "none", tex2jax: {inlineMath: [["\\\\(", "\\\\)"]], '
              'displayMath: [["\\\\[", "\\\\]"]], processEscapes: false, ignoreClass: "tex2jax_ignore", '
              'processClass: "math|output"}, menuSettings: {zoom: "None"}});')
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>\n'
            f'<style>{STYLE}</style>\n<script type="text/x-mathjax-config">{config}</script>\n'
            f'<script src="{mathjax}"></script></head>\n<body class="tex2jax_ignore">\n{body}\n</body></html>\n')


def _source_line(exercise: Exercise, titles: dict[str, str]) -> str:
    return (f'<p class="source">Exercise {exercise.n} of notebook {exercise.notebook}, '
            f'“{html.escape(_plain(titles[exercise.notebook]))}”</p>')


def _plain(text: str) -> str:
    return re.sub(r"[*_`]", "", text)


def _given(exercise: Exercise) -> str:
    if not exercise.given:
        return ""
    code = "\n\n".join(exercise.given)
    return f'<div class="given"><p>The notebook gives this code with it:</p><pre>{html.escape(code)}</pre></div>'


def sheet_html(lecture: Lecture, found: dict[str, dict[int, Exercise]], titles: dict[str, str], mathjax: str,
               room_px: list[float] | None = None, page_two: int | None = None) -> str:
    """The tutorial sheet of ``lecture``: its title, a line for a name, and each exercise the plan names with
    ``room_px[i]`` CSS pixels of room under it (none when not given); exercise ``page_two`` starts page 2."""
    head = (f"<h1>Tutorial sheet — {html.escape(lecture.title)}</h1>\n"
            f'<p class="lead">The exercises of this lecture\'s tutorial, each from the notebook named under it. '
            f'Work them here. The exercise version of each notebook (the course\'s folder exercises/) has an '
            f'answer cell under each exercise, where <code>check("NN.k", answer)</code> says whether an answer '
            f'is right.</p>\n'
            f'<p class="name-line">Name: ______________________________ &nbsp; Date: ______________</p>')
    blocks = []
    for index, (notebook, n) in enumerate(lecture.exercises):
        exercise = found[notebook][n]
        room = room_px[index] if room_px else 0
        style = ' page-two' if page_two == index else ''
        blocks.append(f'<section class="exercise{style}" data-id="{exercise.id}">\n<h2>Exercise {exercise.id}</h2>\n'
                      f'{_source_line(exercise, titles)}\n{markdown(exercise.text)}\n{_given(exercise)}\n'
                      f'<div class="room" style="height: {room:.0f}px"></div>\n</section>')
    return _page(f"Tutorial sheet {lecture.name}", head + "\n" + "\n".join(blocks), mathjax)


def _worked(exercise: Exercise) -> str:
    parts = []
    for part in exercise.solution:
        if part[0] == "markdown":
            parts.append(markdown(part[1]))
        else:
            _, code, outputs = part
            parts.append(f"<pre>{html.escape(code)}</pre>")
            parts += [f'<div class="output">{output}</div>' for output in outputs]
    if not parts:
        return '<div class="solution"><p><em>The notebook gives no worked solution for this exercise.</em></p></div>'
    return (f'<div class="solution">\n<p><strong>Worked solution {exercise.id}</strong></p>\n' + "\n".join(parts)
            + "\n</div>")


def quiz_key_html(notebook: str) -> str:
    """The answer key of notebook ``notebook``'s quiz: each question with its options lettered, each marked
    right or not and explained (or the number and how to get it)."""
    from bookeval_lib.course import quiz

    if notebook not in quiz.notebooks():
        return ""
    items = []
    for q_number, question in enumerate(quiz.questions(notebook), start=1):
        shown = question.rendered()
        lines = [f"<p><strong>Q{q_number}.</strong> {_inline(shown['prompt'])}</p>"]
        if "answer" in shown:
            lines.append(f'<p class="right">Answer: {shown["answer"]}</p><p>{_inline(shown["why"])}</p>')
        else:
            options = []
            for letter, (text, right, why) in zip(_LETTERS, shown["options"]):
                verdict = '<span class="right">Right</span>' if right else "Not quite"
                options.append(f"<li><strong>{letter})</strong> {_inline(text)}<br>{verdict}: {_inline(why)}</li>")
            lines.append('<ul class="key" style="list-style: none; padding-left: 4mm;">' + "".join(options) + "</ul>")
        items.append("\n".join(lines))
    return f"<h3>Quiz {notebook}: the answer key</h3>\n" + "\n".join(items)


def _inline(text: str) -> str:
    """A quiz text (plain Unicode with `code` spans) as HTML."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text, quote=False))


def pack_html(lecture: Lecture, found: dict[str, dict[int, Exercise]], titles: dict[str, str], mathjax: str) -> str:
    """The instructor pack of ``lecture``: the sheet's answers, then per notebook every exercise with its
    worked solution and the quiz's answer key."""
    from bookeval_lib.course import checker

    rows = []
    for notebook, n in lecture.exercises:
        bank = {exercise.id: exercise for exercise in checker.exercises(notebook)}
        entry = bank[f"{notebook}.{n}"]
        rows.append(f"<tr><td>{notebook}.{n}</td><td>{_inline(entry.asks)}</td>"
                    f"<td><strong>{html.escape(value_text(entry.answer()))}</strong></td></tr>")
    body = [f"<h1>Instructor pack — {html.escape(lecture.title)}</h1>",
            '<p class="lead">For the lecturer and the tutors, not for the students: the answers of the tutorial '
            "sheet, then, for each notebook of the lecture, the worked solution of every exercise and the answer "
            "key of its quiz.</p>",
            "<h2>The tutorial sheet's answers</h2>",
            "<p>As the course's checker computes them (<code>check(\"NN.k\", answer)</code> accepts these); the "
            "worked solutions follow under each notebook.</p>",
            "<table><thead><tr><th>exercise</th><th>what it asks</th><th>answer</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>"]
    for stem in lecture.stems:
        notebook = number(stem)
        exercises = found.get(notebook, {})
        body.append(f'<section class="notebook"><h2>Notebook {notebook}: {html.escape(_plain(titles[notebook]))}</h2>')
        if exercises:
            body.append("<h3>Exercises and worked solutions</h3>")
            for n in sorted(exercises):
                exercise = exercises[n]
                body.append(f'<div class="exercise-full"><p><strong>Exercise {exercise.id}</strong></p>'
                            f"{markdown(exercise.text)}{_given(exercise)}{_worked(exercise)}</div>")
        else:
            body.append("<p>This notebook has no exercises.</p>")
        body.append(quiz_key_html(notebook) + "</section>")
    return _page(f"Instructor pack {lecture.name}", "\n".join(body), mathjax)


# --- printing --------------------------------------------------------------------------------------------

def pdf_pages(path: Path) -> int:
    """The number of pages of a PDF that Chromium wrote (its page objects, ``/Type /Page``)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", path.read_bytes()))


def _rooms(heights: list[float], header: float, page: float, scale: float) -> tuple[list[float], int | None]:
    """Room under each exercise (CSS px) and the index of the first exercise of page 2 (None: one page):
    the exercises in order on one page when each then gets at least LEAST_ROOM_MM, else split where the
    smaller room of the two pages is largest; each room at most MOST_ROOM_MM; ``scale`` < 1 leaves slack."""
    from tools.handouts import CSS_PX_PER_MM

    most, least = MOST_ROOM_MM * CSS_PX_PER_MM, LEAST_ROOM_MM * CSS_PX_PER_MM
    usable = page * scale

    def room(block: list[float], top: float) -> float:
        return (usable - top - sum(block)) / len(block) if block else most

    n = len(heights)
    one = room(heights, header)
    if one >= least or n == 1:
        return [max(0.0, min(most, one))] * n, None
    best = max(range(1, n), key=lambda k: min(room(heights[:k], header), room(heights[k:], 0)))
    first, second = room(heights[:best], header), room(heights[best:], 0)
    return ([max(0.0, min(most, first))] * best + [max(0.0, min(most, second))] * (n - best)), best


def _measure(context, path: Path) -> tuple[float, list[float]]:
    """The height of the sheet's header and of each exercise (without its room), laid out for print at the
    paper's printable width."""
    from tools.handouts import wait_until_drawn

    width, height = content_box()
    view = context.new_page()
    view.set_viewport_size({"width": round(width), "height": round(height)})
    view.emulate_media(media="print")
    view.goto(path.as_uri(), wait_until="commit")
    wait_until_drawn(view)
    header, blocks = view.evaluate("""() => {
        const sections = Array.from(document.querySelectorAll('section.exercise'));
        const top = sections.length ? sections[0].getBoundingClientRect().top : document.body.scrollHeight;
        return [top, sections.map(s => s.getBoundingClientRect().height)];
    }""")
    view.close()
    return header, blocks


def _print(context, html_text: str, folder: Path, target: Path) -> None:
    source = folder / (target.stem + ".html")
    source.write_text(html_text, encoding="utf-8")
    target.parent.mkdir(parents=True, exist_ok=True)
    remote = print_page(context, source, target)
    if remote:
        raise RuntimeError(f"{target.name} asked the network for {remote}")


def build(site: Path = SITE, context=None, only: list[str] | None = None) -> list[Path]:
    """Print every lecture's tutorial sheet into site/tutorials/ and instructor pack into site/instructor/
    (``only``: those lectures, by name); with ``context`` (a playwright browser context) in that browser."""
    if not (site / "_static" / "mathjax" / "MathJax.js").exists():
        raise SystemExit(f"no MathJax in {site / '_static'}: build the site first (make site)")
    if context is None:
        with chromium_context("the sheets") as context:
            return build(site, context, only)
    plan = [lecture for lecture in lectures() if only is None or lecture.name in only]
    found, titles = {}, {}
    for notebook in dict.fromkeys([number(stem) for lecture in plan for stem in lecture.stems]
                                  + [nb for lecture in plan for nb, _ in lecture.exercises]):
        titles[notebook], found[notebook] = notebook_exercises(notebook)
    written = []
    _, page_height = content_box()
    with tempfile.TemporaryDirectory(dir=site, prefix=".sheets-") as scratch:
        folder = Path(scratch)
        mathjax = "../_static/mathjax/MathJax.js?config=TeX-AMS_CHTML"
        for lecture in plan:
            missing = [f"{nb}.{n}" for nb, n in lecture.exercises if n not in found[nb]]
            if missing:
                raise ValueError(f"lecture {lecture.name} names exercises that do not exist: {missing}")
            sheet = site / "tutorials" / f"{lecture.name}.pdf"
            probe = folder / f"{lecture.name}-probe.html"
            probe.write_text(sheet_html(lecture, found, titles, mathjax), encoding="utf-8")
            header, heights = _measure(context, probe)
            for scale in (0.97, 0.9, 0.8, 0.6):
                rooms, page_two = _rooms(heights, header, page_height, scale)
                _print(context, sheet_html(lecture, found, titles, mathjax, rooms, page_two), folder, sheet)
                if pdf_pages(sheet) <= MAX_PAGES:
                    break
            else:
                raise RuntimeError(f"{sheet.name} takes {pdf_pages(sheet)} pages, more than {MAX_PAGES}")
            pack = site / "instructor" / f"{lecture.name}.pdf"
            _print(context, pack_html(lecture, found, titles, mathjax), folder, pack)
            written += [sheet, pack]
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: _site)")
    parser.add_argument("lectures", nargs="*", help="lectures to print, by name: six-1 … six-6, two-1, two-2 "
                        "(default: every one)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    written = build(args.site, only=args.lectures or None)
    print(f"{len(written)} PDFs (tutorial sheets in {args.site / 'tutorials'}, instructor packs in "
          f"{args.site / 'instructor'}) ({time.perf_counter() - start:.0f} s)")
    return 0
