"""The lecture decks: one reveal.js deck per main-path notebook, in _site/slides/NN_name.html (``make slides``).

The decks come from the notebooks' committed cells and outputs (nothing is executed), laid out by each cell's
``metadata.slideshow.slide_type``, which tools/slide_metadata.py computes from the headings and the cells on
the copy of each notebook that goes to nbconvert's slides exporter (the committed notebooks carry none).
That copy is also changed so that it reads on a projector:

* a markdown cell is cut before each heading it holds past its start: each heading starts a slide;
* a markdown cell on a slide keeps what :func:`tools.slide_metadata.split_markdown` shows (headings, display
  formulas, short lists, small tables, short paragraphs); its long paragraphs become the speaker notes of
  that slide (press S in a deck);
* a slide that continues a section (a ``subslide`` that opens with no heading of its own) is headed by the
  section's title and "(continued)";
* a figure's cell shows the figure alone (its code and printed text are left out);
* a link to a notebook points at its deck (main path) or at its page on the site (appendix);
* a slide left with nothing but its heading is drawn as a section divider (the heading centred);
* no widget is loaded (the explorers are live on the site's pages, not in the decks).

Everything a deck loads sits next to it, in _site/slides/assets/: reveal.js and MathJax 2 from the npm
packages pinned in site/package.json (``npm ci`` once, as for the site) and slides.css, the projector
style (a 1280 x 720 canvas, large type; figures, 100 dpi PNGs in the notebooks, are scaled up to the
slide's height).  No request leaves the machine.
"""
from __future__ import annotations

import argparse
import copy
import re
import shutil
import time
from pathlib import Path

import nbformat

from tools import assets
from tools import slide_metadata as sm
from tools.course import ROOT, main_path

OUT = ROOT / "_site" / "slides"
TEMPLATES = Path(__file__).resolve().parent / "slides_template"
STYLE = TEMPLATES / "slides.css"
WIDTH, HEIGHT = 1280, 720
# What the decks need from the pinned reveal.js package (source in node_modules -> target in assets/reveal.js).
REVEAL_ASSETS = {
    "reveal.js/dist/reveal.js": "dist/reveal.js",
    "reveal.js/dist/reveal.css": "dist/reveal.css",
    "reveal.js/dist/theme/white.css": "dist/theme/white.css",
    "reveal.js/dist/theme/fonts/source-sans-pro": "dist/theme/fonts/source-sans-pro",
    "reveal.js/plugin/notes/notes.js": "plugin/notes/notes.js",
    "reveal.js/LICENSE": "LICENSE",
}
FIGURE_KINDS = ("image/svg+xml", "image/png", "image/jpeg")


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


def _markdown(text: str, slide_type: str) -> dict:
    cell = nbformat.v4.new_markdown_cell(text)
    cell.metadata["slideshow"] = {"slide_type": slide_type}
    return cell


def _links(text: str, decks: set[str]) -> str:
    """Links to a notebook point at its deck (a lecture) or at its page on the site (an appendix)."""
    def target(match):
        stem, anchor = match.group(1), match.group(2) or ""
        return f"]({stem}.html)" if stem in decks else f"](../course/{stem}.html{anchor})"

    return re.sub(r"\]\(([\w-]+)\.ipynb(#[^)\s]*)?\)", target, text)


