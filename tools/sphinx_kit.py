"""What the site hands to lecturers and students (the extension ``tools.sphinx_kit`` of book/conf.py).

* ``stage_extra`` fills build/site-extra/, which Sphinx copies to the root of _site/: gallery/ (every figure
  of the course as SVG and PNG, drawn by tools/gallery.py from the notebooks), downloads/notebooks/
  (each notebook as .ipynb), downloads/exercises/ (each exercise notebook, where exercises/ exists) and
  downloads/bookeval-course.zip (the course with its package, pins and Makefile).
* Each figure of the registry gets its alt text on its notebook's page (``describe_figures``).
* The gallery page (book/gallery.md) and the download page (book/download.md) are filled in from
  notebooks/figures.toml and from what was staged.
* Each exercise version (exercises/NN_name.ipynb) gets a page of its own, course/exercises/NN_name.html, from
  its committed outputs (``exercise_source``, staged by sphinx_site.stage_sources): an orphan, in no toctree
  (so not in the sidebar, nor in previous/next), left out of the search (it repeats its notebook's page), its
  title saying it is the exercise version; tools/handouts.py prints it to a handout too.
* Under the title of each notebook's page, a line of links: the lecture decks that present it (the lectures
  of the lecture plans whose sections it holds, tools/slides.py), the notebook, its handout (_site/handouts/,
  written by tools/handouts.py after the HTML) and, where it exists, a second line for its exercise version:
  page, notebook and handout (_site/handouts/exercises/).
  Under the title of an exercise version's page: its notebook's page, the exercise notebook and its handout.
* Every page's footer carries the licences (LICENSE and LICENSES/ of the repository).
"""
from __future__ import annotations

import html
import json
import re
import zipfile
from pathlib import Path

from docutils import nodes

from tools import gallery, outline, slides
from tools.course import BUILD, DATA, EXERCISES, NOTEBOOKS, ROOT, stems as course_stems

EXTRA = BUILD / "site-extra"
DOWNLOADS = EXTRA / "downloads"
ARCHIVE = "bookeval-course.zip"
MARKERS = {"gallery": "<!-- gallery -->", "download": "<!-- download -->"}
# The archive: what `make lab` and `make test` need, from the working tree (never build output or caches).
ARCHIVE_FILES = ["pyproject.toml", "Makefile", "README.md", "environment.yml", "postBuild", "LICENSE",
                 "CITATION.cff", "CONTRIBUTING.md", ".gitignore"]
ARCHIVE_FOLDERS = ["notebooks", "bookeval_lib", "requirements", "LICENSES", "tests", "tools", "benchmarks",
                   "book", "site", ".ci", "exercises"]
ARCHIVE_SKIP = {"__pycache__", ".ipynb_checkpoints", "node_modules"}
STAGED = "book/course/"  # the notebooks' copies that the site's build makes
EXERCISE_FOLDER = "exercises"  # book/course/exercises/: the exercise versions' pages
EXERCISE_TITLE = " (exercise version)"  # appended to the notebook's title on its exercise version's page
EXERCISE_OF = "bookeval_exercise_of"  # the staged copy's mark (read and removed by sphinx_site.read_notebook)
# Both the licences, stated as LICENSE, LICENSES/CC-BY-4.0.txt and README's "Licence" have them.
FOOTER = ('<p class="licence">Prose and figures © the bookeval developers, under '
          '<a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>: reuse them, crediting '
          '“the bookeval developers” with a link to the licence. The code (<code>bookeval_lib</code>, tests, '
          'scripts) is under the BSD-3-Clause licence. The Brown corpus sentences keep the corpus’s own terms.'
          '</p>')


