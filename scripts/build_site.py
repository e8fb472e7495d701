"""Build the offline HTML site of the course from the executed notebooks.

    python scripts/build_site.py [--out _site]        (or: make site)

Writes ``index.html`` (the learning path, read from README.md), one page per
notebook in notebooks/ and ``errata.html`` into the output folder, plus an
``assets/`` folder with require.js, the Jupyter widget HTML manager and
MathJax 2, copied from the npm packages pinned in site/package.json
(installed with ``npm ci`` when site/node_modules is missing).  Every page
refers only to those local files, so the site works opened from disk with no
network: maths is typeset, and widgets render from the state saved in the
notebooks when they were executed.
"""
from __future__ import annotations

import argparse
import html
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "site" / "node_modules"

REQUIRE_JS = "assets/require.js"
WIDGET_RENDERER = "assets/html-manager/embed-amd.js"
MATHJAX = "assets/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"

# What the pages need from each npm package (paths inside node_modules).
ASSETS = {
    "requirejs/require.js": "require.js",
    "@jupyter-widgets/html-manager/dist": "html-manager",
    "mathjax": "mathjax",
}
# Left out of the copy: source maps, the non-AMD bundles and MathJax's unpacked sources and tests.
IGNORED = shutil.ignore_patterns("*.map", "embed.js", "libembed-amd.js", "unpacked", "test")

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
table { border-collapse: collapse; } th, td { border-bottom: 1px solid #ccc; padding: .4rem .6rem; text-align: left; vertical-align: top; }
code { background: #f3f3f3; padding: 0 .2rem; }
"""
NAV = ('<nav style="font-family:system-ui,sans-serif;padding:.5rem 1rem;border-bottom:1px solid #ddd">'
       '<a href="index.html">bookeval · learning path</a> · <a href="errata.html">errata</a></nav>')


def install_assets() -> None:
    """``npm ci`` in site/ if the pinned packages are not installed yet."""
    if all((NODE_MODULES / source).exists() for source in ASSETS):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("building the site needs Node.js's npm, to install site/package.json's pinned assets")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=ROOT / "site", check=True)


def copy_assets(out: Path) -> None:
    for source, target in ASSETS.items():
        source_path, target_path = NODE_MODULES / source, out / "assets" / target
        if source_path.is_dir():
            shutil.copytree(source_path, target_path, ignore=IGNORED, dirs_exist_ok=True)
        else:
            target_path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source_path, target_path)


def learning_path() -> list[dict]:
    """The rows of README.md's learning-path table: notebook, teaches, assumes, time."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Learning path", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        match = re.search(r"(\d\d_[a-z0-9_]+)\.ipynb", cells[0]) if len(cells) == 4 else None
        if match:
            rows.append({"name": match.group(1), "teaches": cells[1], "assumes": cells[2], "time": cells[3]})
    return rows


def _inline_markdown(text: str) -> str:
    """The few inline forms the learning-path table uses: `code` and escaped text."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text, quote=False))


def _link_pages(page: str) -> str:
    """Links between notebooks and to ERRATA.md point at the site's pages instead."""
    page = re.sub(r'href="(\d\d_[a-z0-9_]+)\.ipynb', r'href="\1.html', page)
    return page.replace('href="ERRATA.md', 'href="errata.html')


def _with_nav(page: str) -> str:
    return re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + NAV, page, count=1)


def write_index(out: Path, rows: list[dict]) -> None:
    items = "\n".join(
        f"<tr><td><a href=\"{r['name']}.html\">{r['name'][:2]} · {html.escape(r['name'][3:].replace('_', ' '))}</a></td>"
        f"<td>{_inline_markdown(r['teaches'])}</td><td>{_inline_markdown(r['assumes'])}</td>"
        f"<td>{_inline_markdown(r['time'])}</td></tr>" for r in rows)
    (out / "index.html").write_text(f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>bookeval · learning path</title><style>{STYLE}</style></head>
<body>
<h1>bookeval — evaluating a classifier honestly</h1>
<p>A course on scoring a classifier so that the number means something: David Powers' Bookmaker
informedness, markedness and the Matthews correlation, set against recall, precision, F, Jaccard, Rand
accuracy, kappa, Yule's Q/Y and &chi;&sup2;. Read the notebooks in order. Errors found in the source
papers are listed under <a href="errata.html">errata</a>.</p>
<table><thead><tr><th>notebook</th><th>what it teaches</th><th>assumes</th><th>time</th></tr></thead>
<tbody>
{items}
</tbody></table>
</body></html>
""", encoding="utf-8")


def write_errata(out: Path) -> None:
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    source = ROOT / "notebooks" / "ERRATA.md"
    body = markdown2html_mistune(source.read_text(encoding="utf-8")) if source.exists() else "<p>No errata.</p>"
    page = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>bookeval · errata</title>'
            f"<style>{STYLE}</style></head><body>{body}</body></html>\n")
    (out / "errata.html").write_text(_with_nav(_link_pages(page)), encoding="utf-8")


def write_notebook_pages(out: Path, names: list[str]) -> None:
    import nbformat
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab")
    exporter.require_js_url = REQUIRE_JS
    exporter.widget_renderer_url = WIDGET_RENDERER
    exporter.mathjax_url = MATHJAX
    # The lab template would import mermaid from a CDN if a notebook had a diagram; none does.
    exporter.mermaid_js_url = exporter.mermaid_layout_elk_js_url = ""
    for name in names:
        notebook = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
        page, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": name}})
        (out / f"{name}.html").write_text(_with_nav(_link_pages(page)), encoding="utf-8")


def build(out: Path) -> list[str]:
    """Build the whole site into ``out``; returns the notebook page names in learning-path order."""
    install_assets()
    out.mkdir(parents=True, exist_ok=True)
    copy_assets(out)
    rows = learning_path()
    names = [r["name"] for r in rows]
    missing = sorted({p.stem for p in (ROOT / "notebooks").glob("*.ipynb")} - set(names))
    if missing:
        raise SystemExit(f"notebooks missing from README.md's learning path: {', '.join(missing)}")
    write_index(out, rows)
    write_errata(out)
    write_notebook_pages(out, names)
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default: _site)")
    out = parser.parse_args().out
    names = build(out)
    print(f"built {out}/index.html and {len(names)} notebook pages; open it in a browser, no server needed")


if __name__ == "__main__":
    main()
