"""The lecture decks (tools/slides.py, ``make slides``) and the slide metadata they are made from.

* The slide metadata is computed when a deck is built, on a copy (tools/slide_metadata.py): the committed
  notebooks carry none (``python -m tools regen --check``, tests/test_tools.py), and computing it changes
  nothing but ``metadata.slideshow``; every cell of a deck's copy gets a slide type.
* The rules, on a small notebook written here by hand.
* Every deck, built into build/slides/ (not _site/, which the site's test rebuilds), opened from disk in
  headless Chromium at 1280 x 720 and at 1024 x 768, every slide walked in one page: reveal.js and MathJax
  loaded from the files next to the deck, every request outside file:// refused (and the test failed), no
  console error or warning, maths typeset and no TeX left as text, and no slide whose content is taller or
  wider than the slide (nor any element of it sticking out of the slide's box, cut off by a box that hides
  or scrolls its overflow).  A JPEG screenshot of every slide at each size is kept in
  build/slides-screenshots/ for a person to look at.

The browser tests are skipped, with the reason, where Chromium, playwright, nbconvert or npm (needed once
to install the pinned reveal.js and MathJax) is missing.
"""
import copy
import json
import re
import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tools import slide_metadata as sm
from tools.course import ROOT, main_path

DECKS = ROOT / "build" / "slides"
SHOTS = ROOT / "build" / "slides-screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORTS = [(1280, 720), (1024, 768)]
MAIN_PATH = main_path()
# TeX left as text: a $...$ pair or a common command outside typeset maths, code and scripts.
RAW_TEX = re.compile(r"\$[^$\n]{1,80}\$|\\\(|\\\[|\\(?:frac|sqrt|cdot|alpha|beta|mathrm|left|right|sum)\b")


