"""The lecture decks (tools/slides.py, ``make slides``): one reveal.js deck per lecture of the lecture plans.

* Every lecture of the declared paths whose title is "Lecture N of M: …" has a source in book/lectures/ and a
  deck, titled as in the plan; no source is left without its lecture.
* The build's parts, on small inputs: a number placeholder, a plan's fields, the outcomes split over two
  slides, a clicker slide from the quiz bank's public API, the link to an explorer's section.
* Every deck, built into build/slides/ (not _site/, which the site's test rebuilds), opened from disk in
  headless Chromium at 1280 x 720, every slide walked with all its fragments shown: reveal.js and MathJax
  loaded from the files next to the deck (every request outside file:// refused, and the test failed), no
  console error or warning, maths typeset and no TeX left as text; no slide whose content is taller or wider
  than the slide, nor any element sticking out of the slide's box; no paragraph or bullet cut with "…"; every
  content slide carries a formula, a table or a figure and at most 40 words besides its heading and maths;
  every figure at least half the slide wide, its smallest text at least MIN_FIGURE_TEXT pixels; every clicker slide with its question, two options or more and
  an answer fragment that names a lettered option; an outcomes slide, 2-4 clicker slides, speaker notes with
  the measured study times, and a link to the explorer page of each explorer the plan's demo names.  A PNG
  of every slide (fragments shown) is kept in build/slides-screenshots/ for a person to look at.

The browser tests are skipped, with the reason, where Chromium, playwright or npm (needed once to install
the pinned reveal.js and MathJax) is missing.
"""
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tools import slides as build_slides
from tools.course import ROOT
from tools.handouts import CHROMIUM_FLAGS

DECKS = ROOT / "build" / "slides"
SHOTS = ROOT / "build" / "slides-screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
WIDTH, HEIGHT = 1280, 720
MAX_WORDS = 40
# A figure's smallest text (tick labels, legends; sub- and superscripts aside) on the 1280-pixel-wide slide, in
# pixels; the slides' own text is 32 px.  The gallery's figures are drawn at 13 pt with 10.8 pt legends, so
# this is what "legible from the back of a room" can mean without redrawing them: a figure whose legends
# come out smaller is left off the slides.
MIN_FIGURE_TEXT = 15
LECTURES = build_slides.lectures()
KEYS = [lecture["key"] for lecture in LECTURES]
# TeX left as text: a $...$ pair or a common command outside typeset maths, code and scripts.
RAW_TEX = re.compile(r"\$[^$\n]{1,80}\$|\\\(|\\\[|\\(?:frac|sqrt|cdot|alpha|beta|mathrm|left|right|sum)\b")


# --- the lectures and their sources ---------------------------------------------------------------------------

def test_every_lecture_of_the_plans_has_a_source_and_nothing_else_does():
    # Six lectures and two (book/lecture_plans.md's two plans), each titled "Lecture N of M: …".
    assert sorted(KEYS) == sorted([f"six-{n}" for n in range(1, 7)] + ["two-1", "two-2"])
    for lecture in LECTURES:
        assert lecture["title"].startswith(f"Lecture {lecture['number']} of "), lecture["title"]
        assert build_slides.source_path(lecture["key"]).exists(), lecture["key"]
    assert {path.stem for path in build_slides.SOURCES.glob("*.md")} == set(KEYS)


def test_a_number_placeholder_is_computed_at_build_time():
    names = build_slides.namespace()
    # TP 20, FP 10, FN 5, TN 65: recall 20/25 = 0.8, fallout 10/75 = 0.1333, so B = 0.8 - 0.1333 = 0.667.
    assert build_slides.fill_numbers("B = {{ table(20, 10, 5, 65).informedness :.3f }}", names) == "B = 0.667"
    assert build_slides.fill_numbers("{{ 0.8 * 0.8 :.2f }} and {{ 3 }}", names) == "0.64 and 3"


