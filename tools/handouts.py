"""The handouts: each notebook's page of the built site printed to PDF by Chromium.

The page of a notebook goes to _site/handouts/NN_name.pdf, the page of its exercise version
(course/exercises/NN_name.html) to _site/handouts/exercises/NN_name.pdf.

Run after the HTML (``make site`` does; ``make handouts``, ``python -m tools handouts``, alone needs a built
_site/).  Each page is opened
from disk in Debian's Chromium, driven by playwright (no browser is downloaded), and printed once MathJax has
typeset it and its explorers and widgets are drawn, on A4 with a footer that gives the page's number, the
title and the licence.  The site's print stylesheet (book/_static/bookeval.css, ``@media print``) does the
layout: code and printed output wrap at the margin instead of being cut, the sidebars and buttons are left
out, figures and table rows are not split across pages.  A handout is for students: the worked solutions are
left out, the quiz prints as its questions with lettered options and no answers, and a plain-text checklist
(13b's report) as a table (tools/sphinx_site.py adds those print forms to the page); the "for the curious"
sections are printed open (sphinx-togglebutton's print style shows them).  Each lecture's instructor pack
(tools/sheets.py) holds the worked solutions and the quizzes' answers.  No request leaves the machine (the
pages load only files beside them).
"""
from __future__ import annotations

import argparse
import contextlib
import html
import re
import shutil
import time
from pathlib import Path

from tools.course import ROOT, STEM

NOTEBOOK_PAGE = re.compile(STEM.pattern + r"\w+\.html")  # 01_…, 01b_…, A1_…: not ERRATA.html
SITE = ROOT / "_site"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
# A4, with margins wide enough for a hole punch and the footer.
PAPER = {"format": "A4", "margin": {"top": "14mm", "bottom": "16mm", "left": "16mm", "right": "14mm"}}
PAGE_MM = (210, 297)
CSS_PX_PER_MM = 96 / 25.4
FOOTER = ('<div style="font-size:8px; width:100%; margin:0 14mm 0 16mm; display:flex; '
          'justify-content:space-between; color:#555;"><span>{title}</span>'
          '<span>© the bookeval developers, CC BY 4.0 (prose and figures), BSD-3-Clause (code)</span>'
          '<span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>')


def content_box() -> tuple[float, float]:
    """The printable width and height of one page, in CSS pixels (A4 less PAPER's margins)."""
    def mm(value: str) -> float:
        return float(value.removesuffix("mm"))
    margin = PAPER["margin"]
    width = PAGE_MM[0] - mm(margin["left"]) - mm(margin["right"])
    height = PAGE_MM[1] - mm(margin["top"]) - mm(margin["bottom"])
    return width * CSS_PX_PER_MM, height * CSS_PX_PER_MM


def course_pages(site: Path = SITE) -> list[Path]:
    """Every notebook's page of the built site (main path and appendices), then every exercise version's."""
    return [path for folder in (site / "course", site / "course" / "exercises")
            for path in sorted(folder.glob("*.html")) if NOTEBOOK_PAGE.match(path.name)]


def handout_path(site: Path, page: Path) -> Path:
    """Where the handout of a page of site/course/ goes: site/handouts/ and the same subfolder."""
    return (site / "handouts" / page.relative_to(site / "course")).with_suffix(".pdf")


def wait_until_drawn(page) -> None:
    """Wait until the page has loaded, MathJax 2 has typeset it and its explorers and widgets are drawn."""
    page.wait_for_load_state("load")
    if page.locator(".math").count():
        page.wait_for_function("() => window.MathJax && window.MathJax.Hub && MathJax.Hub.queue", timeout=60_000)
        page.evaluate("() => new Promise(r => MathJax.Hub.Queue(() => r(true)))")
    if page.locator(".bx-explorer").count():
        page.wait_for_selector(".bx-explorer.bx-live", timeout=60_000)
    if page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count():
        page.wait_for_selector(".static-widget .jupyter-widgets", timeout=60_000)


def print_page(context, source: Path, target: Path) -> list[str]:
    """Print one page of the site to ``target``; return the URLs it asked for that are not files."""
    page = context.new_page()
    remote: list[str] = []
    page.on("request", lambda r: r.url.split(":", 1)[0] not in ("file", "data", "blob") and remote.append(r.url))
    page.goto(source.as_uri(), wait_until="commit")
    wait_until_drawn(page)
    title = html.escape(page.title().split(" — ")[0])
    page.pdf(path=str(target), print_background=True, display_header_footer=True, header_template="<span></span>",
             footer_template=FOOTER.format(title=title), **PAPER)
    page.close()
    return remote


@contextlib.contextmanager
def chromium_context(what: str):
    """A playwright browser context in Debian's Chromium (no browser is downloaded), closed on exit; ``what``
    names what is printed, for the error when Chromium is missing."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit(f"{what} are printed by Chromium: install it (Debian: apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        try:
            yield browser.new_context()
        finally:
            browser.close()


def build(site: Path = SITE, pages: list[Path] | None = None, context=None) -> list[Path]:
    """Print ``pages`` (every notebook's page and exercise version's page) into site/handouts/; with
    ``context`` (a playwright browser context), in that browser, else in a Chromium started here."""
    pages = course_pages(site) if pages is None else pages
    if not pages:
        raise SystemExit(f"no notebook page in {site / 'course'}: build the site first (make site)")
    if context is None:
        with chromium_context("the handouts") as context:
            return build(site, pages, context)
    written = []
    for source in pages:
        target = handout_path(site, source)
        target.parent.mkdir(parents=True, exist_ok=True)
        remote = print_page(context, source, target)
        if remote:
            raise RuntimeError(f"{source.name} asked the network for {remote}")
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: _site)")
    parser.add_argument("pages", nargs="*", help="notebook names to print, exercises/NN_name for an exercise "
                        "version (default: every one)")
    args = parser.parse_args(argv)
    pages = [args.site / "course" / f"{name}.html" for name in args.pages] or None
    start = time.perf_counter()
    written = build(args.site, pages)
    print(f"{len(written)} handouts in {args.site / 'handouts'} ({time.perf_counter() - start:.0f} s)")
    return 0
