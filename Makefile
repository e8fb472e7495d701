# bookeval: `make lab` sets everything up and opens the notebooks; `make test` sets up and runs every test.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.bookeval-installed
# JupyterLab refuses to run as root without --allow-root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
NOTEBOOKS ?= notebooks/*.ipynb

.PHONY: setup lab test execute site bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
	  || { echo "bookeval needs Python >= 3.11 (found: $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[lab,test,site]'
	touch $@

setup: $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(ROOT_FLAG)

test: $(STAMP)
	$(BIN)/python -m pytest

# Re-execute notebooks in place after changing bookeval_lib (then commit them with their outputs).
execute: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.timeout=600 $(NOTEBOOKS)

# The offline web site in _site/ from book/ (Sphinx + myst-nb; the notebooks' committed outputs, never
# re-executed). Needs Node.js's npm once, to install site/package.json's pinned MathJax, require.js and widget manager.
site: $(STAMP)
	$(BIN)/python -m sphinx -E -b html -d build/doctrees book _site
	@echo "open _site/index.html in a browser: it reads from disk, with no server and no network"

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis _site build book/course
