"""The lecture decks: one reveal.js deck per lecture of the lecture plans, in _site/slides/ (``make slides``).

A deck's source is a Markdown file written for the room, book/lectures/KEY-N.md (``six-2.md`` is lecture 2 of
the declared path ``six-lectures`` of notebooks/course.toml), with slides separated by a line ``---``.  Its
title, its sections with their measured study times (tools/outline.py's ``declared_paths``), its learning
outcomes, its live demonstration and its tutorial come from the plan (book/lecture_plans.md and
notebooks/course.toml), never typed twice.  A slide is Markdown (``$…$`` and ``$$…$$`` maths, tables, lists),
with these additions, each alone on its line unless said otherwise:

* ``{outcomes}``: the slide of the lecture's learning outcomes, from the plan (split over two slides when
  they are long);
* ``{figure NAME}``: the gallery's figure NAME (notebooks/figures.toml; ``python -m tools gallery`` draws
  the files), copied next to the deck, with the registry's alt text, and its caption in the speaker notes;
* ``{quiz ID}``: a clicker slide, the quiz bank's question ID (e.g. ``03b.Q2``) read through
  :func:`bookeval_lib.course.quiz.questions`: the question and its options, in their rendered order, on the
  slide, the answer with its reason as the next fragment;
* ``{explorer NAME}`` (inline): a link that opens the page of the notebook whose cell draws the explorer
  NAME, at the section that holds it, on the offline site (_site/course/);
* ``{section STEM TITLE}`` (inline): a link that opens notebook STEM's page on the offline site at its
  section whose heading starts with TITLE;
* ``{step STEM}``: this slide starts the lecture's part from notebook STEM; its speaker notes get the
  sections the plan presents from it and their measured study time;
* ``{tutorial}``: the slide of the tutorial's exercises, from the plan;
* ``{demo}``: this slide is the live demonstration (the plan's text goes into its speaker notes; a slide
  with an ``{explorer NAME}`` link is one too);
* ``{id NAME}`` names a slide; ``{use NAME}`` shows the slide of that name (of any lecture's source) again,
  so that a slide two lectures share is written once (a ``{step}`` beside it replaces the slide's own);
* ``{{ expression }}`` or ``{{ expression :format }}`` (inline): a number computed when the deck is built,
  by evaluating the expression with the names of :mod:`bookeval_lib` (and ``table(tp, fp, fn, tn)``, a
  :class:`bookeval_lib.BinaryTable`; ``sqrt``; ``module("course.opening")``, a module of the package);
* ``{let NAME = expression}``: NAME, for the placeholders of this slide and the next ones;
* ``Note:`` starts the speaker notes of the slide (press S in a deck): everything after it is said, not shown.

Everything a deck loads sits next to it, in _site/slides/assets/: reveal.js and MathJax 2 from the npm
packages pinned in site/package.json (``npm ci`` once, as for the site), and slides.css, the projector style
(a 1280 x 720 canvas, large type); the figures go to _site/slides/figures/.  No request leaves the machine.
"""
from __future__ import annotations

import argparse
import html
import importlib
import math
import re
import shutil
import time
from pathlib import Path

from tools import assets
from tools.course import BOOK, BUILD, NOTEBOOKS, ROOT, notebook_paths

OUT = ROOT / "_site" / "slides"
SOURCES = BOOK / "lectures"
PLANS = BOOK / "lecture_plans.md"
GALLERY = BUILD / "site-extra" / "gallery"
TEMPLATES = Path(__file__).resolve().parent / "slides_template"
STYLE = TEMPLATES / "slides.css"
WIDTH, HEIGHT = 1280, 720
LECTURE_MINUTES = 50  # the plans' lecture slot (book/lecture_plans.md: "50-minute lectures")
# What the decks need from the pinned reveal.js package (source in node_modules -> target in assets/reveal.js).
REVEAL_ASSETS = {
    "reveal.js/dist/reveal.js": "dist/reveal.js",
    "reveal.js/dist/reveal.css": "dist/reveal.css",
    "reveal.js/dist/theme/white.css": "dist/theme/white.css",
    "reveal.js/dist/theme/fonts/source-sans-pro": "dist/theme/fonts/source-sans-pro",
    "reveal.js/plugin/notes/notes.js": "plugin/notes/notes.js",
    "reveal.js/LICENSE": "LICENSE",
}
PLAN_FIELDS = ("Notebooks", "Sections", "Outcomes", "Live demo", "Questions for the room", "Tutorial")
OUTCOME_WORDS = 55  # an outcomes slide longer than this is split in two
LETTERS = "ABCDEFGH"