def _archive(target: Path) -> None:
    """The course as one zip, its entries in a fixed order with a fixed date (the same tree, the same bytes)."""
    paths = [ROOT / name for name in ARCHIVE_FILES if (ROOT / name).is_file()]
    for folder in ARCHIVE_FOLDERS:
        if (ROOT / folder).is_dir():
            paths += [path for path in (ROOT / folder).rglob("*") if path.is_file()
                      and not ARCHIVE_SKIP & set(path.relative_to(ROOT).parts)
                      and not path.relative_to(ROOT).as_posix().startswith(STAGED)]
    partial = target.with_suffix(".part")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(paths):
            entry = zipfile.ZipInfo(f"bookeval/{path.relative_to(ROOT).as_posix()}", date_time=(2026, 1, 1, 0, 0, 0))
            entry.external_attr = (0o755 if path.stat().st_mode & 0o100 else 0o644) << 16
            archive.writestr(entry, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
    if target.exists() and target.read_bytes() == partial.read_bytes():
        partial.unlink()
    else:
        partial.replace(target)


def _copy_notebooks(source: Path, target: Path, stems: set[str]) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for stale in target.glob("*.ipynb"):
        if stale.stem not in stems:
            stale.unlink()
    for stem in stems:
        data = (source / f"{stem}.ipynb").read_bytes()
        if not (target / f"{stem}.ipynb").exists() or (target / f"{stem}.ipynb").read_bytes() != data:
            (target / f"{stem}.ipynb").write_bytes(data)


def exercise_stems(stems) -> set[str]:
    """The notebooks among ``stems`` that have an exercise version in exercises/."""
    return course_stems(EXERCISES) & set(stems)


def exercise_source(stem: str) -> str:
    """exercises/<stem>.ipynb as the source of its page (book/course/exercises/<stem>.ipynb): outputs as
    committed; the notebook-wide metadata ``orphan`` (Sphinx then asks no toctree to hold it) and
    ``nosearch`` (the search finds its notebook's page instead), which myst-nb passes on as the page's
    metadata; its first heading followed by " (exercise version)"; its links to the course's files, which
    point into notebooks/, pointing at their pages (the page sits one folder below them)."""
    notebook = json.loads((EXERCISES / f"{stem}.ipynb").read_text(encoding="utf-8"))
    notebook["metadata"].update({"orphan": True, "nosearch": True, EXERCISE_OF: stem})
    titled = False
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        if not titled:
            text, titled = re.subn(r"\A(\s*#\s+.+?)\s*$", rf"\1{EXERCISE_TITLE}", text, count=1, flags=re.M)
        cell["source"] = re.sub(r"\]\(\.\./notebooks/", "](../", text)
    if not titled:
        raise ValueError(f"exercises/{stem}.ipynb: its first markdown cell has no title (# ...)")
    return json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def stage_extra(notebooks: Path) -> Path:
    """Fill build/site-extra/ (the gallery, the notebooks, the exercise notebooks, the archive); return it."""
    gallery.build(EXTRA / "gallery")
    stems = course_stems(notebooks)
    _copy_notebooks(notebooks, DOWNLOADS / "notebooks", stems)
    exercises = exercise_stems(stems)
    if exercises:
        _copy_notebooks(EXERCISES, DOWNLOADS / "exercises", exercises)
    _archive(DOWNLOADS / ARCHIVE)
    return EXTRA


# --- the gallery and download pages ---------------------------------------------------------------------

def gallery_markdown(titles: dict, existing: set[str]) -> str:
    """One section per notebook, one figure per registry entry: the PNG, its caption, its downloads and the
    attribution line (raw HTML: a <figure> with its alt text and links to both files)."""
    figures = [figure for figure in gallery.locate(gallery.load_registry())
               if figure["notebook"] in existing]
    lines = []
    for stem in dict.fromkeys(figure["notebook"] for figure in figures):
        lines += [f"## {titles[stem]}", "", f"From {{doc}}`the notebook <course/{stem}>`.", ""]
        for figure in (f for f in figures if f["notebook"] == stem):
            name, alt, caption = (html.escape(figure[key]) for key in ("name", "alt", "caption"))
            function = html.escape(figure["function"])
            lines += [f'<figure class="gallery-figure" id="{name}">',
                      f'<a href="gallery/{name}.svg"><img src="gallery/{name}.png" alt="{alt}"></a>',
                      f'<figcaption><p>{caption}</p>',
                      f'<p class="gallery-downloads">Download: <a href="gallery/{name}.svg" download>SVG</a> · '
                      f'<a href="gallery/{name}.png" download>PNG, {gallery.PNG_DPI} dpi</a> · '
                      f'drawn by <code>{function}</code></p>',
                      f'<p class="attribution">{html.escape(gallery.ATTRIBUTION)}</p></figcaption>',
                      "</figure>", ""]
    return "\n".join(lines)


def _size(path: Path) -> str:
    return f"{path.stat().st_size / 1e6:.1f} MB"


def _exercise_links(stem: str, up: str) -> str:
    """Links to the exercise version of ``stem``, on a line of their own: its page, its notebook and its
    handout (``up`` leads from the page that links to the site's root)."""
    return (f'<br>Exercise version: <a href="{up}course/{EXERCISE_FOLDER}/{stem}.html">page</a> · '
            f'<a href="{up}downloads/exercises/{stem}.ipynb" download>notebook (.ipynb)</a> · '
            f'<a href="{up}handouts/exercises/{stem}.pdf">handout (PDF)</a>')


def download_markdown(titles: dict, existing: list[str]) -> str:
    """The archive, then a table of every notebook with its .ipynb and handout, and its exercise version's
    page, .ipynb and handout (raw HTML: the files sit beside the pages, outside what Sphinx resolves)."""
    archive = DOWNLOADS / ARCHIVE
    lines = [f'<p class="course-archive"><a href="downloads/{ARCHIVE}" download>{ARCHIVE}</a> '
             f"({_size(archive)}): the notebooks, the package <code>bookeval_lib</code>, "
             "<code>pyproject.toml</code>, the pinned versions (<code>requirements/lock.txt</code>), the "
             "<code>Makefile</code>, the <code>README.md</code>, <code>environment.yml</code>, the licences, "
             "and the tests and the sources of this site.</p>", "",
             "## One notebook at a time", "",
             '<table class="table downloads"><thead><tr><th>notebook</th><th>downloads</th></tr></thead><tbody>']
    for stem in existing:
        links = [f'<a href="downloads/notebooks/{stem}.ipynb" download>notebook (.ipynb)</a>',
                 f'<a href="handouts/{stem}.pdf">handout (PDF)</a>']
        exercise = _exercise_links(stem, "") if (DOWNLOADS / "exercises" / f"{stem}.ipynb").exists() else ""
        lines.append(f'<tr><td><a href="course/{stem}.html">{html.escape(titles.get(stem, stem))}</a></td>'
                     f'<td>{" · ".join(links)}{exercise}</td></tr>')
    return "\n".join(lines + ["</tbody></table>"])


def _titles_and_pages():
    from bookeval_lib.course import glossary

    rows, unlisted = outline.course_pages()
    titles = {stem: title.replace("`", "") for stem, title in glossary.notebook_titles(DATA).items()}
    return titles, [row["name"] for row in rows] + unlisted


def fill_pages(app, docname, source) -> None:
    if docname in MARKERS:
        titles, existing = _titles_and_pages()
        body = (gallery_markdown(titles, set(existing)) if docname == "gallery"
                else download_markdown(titles, existing))
        source[0] = source[0].replace(MARKERS[docname], body)


def reread(app, env, added, changed, removed):
    """Both pages are generated from the registry and the notebooks present: read them on every build."""
    return list(MARKERS)


def describe_figures(notebook) -> None:
    """Give each figure of the registry, on its notebook's page, the registry's alt text (as the cell metadata
    ``mystnb.image.alt`` that myst-nb reads), unless the cell sets its own."""
    alts = {figure["cell"]: figure["alt"] for figure in gallery.load_registry()}
    for cell in notebook.cells:
        if cell.get("id") in alts:
            image = cell.metadata.setdefault("mystnb", {}).setdefault("image", {})
            image.setdefault("alt", alts[cell["id"]])


# --- the links under each notebook's title ------------------------------------------------------

def _page_links(docname: str) -> str | None:
    """The links under the title of a notebook's page or an exercise version's page (None for other pages)."""
    name = docname.removeprefix("course/")
    if docname == name:
        return None
    if name.startswith(f"{EXERCISE_FOLDER}/"):
        stem = name.removeprefix(f"{EXERCISE_FOLDER}/")
        return " · ".join([f'<a href="../{stem}.html">The notebook’s page</a>, with the solutions',
                           f'<a href="../../downloads/exercises/{stem}.ipynb" download>exercise version (.ipynb)</a>',
                           f'<a href="../../handouts/exercises/{stem}.pdf">handout (PDF)</a>'])
    if not (NOTEBOOKS / f"{name}.ipynb").exists():
        return None
    decks = slides.decks_presenting(name)
    links = ["Slides: " + ", ".join(f'<a href="../slides/{deck}">{label}</a>' for deck, label in decks)] if decks else []
    links += [f'<a href="../downloads/notebooks/{name}.ipynb" download>notebook (.ipynb)</a>',
              f'<a href="../handouts/{name}.pdf">handout (PDF)</a>']
    exercise = _exercise_links(name, "../") if (EXERCISES / f"{name}.ipynb").exists() else ""
    return " · ".join(links) + exercise


def add_download_links(app, doctree) -> None:
    """Under the title of each notebook's page: the lecture decks that present it, notebook, handout, and its exercise
    version's page, notebook and handout; under the title of an exercise version's page: its notebook's page,
    the exercise notebook, its handout (no slides: the lecture is the notebook's)."""
    links = _page_links(app.env.docname)
    if links is None:
        return
    section = doctree.next_node(nodes.section)
    title = section.next_node(nodes.title) if section is not None else None
    if title is not None:
        line = f'<p class="page-downloads">{links}</p>'
        title.parent.insert(title.parent.index(title) + 1, nodes.raw("", line, format="html"))


def setup(app):
    app.connect("source-read", fill_pages)
    app.connect("env-get-outdated", reread)
    app.connect("doctree-read", add_download_links)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
