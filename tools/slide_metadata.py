"""Slide metadata for the lecture decks: every cell's ``metadata.slideshow.slide_type``, from headings and cells.

It is computed when the decks are built (tools/slides.py, ``make slides``), on the copy of each main-path
notebook that goes to nbconvert's slides exporter, which needs it; JupyterLab does not, so the committed
notebooks carry none (``python -m tools regen`` removes it, :func:`strip`, and its ``--check`` reports a
notebook that has some), and a notebook edited since its last deck cannot hold stale slide types.

The rules, in order, for one cell:

* a cell tagged ``solution`` or ``for-the-curious`` -> ``skip`` (exercises are solved in the tutorial,
  and graduate asides are not lecture material);
* a markdown cell opening with a heading: ``#`` or ``##`` -> ``slide``, ``###`` and deeper -> ``subslide``
  (a heading further down a cell starts a slide too: the build cuts the cell there, :func:`sections`);
* any other markdown cell -> ``-`` (it stays on the current slide) when :func:`split_markdown` leaves it
  something to show, else ``notes`` (speaker notes of the current slide);
* a code cell -> ``-`` when it teaches on a projector (:func:`code_on_slide`), else ``skip`` (a cell taller
  than a slide under its title, or one whose markdown output holds a table of more than TABLE_ROWS rows,
  is skipped);
* a cell that would not fit on the current slide (by :func:`height`, in lines of slide text: display maths
  by its rows, :func:`latex_height`; a markdown output by its blocks) starts a continuation ``subslide``
  instead of ``-``; a figure always gets a slide of its own unless only a heading precedes it (a
  continuation slide is headed by its section's title); the opening text of a cell with headings further
  down counts against the current slide the same way.

:func:`split_markdown` keeps on the slide the headings, display formulas, short lists, small tables and
short paragraphs; a long paragraph goes to the speaker notes (the build moves it there), and its first
sentence, when short, is shown as a bullet; a list too long is shown with each item cut to its first words;
once the shown text fills a slide (TEXT_CAPACITY lines), the rest of the cell is said.
"""
from __future__ import annotations

import re

from tools.course import main_path, source  # noqa: F401  (main_path: the notebooks that get a deck)

SKIPPED_TAGS = {"solution", "for-the-curious"}
SHORT_PARAGRAPH = 30  # words: a longer paragraph is spoken, not shown
LIST_ITEM = 30        # words per item, and at most LIST_ITEMS items, for a list to be shown
LIST_ITEMS = 6
LIST_ITEM_SHOWN = 11  # a longer or taller list is shown cut to this many words an item (whole in the notes) ...
LIST_ITEMS_SHORTENED = 8  # ... when it has at most this many items
TABLE_ROWS = 8        # a markdown or HTML table of at most this many rows (and COLUMNS columns) is shown
TABLE_COLUMNS = 8
CODE_LINES = 8        # a code cell is shown when it has at most CODE_LINES lines of at most CODE_WIDTH
CODE_WIDTH = 88       # characters (the width of a slide at the projector's code size) ...
OUTPUT_LINES = 8      # ... and its text output at most OUTPUT_LINES such lines
LATEX_OUTPUTS = 4     # ... or at most this many formulas
CAPACITY = 15.5       # lines of slide text one slide holds (1280 x 720 at the decks' font sizes; ~40 px a line)
FIGURE = 11.5         # the height of a figure (470 px), in those lines
HEADING = 1.6         # the height of a heading (a continuation slide gets the section's title)
HEADING_CHARACTERS = 60  # characters of a heading's title in one line (a longer title wraps)
CHARACTERS_PER_LINE = 90  # characters of rendered slide text in one line (formulas shown narrower)
LATEX_ROW = 1.2       # the height of one row of display maths, in lines of slide text ...
LATEX_FRACTION_ROW = 1.8  # ... and of a row holding a fraction
TEXT_CAPACITY = 12.5  # the most text one markdown cell shows (a slide's CAPACITY, less a margin)
WORDS_PER_LINE = 12   # words in a line of slide text
BLOCK = 8             # the tallest list or table shown (a taller one is said, in the notes)
WIDGETS = ("application/vnd.jupyter.widget-view+json", "application/vnd.bookeval.explorer+json")
IMAGES = ("image/svg+xml", "image/png", "image/jpeg")


# --- markdown: what is shown, what is said ---------------------------------------------------------------