# --- the plans ------------------------------------------------------------------------------------------------

def plan_slots(text: str | None = None) -> dict[str, dict[str, str]]:
    """``{lecture title: {field: text}}`` for every ``###`` lecture of book/lecture_plans.md, each field's
    lines joined (the fields of PLAN_FIELDS)."""
    text = PLANS.read_text(encoding="utf-8") if text is None else text
    slots = {}
    for block in re.split(r"^### ", text, flags=re.MULTILINE)[1:]:
        heading, _, body = block.partition("\n")
        body = re.split(r"\n## |\n\n(?=[^-\s])", body)[0]
        fields = {}
        for item in re.split(r"^- \*\*", body, flags=re.MULTILINE)[1:]:
            name, _, rest = item.partition(":**")
            fields[name] = " ".join(line.strip() for line in rest.splitlines()
                                    if line.strip() and not line.startswith("<!--"))
        slots[heading.strip()] = fields
    return slots


def lectures() -> list[dict]:
    """Every lecture of the declared paths whose title reads "Lecture N of M: …", measured: ``key``
    ("six-2"), ``title``, ``part`` (declared_paths' part, with its steps and study time) and ``plan`` (its
    fields in book/lecture_plans.md)."""
    from tools.course import load_course
    from tools.outline import declared_paths, outline

    slots = plan_slots()
    found = []
    for path in declared_paths(outline(), load_course()):
        for number, part in enumerate(path["parts"], start=1):
            if re.match(r"Lecture \d+ of \d+:", part["title"]):
                key = f"{path['key'].split('-')[0]}-{number}"
                found.append({"key": key, "path": path["key"], "number": number, "title": part["title"],
                              "part": part, "plan": slots[part["title"]]})
    return found


def decks_presenting(stem: str, course: dict | None = None) -> list[tuple[str, str]]:
    """The lecture decks that present notebook ``stem``: (deck file name, "lecture N of M"), from
    notebooks/course.toml alone (no notebook is read), the longer plan first (as book/lecture_plans.md)."""
    from tools.course import load_course

    found = []
    for path in (load_course() if course is None else course).get("path", []):
        for number, part in enumerate(path.get("part", []), start=1):
            title = re.match(r"Lecture (\d+ of \d+):", part.get("title", ""))
            if title and any(step["notebook"] == stem for step in part["steps"]):
                found.append((f"{path['key'].split('-')[0]}-{number}.html", f"lecture {title.group(1)}"))
    return sorted(found, key=lambda deck: -int(deck[1].rsplit(" ", 1)[1]))


def demo_explorers(demo: str) -> list[str]:
    """The explorers a plan's live demo names (as `name`)."""
    return re.findall(r"`(\w+)`", demo)


# --- the explorers' pages -------------------------------------------------------------------------------------

def explorer_page(name: str, notebooks: Path = NOTEBOOKS) -> str:
    """``course/STEM.html#section``: the site page of the main-path notebook whose code draws the explorer
    ``name``, at the section that holds that cell (its id as docutils makes it from the heading)."""
    import json

    from docutils.nodes import make_id

    for path in notebook_paths(notebooks):
        heading = ""
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                titles = re.findall(r"^#+\s+(.+)$", source, flags=re.MULTILINE)
                heading = titles[-1] if titles else heading
            elif re.search(rf"\b{name}_explorer\(", source):
                plain = re.sub(r"[$`*]", "", heading)
                return f"course/{path.stem}.html#{make_id(plain)}"
    raise ValueError(f"no notebook draws the explorer {name!r}")


