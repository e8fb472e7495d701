"""Sphinx configuration of the course's web site (``make site`` builds it into _site/).

The notebooks in notebooks/ are the content, with the outputs they were committed with: nothing is
re-executed.  The order of the learning path comes from notebooks/course.toml, and only notebooks that exist
are built.  Everything the pages load (MathJax, require.js, the Jupyter widget manager) is copied from
the npm packages pinned in site/package.json into _static/, so the site reads from disk with no network.
The build-time helpers (staging the sources, folding solutions, alt text) live in tools/sphinx_site.py, and
what the site hands out (gallery, downloads, handouts' links) in tools/sphinx_kit.py: run Sphinx from the
checkout (``python -m sphinx ... book _site``, as ``make site`` does), which puts the checkout, its ``tools``
and its ``bookeval_lib``, on the path.
"""
from tools import assets, sphinx_kit, sphinx_site

project = "bookeval"
author = "the bookeval developers"
copyright = "the bookeval developers"
language = "en"

extensions = [
    "myst_nb",
    "sphinx_togglebutton",
    "sphinxcontrib.bibtex",
    # the API reference (api.md): the package's docstrings (numpy style, read by napoleon), a summary
    # table of each part, and a link to each object's source
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "tools.sphinx_site",
    "tools.sphinx_kit",  # the figure gallery, the downloads, the licence in the footer
]
autosummary_generate = False      # the tables link to the entries of api.md; no stub pages are written
autodoc_member_order = "bysource"
autodoc_typehints = "description"  # the annotations go under the parameters, not into a long signature
napoleon_google_docstring = False

# The notebooks and the errata are copied from notebooks/ into course/ before reading (tools/sphinx_site.py).
sphinx_site.stage_sources()
# book/lectures/ holds the lecture decks' sources, which tools/slides.py builds (`make slides`), not pages.
exclude_patterns = ["_build", "**.ipynb_checkpoints", "lectures"]

# --- MyST and notebooks -------------------------------------------------------------------------------
nb_execution_mode = "off"  # the committed outputs are the content
nb_custom_formats = {".ipynb": ["tools.sphinx_site.read_notebook", {}, False]}  # marks `solution` cells
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_heading_anchors = 3
nb_merge_streams = True
# Widgets render from the state saved in each notebook, with the pinned local scripts (no CDN).
nb_ipywidgets_js = {
    "require.js": {},
    "html-manager/embed-amd.js": {},
}

# --- Maths: MathJax 2 from the pinned npm package (the widget manager speaks MathJax 2's API) -----------
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS_CHTML"
mathjax2_config = {
    "messageStyle": "none",
    "tex2jax": {
        "inlineMath": [["\\(", "\\)"]],
        "displayMath": [["\\[", "\\]"]],
        "processEscapes": False,
        # MyST marks every page "ignore" and each formula it parsed "math": only those are typeset,
        # so a dollar sign in prose or in printed output is never read as maths.
        "ignoreClass": "tex2jax_ignore|mathjax_ignore",
        "processClass": "tex2jax_process|mathjax_process|math|output_area|widget-label|widget-html-content",
    },
    "menuSettings": {"zoom": "None"},
}

# --- Bibliography ---------------------------------------------------------------------------------------
bibtex_bibfiles = ["references.bib"]
bibtex_default_style = "unsrt"
bibtex_reference_style = "author_year"

# --- HTML -----------------------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_title = "bookeval"
sphinx_site.EXPLORER_STATIC.mkdir(parents=True, exist_ok=True)  # the explorers' frames, written while reading
html_static_path = ["_static", str(assets.stage_assets()), str(sphinx_site.EXPLORER_STATIC)]
# gallery/ (the figures as SVG and PNG) and downloads/ (notebooks, the course's archive) at the site's root
html_extra_path = [str(sphinx_kit.stage_extra(sphinx_site.NOTEBOOKS))]
html_css_files = ["bookeval.css"]
html_js_files = ["static-widgets.js", "explorers.js"]
html_show_sourcelink = False
html_show_copyright = False
html_copy_source = False
html_show_search_summary = False  # summaries are fetched with XHR, which browsers refuse on file://
html_last_updated_fmt = None
html_theme_options = {
    "home_page_in_toc": True,
    "show_navbar_depth": 1,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "navbar_persistent": [],  # the sidebar has the search field; no second one in a header bar
    "extra_footer": sphinx_kit.FOOTER,
}
# Light by default: the figures and the widgets are drawn for a light page (and read best on a projector).
html_context = {"default_mode": "light"}
togglebutton_hint = "Click to open"
togglebutton_hint_hide = "Click to close"
