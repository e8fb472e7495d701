"""Build-time helpers for the course's Sphinx site (loaded by book/conf.py as an extension).

* ``stage_sources`` copies the notebooks listed in notebooks/course.toml (those that exist) and
  notebooks/ERRATA.md into book/course/, the folder Sphinx reads them from.
* ``stage_assets`` copies MathJax 2, require.js and the Jupyter widget HTML manager from the npm packages
  pinned in site/package.json (``npm ci`` once) into build/site-assets/, which becomes part of _static/.
* ``read_notebook`` (myst-nb's reader for .ipynb) wraps every markdown cell tagged ``solution`` in a
  ``solution-part`` directive; a doctree hook then folds each run of solution cells (markdown and code)
  into one "Solution" dropdown that sphinx-togglebutton opens on click.
* ``read_notebook`` also puts each explorer a notebook displayed (an output of type
  ``bookeval_lib.course.explorer.MIME``) on the page live: every state of its grid is computed at build time
  by the package (``explorer_output``), cached in build/explorer-cache/ by the package's source and the
  explorer's data, and shipped as _static/explorers/<key>.js; book/_static/explorers.js swaps the frames.
* Cells tagged ``for-the-curious`` fold the same way, into one "For the curious" dropdown per run of cells.
* The index page's learning path (the main path's and the appendices' tables, the sidebar's toctrees: main
  path, practitioner track, appendices, errata and references) and the practitioner-track page are generated
  from notebooks/course.toml by scripts/course_outline.py, which also measures the reading and study times.
* Each main-path page links to its lecture's deck, ../slides/<name>.html (``make slides``,
  scripts/build_slides.py).
* Figures without alt text get one from the section they sit in (a notebook can give its own with the
  cell metadata ``{"mystnb": {"image": {"alt": "..."}}}``).
"""
from __future__ import annotations

import filecmp
import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import nbformat
from docutils import nodes
from docutils.parsers.rst import Directive

BOOK = Path(__file__).resolve().parent.parent
ROOT = BOOK.parent
# BOOKEVAL_NOTEBOOKS builds the site from another folder of notebooks (e.g. a converted copy to preview).
NOTEBOOKS = Path(os.environ.get("BOOKEVAL_NOTEBOOKS", ROOT / "notebooks")).resolve()
COURSE = BOOK / "course"  # generated, git-ignored
SITE_NPM = ROOT / "site"
ASSETS = ROOT / "build" / "site-assets"  # generated, git-ignored
EXPLORER_CACHE = ROOT / "build" / "explorer-cache"  # every explorer ever built, by key (git-ignored)
EXPLORER_STATIC = ROOT / "build" / "site-explorers"  # becomes _static/explorers/ (only the keys in use)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SOLUTION_TAG = "solution"
CURIOUS_TAG = "for-the-curious"
LEARNING_PATH_MARKER = "<!-- learning-path -->"
PRACTITIONER_MARKER = "<!-- practitioner-track -->"

# What the pages need from each pinned npm package (source inside node_modules -> target in _static).
NPM_ASSETS = {
    "requirejs/require.js": "require.js",
    "@jupyter-widgets/html-manager/dist": "html-manager",
    "mathjax/MathJax.js": "mathjax/MathJax.js",
    "mathjax/config/TeX-AMS_CHTML.js": "mathjax/config/TeX-AMS_CHTML.js",
    "mathjax/extensions": "mathjax/extensions",
    "mathjax/jax/input/TeX": "mathjax/jax/input/TeX",
    "mathjax/jax/output/CommonHTML": "mathjax/jax/output/CommonHTML",
    "mathjax/jax/element": "mathjax/jax/element",
    "mathjax/fonts/HTML-CSS/TeX/woff": "mathjax/fonts/HTML-CSS/TeX/woff",
    "mathjax/fonts/HTML-CSS/TeX/otf": "mathjax/fonts/HTML-CSS/TeX/otf",
    "mathjax/localization/en": "mathjax/localization/en",
}
# Left out: source maps, the bundles the pages do not load, and MathJax's HTML-CSS-only extensions.
IGNORED = shutil.ignore_patterns("*.map", "embed.js", "embed.js.LICENSE.txt", "libembed-amd.js", "HTML-CSS")


# --- the learning path ----------------------------------------------------------------------------------