def section_page(stem: str, title: str, notebooks: Path = NOTEBOOKS) -> str:
    """``course/STEM.html#section``: the site page of notebook ``stem`` at its first heading that starts with
    ``title`` (the section's id as docutils makes it from the heading)."""
    import json

    from docutils.nodes import make_id

    cells = json.loads((notebooks / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] == "markdown":
            for heading in re.findall(r"^#+\s+(.+)$", "".join(cell["source"]), flags=re.MULTILINE):
                if heading.startswith(title):
                    return f"course/{stem}.html#{make_id(re.sub(r'[$`*]', '', heading))}"
    raise ValueError(f"{stem} has no section that starts with {title!r}")


# --- the Markdown of a slide ----------------------------------------------------------------------------------

def _markdown():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    md = MarkdownIt("commonmark", {"typographer": False}).enable("table")
    md.use(dollarmath_plugin, double_inline=True)
    md.add_render_rule("math_inline", lambda self, tokens, idx, options, env:
                       f'<span class="math">\\({html.escape(tokens[idx].content)}\\)</span>')
    md.add_render_rule("math_block", lambda self, tokens, idx, options, env:
                       f'<div class="math">\\[{html.escape(tokens[idx].content)}\\]</div>\n')
    return md


_MD = None


def render(text: str) -> str:
    """Markdown (with $ maths) to HTML; maths left for MathJax as \\( \\) and \\[ \\]."""
    global _MD
    if _MD is None:
        _MD = _markdown()
    return _MD.render(text)


def render_inline(text: str) -> str:
    html_text = render(text).strip()
    return re.sub(r"^<p>(.*)</p>$", r"\1", html_text, flags=re.S)


def namespace() -> dict:
    """The names a ``{{ expression }}`` may use: bookeval_lib's, ``table``, ``sqrt`` and ``module``
    (``module("course.opening")`` is bookeval_lib.course.opening)."""
    import bookeval_lib

    names = {name: getattr(bookeval_lib, name) for name in dir(bookeval_lib) if not name.startswith("_")}

    def table(tp, fp, fn, tn):
        return bookeval_lib.BinaryTable(tp=tp, fp=fp, fn=fn, tn=tn)

    def module(name):
        return importlib.import_module(f"bookeval_lib.{name}")

    return {**names, "bookeval_lib": bookeval_lib, "table": table, "sqrt": math.sqrt, "module": module}


def fill_numbers(text: str, names: dict) -> str:
    """Each ``{{ expression }}`` or ``{{ expression :format }}`` replaced by its value, computed now."""
    def value(match):
        expression, _, spec = match.group(1).partition(" :")
        result = eval(expression.strip(), dict(names))  # noqa: S307 (the course's own deck sources)
        return format(result, spec.strip()) if spec else str(result)

    return re.sub(r"\{\{(.+?)\}\}", value, text)


# --- the slides -----------------------------------------------------------------------------------------------

def _notes(text: str) -> str:
    return f'<aside class="notes">{render(text)}</aside>' if text.strip() else ""


def _section(body: str, notes: str = "", kind: str = "content") -> str:
    return f'<section class="{kind}">\n{body}\n{_notes(notes)}\n</section>'


def outcome_slides(lecture: dict) -> list[str]:
    """The outcomes of the plan as a list ("Afterwards, you can: …"), on two slides if it is long."""
    items = [item.strip().rstrip(".") for item in lecture["plan"]["Outcomes"].split(";")]
    words = [len(re.sub(r"\$[^$]*\$", "x", item).split()) for item in items]
    groups = [items]
    if sum(words) > OUTCOME_WORDS:
        cut = next(i for i in range(1, len(items) + 1) if sum(words[:i]) >= sum(words) / 2)
        groups = [items[:cut], items[cut:]]
    slides = []
    for index, group in enumerate(groups):
        more = f" ({index + 1} of {len(groups)})" if len(groups) > 1 else ""
        body = "\n".join(f"- {item}" for item in group)
        slides.append(_section(f"<h2>After this lecture you can{more}</h2>\n{render(body)}",
                               "The learning outcomes, as the lecture plan states them.", "outcomes"))
    return slides


def quiz_slide(question_id: str, plan_questions: str = "") -> str:
    """A clicker slide: the question and its options in the bank's rendered order; the answer and why as
    the next fragment.  ``plan_questions`` (the plan's own questions for the room) go into its notes."""
    from bookeval_lib.course.quiz import questions

    notebook = question_id.split(".")[0]
    found = [q for q in questions(notebook) if q.id == question_id]
    if len(found) != 1 or found[0].kind != "choice":
        raise ValueError(f"{question_id}: not one multiple-choice question of the quiz bank")
    shown = found[0].rendered()
    options = shown["options"]
    # Each option as rendered: (text, right, why, ...), in the order the bank renders them.
    items = "\n".join(f'<li><span class="letter">{letter}</span> {_inline_code(option[0])}</li>'
                      for letter, option in zip(LETTERS, options))
    right = [(letter, option[2]) for letter, option in zip(LETTERS, options) if option[1]]
    answer = " ".join(f"<strong>{letter}</strong>: {_inline_code(why)}" for letter, why in right)
    body = (f'<h2>Question for the room</h2>\n<p class="prompt">{_inline_code(shown["prompt"])}</p>\n'
            f'<ol class="options">\n{items}\n</ol>\n<div class="fragment answer"><p>{answer}</p></div>')
    notes = (f"Quiz question {question_id} (the notebook's quiz). Let the room vote (a show of hands or "
             "clickers) before revealing the answer with the next key press.")
    if plan_questions:
        notes += f"\n\nThe plan's questions for the room, to ask aloud: {plan_questions}"
    return _section(body, notes, "clicker")


def _inline_code(text: str) -> str:
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text, quote=False))


