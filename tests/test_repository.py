"""The repository keeps its promises: README lists every notebook, pins agree, notebooks are committed executed."""
import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
# conda-forge names that differ from the PyPI names
CONDA_TO_PYPI = {"matplotlib-base": "matplotlib"}
# Only in pyproject: playwright drives Chromium for tests/test_site.py under `make test`, and the
# `site` extra (Sphinx and its extensions) builds the web site; the conda/Binder environment runs the
# notebooks and their tests, and skips the browser test without them.
SITE_EXTRA = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["site"]
PYPI_ONLY = {"playwright"} | {requirement.partition("==")[0].strip().lower() for requirement in SITE_EXTRA}


def _learning_path_rows():
    section = README.split("## Learning path", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\|\s*\[?`?(\d\d_[a-z0-9_]+\.ipynb)", section, flags=re.MULTILINE)


def test_notebooks_exist():
    assert NOTEBOOKS, "notebooks/ holds no notebook"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_is_in_the_readme_learning_path(notebook):
    assert notebook.name in _learning_path_rows()


def test_learning_path_lists_only_existing_notebooks_in_order():
    rows = _learning_path_rows()
    assert rows == sorted(rows)
    assert set(rows) == {p.name for p in NOTEBOOKS}


def test_quickstart_is_two_make_commands_and_ci_runs_the_test_one():
    quickstart = README.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```(?:sh|bash|console)?\n(.*?)```", quickstart, flags=re.DOTALL).group(1)
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.split("#")[0].strip()]
    assert commands == ["make lab", "make test"]
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^lab:", makefile, flags=re.MULTILINE) and re.search(r"^test:", makefile, flags=re.MULTILINE)
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, flags=re.MULTILINE)


def _pyproject_pins():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    pins = {}
    for requirement in requirements:
        name, _, version = requirement.partition("==")
        assert version, f"{requirement!r} in pyproject.toml is not pinned with =="
        pins[name.strip().lower()] = version.strip()
    return pins


def _environment_pins():
    """name -> (operator, version) for every versioned package of environment.yml but python."""
    pins = {}
    for line in (ROOT / "environment.yml").read_text().splitlines():
        match = re.match(r"^\s+-\s+([A-Za-z0-9_.-]+)(=|>=)([0-9][^\s#]*)", line)
        if match and match.group(1) != "python":
            pins[CONDA_TO_PYPI.get(match.group(1), match.group(1)).lower()] = match.groups()[1:]
    return pins


# Exactly pinned in both files: they change what the notebooks print or compute.
EXACT = {"numpy", "sympy", "matplotlib", "ipython", "ipykernel", "ipywidgets", "scipy", "scikit-learn"}


def test_environment_yml_pins_the_same_versions_as_pyproject():
    pyproject = {name: version for name, version in _pyproject_pins().items() if name not in PYPI_ONLY}
    environment = _environment_pins()
    assert set(environment) == set(pyproject)
    for name, (operator, version) in environment.items():
        assert version == pyproject[name], f"{name}: environment.yml {version}, pyproject.toml {pyproject[name]}"
        assert operator == ("=" if name in EXACT else ">="), f"{name} should be pinned with " + (
            "= (it changes printed output)" if name in EXACT else ">= (a tool conda-forge may skip)")


def test_strict_nbval_only():
    config = (ROOT / "pyproject.toml").read_text()
    assert "--nbval " in config and "--nbval-current-env" in config
    for path in (ROOT / "pyproject.toml", ROOT / ".ci" / "run", ROOT / "Makefile"):
        assert "nbval-lax" not in path.read_text(), path


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_are_committed_executed_without_timing_metadata(notebook):
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code" or not "".join(cell["source"]).strip():
            continue
        assert cell["execution_count"] is not None, f"cell {index} was never executed"
        assert "execution" not in cell["metadata"], f"cell {index} carries timing metadata"
        errors = [o for o in cell["outputs"] if o["output_type"] == "error"]
        expected = "raises-exception" in cell["metadata"].get("tags", []) or "NBVAL_RAISES_EXCEPTION" in "".join(
            cell["source"])
        assert not errors or expected, f"cell {index} stored an error"