def _outline_module():
    """scripts/course_outline.py, which reads notebooks/course.toml and measures the notebooks' times."""
    import importlib
    import sys

    if str(ROOT / "scripts") not in sys.path:
        sys.path.insert(0, str(ROOT / "scripts"))
    return importlib.import_module("course_outline")


def learning_path() -> list[dict]:
    """Every notebook of notebooks/course.toml, in order: name, part, teaches, assumes, reading, study
    (the times are None where the notebook does not exist)."""
    outline = _outline_module()
    rows = outline.outline(NOTEBOOKS)
    by_stem = {row.stem: row for row in rows}
    return [{"name": row.stem, "part": row.entry["part"], "teaches": row.entry["teaches"],
             "assumes": outline.assumes_text(row, by_stem, short=True), "reading": row.reading, "study": row.study,
             "exists": row.exists} for row in rows]


def course_pages() -> tuple[list[dict], list[str]]:
    """The outline's rows whose notebook exists, and existing notebooks that the outline does not list."""
    existing = {path.stem for path in NOTEBOOKS.glob("[0-9A][0-9]_*.ipynb")}
    rows = [row for row in learning_path() if row["name"] in existing]
    unlisted = sorted(existing - {row["name"] for row in rows})
    return rows, unlisted


def _copy_if_changed(source: Path, target: Path) -> None:
    if not target.exists() or not filecmp.cmp(source, target, shallow=False):
        shutil.copy2(source, target)


def stage_sources() -> None:
    """Mirror the course's notebooks and errata into book/course/ (stale copies are removed)."""
    COURSE.mkdir(exist_ok=True)
    rows, unlisted = course_pages()
    wanted = {f"{row['name']}.ipynb" for row in rows} | {f"{name}.ipynb" for name in unlisted}
    if (NOTEBOOKS / "ERRATA.md").exists():
        wanted.add("ERRATA.md")
    for stale in COURSE.iterdir():
        if stale.name not in wanted:
            stale.unlink()
    for name in wanted:
        _copy_if_changed(NOTEBOOKS / name, COURSE / name)


def _duration(minutes: int) -> str:
    """"1 h 5 min", its spaces non-breaking (a narrow column must not split a time)."""
    return _outline_module().duration(minutes).replace(" ", "\u00a0")


def _table(rows: list[dict], first: str) -> list[str]:
    """A list-table (for its class: on a phone the CSS stacks each row into a card)."""
    lines = ["```{list-table}", ":header-rows: 1", ":class: learning-path", "",
             f"* - {first}", "  - what it teaches", "  - assumes", "  - reading", "  - study"]
    for row in rows:
        assumes = re.sub(r"\]\((\w+)\.ipynb\)", r"](course/\1.ipynb)", row["assumes"])
        lines += [f"* - {{doc}}`course/{row['name']}`", f"  - {row['teaches']}", f"  - {assumes}",
                  f"  - {_duration(row['reading'])}", f"  - {_duration(row['study'])}"]
    return lines + ["```"]


def _index_markdown() -> str:
    """The index page's learning path: the main path and the appendices as tables, and the sidebar's toctrees
    (main path, practitioner track, appendices, errata and references)."""
    rows, unlisted = course_pages()
    main = [row for row in rows if row["part"] == "main"]
    appendices = [row for row in rows if row["part"] == "appendix"]
    lines = []
    if main:
        lines += ["### The main path", ""] + _table(main, "notebook") + [""]
        lines += [f"About {_duration(sum(r['reading'] for r in main))} of reading and "
                  f"{_duration(sum(r['study'] for r in main))} of study. In a hurry? The "
                  "{doc}`practitioner track <practitioner>` takes the sections you need to evaluate a "
                  "classifier this week, in about three hours.", ""]
    else:
        lines += ["(No notebook of the course's outline exists yet.)", ""]
    if appendices:
        lines += ["### The appendices: the sources checked", ""] + _table(appendices, "appendix") + [""]

    def toctree(caption, pages):
        return ["```{toctree}", f":caption: {caption}", ":maxdepth: 1", "", *pages, "```", ""] if pages else []

    lines += toctree("Main path", [f"course/{r['name']}" for r in main] + [f"course/{n}" for n in unlisted])
    lines += toctree("Practitioner track", ["practitioner"])
    lines += toctree("Appendices", [f"course/{r['name']}" for r in appendices])
    lines += toctree("Reference", (["course/ERRATA"] if (COURSE / "ERRATA.md").exists() else []) + ["references"])
    return "\n".join(lines)