FIGURE_BOX = (1220, 600)       # the room a figure may take: the slide's width, the height under a heading
FIGURE_BOX_WITH_TEXT = 520     # ... less a line or two of text under it
SUBSCRIPT_SHARE = 0.7          # matplotlib draws sub- and superscripts at 0.7 of their text's size


def figure_size(name: str, gallery: Path = GALLERY) -> dict:
    """The gallery SVG's size (pt) and its smallest text (in the same units), sub- and superscripts aside:
    the figure's text is drawn at ``text * shown width / width`` pixels on the slide."""
    svg = (gallery / f"{name}.svg").read_text(encoding="utf-8")
    width, height = (float(x) for x in re.search(r'width="([\d.]+)pt" height="([\d.]+)pt"', svg).groups())
    sizes = {float(size) for size in re.findall(r"font-size: *([\d.]+)px", svg)}
    text = [size for size in sizes if not any(abs(size - SUBSCRIPT_SHARE * other) < 0.05 * other for other in sizes)]
    return {"width": width, "height": height, "text": min(text) if text else 0.0}


def figure_html(name: str, registry: dict, alone: bool = True) -> tuple[str, str]:
    """The gallery figure's <figure>, as large as the slide allows (alone under its heading, or with a
    line of text), and its caption (for the notes)."""
    entry, size = registry[name], figure_size(name)
    box_height = FIGURE_BOX[1] if alone else FIGURE_BOX_WITH_TEXT
    shown = min(FIGURE_BOX[0], box_height * size["width"] / size["height"])
    return (f'<figure class="gallery"><img src="figures/{name}.png" alt="{html.escape(entry["alt"])}" '
            f'style="width: {shown:.0f}px" data-svg-width="{size["width"]}" data-smallest-text="{size["text"]}">'
            "</figure>", entry["caption"])


def step_notes(part: dict, stem: str) -> str:
    """The sections the lecture presents from notebook ``stem`` and their measured study time."""
    from tools.outline import duration

    steps = [step for step in part["steps"] if step["row"].stem == stem]
    if not steps:
        raise ValueError(f"the lecture has no step in {stem}")
    step = steps[0]
    share = LECTURE_MINUTES * step["study"] / part["study"]
    names = "all of it" if step["whole"] else ", ".join(f"“{name}”" for name in step["sections"])
    return (f"From notebook {stem.split('_')[0]}: {names}. Measured study time of these sections: about "
            f"{duration(step['study'])} of the lecture's {duration(part['study'])}; in a {LECTURE_MINUTES}-minute "
            f"slot that share is about {share:.0f} min ({LECTURE_MINUTES} × {step['study']}/{part['study']}), "
            "the demo and the questions included.")


