"""The course's web site (book/, built by Sphinx into _site/), opened from disk in headless Chromium.

The module builds the site itself (``python -m sphinx``, as ``make site`` does, with one reader and writer
per core) and then opens every page from file:// and checks what a reader gets: maths typeset and no prose
typeset as maths; every figure loaded and described by alt text; previous/next links that resolve; search
for "informedness" finding the pages about it; solutions folded until clicked; each explorer live (every
control moved by keyboard and by mouse, and the numbers and the figure then those the package computes for
that state); any other widget shown as a disabled snapshot with a note; no network request at all and no
console error or warning.  A full-page screenshot
(JPEG) of every page at 1024 px and at a phone's 390 px is kept in _site/screenshots/ for a person to look
at.

Each page is loaded and typeset once and shared by the tests that read it (``visits``): the checks that
only read a page run first and the click that opens a solution runs last, on a page that is then closed.
While one test runs, the page the next test reads is already loading (in a background tab, which
Chromium does not draw until it comes to the front), and Chromium starts while Sphinx builds.

Skipped, with the reason, where Chromium, playwright, Sphinx (the `site` extra) or npm (needed once to
install the pinned MathJax and widget scripts) is missing.
"""
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tools import course
from tools.course import NOTEBOOKS, ROOT  # NOTEBOOKS: BOOKEVAL_NOTEBOOKS builds and checks another folder
from tools.handouts import CHROMIUM_FLAGS

SITE = ROOT / "_site"
SHOTS = SITE / "screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
WIDTHS = {"desktop": 1024, "phone": 390}
# The one console message allowed: the JSON-schema validator (ajv, in strict mode) inside the pinned
# @jupyter-widgets/html-manager 1.0.15 warns about its own schema when it compiles it; it says nothing
# about the page and cannot be configured without patching the package.
THIRD_PARTY_NOTICE = re.compile(r'^warning: strict mode: use allowUnionTypes to allow union type keyword at '
                                r'"#/properties/state/additionalProperties/properties/buffers/')
