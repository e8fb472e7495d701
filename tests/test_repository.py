"""The repository keeps its promises: README is short and lists every notebook, its links and those of the pages
it sends readers to resolve, the lock satisfies the ranges and environment.yml agrees with it, licences are
declared, notebooks are committed executed."""
import importlib.util
import json
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


# The learning path in full (README links it; its block gives one row per path): book/path.md.
LISTING = (ROOT / "book" / "path.md").read_text(encoding="utf-8")


def _learning_path_rows():
    """The notebooks of the full learning path's tables (the main path's, then the appendices'), in order."""
    section = LISTING.split("## The main path", 1)[1]
    return re.findall(r"^\|\s*\[?`?((?:\d\db?|A\d)_[a-z0-9_]+\.ipynb)", section, flags=re.MULTILINE)


def _outline_order():
    """Every notebook of notebooks/course.toml (the course's outline), in reading order."""
    course = tomllib.loads((ROOT / "notebooks" / "course.toml").read_text(encoding="utf-8"))
    return [f"{entry['stem']}.ipynb" for entry in course["notebook"]]


def test_notebooks_exist():
    assert NOTEBOOKS, "notebooks/ holds no notebook"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_is_in_the_readme_learning_path(notebook):
    assert notebook.name in _learning_path_rows()


def test_learning_path_lists_only_existing_notebooks_in_order():
    rows = _learning_path_rows()
    assert rows == sorted(rows)
    assert set(rows) == {p.name for p in NOTEBOOKS}
    assert rows == [name for name in _outline_order() if name in rows], "the listing's order is not course.toml's"
    main = LISTING.split("## The main path", 1)[1].split("\n## ", 1)[0]
    appendices = LISTING.split("## The appendices", 1)[1].split("\n## ", 1)[0]
    assert all(re.match(r"\d\db?_", name) for name in re.findall(r"^\| \[`([^`]+)`", main, flags=re.MULTILINE))
    assert all(name.startswith("A") for name in re.findall(r"^\| \[`([^`]+)`", appendices, flags=re.MULTILINE))


def test_quickstart_names_the_set_up_command_and_both_test_commands_and_ci_runs_make_check():
    quickstart = README.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```(?:sh|bash|console)?\n(.*?)```", quickstart, flags=re.DOTALL).group(1)
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.split("#")[0].strip()]
    # one command sets up and opens the course; the quick tier for development; everything, as CI runs it
    assert commands == ["make lab", "make test", "make check"]
    makefile = (ROOT / "Makefile").read_text()
    for target in ("lab", "test", "check"):
        assert re.search(rf"^{target}:", makefile, flags=re.MULTILINE), target
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make check$", ci, flags=re.MULTILINE)


def test_quickstart_sends_the_learner_to_the_exercises_before_the_learning_path():
    quickstart = README.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    # right under the commands, on the first screen: where to work, and the three functions
    first = quickstart.split("```", 2)[2].strip().split("\n\n", 1)[0]
    for words in ("`exercises/`", "answer cell", "check(", "hint(", "solution("):
        assert words in first, words
    assert README.index("`exercises/`") < README.index("## Learning path")


# README's generated learning path is a few lines per path; the rest of README fits around it in 200 lines.
LEARNING_PATH_BLOCK = re.compile(r"<!-- learning-path:begin -->.*?<!-- learning-path:end -->", flags=re.DOTALL)
LEARNING_PATH_LINES = 15


def test_the_readme_is_short():
    """What it is, the commands, the learning path, one example, where things are: 200 lines, counting the
    generated learning path at the few lines it is meant to take."""
    block = LEARNING_PATH_BLOCK.search(README)
    assert block, "README has no learning-path block"
    outside = README.count("\n") - block.group(0).count("\n") - 1
    assert outside + LEARNING_PATH_LINES <= 200, f"README has {outside} lines besides its learning path"
    headings = re.findall(r"^## (.+)$", README, flags=re.MULTILINE)
    assert headings[:3] == ["Quickstart", "Learning path", "Use the library"], headings


def test_the_readme_example_is_a_doctest():
    """README's example of the library runs under `make test`: README.md is in testpaths and --doctest-glob."""
    pytest_config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "README.md" in pytest_config["testpaths"]
    assert "--doctest-glob=README.md" in pytest_config["addopts"].split()
    library = README.split("## Use the library", 1)[1].split("\n## ", 1)[0]
    assert re.search(r"^>>> ", library, flags=re.MULTILINE), "README's library section has no doctest"


