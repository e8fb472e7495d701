"""How much of the main path is about errors of the sources (``make measure``; ``--check`` exits 1 on a fault).

The course teaches evaluation on its main path; checking the papers and manuals it is built on (typos,
misprints, the faults of a text copy) belongs in the appendices and the errata.  A main-path notebook keeps
one sentence and a link where a source is wrong, in a markdown cell tagged ``about-sources``.

How it measures
---------------
* **Share.** For each main-path notebook (``part = "main"`` in notebooks/course.toml), the prose words of
  its markdown cells, counted as tools/outline.py counts them for the reading time (formulas,
  code spans, link targets and HTML removed), and the words of the markdown cells tagged ``about-sources``.
  The share is the second over the first; the main path's share is the same ratio over all its notebooks.
  The target is under 5 % (``TARGET``).
* **Lexical cross-check.** A tag can be forgotten, so every paragraph (text between blank lines) of an
  untagged main-path markdown cell is searched for the words of source criticism (``CRITICISM``: erratum,
  errata, typo, misprint, "as printed", "printed wrong", text copy, copy fault, OCR, lossy, extraction,
  garbled, "gets wrong", refuted, "slips in the paper"), after code spans and link targets are removed.
  Every hit is listed: tag its cell ``about-sources`` (and keep it to a sentence or two), or move it to an
  appendix.  Appendices are not searched: source criticism is what they are for.
"""
from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

from tools.course import NOTEBOOKS, load_course, path_of, read as read_notebook, source, tags
from tools.outline import content_cells, prose_words

TAG = "about-sources"
TARGET = 0.05
CRITICISM = re.compile(
    r"\berrat(?:um|a)\b|\btypos?\b|\bmisprint(?:s|ed)?\b|\bas printed\b|\bprinted (?:wrong(?:ly)?|in error)\b"
    r"|\btext cop(?:y|ies)\b|\bcopy faults?\b|\bOCR\b|\blossy\b|\bextractions?\b|\bgarbled\b"
    r"|\b(?:paper|poster|text|author|it|they|what \w+(?: \w+)?) (?:gets?|got) wrong\b|\brefut(?:e|es|ed|ing)\b"
    r"|\bslips? (?:of|in) the (?:paper|poster|text|author)",
    re.IGNORECASE)


@dataclass
class Measure:
    stem: str
    words: int
    about_sources: int
    untagged: list[tuple[int, str, str]]   # (cell index, the word found, the paragraph)

    @property
    def share(self) -> float:
        return self.about_sources / self.words if self.words else 0.0


def _plain(markdown: str) -> str:
    """Markdown without code spans, fenced code and link targets (a link to ERRATA.md is not a word)."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    text = re.sub(r"`[^`\n]*`", " ", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


def measure_notebook(stem: str, notebook: dict) -> Measure:
    words = about = 0
    untagged = []
    for index, cell in enumerate(content_cells(notebook)):
        if cell["cell_type"] != "markdown":
            continue
        text = source(cell)
        count = prose_words(text)
        words += count
        if TAG in tags(cell):
            about += count
            continue
        for paragraph in re.split(r"\n\s*\n", text):
            hit = CRITICISM.search(_plain(paragraph))
            if hit:
                untagged.append((index, hit.group(0), " ".join(paragraph.split())))
    return Measure(stem, words, about, untagged)


def main_path(notebooks: Path = NOTEBOOKS) -> list[Measure]:
    """The measure of every main-path notebook that exists, in path order."""
    found = []
    for entry in load_course()["notebook"]:
        path = path_of(entry["stem"], notebooks)
        if entry["part"] == "main" and path.exists():
            found.append(measure_notebook(entry["stem"], read_notebook(path)))
    return found


def total_share(measures: list[Measure]) -> float:
    words = sum(m.words for m in measures)
    return sum(m.about_sources for m in measures) / words if words else 0.0


def report(measures: list[Measure]) -> str:
    lines = [f"{'notebook':<32} {'prose words':>11} {'about sources':>13} {'share':>7}"]
    for m in measures:
        lines.append(f"{m.stem:<32} {m.words:>11,} {m.about_sources:>13,} {m.share:>7.1%}")
    lines.append(f"{'main path':<32} {sum(m.words for m in measures):>11,} "
                 f"{sum(m.about_sources for m in measures):>13,} {total_share(measures):>7.1%}"
                 f"   (target: under {TARGET:.0%})")
    hits = [(m.stem, *hit) for m in measures for hit in m.untagged]
    lines.append("")
    lines.append(f"untagged paragraphs with words of source criticism: {len(hits)}")
    for stem, index, word, paragraph in hits:
        lines.append(f"  {stem}, cell {index}, “{word}”: {paragraph[:160]}{'…' if len(paragraph) > 160 else ''}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the share is too high or a hit is untagged")
    args = parser.parse_args(argv)
    measures = main_path()
    print(report(measures))
    faulty = total_share(measures) >= TARGET or any(m.untagged for m in measures)
    return int(args.check and faulty)