STATIC_NOTE = "Static page: run the notebook to explore"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (CI installs Debian's chromium)")


@pytest.fixture(scope="module")
def site_build():
    """The Sphinx build of the site, started (Chromium launches while it runs); ``site`` waits for it."""
    pytest.importorskip("sphinx", reason="Sphinx is not installed: pip install -e '.[site]'")
    pytest.importorskip("myst_nb", reason="myst-nb is not installed: pip install -e '.[site]'")
    if shutil.which("npm") is None and not (ROOT / "site" / "node_modules").exists():
        pytest.skip("building the site needs npm once, to install site/package.json's pinned assets")
    if SITE.exists():
        shutil.rmtree(SITE)
    build = subprocess.Popen([sys.executable, "-m", "sphinx", "-E", "-j", "auto", "-b", "html", "-q",
                              "-d", str(ROOT / "build" / "doctrees"), str(ROOT / "book"), str(SITE)],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    yield build, time.perf_counter()
    build.communicate()  # (when no test waited for it)


@pytest.fixture(scope="module")
def site(site_build):
    build, start = site_build
    _, stderr = build.communicate()
    print(f"site built in {time.perf_counter() - start:.1f} s")
    assert build.returncode == 0, stderr
    # a warning is a page that renders wrongly somewhere (a broken docstring, a missing reference, ...)
    warnings = [line for line in stderr.splitlines() if "WARNING:" in line]
    assert not warnings, f"{len(warnings)} Sphinx warnings, e.g. {warnings[:5]}"
    SHOTS.mkdir()
    return SITE


@pytest.fixture(scope="module")
def browser(site_build):
    """One browser context (a profile, as a reader's browser has one) for every page the module opens."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser.new_context(viewport={"width": WIDTHS["desktop"], "height": 800})
        browser.close()


# Generated from the package and notebooks/terms.toml, questions.toml (tools/sphinx_site.py).
REFERENCE_PAGES = ["glossary.html", "guide.html", "cheatsheet.html"]
# Generated from notebooks/figures.toml and the notebooks present (tools/sphinx_kit.py).
KIT_PAGES = ["download.html", "gallery.html"]


EXERCISES = course.EXERCISES


def _pages():
    """Every HTML page the build writes, as paths relative to _site (index first; the exercise versions'
    pages, outside every toctree, last)."""
    notebooks = sorted(course.stems(NOTEBOOKS))
    exercises = sorted(course.stems(EXERCISES) & set(notebooks))
    return (["index.html", "practitioner.html", "path.html", "references.html", "search.html", "genindex.html",
             "course/ERRATA.html", "lecturers.html", "lecture_plans.html", "researchers.html", "api.html",
             "contributors.html"] + KIT_PAGES + REFERENCE_PAGES
            + [f"course/{name}.html" for name in notebooks] + [f"course/exercises/{name}.html" for name in exercises])


PAGES = _pages()
COURSE_PAGES = [page for page in PAGES if re.match(r"course/\d\db?_", page)]
NOTEBOOK_PAGES = [page for page in PAGES if re.match(r"course/(\d\db?|A\d)_", page)]
EXERCISE_PAGES = [page for page in PAGES if page.startswith("course/exercises/")]


def _notebook(page):
    """The notebook a page shows: notebooks/NN_name.ipynb, or exercises/NN_name.ipynb for its exercise version."""
    folder = EXERCISES if page.startswith("course/exercises/") else NOTEBOOKS
    return json.loads((folder / (Path(page).stem + ".ipynb")).read_text(encoding="utf-8"))


def _has_tag(page, tag):
    return any(tag in cell.get("metadata", {}).get("tags", []) for cell in _notebook(page)["cells"])


class Visit:
    """A page opened from disk, with every console message, request and failure it caused.

    Creating a Visit starts the navigation and returns; ``ready()`` waits until the page has loaded,
    MathJax has typeset it and its widgets are drawn.  ``spoiled`` marks a page that a test has changed.
    """

    def __init__(self, context, site, page, query=""):
        self.page = context.new_page()
        self.console, self.remote, self.failed = [], [], []
        self.page.on("console", lambda m: m.type in ("error", "warning") and self._console(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda error: self.console.append(f"page error: {error}"))
        self.page.on("request", lambda r: urlparse(r.url).scheme not in ("file", "data", "blob")
                     and self.remote.append(r.url))
        self.page.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        self.page.goto((site / page).as_uri() + query, wait_until="commit")
        self.mathjax = None  # unknown until ready()
        self.spoiled = False

    def ready(self):
        if self.mathjax is not None:
            return self
        self.page.wait_for_load_state("load")
        # MathJax 2 loads asynchronously and typesets in a queue: wait for it to load (on pages with
        # formulas), then for the queue to reach a callback placed after the initial typesetting.
        mathjax = False
        if self.page.locator(".math").count():
            self.page.wait_for_function("() => window.MathJax && window.MathJax.Hub && MathJax.Hub.queue",
                                        timeout=30_000)
            mathjax = self.page.evaluate("() => new Promise(r => MathJax.Hub.Queue(() => r(true)))")
        if self.page.locator(".bx-explorer").count():
            self.page.wait_for_selector(".bx-explorer.bx-live", timeout=30_000)
        if self.page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count():
            self.page.wait_for_selector(".static-widget .jupyter-widgets", timeout=30_000)
        self.mathjax = mathjax
        return self

    def _console(self, message):
        if not THIRD_PARTY_NOTICE.match(message):
            self.console.append(message)

    def assert_clean(self, name):
        assert not self.remote, f"{name}: requests to the network: {self.remote}"
        assert not self.failed, f"{name}: failed to load: {self.failed}"
        assert not self.console, f"{name}: console: {self.console}"

    def set_width(self, width):
        """Resize the window, then let two frames pass: resize handlers have run and layout is final."""
        self.page.set_viewport_size({"width": width, "height": 800})
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def screenshot(self, name, label):
        # JPEG: as legible as PNG for a person, and far cheaper to encode for a page 20 000 px tall.  A JPEG
        # is at most 65 535 px high (Chromium writes an empty file beyond): a taller page is shot to that.
        path = SHOTS / f"{name.replace('/', '_').removesuffix('.html')}-{label}.jpg"
        width, height = self.page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        clip = {"x": 0, "y": 0, "width": width, "height": 65_000} if height > 65_000 else None
        self.page.screenshot(path=str(path), full_page=True, clip=clip, type="jpeg", quality=85)
        assert path.stat().st_size > 0, f"{path.name}: the screenshot is empty"


class Visits:
    """Every page opened once, at desktop width, for all the tests that read it (a module-scoped cache)."""

    def __init__(self, context, site):
        self.context, self.site, self.open = context, site, {}

    def start(self, page):
        if page not in self.open:
            self.open[page] = Visit(self.context, self.site, page)
        return self.open[page]

    def get(self, page):
        visit = self.start(page)
        # The pages are tabs of one window, and Chromium draws only the front tab: a screenshot of
        # another waits seconds for its frames.
        visit.page.bring_to_front()
        visit.ready()
        if visit.page.viewport_size["width"] != WIDTHS["desktop"]:  # a test stopped before resizing back
            visit.set_width(WIDTHS["desktop"])
        return visit

    def close(self, page):
        visit = self.open.pop(page, None)
        if visit is not None:
            visit.page.close()


def _pages_read_later(request):
    """The `page` parameter of every test after this one in this module, in run order (under xdist's
    --dist loadfile a module runs whole, in order, on one worker)."""
    items = request.session.items
    later = [getattr(item, "callspec", None) for item in items[items.index(request.node) + 1:]
             if getattr(item, "module", None) is request.module]  # notebook items have no module
    return [spec.params["page"] for spec in later if spec is not None and spec.params.get("page") in PAGES]


@pytest.fixture(scope="module")
def visits(browser, site):
    cache = Visits(browser, site)
    yield cache
    for page in list(cache.open):
        cache.close(page)


@pytest.fixture
def visit(visits, page, request):
    """The test's page, loaded once for every test that reads it; the next test's page starts loading now."""
    later = _pages_read_later(request)
    if later:
        visits.start(later[0])
    current = visits.get(page)
    yield current
    if current.spoiled or page not in later:
        visits.close(page)


# Inline TeX that reads like prose: two words of letters side by side outside \text{...} (e.g. the
# "3 to win 7" that an unescaped dollar sign makes).
PROSE_IN_MATH = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}\s+[A-Za-z]{2,}\b")
TEXT_COMMANDS = re.compile(r"\\(?:text|textrm|mathrm|textit|mathit|operatorname|mbox|textbf|mathbf)\s*\{[^{}]*\}")
# TeX left as text in prose (the maths was not parsed): $...$ pairs or common commands.
RAW_TEX = re.compile(r"\$[^$\n]{1,80}\$|\\\(|\\\[|\\(?:frac|sqrt|cdot|alpha|beta|mathrm|left|right|sum)\b")


@pytest.mark.parametrize("page", PAGES)
def test_page(visit, page):
    """Clean console and network; maths typeset and only maths; figures with alt text; previous/next
    links that resolve; no sideways scrolling on a phone; a screenshot at each width."""
    p = visit.page
    # Screenshots first, so that a page that fails a check below can still be looked at.
    visit.screenshot(page, str(WIDTHS["desktop"]))
    visit.set_width(WIDTHS["phone"])
    overflow = p.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    visit.screenshot(page, str(WIDTHS["phone"]))
    visit.set_width(WIDTHS["desktop"])

    math_count = p.locator(".math").count()
    if math_count:
        assert visit.mathjax, f"{page}: MathJax did not load"
        untypeset = p.evaluate("""() => Array.from(document.querySelectorAll('.math'))
            .filter(m => !m.querySelector('.MathJax_CHTML, .mjx-chtml')).map(m => m.textContent.slice(0, 60))""")
        assert not untypeset, f"{page}: formulas left untypeset: {untypeset[:5]}"
    assert p.locator(".MathJax_Error, .mjx-merror, merror").count() == 0, f"{page}: MathJax reported an error"
    # Maths appears only where a formula was written: never typeset inside ordinary prose.
    stray = p.evaluate("""() => Array.from(document.querySelectorAll('.MathJax_CHTML, .mjx-chtml'))
        .filter(m => !m.closest('.math, .cell_output, .jupyter-widgets')).length""")
    assert stray == 0, f"{page}: {stray} formulas typeset outside the formulas the page declares"
    inline_tex = p.evaluate("""() => Array.from(document.querySelectorAll('span.math script[type="math/tex"]'))
        .map(s => s.textContent)""")
    prose = [tex for tex in inline_tex if PROSE_IN_MATH.search(TEXT_COMMANDS.sub("", tex))]
    assert not prose, f"{page}: prose typeset as maths: {prose[:5]}"
    prose_text = p.evaluate("""() => Array.from(document.querySelectorAll(
            'article p, article li, article td, article th, article h1, article h2, article h3'))
        .filter(e => !e.closest('.cell_output, pre, .math'))
        .map(e => { const c = e.cloneNode(true);
                    c.querySelectorAll('code, pre, script, .math').forEach(x => x.remove());
                    return c.textContent; })""")
    raw = [m.group(0) for text in prose_text for m in [RAW_TEX.search(text)] if m]
    assert not raw, (f"{page}: TeX or dollar signs left as text in prose: {raw[:5]} (write maths as $...$ for "
                     "MyST to parse, and money as '3 dollars' or 'USD 3', never \\$)")

    images = p.evaluate("""() => Array.from(document.querySelectorAll('article img')).map(i => ({
        src: i.getAttribute('src'), ok: i.complete && i.naturalWidth > 0, alt: (i.getAttribute('alt') || '').trim()}))""")
    for image in images:
        assert image["ok"], f"{page}: figure {image['src']} did not load"
        assert image["alt"] and not re.search(r"\.(png|jpe?g|svg|gif)$|^[0-9a-f]{32,}", image["alt"]), \
            f"{page}: figure {image['src']} has no alt text (alt={image['alt']!r})"
    if re.match(r"course/(exercises/)?[01]", page):
        saved = sum("image/png" in o.get("data", {}) for c in _notebook(page)["cells"] for o in c.get("outputs", []))
        assert len(images) >= saved, f"{page}: {len(images)} images shown, {saved} saved in the notebook"

    # Previous/next at the bottom: the learning path, then the errata and the references (an exercise
    # version's page is in no toctree: none).
    if page in EXERCISE_PAGES:
        assert p.locator(".prev-next-area a").count() == 0, f"{page}: previous/next links on a page outside the path"
    elif page not in ("search.html", "genindex.html"):
        links = p.evaluate("""() => Array.from(document.querySelectorAll('.prev-next-area a'))
            .map(a => ({cls: a.className, href: a.href}))""")
        kinds = {("prev" if "left-prev" in link["cls"] else "next") for link in links}
        expected = {"next"} if page == "index.html" else {"prev"} if page == "references.html" else {"prev", "next"}
        assert kinds == expected, f"{page}: previous/next links {links}"
        for link in links:
            assert Path(unquote(urlparse(link["href"]).path)).is_file(), f"{page}: {link['href']} does not exist"

    # The licences, as LICENSE and LICENSES/ state them, at the foot of every page.
    footer = p.locator("footer .extra_footer").inner_text()
    assert "CC BY 4.0" in footer and "BSD-3-Clause" in footer and "bookeval developers" in footer, footer

    visit.assert_clean(page)
    assert overflow <= 1, f"{page}: the page is {overflow} px wider than a phone's screen"


@pytest.mark.parametrize("page", ["index.html"])
def test_index_and_sidebar_follow_the_course_outline(visit, site, page):
    from tools import outline

    rows, _ = outline.course_pages()
    links = visit.page.evaluate("""() => Array.from(document.querySelectorAll('article table tbody tr'))
        .map(r => r.querySelector('a').getAttribute('href'))""")
    paths = [link for link in links if not link.startswith("course/")]     # the "Choose a path" table first
    assert len(paths) == len(outline.load_course()["path"]) and all(
        link.startswith(("path.html#", "practitioner.html")) for link in paths), paths
    table = links[len(paths):]
    assert table == [f"course/{row['name']}.html" for row in rows]
    sidebar = visit.page.evaluate("""() => Array.from(document.querySelectorAll('nav.bd-links a'))
        .map(a => a.getAttribute('href'))""")
    course_links = [link for link in sidebar if re.match(r"course/(\d\db?|A\d)_", link)]
    assert course_links == table, "the sidebar's main path and appendices are not the outline's order"
    # The sidebar's structure: main path, practitioner track, appendices, then the glossary, the guide, the
    # cheat sheet, the page for lecturers, the lecture plans, the page for researchers, the API reference, the
    # page for contributors, the errata and the references.
    captions = visit.page.evaluate("""() => Array.from(document.querySelectorAll('nav.bd-links p.caption'))
        .map(p => p.textContent.trim())""")
    expected = ["Main path", "Practitioner track"] + (["Appendices"] if any(r["part"] == "appendix" for r in rows)
                                                      else []) + ["Reference"]
    assert captions == expected, captions
    main = [link for link in course_links if re.match(r"course/\d\db?_", link)]
    assert sidebar.index("practitioner.html") > sidebar.index(main[-1])
    assert sidebar[-10:] == REFERENCE_PAGES + ["lecturers.html", "lecture_plans.html", "researchers.html", "api.html",
                                               "contributors.html", "course/ERRATA.html", "references.html"]
    # Real titles: each page is named by its notebook's first heading, not its file name.
    for row in rows:
        first = next(c for c in _notebook(f"course/{row['name']}.html")["cells"] if c["cell_type"] == "markdown")
        heading = re.match(r"#\s+(.+)", "".join(first["source"])).group(1)
        title = (site / "course" / f"{row['name']}.html").read_text(encoding="utf-8")
        plain = re.sub(r"[*_`]", "", heading).strip()
        assert f"<title>{plain.replace(chr(39), '’')}" in title or f"<title>{plain}" in title


def test_the_widget_manager_ships_only_when_a_page_loads_it(site):
    pages = [page for page in site.rglob("*.html") if "screenshots" not in page.parts]
    loaded = any("_static/html-manager/" in page.read_text(encoding="utf-8") for page in pages)
    assert (site / "_static" / "html-manager").is_dir() == loaded


# The size budget (book/contributors.md): the lecture kit (slides, downloads, handouts, tutorial sheets,
# instructor packs, gallery) counts apart.
KIT_FOLDERS = {"slides", "downloads", "handouts", "tutorials", "instructor", "gallery", "screenshots"}


def test_the_site_keeps_its_size_budget(site):
    frames = [path.stat().st_size for path in (site / "_static" / "explorers").glob("*.js")]
    assert frames and max(frames) <= 1e6 and sum(frames) <= 3e6, frames
    pages = sum(path.stat().st_size for path in site.rglob("*")
                if path.is_file() and not KIT_FOLDERS & set(path.relative_to(site).parts[:1]))
    assert pages <= 30e6, f"the site without its lecture kit is {pages / 1e6:.1f} MB"


def test_search_from_disk_finds_the_informedness_pages(browser, site):
    visit = Visit(browser, site, "search.html", query="?q=informedness").ready()
    visit.page.wait_for_selector("#search-results p.search-summary, #search-results .search-summary",
                                 timeout=30_000)
    found = set(visit.page.evaluate("""() => Array.from(document.querySelectorAll('#search-results li a'))
        .map(a => new URL(a.href).pathname.split('/').slice(-2).join('/'))"""))
    titled = {page for page in COURSE_PAGES
              if "informedness" in re.search(r"<title>(.*?)</title>", (site / page).read_text(encoding="utf-8"))
              .group(1).lower()}
    assert titled, "no page has informedness in its title"
    assert titled <= found, f"search for informedness missed {titled - found}"
    # an exercise version repeats its notebook's page: the search leaves it out (its metadata `nosearch`)
    assert not {page for page in found if page.startswith("exercises/")}, sorted(found)
    assert len(found) >= len(titled) + 2, f"search found only {sorted(found)}"
    visit.assert_clean("search.html")
    visit.page.close()


EXPLORER = "application/vnd.bookeval.explorer+json"   # bookeval_lib.course.explorer.MIME


def _outputs(page):
    return [output.get("data", {}) for cell in _notebook(page)["cells"] for output in cell.get("outputs", [])]


# Widgets other than the explorers (which the site shows live) are frozen snapshots.
WIDGET_PAGES = [page for page in COURSE_PAGES
                if any("application/vnd.jupyter.widget-view+json" in data and EXPLORER not in data
                       for data in _outputs(page))]
EXPLORER_PAGES = [page for page in COURSE_PAGES if any(EXPLORER in data for data in _outputs(page))]


def test_the_explorers_are_on_their_pages():
    assert {page.split("/")[-1].split("_")[0] for page in EXPLORER_PAGES} >= {"04", "05", "11b"}


@pytest.mark.skipif(not WIDGET_PAGES, reason="every widget of the course is an explorer, live on the site")
@pytest.mark.parametrize("page", WIDGET_PAGES or ["none"])
def test_widgets_are_honest_snapshots(visit, page):
    """A static page cannot recompute: controls are disabled, a note says so, labels use the page font."""
    p = visit.page
    views = p.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
    notes = p.locator(".static-widget-note")
    assert notes.count() == views and notes.first.is_visible() and STATIC_NOTE in notes.first.inner_text()
    assert p.evaluate("() => Array.from(document.querySelectorAll('.static-widget')).every(o => o.inert)")
    enabled = p.evaluate("""() => Array.from(document.querySelectorAll(
        '.static-widget input, .static-widget select, .static-widget button, .static-widget textarea'))
        .filter(c => !c.disabled).length""")
    assert enabled == 0, f"{page}: {enabled} widget controls are enabled"
    fonts = p.evaluate("""() => Array.from(document.querySelectorAll('.static-widget .widget-label'))
        .map(l => getComputedStyle(l).fontFamily)""")
    assert fonts and not any(re.match(r'"?Times', font) or font.strip() == "serif" for font in fonts), fonts
    handle = p.locator(".static-widget .noUi-handle").first
    if handle.count():
        readouts = p.locator(".static-widget .widget-readout")
        before = readouts.all_inner_texts()
        box = handle.bounding_box()
        visit.spoiled = True  # until the readouts show that the drag changed nothing
        p.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        p.mouse.down()
        p.mouse.move(box["x"] + 120, box["y"] + box["height"] / 2)
        p.mouse.up()
        assert readouts.all_inner_texts() == before, f"{page}: a slider moved on a static page"
        visit.spoiled = False
    visit.assert_clean(page)


# What the page shows for an explorer: every number slot, the figure's description, the controls' readouts
# and the SVG of each dynamic group, serialised by the browser.
SHOWN = """root => ({
    fields: Object.fromEntries(Array.from(root.querySelectorAll('[data-bx]')).map(s => [s.dataset.bx, s.textContent])),
    alt: (root.querySelector('.bx-figure') || {getAttribute: () => null}).getAttribute('aria-label'),
    indices: Array.from(root.querySelectorAll('input[type=range]')).map(i => Number(i.value)),
    readouts: Array.from(root.querySelectorAll('output')).map(o => o.textContent),
    valuetexts: Array.from(root.querySelectorAll('input[type=range]')).map(i => i.getAttribute('aria-valuetext')),
    groups: Object.fromEntries(Array.from(root.querySelectorAll('g[id^="bx-"]')).map(g => [g.id.slice(3), g.innerHTML])),
})"""
# The package's SVG of each group, parsed and serialised by the same browser (so both sides compare alike).
AS_BROWSER_SERIALISES = """(root, fragments) => Object.fromEntries(Object.entries(fragments).map(([k, text]) => {
    const g = document.createElementNS('http://www.w3.org/2000/svg', 'g'); g.innerHTML = text; return [k, g.innerHTML]; }))"""


def _check_state(root, explorer, label):
    """The page shows exactly what the package computes and draws for the controls' current position."""
    shown = root.evaluate(SHOWN)
    values = explorer.values_at(shown["indices"])
    expected = explorer.text_fields(**values)
    assert shown["fields"] == {key: expected[key] for key in shown["fields"]}, f"{label}: numbers"
    assert set(shown["fields"]) == set(re.findall(r"\{(\w+)\}", explorer.template)), f"{label}: slots"
    texts = [control.text(values[control.name]) for control in explorer.controls]
    assert shown["readouts"] == texts and shown["valuetexts"] == texts, f"{label}: readouts"
    layers = explorer.layers(**values)
    if layers:
        assert shown["alt"] == expected["alt"], f"{label}: the figure's description"
        assert shown["groups"] == root.evaluate(AS_BROWSER_SERIALISES, layers), f"{label}: the figure"
    return shown


# Hidden while an explorer is photographed: the bars and buttons fixed to the window would cover part of it.
FIXED_OVER_CONTENT = (".bd-header, .bd-header-article, .skip-link, #pst-back-to-top "
                      "{ visibility: hidden !important; }")


def _shoot(element, path):
    element.screenshot(path=str(path), type="jpeg", quality=85, style=FIXED_OVER_CONTENT)


@pytest.mark.parametrize("page", EXPLORER_PAGES)
def test_explorers_are_live(visit, page):
    """Each explorer found; each control moved by keyboard and by mouse; after each move the numbers, the
    figure and its description are those the package computes for that state; no network, no console error;
    legible at a phone's width (screenshots of each explorer at both widths)."""
    from bookeval_lib.course.explorers import from_payload

    p = visit.page
    payloads = [data[EXPLORER] for data in _outputs(page) if EXPLORER in data]
    roots = p.locator(".bx-explorer.bx-live")
    assert roots.count() == len(payloads), f"{page}: {roots.count()} live explorers, {len(payloads)} displayed"
    visit.spoiled = True  # the controls move
    name = page.replace("/", "_").removesuffix(".html")
    for number, payload in enumerate(payloads):
        explorer, root = from_payload(payload), roots.nth(number)
        root.scroll_into_view_if_needed()
        shown = _check_state(root, explorer, f"{page} explorer {number}: first state")
        for index, control in enumerate(explorer.controls):
            slider = root.locator("input[type=range]").nth(index)
            label = root.locator(f'label[for="{slider.get_attribute("id")}"]')
            assert label.inner_text().strip() == control.label, f"{page}: {control.name} has no label"
            # keyboard: one step (right, or left at the top of the grid)
            slider.focus()
            step = 1 if shown["indices"][index] < len(control.values) - 1 else -1
            p.keyboard.press("ArrowRight" if step == 1 else "ArrowLeft")
            moved = _check_state(root, explorer, f"{page}: {control.name} by keyboard")
            assert moved["indices"][index] == shown["indices"][index] + step
            assert [i for k, i in enumerate(moved["indices"]) if k != index] == \
                [i for k, i in enumerate(shown["indices"]) if k != index]
            assert (moved["fields"], moved["groups"]) != (shown["fields"], shown["groups"]), \
                f"{page}: moving {control.name} by keyboard changed nothing"
            # mouse: a click near the left end of the track, then a drag to near the right end
            box = slider.bounding_box()
            middle = box["y"] + box["height"] / 2
            p.mouse.click(box["x"] + 0.08 * box["width"], middle)
            clicked = _check_state(root, explorer, f"{page}: {control.name} clicked")
            assert clicked["indices"][index] < moved["indices"][index] or moved["indices"][index] == 0
            p.mouse.move(box["x"] + 0.08 * box["width"], middle)
            p.mouse.down()
            p.mouse.move(box["x"] + 0.9 * box["width"], middle, steps=5)
            p.mouse.up()
            dragged = _check_state(root, explorer, f"{page}: {control.name} dragged")
            assert dragged["indices"][index] > clicked["indices"][index], f"{page}: a drag did not move it"
            assert (dragged["fields"], dragged["groups"]) != (clicked["fields"], clicked["groups"])
            shown = dragged
        _shoot(root, SHOTS / f"{name}-explorer{number}-{WIDTHS['desktop']}.jpg")
        visit.set_width(WIDTHS["phone"])
        root.scroll_into_view_if_needed()
        width = root.evaluate("r => r.getBoundingClientRect().width")
        assert width <= WIDTHS["phone"], f"{page}: explorer {number} is {width} px wide on a phone"
        for slider in root.locator("input[type=range]").all():
            assert slider.bounding_box()["width"] >= 150, f"{page}: a slider too short to use on a phone"
        _shoot(root, SHOTS / f"{name}-explorer{number}-{WIDTHS['phone']}.jpg")
        visit.set_width(WIDTHS["desktop"])
    visit.assert_clean(page)


def _folds_closed(visit, page, kind, title):
    """The page's dropdowns of one kind ("solution", "curious"): at least one, each titled and closed."""
    folds = visit.page.locator(f"div.admonition.{kind}")
    assert folds.count() >= 1, f"{page}: cells are tagged for {kind} folds but nothing is folded"
    for index in range(folds.count()):
        fold = folds.nth(index)
        body = fold.locator(":scope > :not(.admonition-title)").first
        assert fold.locator(".admonition-title").inner_text().startswith(title)
        assert not body.is_visible(), f"{page}: {kind} fold {index + 1} is open before a click"
    return folds


CURIOUS_PAGES = [page for page in COURSE_PAGES + EXERCISE_PAGES if _has_tag(page, "for-the-curious")]


@pytest.mark.skipif(not CURIOUS_PAGES, reason="no notebook has a cell tagged `for-the-curious` yet")
@pytest.mark.parametrize("page", CURIOUS_PAGES or ["none"])
def test_for_the_curious_is_folded(visit, page):
    _folds_closed(visit, page, "curious", "For the curious")


SOLUTION_PAGES = [page for page in COURSE_PAGES if _has_tag(page, "solution")]


@pytest.mark.skipif(not SOLUTION_PAGES, reason="no notebook has a cell tagged `solution` yet "
                    "(tests/test_notebook_format.py fails until they are tagged)")
@pytest.mark.parametrize("page", SOLUTION_PAGES or ["none"])
def test_solutions_are_folded_until_clicked(visit, page):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    first = _folds_closed(visit, page, "solution", "Solution").first
    visit.spoiled = True  # the click opens a solution: no later test may read this page as loaded
    first.locator(".admonition-title").click()
    try:
        first.locator(":scope > :not(.admonition-title)").first.wait_for(state="visible", timeout=5_000)
    except PlaywrightTimeout:
        pytest.fail(f"{page}: a click did not open it")
    visit.assert_clean(page)



# Internal links of a page: where they point (a file) and the anchor they name, resolved by the browser.
LINKS = """() => Array.from(document.querySelectorAll('article a[href]'))
    .filter(a => a.protocol === 'file:').map(a => ({href: a.href, text: a.textContent.trim()}))"""


def _anchor_exists(href):
    path = Path(unquote(urlparse(href).path))
    fragment = unquote(urlparse(href).fragment)
    if not path.is_file():
        return False
    return not fragment or f'id="{fragment}"' in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("page", REFERENCE_PAGES)
def test_reference_pages_show_the_package_data_and_every_link_resolves(visit, page):
    """The glossary has one entry per term of terms.toml, each with a definition and (where its notebook
    exists) a link to it; the guide one row per question of questions.toml; the cheat sheet both tables of
    bookeval_lib.course.cheatsheet, with their formulas typeset.  Every link on them leads to a page and an
    anchor that exist."""
    import tomllib

    p = visit.page
    links = p.evaluate(LINKS)
    broken = [link for link in links if not _anchor_exists(link["href"])]
    assert not broken, f"{page}: links that do not resolve: {broken[:5]}"
    terms = tomllib.loads((ROOT / "notebooks" / "terms.toml").read_text(encoding="utf-8"))["terms"]
    existing = {path.stem for path in NOTEBOOKS.glob("*.ipynb") if re.match(r"(\d\db?|A\d)_", path.stem)}
    if page == "glossary.html":
        entries = p.evaluate("() => Array.from(document.querySelectorAll('dl.glossary > dt')).map(d => d.id)")
        assert len(entries) == len(terms) and all(entry.startswith("term-") for entry in entries)
        text = p.locator("dl.glossary").inner_text().replace("\u2019", "'")  # Sphinx's curly apostrophes
        missing = [term["term"] for term in terms if term["definition"] not in text]
        assert not missing, f"definitions missing from the glossary: {missing}"
        taught = p.evaluate("() => document.querySelectorAll('dl.glossary a[href*=\"course/\"]').length")
        assert taught == sum(term["notebook"] in existing for term in terms)   # the notation table links too
        recall = p.locator("dt#term-recall + dd").inner_text()
        assert "sensitivity" in recall and "TPR" in recall and "01 · The contingency table" in recall
        assert p.locator("dt#term-recall + dd .math").count() >= 1
    elif page == "guide.html":
        questions = tomllib.loads((ROOT / "notebooks" / "questions.toml").read_text(encoding="utf-8"))["question"]
        headings = p.evaluate("() => Array.from(document.querySelectorAll('article section h2'))"
                              ".map(h => h.textContent.replace(/#$/, '').trim())")
        assert [h.replace("\u2019", "'") for h in headings] == [q["question"] for q in questions]
        sections = p.locator("article section:has(> h2)")
        for index in range(sections.count()):
            section = sections.nth(index)
            assert section.locator('a[href*="glossary.html#term-"]').count() >= 2, headings[index]
            assert section.locator("li code").count() >= 1, headings[index]
    else:
        tables = p.locator("article table")
        assert tables.count() == 2
        assert tables.nth(0).locator("tbody tr").count() == tables.nth(1).locator("tbody tr").count() >= 20
        assert tables.nth(0).locator(".math").count() >= 40
    visit.assert_clean(page)


FIRST_USE = r"""word => {
    const skip = 'h1, h2, h3, h4, h5, h6, code, pre, .math, .cell_input, .cell_output, .admonition.solution, '
        + '.admonition.curious, script, .bd-toc, nav, a:not([href*="glossary.html#term-"])';
    const walker = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
    const pattern = new RegExp('\\b' + word + '\\b', 'i');
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent.closest(skip) || !pattern.test(node.textContent)) continue;
        const link = parent.closest('a');
        return {text: node.textContent, href: link ? link.href : null};
    }
    return null;
}"""


@pytest.mark.parametrize("page", ["course/03_informedness_markedness.html", "course/06_k_class_bookmaker.html"])
def test_the_first_use_of_a_term_links_to_the_glossary(visit, page):
    p = visit.page
    first = p.evaluate(FIRST_USE, "informedness")
    assert first is not None, f"{page}: no prose says informedness"
    assert first["href"] and first["href"].endswith("glossary.html#term-informedness"), first
    assert _anchor_exists(first["href"])
    # once per page: only the first use is a link, and no link sits in a heading, code or maths
    to_glossary = p.evaluate("""() => Array.from(document.querySelectorAll('article a[href*="glossary.html#term-"]'))
        .map(a => ({href: a.getAttribute('href'), bad: !!a.closest('h1, h2, h3, h4, code, pre, .math')}))""")
    hrefs = [link["href"] for link in to_glossary]
    assert len(hrefs) == len(set(hrefs)) >= 10, hrefs
    assert not any(link["bad"] for link in to_glossary)
    visit.assert_clean(page)


# --- the lecture kit: the gallery, the downloads, the handouts ---------------------------------------------

def _registry():
    """figures.toml's figures in the gallery's order: by notebook (file name), then by cell."""
    import tomllib

    figures = {figure["cell"]: figure for figure in
               tomllib.loads((ROOT / "notebooks" / "figures.toml").read_text(encoding="utf-8"))["figure"]}
    return [figures[cell["id"]] for path in sorted(NOTEBOOKS.glob("[0-9A][0-9]*_*.ipynb"))
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"] if cell.get("id") in figures]


def _png_dpi(path):
    """The resolution a PNG declares (its pHYs chunk: pixels per metre on each axis, unit byte 1 = metre)."""
    import struct

    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    at = data.index(b"pHYs")
    x, y, unit = struct.unpack(">IIB", data[at + 4:at + 13])
    assert unit == 1 and x == y, path.name
    return x * 0.0254


@pytest.mark.parametrize("page", ["gallery.html"])
def test_the_gallery_offers_every_figure_as_svg_and_png(visit, site, page):
    """One <figure> per figure of figures.toml, in its order, with the registry's alt text and caption, a link
    to each file (which exists: an SVG document and a 200 dpi PNG) and the CC BY 4.0 attribution line."""
    figures = _registry()
    shown = visit.page.evaluate("""() => Array.from(document.querySelectorAll('figure.gallery-figure')).map(f => ({
        id: f.id, alt: f.querySelector('img').getAttribute('alt'), caption: f.querySelector('figcaption p').textContent,
        links: Array.from(f.querySelectorAll('a[download]')).map(a => a.href),
        attribution: f.querySelector('.attribution').textContent}))""")
    assert [figure["id"] for figure in shown] == [figure["name"] for figure in figures]
    for figure, entry in zip(shown, figures):
        assert figure["alt"] == entry["alt"] and figure["caption"] == entry["caption"], entry["name"]
        assert "CC BY 4.0" in figure["attribution"] and "bookeval developers" in figure["attribution"]
        files = [Path(unquote(urlparse(link).path)) for link in figure["links"]]
        assert [file.name for file in files] == [f"{entry['name']}.svg", f"{entry['name']}.png"]
        svg, png = files
        assert re.search(r"<svg\b[^>]*xmlns=\"http://www.w3.org/2000/svg\"", svg.read_text(encoding="utf-8")[:2000])
        # 200 dpi = 200 / 0.0254 = 7874.0 pixels per metre, stored as the integer 7874: 199.99... dpi
        assert abs(_png_dpi(png) - 200) < 0.01, f"{png.name}: {_png_dpi(png)} dpi"
    visit.assert_clean(page)


def _readme_setup_commands():
    block = re.search(r"## Quickstart.*?```sh\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    return [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]


@pytest.mark.parametrize("page", ["download.html"])
def test_the_download_page_offers_the_course_and_each_notebook(visit, site, page):
    """The archive holds what a student needs to run the course (and nothing built or cached); the set-up
    commands are README's; each notebook, as committed, is one click away."""
    import zipfile

    p = visit.page
    commands = [line.split("#")[0].strip() for line in p.locator("article pre").first.inner_text().splitlines()
                if line.strip()]
    assert commands == _readme_setup_commands() == ["make lab", "make test", "make check"]
    archive = Path(unquote(urlparse(p.locator('a[href$=".zip"]').first.evaluate("a => a.href")).path))
    with zipfile.ZipFile(archive) as course:
        names = set(course.namelist())
        assert course.testzip() is None
    required = {"Makefile", "README.md", "CONTRIBUTING.md", "pyproject.toml", "environment.yml", "requirements/lock.txt",
                "LICENSE", "LICENSES/CC-BY-4.0.txt", "bookeval_lib/__init__.py", "notebooks/course.toml",
                *(f"notebooks/{path.name}" for path in NOTEBOOKS.glob("*.ipynb"))}
    assert {f"bookeval/{name}" for name in required} <= names, sorted(required - {n[9:] for n in names})
    assert not [name for name in names if re.search(r"__pycache__|node_modules|\.ipynb_checkpoints|^bookeval/book/course/",
                                                     name)]
    notebooks = {Path(unquote(urlparse(href).path)) for href in p.evaluate(
        "() => Array.from(document.querySelectorAll('article a[href$=\".ipynb\"]')).map(a => a.href)")}
    assert {path.name for path in notebooks} == {f"{Path(page).stem}.ipynb" for page in NOTEBOOK_PAGES}
    for path in notebooks:     # a notebook as committed, and its exercise version as generated
        source = (ROOT / "exercises" if path.parent.name == "exercises" else NOTEBOOKS) / path.name
        assert path.read_bytes() == source.read_bytes(), path
    # each row: the notebook's page, .ipynb and handout, then its exercise version's page, .ipynb and handout
    rows = p.evaluate("""() => Array.from(document.querySelectorAll('table.downloads tbody tr'))
        .map(r => Array.from(r.querySelectorAll('a')).map(a => a.getAttribute('href')))""")
    assert rows == [[page, f"downloads/notebooks/{Path(page).stem}.ipynb", f"handouts/{Path(page).stem}.pdf"]
                    + _exercise_links(Path(page).stem, "") for page in NOTEBOOK_PAGES], rows
    visit.assert_clean(page)


def _exercise_links(stem, up):
    """The links to the exercise version of notebook ``stem`` (none without one), from a page ``up`` below
    the root."""
    if f"course/exercises/{stem}.html" not in EXERCISE_PAGES:
        return []
    return [f"{up}course/exercises/{stem}.html", f"{up}downloads/exercises/{stem}.ipynb",
            f"{up}handouts/exercises/{stem}.pdf"]


@pytest.mark.parametrize("page", NOTEBOOK_PAGES)
def test_each_notebook_page_links_its_downloads(visit, site, page):
    links = visit.page.evaluate("() => Array.from(document.querySelectorAll('p.page-downloads a'))"
                                ".map(a => a.getAttribute('href'))")
    stem = Path(page).stem
    # The lecture decks that present the notebook, as the lecture plans page links them (each lecture whose
    # notebooks it is among, six-lecture plan first), then its downloads.
    plans = (ROOT / "book" / "lecture_plans.md").read_text(encoding="utf-8")
    decks = [f"../{href}" for block in plans.split("\n### ")[1:]
             if f"<course/{stem}>" in block.split("\n- **Outcomes:**")[0]
             for href in re.findall(r'\*\*Slides:\*\* <a href="(slides/[\w-]+\.html)"', block)]
    expected = decks + [f"../downloads/notebooks/{stem}.ipynb", f"../handouts/{stem}.pdf"]
    assert links == expected + _exercise_links(stem, "../")
    assert (site / "downloads" / "notebooks" / f"{stem}.ipynb").read_bytes() == (NOTEBOOKS / f"{stem}.ipynb").read_bytes()


@pytest.mark.parametrize("page", EXERCISE_PAGES)
def test_each_exercise_version_has_a_page_outside_the_path(visit, site, page):
    """An exercise version's page: titled as such, in no toctree (not in the sidebar, which is the course's),
    links back to its notebook's page and to its .ipynb (as generated) and handout, and no slides link; its
    links to the course's notebooks lead to their pages; its explorers live, as on the notebook's page."""
    p = visit.page
    stem = Path(page).stem
    assert p.title().split(" — ")[0].endswith("(exercise version)"), p.title()
    sidebar = p.evaluate("() => Array.from(document.querySelectorAll('nav.bd-links a')).map(a => a.getAttribute('href'))")
    assert f"../{stem}.html" in sidebar, "the sidebar is not the course's"
    assert not [link for link in sidebar if "exercises/" in link], sidebar
    links = p.evaluate("() => Array.from(document.querySelectorAll('p.page-downloads a')).map(a => a.getAttribute('href'))")
    assert links == [f"../{stem}.html", f"../../downloads/exercises/{stem}.ipynb", f"../../handouts/exercises/{stem}.pdf"]
    assert (site / "downloads" / "exercises" / f"{stem}.ipynb").read_bytes() == (EXERCISES / f"{stem}.ipynb").read_bytes()
    broken = [link for link in p.evaluate(LINKS) if "/handouts/" not in link["href"] and not _anchor_exists(link["href"])]
    assert not broken, f"{page}: links that do not resolve: {broken[:5]}"
    explorers = sum(EXPLORER in data for data in _outputs(page))
    assert p.locator(".bx-explorer.bx-live").count() == explorers
    visit.assert_clean(page)


@pytest.fixture(scope="module")
def handouts(site, browser):
    """tools/handouts.py run on the built site, in the module's browser; its module."""
    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        pytest.skip("reading the handouts needs poppler-utils' pdftotext and pdfinfo (apt-get install poppler-utils)")
    from tools import handouts as build_handouts

    start = time.perf_counter()
    written = build_handouts.build(site, context=browser)      # every page, as `make handouts` prints them
    print(f"{len(written)} handouts printed in {time.perf_counter() - start:.1f} s")
    return build_handouts


def test_make_handouts_prints_every_notebook_page_and_exercise_version(site):
    """`make handouts` (no page named) prints exactly the notebooks' pages, 01b_… and A1_… included, and the
    exercise versions' pages: not the errata, not the site's other pages."""
    from tools import handouts as build_handouts

    assert sorted(build_handouts.course_pages(site)) == sorted(site / page for page in NOTEBOOK_PAGES + EXERCISE_PAGES)


def _shown_code_lines(page):
    """Every line of code of the notebook (or exercise version: its answer and check cells are code cells too),
    its whitespace removed, but the worked solutions' (a handout leaves them out; "for the curious" folds are
    printed open: sphinx-togglebutton's print style shows them)."""
    from bookeval_lib.course.solutions import strip_magic       # the site shows no %%curious line

    return [re.sub(r"\s+", "", line) for cell in _notebook(page)["cells"] if cell["cell_type"] == "code"
            and "solution" not in cell.get("metadata", {}).get("tags", [])
            for line in strip_magic("".join(cell["source"])).splitlines() if line.strip()]


def _pdf_text(path, width_pt, height_pt):
    """The PDF's text without the footer band (cropped above the bottom margin), in the order it was drawn
    (-raw: the default joins a line that ends in "-" to the next and drops the "-")."""
    return subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", "-x", "0", "-y", "0", "-W", str(width_pt), "-H",
                           str(height_pt), str(path), "-"], check=True, capture_output=True, text=True).stdout


@pytest.mark.parametrize("page", NOTEBOOK_PAGES + EXERCISE_PAGES)
def test_each_handout_prints_every_line_of_code_whole(handouts, browser, site, page):
    """The handout of each notebook and of each exercise version exists (handouts/NN_name.pdf,
    handouts/exercises/NN_name.pdf); every line of code of the notebook is in its text whole (a line cut at
    the margin loses its end); its page count is what the page's printed length allows."""
    pdf = site / "handouts" / Path(page).relative_to("course").with_suffix(".pdf")
    assert pdf == handouts.handout_path(site, site / page)
    assert pdf.stat().st_size > 0
    mm_to_pt = 72 / 25.4
    margin = {side: float(value.removesuffix("mm")) for side, value in handouts.PAPER["margin"].items()}
    width_pt, height_pt = (round(size * mm_to_pt) for size in handouts.PAGE_MM)
    text = re.sub(r"\s+", "", _pdf_text(pdf, width_pt, round(height_pt - margin["bottom"] * mm_to_pt)))
    missing = [line for line in _shown_code_lines(page) if line not in text]
    assert not missing, f"{pdf.name}: {len(missing)} lines of code not printed whole, e.g. {missing[:3]}"

    pages = int(re.search(r"^Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True,
                                                              text=True).stdout, re.M).group(1))
    # The bound, from the page laid out for print media at the paper's printable width, H tall: a page of
    # height P ends early only to keep an unsplittable block (an image, a table row, a code cell) or a heading
    # with what follows it, so each page but the last holds at least P - U, U the tallest such block plus the
    # tallest heading: at most ceil(H / (P - U)) + 1 pages.  (No lower bound but 1: the printed layout can be
    # shorter than this emulation, e.g. 5 pages for A2's H = 6.8 P.)
    width, height = handouts.content_box()
    view = browser.new_page()
    view.set_viewport_size({"width": round(width), "height": round(height)})
    view.emulate_media(media="print")
    view.goto((site / page).as_uri(), wait_until="commit")
    handouts.wait_until_drawn(view)
    total, block, heading = view.evaluate("""() => {
        const tallest = s => Math.max(0, ...Array.from(document.querySelectorAll(s)).map(e => e.getBoundingClientRect().height));
        return [document.documentElement.scrollHeight, tallest('article img, article tr, article .cell_input'), tallest('article h1, article h2, article h3, article h4')];
    }""")
    view.close()
    assert block + heading < height, f"{page}: a block of {block} px does not fit a page of {height:.0f} px"
    high = -(-total // (height - block - heading)) + 1
    assert 1 <= pages <= high, f"{pdf.name}: {pages} pages, expected 1 to {high} (H = {total} px)"


# --- the handouts leave the solutions out; the tutorial sheets and the instructor packs -------------------

def _squeezed(text):
    return re.sub(r"\s+", "", text)


def _handout_text(pdf):
    return _squeezed(subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(pdf), "-"], check=True,
                                    capture_output=True, text=True).stdout)