def _practitioner_markdown() -> str:
    """The practitioner track: the steps (notebook, sections, study time) and what the track skips."""
    outline = _outline_module()
    course = outline.load_course()
    steps = outline.practitioner_steps(outline.outline(NOTEBOOKS, course), NOTEBOOKS)
    track = course["practitioner"]
    lines = [track["intro"], "", "```{list-table}", ":header-rows: 1", ":class: learning-path", "",
             "* - step", "  - notebook", "  - sections", "  - study"]
    for index, step in enumerate(steps, 1):
        sections = "all of it" if step["whole"] else "; ".join(f"“{name}”" for name in step["sections"])
        lines += [f"* - {index}", f"  - {{doc}}`course/{step['row'].stem}`", f"  - {sections}",
                  f"  - {_duration(step['study'])}"]
    lines += ["```", "", f"About {_duration(sum(s['study'] for s in steps))} in all.", "",
              "## What the track skips, and when you would need it", ""]
    lines += [f"* **{skip['what']}**: {skip['when']}." for skip in track["skips"]]
    return "\n".join(lines)


def _fill_index(app, docname, source) -> None:
    if docname == app.config.root_doc:
        source[0] = source[0].replace(LEARNING_PATH_MARKER, _index_markdown())
    elif docname == "practitioner":
        source[0] = source[0].replace(PRACTITIONER_MARKER, _practitioner_markdown())


def _reread_index(app, env, added, changed, removed):
    """The index and the practitioner track are generated from notebooks/course.toml and the notebooks
    present: read them again on every build."""
    return [app.config.root_doc, "practitioner"]


def _warn_unlisted(app) -> None:
    from sphinx.util import logging

    _, unlisted = course_pages()
    if unlisted:
        logging.getLogger(__name__).warning(
            "notebooks missing from notebooks/course.toml (put at the end of the main path): %s", ", ".join(unlisted))


# --- front-end assets from the pinned npm packages ------------------------------------------------------

def npm_modules(sources, what: str = "the site's MathJax, require.js and widget manager") -> Path:
    """site/node_modules, after ``npm ci`` when one of ``sources`` (paths inside it) is missing."""
    modules = SITE_NPM / "node_modules"
    if not all((modules / source).exists() for source in sources):
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(f"building {what} needs Node.js's npm once, to install the versions pinned in "
                               "site/package.json (e.g. apt-get install npm)")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=SITE_NPM, check=True)
    return modules


def stage_assets() -> Path:
    """Copy the pinned front-end files into build/site-assets/ (``npm ci`` first if they are missing)."""
    lock = SITE_NPM / "package-lock.json"
    stamp = ASSETS / ".package-lock.json"
    if stamp.exists() and filecmp.cmp(lock, stamp, shallow=False):
        return ASSETS
    modules = npm_modules(NPM_ASSETS)
    if ASSETS.exists():
        shutil.rmtree(ASSETS)
    for source, target in NPM_ASSETS.items():
        source_path, target_path = modules / source, ASSETS / target
        target_path.parent.mkdir(parents=True, exist_ok=True)
        if source_path.is_dir():
            shutil.copytree(source_path, target_path, ignore=IGNORED)
        else:
            shutil.copy2(source_path, target_path)
    shutil.copy2(lock, stamp)
    return ASSETS


# --- folded solutions -----------------------------------------------------------------------------------

def _fence(text: str) -> str:
    longest = max((len(m.group(0)) for m in re.finditer(r"^\s*(`{3,})", text, re.M)), default=2)
    return "`" * max(3, longest + 1)


def _headings_to_bold(source: str) -> str:
    """Markdown headings become bold lines; lines inside fenced code blocks are left alone."""
    lines, fence = [], None
    for line in source.splitlines():
        opening = re.match(r"\s*(`{3,}|~{3,})", line)
        if fence is None and opening:
            fence = opening.group(1)
        elif fence is not None and line.strip().startswith(fence):
            fence = None
        elif fence is None:
            line = re.sub(r"^#{1,6}\s+(.+?)\s*#*\s*$", r"**\1**", line)
        lines.append(line)
    return "\n".join(lines)


# --- explorers: live on the page, precomputed -----------------------------------------------------------