def content_slide(text: str, lecture: dict, registry: dict, names: dict) -> tuple[str, list[str]]:
    """One slide of a lecture's source as a <section>, and the figures it uses."""
    for match in re.finditer(r"^\{let (\w+) = (.+)\}\s*$", text, flags=re.M):
        names[match.group(1)] = eval(match.group(2), dict(names))  # noqa: S307 (the course's own sources)
    text = re.sub(r"^\{let .+\}\s*$\n?", "", text, flags=re.M)
    shown, _, said = text.partition("\nNote:")
    shown = fill_numbers(shown, names)
    said = fill_numbers(said, names)
    figures, notes, kind = [], [said.strip()], "content"
    if (step := re.search(r"^\{step (\S+)\}\s*$", shown, flags=re.M)):
        notes.append(step_notes(lecture["part"], step.group(1)))
        shown = shown.replace(step.group(0), "")

    def figure(match):
        figures.append(match.group(1))
        caption = registry[match.group(1)]["caption"]
        notes.append(f"Figure: {caption}")
        return f"\n\n<!--FIGURE {len(figures) - 1}-->\n\n"

    shown = re.sub(r"^\{figure (\S+)\}\s*$", figure, shown, flags=re.M)

    def explorer(match):
        nonlocal kind
        kind = "demo"
        title = match.group(1).replace("_", " ")
        return f'<a class="explorer" href="../{explorer_page(match.group(1))}" data-explorer="{match.group(1)}">' \
               f"open the {title} explorer</a>"

    shown = re.sub(r"\{explorer (\w+)\}", explorer, shown)

    def section(match):
        stem, title = match.group(1), match.group(2)
        return (f'<a class="explorer section" href="../{section_page(stem, title)}">open notebook '
                f'{stem.split("_")[0]} at “{html.escape(title)}”</a>')

    shown = re.sub(r"\{section (\S+) (.+?)\}", section, shown)
    if re.search(r"^\{demo\}\s*$", shown, flags=re.M):
        kind = "demo"
        shown = re.sub(r"^\{demo\}\s*$", "", shown, flags=re.M)
    if kind == "demo":
        notes.append(f"The plan's live demo: {lecture['plan']['Live demo']}")
    body = render(shown.strip())
    alone = not re.sub(r"^#+ .*$|<!--FIGURE \d+-->", "", shown, flags=re.M).strip()
    for index, name in enumerate(figures):
        body = body.replace(f"<!--FIGURE {index}-->", figure_html(name, registry, alone)[0])
    if figures:
        kind += " with-figure"
    return _section(body, "\n\n".join(n for n in notes if n), kind), figures


def title_slide(lecture: dict) -> str:
    from tools.outline import duration

    part = lecture["part"]
    sections = "; ".join(f"{step['row'].stem.split('_')[0]} "
                         + ("(all of it)" if step["whole"] else ", ".join(f"“{s}”" for s in step["sections"]))
                         + f" ({duration(step['study'])})" for step in part["steps"])
    notes = (f"A {LECTURE_MINUTES}-minute lecture (the plan's slot). It presents {sections}: about "
             f"{duration(part['study'])} of study in all, as measured from the notebooks; the rest "
             "of each notebook is the week's reading.")
    body = (f"<h1>{render_inline(lecture['title'])}</h1>\n"
            "<p class=\"subtitle\">bookeval: honest classifier evaluation, after Powers (2003, 2008)</p>")
    return _section(body, notes, "title")


def tutorial_slide(lecture: dict) -> str:
    tutorial = lecture["plan"]["Tutorial"].strip().removeprefix("exercises ").rstrip(".")
    items = re.split(r",\s+(?=\S+\.\d+ \()", tutorial)  # "01b.2 (a uniform …), 03.1 (…)"
    body = "\n".join(f"- {item}" for item in items)
    return _section(f"<h2>In the tutorial: exercises</h2>\n{render(body)}",
                    "The tutorial's exercises, from the plan; each worked solution is folded under its "
                    "exercise on the notebook's page.", "tutorial")


# --- a deck ---------------------------------------------------------------------------------------------------

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="assets/reveal.js/dist/reveal.css">
<link rel="stylesheet" href="assets/reveal.js/dist/theme/white.css">
<link rel="stylesheet" href="assets/slides.css">
<script>
window.MathJax = {{
  messageStyle: "none", showMathMenu: false,
  tex2jax: {{inlineMath: [["\\\\(", "\\\\)"]], displayMath: [["\\\\[", "\\\\]"]], processEscapes: true}},
  TeX: {{equationNumbers: {{autoNumber: "none"}}}},
  CommonHTML: {{scale: 100, matchFontHeight: false, minScaleAdjust: 100}}, menuSettings: {{zoom: "None"}}
}};
</script>
<script src="assets/mathjax/MathJax.js?config=TeX-AMS_CHTML"></script>
</head>
<body>
<div class="reveal"><div class="slides">
{slides}
</div></div>
<script src="assets/reveal.js/dist/reveal.js"></script>
<script src="assets/reveal.js/plugin/notes/notes.js"></script>
<script>
Reveal.initialize({{controls: true, progress: true, hash: true, center: false, slideNumber: "c/t",
                   transition: "none", width: {width}, height: {height}, margin: 0.03, plugins: [RevealNotes]}});