def _pdf_pages(pdf):
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def _plain_run(markdown):
    """The longest stretch of a Markdown text outside its maths and free of code, emphasis and link marks,
    whitespace removed (what Chromium prints of it, whatever the line breaks)."""
    text = re.sub(r"\$\$.*?\$\$|\$[^$]*\$", "|", markdown, flags=re.S)
    text = re.sub(r"\]\([^)]*\)", "]", text)                     # a link's target is not printed
    return max((_squeezed(run) for run in re.split(r"[`*_\\\[\]{}<>|#&]", text)), key=len)


def _halves(mark):
    return mark[:len(mark) // 2], mark[len(mark) // 2:]


def _printed(mark, text):
    """Whether ``mark`` (whitespace removed) is in a PDF's text: either half of it will do, since a string
    that runs over a page break has the footer and the page's positioned text (MathJax's hidden copy of its
    formulas) between its two parts, and the break falls in one half only."""
    return any(half in text for half in _halves(mark))


def _solution_marks(notebook):
    """{exercise number: strings of its worked solution}: the longest plain run of each markdown solution cell
    and the longest code line of each solution code cell, each left out where the notebook's other cells hold
    either half of it too (then it would not tell a solution apart) or where it is under 24 characters."""
    from tools.sheets import exercises_of

    others = _squeezed("".join("".join(cell["source"]) for cell in notebook["cells"]
                               if "solution" not in cell.get("metadata", {}).get("tags", [])))
    marks = {}
    for n, exercise in exercises_of(notebook, "").items():
        found = []
        for part in exercise.solution:
            if part[0] == "markdown":
                found.append(_plain_run(part[1]))
            else:
                lines = [_squeezed(line) for line in part[1].splitlines() if not line.lstrip().startswith("#")]
                found.append(max(lines, key=len, default=""))
        marks[n] = [mark for mark in found if len(mark) >= 24 and not any(half in others for half in _halves(mark))]
    return marks


HANDOUT_SOLUTION_PAGES = [page for page in NOTEBOOK_PAGES if _has_tag(page, "solution")]


@pytest.mark.parametrize("page", HANDOUT_SOLUTION_PAGES)
def test_a_handout_prints_no_worked_solution_and_the_quiz_without_answers(handouts, site, page):
    """A notebook's handout is the students': no "Solution N" and no text of any worked solution; its quiz
    is printed as questions with lettered options, with no "click to see if it is right" and no verdict."""
    from bookeval_lib.course import quiz

    text = _handout_text(site / "handouts" / Path(page).relative_to("course").with_suffix(".pdf"))
    assert not re.search(r"Solution\d", text), f"{page}: a solution's title is printed"
    marks = _solution_marks(_notebook(page))
    assert any(marks.values()), f"{page}: no solution string to look for"
    printed = [mark for found in marks.values() for mark in found if _printed(mark, text)]
    assert not printed, f"{page}: worked solutions printed, e.g. {printed[:2]}"
    number = course.number(Path(page).stem)
    if number in quiz.notebooks():
        assert "clicktoseeifitisright" not in text and "Notquite:" not in text and "Right:" not in text
        for q, question in enumerate(quiz.questions(number), start=1):
            shown = question.rendered()
            assert _printed(_squeezed(f"Q{q}. {shown['prompt']}".replace("`", "")), text), (page, q)
            for letter, (option, _, _) in zip("ABCDEFGH", shown.get("options", [])):
                assert _printed(_squeezed(f"{letter}) {option}".replace("`", "")), text), (page, q, letter)


def test_13b_prints_its_report_checklist_as_a_table(browser, site):
    """The checklist of 13b's "What to report" prints as a table of its seven fields (Data, Table, Per label,
    Summaries, Baseline, Comparisons, Software, counted in the notebook's text block), each field's text in
    one cell, joined from the lines its hanging indent continued; the text block itself is not printed."""
    view = browser.new_page()
    view.emulate_media(media="print")
    view.goto((site / "course" / "13b_choosing_a_model.html").as_uri(), wait_until="load")
    shown = view.evaluate("""() => ({
        rows: Array.from(document.querySelectorAll('table.report-checklist tr')).filter(r => r.offsetParent !== null)
            .map(r => [r.querySelector('th').textContent, r.querySelector('td').textContent]),
        text: Array.from(document.querySelectorAll('.report-checklist-text'))
            .map(e => getComputedStyle(e).display)})""")
    view.close()
    assert [label for label, _ in shown["rows"]] == ["Data", "Table", "Per label", "Summaries", "Baseline",
                                                     "Comparisons", "Software"]
    assert shown["rows"][2][1] == ("recall, precision, B(l), M(l), support, bias, with intervals "
                                   "(bookmaker_report, confidence=0.95)")
    assert shown["text"] == ["none"]


@pytest.fixture(scope="module")
def sheets(handouts, site, browser):
    """tools/sheets.py run on the built site (after the handouts, as `make handouts` runs them); its module."""
    from tools import sheets as build_sheets

    start = time.perf_counter()
    written = build_sheets.build(site, context=browser)
    print(f"{len(written)} tutorial sheets and instructor packs printed in {time.perf_counter() - start:.1f} s")
    return build_sheets


def _lectures():
    from tools.sheets import lectures

    return lectures()


LECTURES = _lectures()


def test_every_lecture_of_both_plans_has_a_sheet_and_a_pack(sheets, site):
    """Six lectures and two, each a sheet in tutorials/ and a pack in instructor/, linked from the lecture
    plans' page (its "Tutorial sheet:" line); the students' pages (the index, the notebooks' pages and their
    exercise versions, the downloads page) link no instructor pack."""
    assert sorted(lecture.name for lecture in LECTURES) == sorted([f"six-{k}" for k in range(1, 7)]
                                                                  + ["two-1", "two-2"])
    plans = (site / "lecture_plans.html").read_text(encoding="utf-8")
    for lecture in LECTURES:
        for folder in ("tutorials", "instructor"):
            assert (site / folder / f"{lecture.name}.pdf").stat().st_size > 0
            assert f'href="{folder}/{lecture.name}.pdf"' in plans, (folder, lecture.name)
    students = [site / "index.html", site / "download.html"] + [site / page for page in NOTEBOOK_PAGES + EXERCISE_PAGES]
    linking = [page.name for page in students if re.search(r'href="[^"]*instructor/', page.read_text(encoding="utf-8"))]
    assert not linking, linking


@pytest.mark.parametrize("lecture", LECTURES, ids=lambda lecture: lecture.name)
def test_a_tutorial_sheet_holds_its_exercises_on_two_pages_at_most(sheets, site, lecture):
    """Each exercise the plan names is on the sheet (the longest plain stretch of its text), no worked
    solution is, and the sheet takes one or two A4 pages."""
    pdf = site / "tutorials" / f"{lecture.name}.pdf"
    assert 1 <= _pdf_pages(pdf) <= 2, f"{pdf.name}: {_pdf_pages(pdf)} pages"
    text = _handout_text(pdf)
    for notebook, n in lecture.exercises:
        found = _notebook(f"course/{sheets.notebook_path(notebook).stem}.html")
        exercise = sheets.exercises_of(found, notebook)[n]
        assert _printed(_plain_run(exercise.text), text), f"{pdf.name}: exercise {notebook}.{n} is not on the sheet"
        assert f"Exercise{notebook}.{n}" in text
        printed = [mark for mark in _solution_marks(found)[n] if _printed(mark, text)]
        assert not printed, f"{pdf.name}: the worked solution of {notebook}.{n} is printed: {printed[:1]}"


@pytest.mark.parametrize("lecture", LECTURES, ids=lambda lecture: lecture.name)
def test_an_instructor_pack_holds_every_answer_of_its_lecture(sheets, site, lecture):
    """The pack holds the worked solution of every exercise of every notebook of the lecture (its strings,
    as the handouts test looks for them), the answer of each exercise on the sheet as the exercise bank
    computes it, and every quiz option's explanation."""
    from bookeval_lib.course import checker, quiz

    text = _handout_text(site / "instructor" / f"{lecture.name}.pdf")
    for stem in lecture.stems:
        marks = _solution_marks(json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8")))
        missing = [(n, mark) for n, found in marks.items() for mark in found if not _printed(mark, text)]
        assert not missing, f"{lecture.name}: worked solutions of {stem} missing, e.g. {missing[:2]}"
        number = course.number(stem)
        if number in quiz.notebooks():
            for question in quiz.questions(number):
                shown = question.rendered()
                whys = [why for _, _, why in shown.get("options", [])] + ([shown["why"]] if "why" in shown else [])
                assert all(_printed(_squeezed(why.replace("`", "")), text) for why in whys), question.id
    for notebook, n in lecture.exercises:
        bank = {exercise.id: exercise for exercise in checker.exercises(notebook)}
        assert _squeezed(sheets.value_text(bank[f"{notebook}.{n}"].answer())) in text, f"{notebook}.{n}"