def _blocks(text: str) -> list[str]:
    """Markdown blocks separated by blank lines; a fenced block or a $$ ... $$ formula stays whole."""
    blocks, current, fence = [], [], None
    for line in text.splitlines():
        stripped = line.strip()
        if fence is None and not stripped and current:
            blocks.append("\n".join(current))
            current = []
            continue
        if fence is None and (stripped.startswith("```") or stripped.startswith("~~~")):
            fence = stripped[:3]
        elif fence is not None and stripped.startswith(fence):
            fence = None
        elif fence is None and stripped.startswith("$$") and stripped.count("$$") == 1:
            fence = "$$"
        elif fence == "$$" and "$$" in stripped:
            fence = None
        if stripped or current:
            current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def _words(text: str) -> int:
    return len(re.sub(r"\$[^$]*\$", "x", text).split())


def _rendered(text: str) -> str:
    """Text roughly as wide as it renders: markup dropped, a formula's commands and braces dropped."""
    text = re.sub(r"\*\*|`|\\[A-Za-z]+|[{}_^$\\]", "", text)
    return " ".join(text.split())


def latex_height(tex: str) -> float:
    """The height of a display formula, in lines of slide text: one row per ``\\\\`` line break (the rows
    of an array, aligned or cases environment, and a title put above one), a row with a fraction taller."""
    rows = [row for row in re.split(r"\\\\(?![A-Za-z])", tex) if row.strip()]
    return 0.4 + sum(LATEX_FRACTION_ROW if "\\frac" in row else LATEX_ROW for row in rows or [tex])