def _package_digest() -> str:
    """A digest of the package's source: an explorer is computed again whenever any of it changes."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "bookeval_lib").rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def explorer_output(payload: dict) -> str:
    """The HTML of one displayed explorer (its record ``payload``), every state precomputed by the package.

    The frames go to build/site-explorers/explorers/<key>.js (from the cache when the package and the data
    are unchanged); the HTML loads them from ../_static/explorers/ (course pages sit in course/).
    """
    from bookeval_lib.course import explorer as bx
    from bookeval_lib.course import explorers

    text = json.dumps(payload, sort_keys=True)
    key = hashlib.sha256((_package_digest() + text).encode()).hexdigest()[:16]
    script, page = EXPLORER_CACHE / f"{key}.js", EXPLORER_CACHE / f"{key}.html"
    if not (script.exists() and page.exists()):
        explorer = explorers.from_payload(payload)
        frames = explorer.frames()
        EXPLORER_CACHE.mkdir(parents=True, exist_ok=True)
        script.write_text(bx.frames_script(key, frames), encoding="utf-8")
        page.write_text(bx.site_html(explorer, key, frames, f"../_static/explorers/{key}.js"), encoding="utf-8")
    target = EXPLORER_STATIC / "explorers" / script.name
    target.parent.mkdir(parents=True, exist_ok=True)
    _copy_if_changed(script, target)
    return page.read_text(encoding="utf-8")


def _show_explorers(notebook) -> None:
    """Replace each explorer's widget output by the live explorer; drop the saved widget state when no
    other widget is left on the page (so the page loads no widget manager)."""
    from bookeval_lib.course.explorer import MIME

    views = 0
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if MIME in data:
                output["data"] = {"text/html": explorer_output(data[MIME])}
                output["metadata"] = {}
            views += WIDGET_VIEW in output.get("data", {})
    if not views:
        notebook.metadata.pop("widgets", None)


def _prune_explorers(app, exception) -> None:
    """Keep in _static/explorers/ only the frames some page loads."""
    folder = Path(app.outdir) / "_static" / "explorers"
    if exception is not None or not folder.is_dir():
        return
    used = set()
    for page in Path(app.outdir).rglob("*.html"):
        used.update(re.findall(r"_static/explorers/(\w+\.js)", page.read_text(encoding="utf-8")))
    for stale in folder.iterdir():
        if stale.name not in used:
            stale.unlink()


def read_notebook(text: str) -> nbformat.NotebookNode:
    """Read a notebook; wrap each markdown cell tagged ``solution`` in a ``solution-part`` directive, and put
    its explorers on the page live (:func:`explorer_output`).

    A heading inside a solution cell becomes bold text (a heading cannot sit inside a fold).
    """
    notebook = nbformat.reads(text, as_version=4)
    _show_explorers(notebook)
    for cell in notebook.cells:
        tags = cell.metadata.get("tags", [])
        for tag, directive in ((SOLUTION_TAG, "solution-part"), (CURIOUS_TAG, "curious-part")):
            if cell.cell_type == "markdown" and tag in tags:
                body = _headings_to_bold(cell.source)
                fence = _fence(body)
                cell.source = f"{fence}{{{directive}}}\n{body}\n{fence}\n"
                break
    return notebook


class SolutionPart(Directive):
    """Markdown content of one solution cell (grouped with its neighbours by ``fold_solutions``)."""

    has_content = True
    part = "solution-part"

    def run(self):
        container = nodes.container(classes=[self.part])
        self.state.nested_parse(self.content, self.content_offset, container)
        return [container]


class CuriousPart(SolutionPart):
    """Markdown content of one cell tagged ``for-the-curious`` (folded with its neighbours)."""

    part = "curious-part"


def _is_curious(node) -> bool:
    classes = node.get("classes", []) if isinstance(node, nodes.Element) else []
    return isinstance(node, nodes.container) and ("curious-part" in classes or f"tag_{CURIOUS_TAG}" in classes)


def fold_curious(app, doctree) -> None:
    """Put each run of consecutive cells tagged ``for-the-curious`` in one dropdown "For the curious"."""
    for parent in list(doctree.findall(nodes.Element)):
        runs, current = [], None
        for child in list(parent.children):
            if _is_curious(child):
                if current is None:
                    current = []
                    runs.append(current)
                current.append(child)
            else:
                current = None
        for run in runs:
            index = parent.index(run[0])
            fold = nodes.admonition(classes=["dropdown", "curious"])
            fold += nodes.title(text="For the curious")
            for part in run:
                parent.remove(part)
                fold += part
            parent.insert(index, fold)


def _is_solution(node) -> bool:
    classes = node.get("classes", []) if isinstance(node, nodes.Element) else []
    return isinstance(node, nodes.container) and ("solution-part" in classes or f"tag_{SOLUTION_TAG}" in classes)


_LABEL = re.compile(r"^\W*(?:worked\s+)?(solution)\b\s*(\d+)?", re.I)


def _label(node) -> str | None:
    match = _LABEL.match(node.astext().lstrip())
    return None if match is None else ("Solution" + (f" {match.group(2)}" if match.group(2) else ""))


def _exercise_number(parent, index) -> str:
    """The number N (as " N") of the exercise "**N.** ..." just above an unnumbered solution, or ""."""
    for sibling in reversed(parent.children[max(0, index - 4):index]):
        if isinstance(sibling, nodes.admonition):
            break
        exercise = re.match(r"\s*(\d+)\.", sibling.astext())
        if exercise and isinstance(sibling, nodes.paragraph):
            return f" {exercise.group(1)}"
    return ""


def fold_solutions(app, doctree) -> None:
    """Put each run of consecutive solution cells in one dropdown admonition titled "Solution N"."""
    for parent in list(doctree.findall(nodes.Element)):
        if not any(_is_solution(child) for child in parent.children):
            continue
        groups, current = [], None
        for child in list(parent.children):
            if _is_solution(child):
                label = _label(child)
                numbered = label is not None and label[-1].isdigit()
                if current is None or (numbered and current["label"] not in (None, label)):
                    current = {"label": label, "parts": []}
                    groups.append(current)
                current["label"] = current["label"] or label
                current["parts"].append(child)
            else:
                current = None
        for group in groups:
            index = parent.index(group["parts"][0])
            label = group["label"] or "Solution"
            if not label[-1].isdigit():
                label += _exercise_number(parent, index)
            fold = nodes.admonition(classes=["dropdown", "solution"])
            fold += nodes.title(text=label)
            for part in group["parts"]:
                parent.remove(part)
                fold += part
            parent.insert(index, fold)


# --- alt text for figures -------------------------------------------------------------------------------

def add_alt_text(app, doctree) -> None:
    """Give every figure without alt text one from the title of the section it sits in."""
    counts: dict[str, int] = {}
    for image in doctree.findall(nodes.image):
        if image.get("alt"):
            continue
        section = image.parent
        while section is not None and not isinstance(section, nodes.section):
            section = section.parent
        title = section.next_node(nodes.title).astext() if section is not None else "the notebook"
        counts[title] = counts.get(title, 0) + 1
        image["alt"] = f"Figure {counts[title]} of the section “{title}”"


# --- a link to the lecture's slides ---------------------------------------------------------------------

def add_slides_link(app, doctree) -> None:
    """Under the title of each main-path page, a link to its deck, ../slides/<name>.html (``make slides``)."""
    name = app.env.docname.removeprefix("course/")
    main = {entry["stem"] for entry in _outline_module().load_course()["notebook"] if entry["part"] == "main"}
    if app.env.docname == name or name not in main:
        return
    section = doctree.next_node(nodes.section)
    title = section.next_node(nodes.title) if section is not None else None
    if title is not None:
        link = f'<p class="slides-link"><a href="../slides/{name}.html">Slides</a> for this lecture</p>'
        title.parent.insert(title.parent.index(title) + 1, nodes.raw("", link, format="html"))


def _remove_output_folder(app, exception) -> None:
    """myst-nb writes figures to <outdir>/../jupyter_execute; Sphinx has copied them to _images by now."""
    folder = Path(app.outdir).resolve().parent / "jupyter_execute"
    if exception is None and folder.parent == ROOT and folder.is_dir():
        shutil.rmtree(folder)


def setup(app):
    app.add_directive("solution-part", SolutionPart)
    app.add_directive("curious-part", CuriousPart)
    app.connect("source-read", _fill_index)
    app.connect("env-get-outdated", _reread_index)
    app.connect("builder-inited", _warn_unlisted)
    app.connect("doctree-read", fold_solutions)
    app.connect("doctree-read", fold_curious)
    app.connect("doctree-read", add_alt_text)
    app.connect("doctree-read", add_slides_link)
    app.connect("build-finished", _remove_output_folder)
    app.connect("build-finished", _prune_explorers)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