# --- the metadata --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", MAIN_PATH, ids=lambda p: p.name)
def test_every_cell_of_a_deck_gets_a_slide_type_and_the_notebook_stores_none(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert sm.stored(notebook) == [], f"{path.name}: slide metadata stored; run: python -m tools regen"
    types = sm.slide_types(notebook["cells"])
    assert len(types) == len(notebook["cells"])
    assert set(types) <= {"slide", "subslide", "-", "notes", "skip"} and types[0] == "slide"


@pytest.mark.parametrize("path", MAIN_PATH[:1], ids=lambda p: p.name)
def test_writing_metadata_changes_nothing_else(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        cell["metadata"].pop("slideshow", None)
    before = copy.deepcopy(notebook)
    after = sm.with_metadata(notebook)
    for old, new in zip(before["cells"], after["cells"], strict=True):
        assert set(new["metadata"]["slideshow"]) == {"slide_type"}
        new["metadata"].pop("slideshow")
        assert new == old
    assert after["metadata"] == before["metadata"]


def _md(text, tags=()):
    return {"cell_type": "markdown", "metadata": {"tags": list(tags)} if tags else {}, "source": text}


def _code(text, outputs, tags=()):
    return {"cell_type": "code", "metadata": {"tags": list(tags)} if tags else {}, "source": text,
            "outputs": outputs, "execution_count": 1}


def _stream(lines):
    return {"output_type": "stream", "name": "stdout", "text": "".join(f"{line}\n" for line in lines)}


FIGURE = {"output_type": "display_data", "data": {"image/png": "iVBORw0KGgo=", "text/plain": "<Figure>"},
          "metadata": {}}


def test_rules_on_a_small_notebook():
    long_paragraph = "word " * 40          # 40 words > SHORT_PARAGRAPH (30): spoken, not shown
    cells = [
        _md("# 99 · Title\n\n" + long_paragraph),                            # title: a slide
        _md("## Theory\n\nOne short sentence."),                              # ## heading: a slide
        _md(long_paragraph),                                                  # nothing to show: notes
        _md("Short, and then a formula:\n\n$$a = b$$\n\n" + long_paragraph),  # something to show: -
        _code("x = 1\nprint(x)", [_stream(["1"])]),                           # short code, short output: -
        _code("\n".join(f"y{i} = {i}" for i in range(9)), [_stream(["1"])]),  # 9 lines > CODE_LINES: skip
        _code("print(2)", [_stream([str(i) for i in range(9)])]),             # 9 output lines: skip
        _code("import numpy", []),                                            # no output: skip
        _code("plot()", [FIGURE]),                                            # a figure after text: own slide
        _md("### A detail"),                                                  # ### heading: a subslide
        _code("plot()", [FIGURE]),                                            # figure under a heading only: -
        _md("**1.** An exercise.", ["solution"]),                             # solution: skip
        _code("x", [_stream(["1"])], ["for-the-curious"]),                    # for the curious: skip
    ]
    assert sm.slide_types(cells) == ["slide", "slide", "notes", "-", "-", "skip", "skip", "skip", "subslide",
                                     "subslide", "-", "skip", "skip"]
    assert sm.split_markdown(cells[3]["source"]) == ("Short, and then a formula:\n\n$$a = b$$", long_paragraph)


def test_a_slide_that_is_full_continues_on_the_next():
    # A cell of 7 code lines and 6 output lines is 0.8 * 7 + 0.6 + 0.8 * 6 = 11 lines of slide (sm.height):
    # after the heading's 1.6 it fits (12.6 <= CAPACITY, 15.5); a second one does not, and opens a
    # continuation slide (1.6 for its heading + 11), where a third does not fit either.
    cell = _code("\n".join(f"z{i} = {i}" for i in range(7)), [_stream([str(i) for i in range(6)])])
    assert sm.height(cell) == pytest.approx(11.0)
    cells = [_md("## S"), cell, copy.deepcopy(cell), copy.deepcopy(cell)]
    assert sm.slide_types(cells) == ["slide", "-", "subslide", "subslide"]


# --- the decks in a browser ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def decks():
    pytest.importorskip("nbconvert", reason="nbconvert is not installed")
    if shutil.which("npm") is None and not (ROOT / "site" / "node_modules" / "reveal.js").exists():
        pytest.skip("the decks need npm once, to install site/package.json's pinned reveal.js and MathJax")
    from tools import slides as build_slides

    if DECKS.exists():
        shutil.rmtree(DECKS)
    if SHOTS.exists():
        shutil.rmtree(SHOTS)
    SHOTS.mkdir(parents=True)
    DECKS.mkdir(parents=True)
    build_slides.stage_assets(DECKS)
    slides = build_slides.exporter()
    return lambda path: build_slides.write_deck(slides, path, DECKS)


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (CI installs Debian's chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


WALK = """async () => {
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const typeset = () => new Promise(r => MathJax.Hub.Queue(() => r(true)));
  const out = [];
  const stacks = Reveal.getHorizontalSlides();
  for (let h = 0; h < stacks.length; h++) {
    const vertical = stacks[h].querySelectorAll(':scope > section');
    for (let v = 0; v < Math.max(1, vertical.length); v++) {
      Reveal.slide(h, v); await frame(); await typeset(); await frame();
      const s = Reveal.getCurrentSlide();
      // Content cut off inside the slide (a wide formula or output in a box that hides or scrolls its
      // overflow) sticks out of the slide's box even when the slide's own size does not grow.
      const box = s.getBoundingClientRect();
      const cut = Array.from(s.querySelectorAll('*'))
        .filter(e => !e.closest('aside.notes, .MJX_Assistive_MathML'))  // (MathML for screen readers: clipped, unseen)
        .filter(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > box.right + 2 || r.bottom > box.bottom + 2 || r.left < box.left - 2);
      }).map(e => (e.className && e.className.baseVal === undefined ? e.className : e.tagName) + ': '
                  + e.textContent.trim().slice(0, 40));
      out.push({h, v, scrollHeight: s.scrollHeight, height: s.clientHeight, scrollWidth: s.scrollWidth,
                width: s.clientWidth, cut: cut.slice(0, 2),
                text: (s.querySelector('h1, h2, h3') || s).textContent.trim().slice(0, 60)});
    }
  }
  return out;
}"""


def _open(browser, deck, width, height):
    """The deck in a new window of that size, every request outside file:// refused and noted, every console
    error or warning noted; returns (context, page, remote requests, console messages) once typeset."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    remote, console = [], []

    def route(r):
        if urlparse(r.request.url).scheme in ("file", "data", "blob"):
            r.continue_()
        else:
            remote.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("console", lambda m: m.type in ("error", "warning") and console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda error: console.append(f"page error: {error}"))
    page.on("requestfailed", lambda r: console.append(f"failed to load {r.url} ({r.failure})"))
    page.goto(deck.as_uri(), wait_until="load")
    page.wait_for_function("() => window.Reveal && Reveal.isReady() && window.MathJax && MathJax.Hub", timeout=30_000)
    page.evaluate("() => new Promise(r => MathJax.Hub.Queue(() => r(true)))")
    return context, page, remote, console


MATHS = """() => ({
    formulas: document.querySelectorAll('.reveal .slides script[type^="math/tex"]').length,
    typeset: document.querySelectorAll('.reveal .slides .MathJax_CHTML').length,
    errors: document.querySelectorAll('.MathJax_Error, .mjx-merror, merror').length,
    text: Array.from(document.querySelectorAll('.reveal .slides p, .reveal .slides li, .reveal .slides td, '
            + '.reveal .slides th, .reveal .slides h1, .reveal .slides h2, .reveal .slides h3'))
        .filter(e => !e.closest('pre, code, aside.notes'))
        .map(e => { const c = e.cloneNode(true);
                    c.querySelectorAll('code, pre, script, .MathJax_CHTML, .MathJax_Preview').forEach(x => x.remove());
                    return c.textContent; })})"""


@pytest.mark.parametrize("stem", [path.stem for path in MAIN_PATH])
def test_deck(decks, browser, stem):
    path = ROOT / "notebooks" / f"{stem}.ipynb"
    deck = decks(path)
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    has_tex = any("$" in sm.source(cell) for cell, slide_type in zip(cells, sm.slide_types(cells))
                  if cell["cell_type"] == "markdown" and slide_type != "skip")
    for width, height in VIEWPORTS:
        context, page, remote, console = _open(browser, deck, width, height)
        slides = page.evaluate(WALK)
        for index, slide in enumerate(slides):
            page.evaluate(f"() => Reveal.slide({slide['h']}, {slide['v']})")
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            page.screenshot(path=str(SHOTS / f"{stem}-{width}x{height}-{index + 1:02d}.jpg"), type="jpeg",
                            quality=80)

        name = f"{stem} at {width} x {height}"
        assert not remote, f"{name}: requests to the network: {remote}"
        assert not console, f"{name}: console: {console}"
        assert len(slides) >= 3, f"{name}: only {len(slides)} slides"
        overflowing = [f"slide {i + 1} “{s['text']}”: {s['scrollHeight']} > {s['height']} px tall, "
                       f"{s['scrollWidth']} > {s['width']} px wide" for i, s in enumerate(slides)
                       if s["scrollHeight"] > s["height"] + 1 or s["scrollWidth"] > s["width"] + 1]
        overflowing += [f"slide {i + 1} “{s['text']}”: cut off: {s['cut']}"
                        for i, s in enumerate(slides) if s["cut"]]
        assert not overflowing, f"{name}: content larger than its slide: {overflowing}"
        notes = page.evaluate("() => [!!Reveal.getPlugin('notes'), document.querySelectorAll('aside.notes').length]")
        assert notes[0] and notes[1] > 0, f"{name}: no speaker notes (plugin loaded, asides): {notes}"
        maths = page.evaluate(MATHS)
        if has_tex:
            assert maths["formulas"] > 0, f"{name}: no formula found by MathJax"
        assert maths["typeset"] == maths["formulas"], f"{name}: {maths['typeset']} of {maths['formulas']} typeset"
        assert maths["errors"] == 0, f"{name}: MathJax reported an error"
        raw = [m.group(0) for text in maths["text"] for m in [RAW_TEX.search(text)] if m]
        assert not raw, f"{name}: TeX left as text: {raw[:5]}"
        context.close()
    print(f"{stem}: {len(slides)} slides")


def test_links_to_notebooks_point_at_decks_or_pages():
    pytest.importorskip("nbconvert", reason="nbconvert is not installed")
    from tools import slides as build_slides

    text = "See [02](02_recall_precision.ipynb#Theory), [A1](A1_lingpipe.ipynb#Eq-3) and [a site](https://x.org)."
    assert build_slides._links(text, {"02_recall_precision"}) == (
        "See [02](02_recall_precision.html), [A1](../course/A1_lingpipe.html#Eq-3) and [a site](https://x.org).")
