# bookeval: `make lab` sets everything up and opens JupyterLab on the course (notebooks/ and exercises/);
# `make test` runs the quick tier while you work, `make check` every test (what CI runs).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
LOCK   := requirements/lock.txt
# One stamp per set of extras: `make lab` installs the course and JupyterLab only; `make site` and
# `make slides` the course and the site's tools (Sphinx, and playwright to print the handouts with
# Debian's Chromium); `make test` all of them and the test tools (pytest, nbval, hypothesis, pytest-xdist).
# Every version comes from the lock.
LAB_STAMP  := $(VENV)/.bookeval-lab
SITE_STAMP := $(VENV)/.bookeval-site
TEST_STAMP := $(VENV)/.bookeval-test
PIP_INSTALL = $(BIN)/python -m pip install --quiet -c $(LOCK) -e
# JupyterLab refuses to run as root without --allow-root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
NOTEBOOKS ?= notebooks/*.ipynb

.PHONY: setup lab test test-notebooks test-site check execute site slides handouts gallery bench clean regen outline measure exercises

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
	  || { echo "bookeval needs Python >= 3.11 (found: $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(LAB_STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(PIP_INSTALL) '.[course,lab]'
	touch $@

$(SITE_STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(PIP_INSTALL) '.[course,site]'
	touch $@

$(TEST_STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(PIP_INSTALL) '.[course,lab,test,site]'
	touch $@ $(LAB_STAMP) $(SITE_STAMP)

setup: $(LAB_STAMP)

# Rooted at the checkout, so that notebooks/ (the course) and exercises/ (where a learner answers) are both
# in the file browser: a server rooted at notebooks/ cannot open anything beside it.
lab: $(LAB_STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=. $(ROOT_FLAG)

# The test tiers (tests/conftest.py).  Two workers (pytest-xdist); --dist loadfile keeps each file, so each
# notebook's cells, on one worker (nbval needs that).  PYTHONDONTWRITEBYTECODE is cleared so that Python keeps
# its bytecode caches (pytest's rewritten test modules, the package's .pyc) where the environment turns them
# off: about 3 s per run on two cores.
PYTEST = PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist loadfile

# The quick tier, to run every few minutes: the library, the course layer, the doctests and the types, with
# hypothesis's quick profile; no notebook, no site, no browser.
test: $(TEST_STAMP)
	BOOKEVAL_HYPOTHESIS=quick $(PYTEST) -m "not site"

# The notebooks and the exercise notebooks, re-run under strict nbval.
test-notebooks: $(TEST_STAMP)
	$(PYTEST) --nbval notebooks exercises

# The site tier: the Sphinx site, the decks, the handouts, and the browser tests (JupyterLab, the site).
test-site: $(TEST_STAMP)
	$(PYTEST) -m site tests

# Everything, hypothesis at full strength: the tiers above in one run.  CI runs this (.ci/run).
check: $(TEST_STAMP)
	BOOKEVAL_HYPOTHESIS=full $(PYTEST) --nbval

# Re-execute notebooks in place after changing bookeval_lib (then commit them with their outputs).
execute: $(LAB_STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.timeout=600 $(NOTEBOOKS)

# The build tool (tools/, one package): `python -m tools <command>`, run from the checkout (so that no module
# touches sys.path).  TOOLS uses the venv's Python where there is one.
TOOLS = $(if $(wildcard $(BIN)/python),$(BIN)/python,$(PYTHON)) -m tools

# Every file generated from the notebooks and notebooks/course.toml, rewritten in order: each notebook's quiz
# cells, its slide metadata removed (the decks compute it), its worked solutions folded (then execute the
# notebooks it names), its header lines; README's learning path and book/path.md; exercises/NN_*.ipynb,
# executed.  `python -m tools regen --check` writes nothing and lists what is stale (tests/test_tools.py).
regen: $(LAB_STAMP)
	$(TOOLS) regen

# The outline and the exercise notebooks were two writers each with its own --check; both are steps of regen.
outline exercises: regen

# Per notebook: the share of main-path prose about errors of the sources, and untagged paragraphs about them.
measure:
	$(TOOLS) measure

# The offline web site in _site/ from book/ (Sphinx + myst-nb, extensions tools.sphinx_site and tools.sphinx_kit;
# the notebooks' committed outputs, never re-executed), with the figure gallery (tools/gallery.py runs the
# notebooks that draw figures, once: cached in build/), the lecture decks its pages link to (`make slides`) and
# the handouts (`make handouts`).
# Needs Node.js's npm once, to install site/package.json's pinned MathJax, require.js and widget manager.
site: $(SITE_STAMP)
	$(TOOLS) gallery
	$(BIN)/python -m sphinx -E -j auto -b html -d build/doctrees book _site
	$(TOOLS) slides
	$(TOOLS) handouts
	$(TOOLS) sheets
	@echo "open _site/index.html in a browser: it reads from disk, with no server and no network"

# Every figure of the course as SVG and PNG in build/site-extra/gallery/ (`make site` copies them to _site/gallery/).
gallery: $(SITE_STAMP)
	$(TOOLS) gallery

# One reveal.js deck per lecture of the lecture plans in _site/slides/ (offline: reveal.js and MathJax from
# site/package.json), from book/lectures/*.md, with the gallery's figures (drawn first if they are stale).
slides: $(SITE_STAMP)
	$(TOOLS) slides
	@echo "open _site/slides/six-1.html (or six-2 ... two-2) in a browser (S: speaker notes); no server and no network needed"

# A PDF per notebook in _site/handouts/ and per exercise version in _site/handouts/exercises/, each page of the
# built site printed by Debian's Chromium without the worked solutions; per lecture of book/lecture_plans.md a
# tutorial sheet in _site/tutorials/ and an instructor pack in _site/instructor/ (run `make site` first, or let
# it run this).
handouts: $(SITE_STAMP)
	$(TOOLS) handouts
	$(TOOLS) sheets

# Every benchmarks/bench_*.py; each prints its figure as a ratio against a peer or floor timed in the same run.
bench: $(TEST_STAMP)
	for b in benchmarks/bench_*.py; do echo "== $$b"; PYTHONPATH=$(CURDIR) $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis _site build book/course