def deck_notebook(notebook: nbformat.NotebookNode, decks: set[str] = frozenset()) -> nbformat.NotebookNode:
    """A copy of the notebook laid out for the deck (rules in the module's docstring), its slide types
    computed on the copy (:func:`tools.slide_metadata.with_metadata`)."""
    deck = copy.deepcopy(notebook)
    deck.metadata.pop("widgets", None)
    sm.with_metadata(deck)
    cells, section = [], ""
    first = next((sm.heading(cell.source) for cell in deck.cells if cell.cell_type == "markdown"), None)
    if first is not None:
        deck.metadata["title"] = first[1]
    for cell in deck.cells:
        slide_type = cell.metadata.get("slideshow", {}).get("slide_type", "-")
        if slide_type == "skip":
            continue
        if slide_type == "notes" and cell.cell_type != "markdown":
            cells.append(cell)
            continue
        opening = sm.heading(cell.source) if cell.cell_type == "markdown" else None
        if opening is not None:
            section = opening[1]
        elif slide_type in ("slide", "subslide"):
            cells.append(_markdown(f"### {section} (continued)", slide_type))
            cell.metadata["slideshow"] = {"slide_type": "-"}
        if cell.cell_type == "markdown":
            for index, part in enumerate(sm.sections(cell.source)):
                if index:
                    level, section = sm.heading(part)
                    cell = _markdown("", sm.heading_type(level))
                elif slide_type == "notes":  # said whole; a heading further down starts a slide
                    cells.append(_markdown(_links(part, decks), "notes"))
                    continue
                shown, said = sm.split_markdown(_links(part, decks))
                cell.source = shown
                cells.append(cell)
                if said:
                    cells.append(_markdown(said, "notes"))
        else:
            if sm.has_figure(cell):
                cell.outputs = [output for output in cell.outputs
                                if any(kind in output.get("data", {}) for kind in FIGURE_KINDS)]
                cell.metadata["bookeval_output_only"] = True
            cells.append(cell)
    deck.cells = _mark_dividers(cells)
    return deck


def _mark_dividers(cells: list) -> list:
    """A slide with nothing but its heading (a section's prose is all spoken) is drawn as a section divider:
    reveal.js puts its ``data-state`` on the page while it is shown, and slides.css centres the heading."""
    starts = [index for index, cell in enumerate(cells)
              if cell.metadata.get("slideshow", {}).get("slide_type") in ("slide", "subslide")] + [len(cells)]
    for start, end in zip(starts, starts[1:]):
        shown = [cell for cell in cells[start:end] if cell.metadata["slideshow"]["slide_type"] != "notes"]
        if len(shown) == 1 and shown[0].cell_type == "markdown" and len(shown[0].source.strip().splitlines()) == 1:
            cells[start].metadata["slideshow"]["data"] = {"state": "section-divider"}
    return cells


def exporter():
    from nbconvert.exporters import SlidesExporter

    return SlidesExporter(
        extra_template_basedirs=[str(TEMPLATES)], template_name="bookeval_reveal",
        reveal_url_prefix="assets/reveal.js", reveal_theme="white", reveal_width=str(WIDTH),
        reveal_height=str(HEIGHT), mathjax_url="assets/mathjax/MathJax.js?config=TeX-AMS_CHTML",
        exclude_input_prompt=True, exclude_output_prompt=True, anchor_link_text="")


def build(paths: list[Path], out: Path = OUT) -> list[Path]:
    """Write one deck per notebook into out/ (with its assets); return the decks' paths."""
    out.mkdir(parents=True, exist_ok=True)
    stage_assets(out)
    slides = exporter()
    return [write_deck(slides, path, out) for path in paths]


def write_deck(slides, path: Path, out: Path = OUT) -> Path:
    """One notebook's deck, out/<stem>.html, made by the exporter ``slides``."""
    notebook = nbformat.read(path, as_version=4)
    decks = {main.stem for main in main_path(path.parent)}
    html, _ = slides.from_notebook_node(deck_notebook(notebook, decks), resources={"metadata": {"name": path.stem}})
    deck = out / f"{path.stem}.html"
    deck.write_text(html, encoding="utf-8")
    return deck


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: the main path of notebooks/course.toml")
    args = parser.parse_args(argv)
    paths = args.notebooks or main_path()
    start = time.perf_counter()
    decks = build(paths)
    print(f"{len(decks)} decks in {OUT.relative_to(ROOT)}/ ({time.perf_counter() - start:.1f} s); "
          f"open {decks[0].relative_to(ROOT) if decks else OUT} in a browser (press S for the speaker notes)")
    return 0