def test_the_plans_fields_are_read():
    slots = build_slides.plan_slots("### Lecture 1 of 2: x\n\n- **Outcomes:** read a table;\n  compute B.\n"
                                    "- **Live demo:** the `bias_sweep` explorer.\n\nA paragraph after.\n")
    assert slots == {"Lecture 1 of 2: x": {"Outcomes": "read a table; compute B.",
                                           "Live demo": "the `bias_sweep` explorer."}}
    assert build_slides.demo_explorers(slots["Lecture 1 of 2: x"]["Live demo"]) == ["bias_sweep"]


def test_long_outcomes_take_two_slides():
    # 3 outcomes of 20 words each: 60 > OUTCOME_WORDS (55), so two slides, the cut where half the words are.
    item = " ".join(["word"] * 20)
    lecture = {"plan": {"Outcomes": f"{item}; {item}; {item}."}}
    shown = build_slides.outcome_slides(lecture)
    assert len(shown) == 2 and "(1 of 2)" in shown[0] and "(2 of 2)" in shown[1]
    assert shown[0].count("<li>") == 2 and shown[1].count("<li>") == 1


def test_a_clicker_slide_comes_from_the_quiz_banks_public_api():
    from bookeval_lib.course.quiz import questions

    question = next(q for q in questions("03b") if q.id == "03b.Q2")
    rendered = question.rendered()
    slide = build_slides.quiz_slide("03b.Q2")
    letters = re.findall(r'<span class="letter">([A-H])</span>', slide)
    assert letters == list("ABCDEFGH"[:len(rendered["options"])])
    right = [letter for letter, option in zip(letters, rendered["options"]) if option[1]]
    answer = slide.split('class="fragment answer"')[1]
    assert right and all(f"<strong>{letter}</strong>" in answer for letter in right)
    with pytest.raises(ValueError):
        build_slides.quiz_slide("03b.Q99")