# README, CONTRIBUTING.md and the site's pages: each relative link names a file or folder of the checkout.
LINKED_DOCUMENTS = ["README.md", "CONTRIBUTING.md",
                    *sorted(str(path.relative_to(ROOT)) for path in (ROOT / "book").glob("*.md"))]


def _relative_links(path):
    """The targets of the Markdown links of `path` outside code (fenced blocks and inline code)."""
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.MULTILINE | re.DOTALL)
    # read left to right: a link (whose text may hold code), else a code span, which is skipped whole
    tokens = re.finditer(r"\[(?:[^\[\]`]|`[^`\n]*`)*\]\(([^)\s]+)\)|`[^`\n]*`", text)
    links = [token.group(1) for token in tokens if token.group(1)]
    return [link for link in links if not re.match(r"[a-z][a-z0-9+.-]*:", link) and not link.startswith("#")]


def _doc_targets(path):
    """The targets of MyST's {doc} roles in `path`: {doc}`name` or {doc}`text <name>`."""
    return [target or plain for plain, target in
            re.findall(r"\{doc\}`(?:([^`<]+)|[^`<]*<([^`>]+)>)`", path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("document", LINKED_DOCUMENTS)
def test_every_relative_link_resolves(document):
    path = ROOT / document
    for link in _relative_links(path):
        target = (path.parent / unquote(link.split("#", 1)[0])).resolve()
        assert target.exists(), f"{document} links {link}, which does not exist"
        assert target == ROOT or ROOT in target.parents, f"{document} links {link}, outside the repository"
    if path.parent.name != "book":
        return
    for name in _doc_targets(path):
        # course/NAME is a notebook (or the errata) that the site copies from notebooks/
        name = name.strip().lstrip("/")
        if name.startswith("course/"):
            stem = name.split("/", 1)[1]
            found = [ROOT / "notebooks" / f"{stem}{ext}" for ext in (".ipynb", ".md")]
        else:
            found = [ROOT / "book" / f"{name}.md"]
        assert any(p.exists() for p in found), f"{document}: {{doc}}`{name}` names no page"


def test_the_pages_for_lecturers_and_contributors_are_in_the_site():
    """README sends lecturers and contributors to two pages of the site; the sidebar lists both, and the
    index links them."""
    assert "book/lecturers.md" in README and "book/contributors.md" in README and "CONTRIBUTING.md" in README
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "book/contributors.md" in contributing
    for command in ("make test", "make check", "make test-notebooks", "make test-site", "make regen"):
        assert command in contributing, command
    # the sidebar's toctrees are written by the site's build hooks: the module that lists the lecture plans
    hooks = [path.read_text(encoding="utf-8") for path in [*ROOT.glob("book/_ext/*.py"), *ROOT.glob("tools/**/*.py")]]
    toctrees = [text for text in hooks if '"lecture_plans"' in text]
    assert toctrees and all('"lecturers"' in text and '"contributors"' in text for text in toctrees)
    index = (ROOT / "book" / "index.md").read_text(encoding="utf-8")
    assert "<lecturers>" in index and "<contributors>" in index


LOCK = ROOT / "requirements" / "lock.txt"
# conda-forge names that differ from the PyPI names
CONDA_TO_PYPI = {"matplotlib-base": "matplotlib"}
# Only in the lock: playwright drives Chromium for the site tier (`make test-site`, `make check`), and the `site`
# extra (Sphinx and its extensions) builds the web site; the conda/Binder environment runs the notebooks
# and their tests, and skips the browser test without them.
SITE_EXTRA = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["site"]
PYPI_ONLY = {"playwright"} | {canonicalize_name(re.split(r"[<>=!~ ]", r, maxsplit=1)[0]) for r in SITE_EXTRA}
# Exactly pinned in environment.yml too: they change what the notebooks print or compute.  The lab and
# test tools are lower bounds there, because conda-forge skips some of their releases.
EXACT = {"numpy", "scipy", "matplotlib", "sympy", "ipython", "ipykernel", "ipywidgets", "scikit-learn"}
# Test-only tools that `make lab`, `make site` and `make slides` must not install.
TEST_ONLY = {"pytest", "nbval", "hypothesis", "pytest-xdist", "mypy"}


def _project():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _requirements(group=None):
    """name -> packaging Requirement, for the core (group None), one extra, or everything ("*")."""
    project = _project()
    if group is None:
        strings = project["dependencies"]
    elif group == "*":
        strings = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    else:
        strings = project["optional-dependencies"][group]
    requirements = [Requirement(s) for s in strings]
    return {canonicalize_name(r.name): r for r in requirements}


def _lock():
    """name -> version of requirements/lock.txt, which must hold only `name==version` lines."""
    pins = {}
    for line in LOCK.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)==([0-9][0-9A-Za-z.+-]*)", line)
        assert match, f"{line!r} in {LOCK.name} is not an exact name==version pin"
        name = canonicalize_name(match.group(1))
        assert name not in pins, f"{name} is pinned twice in {LOCK.name}"
        pins[name] = match.group(2)
    return pins


def test_the_core_needs_only_numpy_and_scipy_as_ranges():
    core = _requirements()
    assert set(core) == {"numpy", "scipy"}
    for name, requirement in core.items():
        operators = {spec.operator for spec in requirement.specifier}
        assert ">=" in operators and not operators & {"==", "===", "~="}, f"{name}: {requirement} is not a range"


def test_every_dependency_is_a_range_with_a_lower_bound():
    for name, requirement in _requirements("*").items():
        operators = {spec.operator for spec in requirement.specifier}
        assert ">=" in operators, f"{requirement} in pyproject.toml has no lower bound"
        assert not operators & {"==", "==="}, f"{requirement} in pyproject.toml is pinned; pins live in {LOCK.name}"


def test_the_extras_are_course_lab_test_site_and_one_per_optional_library():
    extras = _project()["optional-dependencies"]
    assert set(extras) == {"course", "lab", "test", "site", "plot", "pandas", "sklearn"}
    # the core's optional features: one library each, with the lower bound the course or the tests use
    for extra, library, user in (("plot", "matplotlib", "course"), ("pandas", "pandas", "test"),
                                 ("sklearn", "scikit-learn", "course")):
        assert set(_requirements(extra)) == {library}
        assert _requirements(extra)[library].specifier == _requirements(user)[library].specifier, extra
    assert {"sphinx", "myst-nb", "sphinx-book-theme"} <= set(_requirements("site"))
    assert {"matplotlib", "sympy", "ipywidgets", "ipykernel", "scikit-learn"} <= set(_requirements("course"))
    assert set(_requirements("lab")) == {"jupyterlab"}
    assert TEST_ONLY <= set(_requirements("test"))
    # the handouts are printed by Chromium through playwright (its driver is 165 MB): the site's, not the lab's
    assert "playwright" in _requirements("site") and "playwright" not in _requirements("lab")


def test_the_lock_pins_exactly_the_declared_dependencies_within_their_ranges():
    lock, declared = _lock(), _requirements("*")
    assert set(lock) == set(declared), (f"in pyproject.toml, not in the lock: {sorted(set(declared) - set(lock))}; "
                                        f"in the lock, not in pyproject.toml: {sorted(set(lock) - set(declared))}")
    for name, requirement in declared.items():
        assert requirement.specifier.contains(lock[name], prereleases=True), \
            f"the lock's {name}=={lock[name]} is outside pyproject.toml's range {requirement}"


def _environment_pins():
    """name -> (operator, version) for every versioned package of environment.yml but python."""
    pins = {}
    for line in (ROOT / "environment.yml").read_text().splitlines():
        match = re.match(r"^\s+-\s+([A-Za-z0-9_.-]+)(=|>=)([0-9][^\s#]*)", line)
        if match and match.group(1) != "python":
            pins[canonicalize_name(CONDA_TO_PYPI.get(match.group(1), match.group(1)))] = match.groups()[1:]
    return pins


def test_environment_yml_pins_the_versions_of_the_lock():
    lock = {name: version for name, version in _lock().items() if name not in PYPI_ONLY}
    environment = _environment_pins()
    assert set(environment) == set(lock)
    for name, (operator, version) in environment.items():
        assert version == lock[name], f"{name}: environment.yml {version}, {LOCK.name} {lock[name]}"
        assert operator == ("=" if name in EXACT else ">="), f"{name} should be pinned with " + (
            "= (it changes printed output)" if name in EXACT else ">= (a tool conda-forge may skip)")


def _pip_installs(target):
    """The `pip install` commands that `make <target>` runs in a fresh virtual environment (make -n)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    commands = subprocess.run(["make", "-n", "-B", target, "VENV=/nonexistent-venv"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout
    return [line for line in commands.splitlines() if " pip install " in line and "--upgrade pip" not in line]


ALL = {"course", "lab", "test", "site"}


@pytest.mark.parametrize(("target", "extras"), [("lab", {"course", "lab"}), ("test", ALL), ("test-notebooks", ALL),
                                                ("test-site", ALL), ("check", ALL),
                                                ("site", {"course", "site"}), ("slides", {"course", "site"}),
                                                ("handouts", {"course", "site"})])
def test_make_installs_its_extras_constrained_by_the_lock(target, extras):
    installs = _pip_installs(target)
    assert installs, f"make {target} installs nothing"
    installed = set()
    for command in installs:
        assert f"-c {LOCK.relative_to(ROOT)} " in command, f"make {target} installs without the lock: {command}"
        match = re.search(r"-e '?\.\[([a-z,]+)\]'?", command)
        assert match, f"make {target}: {command}"
        installed |= set(match.group(1).split(","))
    assert installed == extras
    # `make lab` and the site's targets stay free of the test-only tools: they are in no extra they install.
    if not target.startswith("test") and target != "check":
        assert not TEST_ONLY & set().union(*(_requirements(extra) for extra in _pip_extras(target)))


def _pip_extras(target):
    return {extra for command in _pip_installs(target)
            for extra in re.search(r"-e '?\.\[([a-z,]+)\]'?", command).group(1).split(",")}


def test_ci_runs_make_check_and_the_oldest_core_check():
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make check$", ci, flags=re.MULTILINE)
    assert re.search(r"^python3 \.ci/oldest_core\.py$", ci, flags=re.MULTILINE)
    spec = importlib.util.spec_from_file_location("oldest_core", ROOT / ".ci" / "oldest_core.py")
    oldest_core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(oldest_core)
    core = _requirements()
    bounds = oldest_core.lower_bounds()
    assert set(bounds) == set(core)
    for name, version in bounds.items():
        assert core[name].specifier.contains(version), f"{name}=={version} is not allowed by {core[name]}"


def test_the_package_ships_its_data_and_py_typed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["packages"]["find"]["include"] == ["bookeval_lib*"]
    assert {"py.typed", "data/*"} <= set(config["package-data"]["bookeval_lib"])
    assert (ROOT / "bookeval_lib" / "py.typed").is_file()


def test_licences_are_declared_consistently():
    project = _project()
    assert project["license"] == "BSD-3-Clause"
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("BSD 3-Clause License") and "the bookeval developers" in licence
    for pattern in project["license-files"]:
        assert list(ROOT.glob(pattern)), f"license-files pattern {pattern!r} matches nothing"
    assert (ROOT / "LICENSES" / "CC-BY-4.0.txt").read_text().startswith("Creative Commons Attribution 4.0 International")
    assert json.loads((ROOT / "site" / "package.json").read_text())["license"] == "BSD-3-Clause"
    licence_section = README.split("## Licence", 1)[1].split("\n## ", 1)[0]
    assert "BSD-3-Clause" in licence_section and "CC BY 4.0" in licence_section
    citation = (ROOT / "CITATION.cff").read_text()
    assert re.search(r"^cff-version: 1\.2\.0$", citation, flags=re.MULTILINE)
    assert re.search(r"^license: BSD-3-Clause$", citation, flags=re.MULTILINE)


def test_strict_nbval_only():
    config = (ROOT / "pyproject.toml").read_text()
    assert "--nbval-current-env" in config
    # the targets that run the notebooks pass --nbval: strict, never --nbval-lax
    makefile = (ROOT / "Makefile").read_text()
    for target in ("test-notebooks", "check"):
        recipe = re.search(rf"^{target}:.*\n\t(.*)$", makefile, flags=re.MULTILINE).group(1)
        assert re.search(r"--nbval(\s|$)", recipe), f"make {target} does not run the notebooks under nbval"
    for path in (ROOT / "pyproject.toml", ROOT / ".ci" / "run", ROOT / "Makefile"):
        assert "nbval-lax" not in path.read_text(), path


@pytest.mark.parametrize("notebook", NOTEBOOKS + sorted((ROOT / "exercises").glob("*.ipynb")),
                         ids=lambda p: str(p.relative_to(ROOT)))
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
