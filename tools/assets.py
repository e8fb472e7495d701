"""The front-end files the site and the decks load, from the npm packages pinned in site/package.json.

``stage_assets`` copies MathJax 2, require.js and the Jupyter widget HTML manager into build/site-assets/
(``npm ci`` first, once, when they are missing), which the site serves as part of _static/ and the decks copy
MathJax from; ``npm_modules`` is the site/node_modules folder itself.  Nothing is loaded from a CDN.
"""
from __future__ import annotations

import filecmp
import shutil
import subprocess
from pathlib import Path

from tools.course import BUILD, ROOT

SITE_NPM = ROOT / "site"
ASSETS = BUILD / "site-assets"  # generated, git-ignored
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