@pytest.mark.parametrize("name", ["bias_sweep", "bookmaker", "threshold"])
def test_an_explorer_link_opens_the_section_that_draws_it(name):
    page, _, anchor = build_slides.explorer_page(name).partition("#")
    stem = Path(page).stem
    source = (ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8")
    assert f"{name}_explorer(" in source and anchor
    site_page = ROOT / "_site" / page
    if site_page.exists():  # a built site: the section's id is on the page
        assert f'id="{anchor}"' in site_page.read_text(encoding="utf-8")


# --- the decks in a browser ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def decks():
    if shutil.which("npm") is None and not (ROOT / "site" / "node_modules" / "reveal.js").exists():
        pytest.skip("the decks need npm once, to install site/package.json's pinned reveal.js and MathJax")
    from tools import gallery

    gallery.build()     # waits for a build another worker started; cached notebooks are not run again
    for folder in (DECKS, SHOTS):
        if folder.exists():
            shutil.rmtree(folder)
    SHOTS.mkdir(parents=True)
    built = build_slides.build(DECKS)
    return {path.stem: path for path in built}


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
  const shownText = (e) => { const c = e.cloneNode(true);
      c.querySelectorAll('script, .MathJax_CHTML, .MathJax_Preview, .MJX_Assistive_MathML, aside.notes')
       .forEach(x => x.remove());
      return c.textContent.replace(/\\s+/g, ' ').trim(); };
  const out = [];
  const slides = Reveal.getHorizontalSlides();
  for (let h = 0; h < slides.length; h++) {
    Reveal.slide(h, 0, 99); await frame(); await typeset(); await frame();
    const s = Reveal.getCurrentSlide();
    const box = s.getBoundingClientRect();
    const scale = Reveal.getScale();
    const cut = Array.from(s.querySelectorAll('*'))
      .filter(e => !e.closest('aside.notes, .MJX_Assistive_MathML'))
      .filter(e => { const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > box.right + 2 || r.bottom > box.bottom + 2 || r.left < box.left - 2); })
      .map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 40));
    const body = s.cloneNode(true);
    body.querySelectorAll('h1, h2, aside.notes, table').forEach(x => x.remove());
    const lines = Array.from(s.querySelectorAll('p, li')).filter(e => !e.closest('aside.notes')).map(shownText);
    out.push({h, kind: s.className.replace(/\\b(present|past|future)\\b/g, '').trim(),
      heading: (s.querySelector('h1, h2') || {textContent: ''}).textContent.trim(),
      scrollHeight: s.scrollHeight, height: s.clientHeight, scrollWidth: s.scrollWidth, width: s.clientWidth,
      cut: cut.slice(0, 3), lines,
      words: shownText(body).split(' ').filter(w => /[A-Za-z0-9]/.test(w)).length,
      tableWords: Array.from(s.querySelectorAll('table')).map(shownText).join(' ').split(' ')
        .filter(w => /[A-Za-z]/.test(w)).length,
      maths: s.querySelectorAll('div.math').length, tables: s.querySelectorAll('table').length,
      figures: Array.from(s.querySelectorAll('figure img')).map(i => i.getBoundingClientRect().width / scale),
      figureText: Array.from(s.querySelectorAll('figure img')).map(i =>
        Number(i.dataset.smallestText) * i.getBoundingClientRect().width / scale / Number(i.dataset.svgWidth)),
      figuresLoaded: Array.from(s.querySelectorAll('figure img')).every(i => i.complete && i.naturalWidth > 0),
      options: s.querySelectorAll('ol.options li').length,
      prompt: shownText(s.querySelector('.prompt') || document.createElement('p')),
      answer: shownText(s.querySelector('.fragment.answer') || document.createElement('p')),
      notes: shownText(s.querySelector('aside.notes') || document.createElement('p')),
      explorers: Array.from(s.querySelectorAll('a.explorer[data-explorer]')).map(a => [a.dataset.explorer, a.getAttribute('href')]),
      links: Array.from(s.querySelectorAll('a[href]')).filter(a => !a.closest('aside.notes')).map(a => a.getAttribute('href'))});
  }
  return out;
}"""

MATHS = """() => ({
    formulas: document.querySelectorAll('.reveal .slides script[type^="math/tex"]').length,
    typeset: document.querySelectorAll('.reveal .slides .MathJax_CHTML').length,
    errors: document.querySelectorAll('.MathJax_Error, .mjx-merror, merror').length,
    text: Array.from(document.querySelectorAll('.reveal .slides p, .reveal .slides li, .reveal .slides td, '
            + '.reveal .slides th, .reveal .slides h1, .reveal .slides h2'))
        .filter(e => !e.closest('pre, code, aside.notes'))
        .map(e => { const c = e.cloneNode(true);
                    c.querySelectorAll('code, pre, script, .MathJax_CHTML, .MathJax_Preview').forEach(x => x.remove());
                    return c.textContent; })})"""


def _open(browser, deck):
    """The deck in a 1280 x 720 window, every request outside file:// refused and noted, every console error
    or warning noted; returns (context, page, remote requests, console messages) once typeset."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
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