def _lines(text: str) -> int:
    return max(1, -(-len(_rendered(text)) // CHARACTERS_PER_LINE), -(-_words(text) // WORDS_PER_LINE))


def _block_height(block: str) -> float:
    """The height of one shown markdown block, in lines of slide text (an estimate)."""
    first = block.lstrip()
    if first.startswith("#"):
        title = first.lstrip("#")
        return HEADING * max(1, -(-len(_rendered(title)) // HEADING_CHARACTERS))
    if first.startswith("$$") or first.startswith("\\begin"):
        return latex_height(block)
    if first.startswith("|"):
        rows = [row for row in block.splitlines()[2:]]
        return 1.2 + sum(max(1.0, 0.9 * max(-(-_words(cell) // 4) for cell in row.strip("|").split("|")))
                         for row in rows)
    items = [item for item in re.split(r"^\s*(?:[*+-]|\d+\.)\s+", block, flags=re.M) if item.strip()]
    return sum(_lines(item) for item in items) + 0.4


def _shown(block: str) -> bool:
    """Whether one markdown block goes on the slide (else into the speaker notes)."""
    lines = block.strip().splitlines()
    first = lines[0].lstrip()
    if first.startswith("#") or first.startswith("$$") or first.startswith("\\begin"):
        return True
    if first.startswith("|"):
        columns = first.strip("|").count("|") + 1
        return len(lines) - 2 <= TABLE_ROWS and columns <= TABLE_COLUMNS and _block_height(block) <= BLOCK
    items = re.split(r"^\s*(?:[*+-]|\d+\.)\s+", block, flags=re.M)
    if re.match(r"\s*(?:[*+-]|\d+\.)\s+", first) and not first.lstrip().startswith("**"):
        items = [item for item in items if item.strip()]
        return (len(items) <= LIST_ITEMS and all(_words(item) <= LIST_ITEM for item in items)
                and _block_height(block) <= BLOCK)
    return not first.startswith("<") and _words(block) <= SHORT_PARAGRAPH


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(\"“])")
_ABBREVIATION = re.compile(r"(?:\b(?:e\.g|i\.e|eq|eqs|cf|vs|Fig|§\d+(?:\.\d+)*)\.|\d\.)$")


def first_sentence(paragraph: str) -> str:
    """The paragraph's first sentence (an abbreviation such as "e.g." or "eq." does not end one)."""
    text = " ".join(paragraph.split())
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if not _ABBREVIATION.search(text[start:match.start()]) and text[:match.start()].count("$") % 2 == 0:
            return text[:match.start()]
    return text


def _shortened(item: str, words: int = LIST_ITEM_SHOWN) -> str:
    """The item's first ``words`` words (never cutting a formula), and "…" when some were left out."""
    tokens, kept = item.split(), []
    for token in tokens:
        text = " ".join(kept)
        if len(kept) >= words and all(text.count(mark) % 2 == 0 for mark in ("$", "**", "`")):
            break
        kept.append(token)
    return " ".join(kept) + (" …" if len(kept) < len(tokens) else "")


def _shortened_list(block: str) -> str | None:
    """A list too tall for a slide, each item cut to its first words (the whole list is in the notes); None
    when the block is not a list, or is still too tall."""
    first = block.lstrip()
    if not re.match(r"(?:[*+-]|\d+\.)\s+", first) or first.startswith("**"):
        return None
    items = [item for item in re.split(r"^\s*(?:[*+-]|\d+\.)\s+", block, flags=re.M) if item.strip()]
    short = "\n".join(f"* {_shortened(item)}" for item in items)
    return short if len(items) <= LIST_ITEMS_SHORTENED and _block_height(short) <= BLOCK else None


def split_markdown(text: str) -> tuple[str, str]:
    """A markdown cell's text as (what the slide shows, what the speaker says), blocks joined by blank lines.

    A long paragraph is said whole, and its first sentence is shown as a bullet when it is short; once the
    shown blocks fill a slide (TEXT_CAPACITY), the rest is said (a heading is always shown)."""
    shown, said, full = [], [], [False]

    def fits(block: str) -> bool:  # once a block does not fit, no later one is shown (the order is kept)
        full[0] = full[0] or sum(_block_height(part) for part in shown + [block]) > TEXT_CAPACITY
        return not full[0]

    for block in _blocks(text):
        if _shown(block) and (block.lstrip().startswith("#") or fits(block)):
            shown.append(block)
            continue
        said.append(block)
        short = _shortened_list(block)
        if short is not None and fits(short):
            shown.append(short)
            continue
        lead = first_sentence(block)
        if (not block.lstrip().startswith(("<", "*", "-", "|")) and _words(lead) <= SHORT_PARAGRAPH
                and fits("* " + lead)):
            if shown and shown[-1].startswith("* "):
                shown[-1] += "\n* " + lead
            else:
                shown.append("* " + lead)
    return "\n\n".join(shown), "\n\n".join(said)


def sections(text: str) -> list[str]:
    """A markdown cell cut before each heading it holds after its start (each heading starts a slide)."""
    parts, current, fence = [], [], None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fence = None if fence else stripped[:3]
        if fence is None and re.match(r"#{1,6}\s", stripped) and any(part.strip() for part in current):
            parts.append("\n".join(current).strip("\n"))
            current = []
        current.append(line)
    parts.append("\n".join(current).strip("\n"))
    return [part for part in parts if part.strip()] or [""]


def heading_type(level: int) -> str:
    return "slide" if level <= 2 else "subslide"


def heading(text: str) -> tuple[int, str] | None:
    """(level, title) of the heading a markdown cell opens with, or None."""
    match = re.match(r"\s*(#{1,6})\s+(.+?)\s*#*\s*$", text.split("\n", 1)[0])
    return None if match is None else (len(match.group(1)), match.group(2))


# --- code: what teaches on a projector -------------------------------------------------------------------

def _markdown_output(output: dict) -> str:
    return source({"source": output.get("data", {}).get("text/markdown", "")})


def _markdown_table_rows(text: str) -> int:
    """The body rows of the markdown tables in a text/markdown output (each table: a header, a rule, a body)."""
    lines = [line.strip() for line in text.splitlines() if line.strip().startswith("|")]
    rules = sum(bool(re.fullmatch(r"\|[\s:|-]+\|?", line)) for line in lines)
    return len(lines) - 2 * rules


def _text(output: dict) -> str:
    if output.get("output_type") == "stream":
        return source({"source": output.get("text", "")})
    return source({"source": output.get("data", {}).get("text/plain", "")})


def _html_table_fits(html: str) -> bool:
    rows = len(re.findall(r"<tr\b", html))
    header = re.search(r"<tr\b.*?</tr>", html, re.S)
    columns = len(re.findall(r"<t[hd]\b", header.group(0))) if header else 0
    return "<table" in html and rows <= TABLE_ROWS + 1 and columns <= TABLE_COLUMNS + 1


def has_figure(cell: dict) -> bool:
    return any(kind in output.get("data", {}) for output in cell.get("outputs", []) for kind in IMAGES)


def code_on_slide(cell: dict) -> bool:
    """A code cell is shown when it teaches on a projector: its output is a figure (shown without its code),
    or its code is short and its output a small table, a few lines of text or a few formulas."""
    outputs = cell.get("outputs", [])
    if not outputs or any(kind in output.get("data", {}) for output in outputs for kind in WIDGETS):
        return False
    if any(output.get("output_type") == "error" for output in outputs):
        return False
    if has_figure(cell):
        return True
    code = source(cell).splitlines()
    if len(code) > CODE_LINES or any(len(line) > CODE_WIDTH for line in code):
        return False
    latex = sum("text/latex" in output.get("data", {}) for output in outputs)
    markdowns = [_markdown_output(output) for output in outputs if "text/markdown" in output.get("data", {})]
    if any(_markdown_table_rows(text) > TABLE_ROWS for text in markdowns):
        return False  # a long table is read, not projected
    if height(cell) > CAPACITY - HEADING:
        return False  # taller than a slide under its title: it cannot be shown whole
    htmls = [source({"source": output["data"]["text/html"]}) for output in outputs
             if "text/html" in output.get("data", {})]
    texts = [_text(output) for output in outputs if not {"text/latex", "text/html", "text/markdown"}
             & set(output.get("data", {}))]
    lines = [line for text in texts for line in text.splitlines()]
    return (latex <= LATEX_OUTPUTS and len(htmls) <= 1 and all(_html_table_fits(html) for html in htmls)
            and len(lines) <= OUTPUT_LINES and all(len(line) <= CODE_WIDTH for line in lines)
            and bool(latex or htmls or lines or markdowns))


def height(cell: dict) -> float:
    """The height of what a shown cell puts on a slide, in lines of slide text (an estimate); for a markdown
    cell with headings inside, the height of its last section."""
    if cell["cell_type"] == "markdown":
        return sum(_block_height(block) for block in _blocks(split_markdown(sections(source(cell))[-1])[0]))
    if has_figure(cell):
        return FIGURE
    outputs = cell.get("outputs", [])
    total = 0.8 * len(source(cell).splitlines()) + 0.6
    for output in outputs:
        data = output.get("data", {})
        if "text/latex" in data:
            total += latex_height(source({"source": data["text/latex"]}))
        elif "text/markdown" in data:
            total += sum(_block_height(block) for block in _blocks(source({"source": data["text/markdown"]})))
        elif "text/html" in data:
            total += 1.0 * len(re.findall(r"<tr\b", source({"source": data["text/html"]}))) + 0.5
        else:
            total += 0.8 * len(_text(output).splitlines())
    return total


# --- the slide types -------------------------------------------------------------------------------------

def slide_types(cells: list[dict]) -> list[str]:
    """The ``slide_type`` of every cell of a notebook (rules in the module's docstring)."""
    types, used = [], 0.0
    for cell in cells:
        tags = set(cell.get("metadata", {}).get("tags", []))
        if tags & SKIPPED_TAGS:
            types.append("skip")
            continue
        if cell["cell_type"] == "markdown":
            opening = heading(source(cell))
            if opening is not None:
                types.append(heading_type(opening[0]))
                used = height(cell)
                continue
            if len(sections(source(cell))) > 1:  # text for the current slide, then headings of its own
                opening_text = split_markdown(sections(source(cell))[0])[0]
                size = sum(_block_height(block) for block in _blocks(opening_text))
                types.append("notes" if not opening_text else "subslide" if used + size > CAPACITY else "-")
                used = height(cell)
                continue
            if not split_markdown(source(cell))[0]:
                types.append("notes")
                continue
        elif cell["cell_type"] != "code" or not code_on_slide(cell):
            types.append("skip")
            continue
        size = height(cell)
        figure = cell["cell_type"] == "code" and has_figure(cell)
        if used + size > CAPACITY or (figure and used > HEADING):
            types.append("subslide")
            used = HEADING + size
        else:
            types.append("-")
            used += size
    return types


def with_metadata(notebook: dict) -> dict:
    """The notebook (changed in place, and returned) with every cell's slide type set."""
    for cell, slide_type in zip(notebook["cells"], slide_types(notebook["cells"])):
        cell.setdefault("metadata", {}).setdefault("slideshow", {})["slide_type"] = slide_type
    return notebook


def strip(notebook: dict) -> dict:
    """The notebook (changed in place, and returned) without any cell's ``metadata.slideshow``."""
    for cell in notebook["cells"]:
        cell.get("metadata", {}).pop("slideshow", None)
    return notebook


def stored(notebook: dict) -> list[int]:
    """The indices of the cells that carry slide metadata."""
    return [index for index, cell in enumerate(notebook["cells"]) if "slideshow" in cell.get("metadata", {})]