</script>
</body>
</html>
"""


def source_path(key: str, sources: Path = SOURCES) -> Path:
    return sources / f"{key}.md"


ID = re.compile(r"^\{id (\S+)\}\s*$", flags=re.M)
STEP = re.compile(r"^\{step (\S+)\}\s*$", flags=re.M)


def split_slides(source: str) -> list[str]:
    """A source's slides (its text between lines ``---``), comments left out, empty ones dropped."""
    texts = (re.sub(r"<!--.*?-->", "", text, flags=re.S).strip() for text in re.split(r"^---\s*$", source, flags=re.M))
    return [text for text in texts if text]


def named_slides(sources: Path = SOURCES) -> dict[str, str]:
    """Every slide that a source names with ``{id NAME}``, by name (its text without that line)."""
    named = {}
    for path in sorted(sources.glob("*.md")):
        for text in split_slides(path.read_text(encoding="utf-8")):
            for match in ID.finditer(text):
                if match.group(1) in named:
                    raise ValueError(f"two slides are named {match.group(1)!r}")
                named[match.group(1)] = ID.sub("", text).strip()
    return named


def deck_html(lecture: dict, source: str, registry: dict, named: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """The deck of one lecture (its HTML) and the gallery figures it uses."""
    names = namespace()
    named = named_slides() if named is None else named
    slides, figures = [title_slide(lecture)], []
    for text in split_slides(source):
        if (use := re.search(r"^\{use (\S+)\}\s*$", text, flags=re.M)):
            used = named[use.group(1)]
            if STEP.search(text):  # the step this lecture gives the slide replaces the one it was written with
                used = STEP.sub("", used).strip()
            text = text.replace(use.group(0), used)
        text = ID.sub("", text).strip()
        if text == "{outcomes}":
            slides += outcome_slides(lecture)
        elif text == "{tutorial}":
            slides.append(tutorial_slide(lecture))
        elif (quiz := re.fullmatch(r"\{quiz (\S+)\}", text)):
            first = not any('class="clicker"' in slide for slide in slides)
            slides.append(quiz_slide(quiz.group(1), lecture["plan"]["Questions for the room"] if first else ""))
        else:
            slide, used = content_slide(text, lecture, registry, names)
            slides.append(slide)
            figures += used
    page = PAGE.format(title=html.escape(lecture["title"]), slides="\n".join(slides), width=WIDTH, height=HEIGHT)
    return page, figures


def stage_assets(out: Path = OUT) -> None:
    """reveal.js, MathJax (the site's copy: tools.assets.stage_assets) and the style into out/assets/."""
    modules = assets.npm_modules(REVEAL_ASSETS, "the slides' reveal.js and MathJax")
    folder = out / "assets"
    if folder.exists():
        shutil.rmtree(folder)
    for source, target in REVEAL_ASSETS.items():
        path, destination = modules / source, folder / "reveal.js" / target
        destination.parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if path.is_dir() else shutil.copy2)(path, destination)
    shutil.copytree(assets.stage_assets() / "mathjax", folder / "mathjax")
    shutil.copy2(STYLE, folder / STYLE.name)


def deck_name(lecture: dict) -> str:
    return f"{lecture['key']}.html"


def build(out: Path = OUT, gallery: Path = GALLERY) -> list[Path]:
    """Write every lecture's deck into out/ (with its assets and figures); return the decks' paths."""
    from tools.gallery import load_registry

    registry = {entry["name"]: entry for entry in load_registry()}
    named = named_slides()
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob("*.html"):
        stale.unlink()
    stage_assets(out)
    figures_out = out / "figures"
    if figures_out.exists():
        shutil.rmtree(figures_out)
    figures_out.mkdir()
    decks = []
    for lecture in lectures():
        page, figures = deck_html(lecture, source_path(lecture["key"]).read_text(encoding="utf-8"), registry, named)
        for name in figures:
            image = gallery / f"{name}.png"
            if not image.exists():
                raise FileNotFoundError(f"{image} is missing: run `python -m tools gallery` first")
            shutil.copy2(image, figures_out / image.name)
        deck = out / deck_name(lecture)
        deck.write_text(page, encoding="utf-8")
        decks.append(deck)
    return decks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the decks go (default: _site/slides/)")
    args = parser.parse_args(argv)
    from tools import gallery

    start = time.perf_counter()
    gallery.build()  # the figures' files, fresh (cached in build/: a notebook runs again only when it changed)
    decks = build(args.out)
    print(f"{len(decks)} lecture decks in {args.out} ({time.perf_counter() - start:.1f} s); open "
          f"{decks[0] if decks else args.out} in a browser (press S for the speaker notes)")
    return 0