def _faults(slides, lecture):
    """What is wrong with a deck's slides, as the walk measured them."""
    faults = []
    for number, s in enumerate(slides, start=1):
        name = f"slide {number} “{s['heading'][:50]}”"
        if s["scrollHeight"] > s["height"] + 1 or s["scrollWidth"] > s["width"] + 1 or s["cut"]:
            faults.append(f"{name}: larger than the slide ({s['scrollHeight']} > {s['height']} px, "
                          f"{s['scrollWidth']} > {s['width']} px; {s['cut']})")
        faults += [f"{name}: cut text {line[-40:]!r}" for line in s["lines"] if line.endswith(("…", "..."))]
        faults += [f"{name}: a figure {width:.0f} px wide, under half the slide" for width in s["figures"]
                   if width < WIDTH / 2]
        faults += [f"{name}: a figure's smallest text is {px:.1f} px, under {MIN_FIGURE_TEXT}" for px in s["figureText"]
                   if not px >= MIN_FIGURE_TEXT]
        if not s["figuresLoaded"]:
            faults.append(f"{name}: a figure did not load")
        kinds = s["kind"].split()
        if "content" in kinds:
            if not s["heading"]:
                faults.append(f"{name}: no heading")
            if not (s["maths"] or s["tables"] or s["figures"]):
                faults.append(f"{name}: a content slide with no formula, table or figure")
            if s["words"] + s["tableWords"] > MAX_WORDS:
                faults.append(f"{name}: {s['words'] + s['tableWords']} words > {MAX_WORDS}")
        if "clicker" in kinds:
            if not s["prompt"].endswith("?") and "?" not in s["prompt"]:
                faults.append(f"{name}: no question")
            if s["options"] < 2:
                faults.append(f"{name}: {s['options']} options")
            if not re.match(r"[A-H]:", s["answer"]):
                faults.append(f"{name}: no answer fragment naming an option: {s['answer'][:40]!r}")
    return faults


@pytest.mark.parametrize("key", KEYS)
def test_deck(decks, browser, key):
    lecture = next(lecture for lecture in LECTURES if lecture["key"] == key)
    deck = decks[key]
    context, page, remote, console = _open(browser, deck)
    slides = page.evaluate(WALK)
    for index in range(len(slides)):
        page.evaluate(f"() => Reveal.slide({index}, 0, 99)")
        page.wait_for_timeout(400)  # the fragments' fade-in
        page.screenshot(path=str(SHOTS / f"{key}-{index + 1:02d}.png"))
    assert not remote, f"{key}: requests to the network: {remote}"
    assert not console, f"{key}: console: {console}"
    assert page.title() == lecture["title"]
    assert slides[0]["heading"] == lecture["title"]

    faults = _faults(slides, lecture)
    assert not faults, f"{key}: {faults}"

    kinds = [s["kind"].split() for s in slides]
    assert sum("outcomes" in k for k in kinds) >= 1, f"{key}: no outcomes slide"
    assert 2 <= sum("clicker" in k for k in kinds) <= 4, f"{key}: not 2-4 clicker slides"
    assert sum("tutorial" in k for k in kinds) == 1, f"{key}: no tutorial slide"
    assert sum("demo" in k for k in kinds) >= 1, f"{key}: no live demo slide"
    # The speaker notes: on every slide, and the measured study time of each notebook the lecture presents.
    assert all(s["notes"] for s in slides), f"{key}: slides without speaker notes"
    stems = {step["row"].stem.split("_")[0] for step in lecture["part"]["steps"]}
    timed = {m for s in slides for m in re.findall(r"From notebook (\w+):.*?Measured study time", s["notes"])}
    assert timed == stems, f"{key}: study times given for {sorted(timed)}, the lecture presents {sorted(stems)}"
    # The plan's explorers: each linked, to the page and section that holds it.
    linked = {name: href for s in slides for name, href in s["explorers"]}
    for name in build_slides.demo_explorers(lecture["plan"]["Live demo"]):
        assert name in linked, f"{key}: the plan's explorer {name!r} is not linked"
        target = (deck.parent / unquote(urlparse(linked[name]).path)).resolve()
        assert target == (DECKS.parent / build_slides.explorer_page(name).split("#")[0]).resolve()
        assert urlparse(linked[name]).fragment

    # Every link on a slide leads into the offline site: where it is built, to a page and a section there.
    links = [link for s in slides for link in s["links"]]
    assert all(link.startswith("../course/") for link in links), links
    if (ROOT / "_site" / "course").exists():
        for link in links:
            target = ROOT / "_site" / unquote(urlparse(link).path).removeprefix("../")
            fragment = unquote(urlparse(link).fragment)
            assert target.exists() and f'id="{fragment}"' in target.read_text(encoding="utf-8"), link

    maths = page.evaluate(MATHS)
    assert maths["formulas"] > 0 and maths["typeset"] == maths["formulas"], f"{key}: maths not all typeset"
    assert maths["errors"] == 0, f"{key}: MathJax reported an error"
    raw = [m.group(0) for text in maths["text"] for m in [RAW_TEX.search(text)] if m]
    assert not raw, f"{key}: TeX left as text: {raw[:5]}"
    context.close()
    print(f"{key}: {len(slides)} slides")


def test_the_checks_find_each_fault():
    # One slide of each kind with one fault each, as the walk would measure them.
    fine = {"kind": "content", "heading": "H", "scrollHeight": 720, "height": 720, "scrollWidth": 1280,
            "width": 1280, "cut": [], "lines": ["A whole sentence."], "words": 3, "tableWords": 0, "maths": 1,
            "tables": 0, "figures": [], "figureText": [], "figuresLoaded": True, "options": 0, "prompt": "",
            "answer": "", "notes": "n", "explorers": []}
    assert _faults([fine], None) == []
    broken = [
        {**fine, "scrollHeight": 800},                                   # taller than the slide
        {**fine, "lines": ["so the expected cost is…"]},                 # cut text
        {**fine, "maths": 0},                                            # a bare title
        {**fine, "words": 35, "tableWords": 6},                          # 41 words
        {**fine, "figures": [600.0], "figureText": [20.0]},              # a figure under half the width
        {**fine, "figures": [1200.0], "figureText": [12.0]},             # its legends too small
        {**fine, "kind": "clicker", "prompt": "Which?", "options": 1, "answer": "A: because"},   # one option
        {**fine, "kind": "clicker", "prompt": "Which?", "options": 3, "answer": ""},             # no answer
    ]
    assert [len(_faults([slide], None)) for slide in broken] == [1] * len(broken)


def test_the_lecture_plans_page_links_each_lecture_deck():
    for lecture in LECTURES:
        slides_field = lecture["plan"].get("Slides", "")
        assert f'href="slides/{build_slides.deck_name(lecture)}"' in slides_field, (lecture["key"], slides_field)


def test_a_notebook_page_links_the_decks_that_present_it():
    course = {"path": [{"key": "two-lectures", "part": [
        {"title": "Lecture 1 of 2: a", "steps": [{"notebook": "01_x"}, {"notebook": "03_y"}]},
        {"title": "Lecture 2 of 2: b", "steps": [{"notebook": "09_z"}]}]},
        {"key": "core", "part": [{"title": "", "steps": [{"notebook": "03_y"}]}]}]}
    assert build_slides.decks_presenting("03_y", course) == [("two-1.html", "lecture 1 of 2")]
    assert build_slides.decks_presenting("09_z", course) == [("two-2.html", "lecture 2 of 2")]
    assert build_slides.decks_presenting("A1_w", course) == []
    course["path"].append({"key": "six-lectures", "part": [{"title": "Lecture 1 of 6: c", "steps": [{"notebook": "03_y"}]}]})
    assert build_slides.decks_presenting("03_y", course) == [("six-1.html", "lecture 1 of 6"),
                                                           ("two-1.html", "lecture 1 of 2")]


def test_a_section_link_opens_the_section_on_the_site():
    page, _, anchor = build_slides.section_page("09_uncertainty", "Does a 95 % interval cover").partition("#")
    assert page == "course/09_uncertainty.html" and anchor.startswith("does-a-95-interval-cover-95")
    site_page = ROOT / "_site" / page
    if site_page.exists():  # a built site: the section's id is on the page
        assert f'id="{anchor}"' in site_page.read_text(encoding="utf-8")
    with pytest.raises(ValueError):
        build_slides.section_page("09_uncertainty", "A section nobody wrote")
