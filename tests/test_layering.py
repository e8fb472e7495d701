"""The core is numpy + scipy only and never imports the course layer; `import bookeval_lib` stays light; no two
bookeval_lib modules import each other, directly or through others.

The deprecated alias modules (bookeval_lib._deprecated.ALIAS_MODULES: old names kept for one release) are
not the core: each may import its new home, the course layer's included, and no module of the package may
import one."""
import ast
import graphlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bookeval_lib._deprecated import ALIAS_MODULES

PACKAGE = Path(__file__).resolve().parent.parent / "bookeval_lib"
ALIASES = sorted(PACKAGE.parent / (name.replace(".", "/") + ".py") for name in ALIAS_MODULES)
CORE = sorted(p for p in PACKAGE.glob("*.py") if p.name != "__init__.py" and p not in ALIASES)
COURSE_ONLY = ("matplotlib", "ipywidgets", "IPython", "sympy")

BLOCKER = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ImportError(f"{{name}} is blocked: the core must not need it")
sys.meta_path.insert(0, Block())
"""


def _run(code):
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=PACKAGE.parent)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_core_list_is_what_the_design_says():
    names = {p.stem for p in CORE}
    assert {"measures", "contingency", "roc", "curves", "betting", "montecarlo", "averages",
            "uncertainty", "coverage", "metrics", "matching", "clustering", "_checks"} <= names
    # the replications of the paper's study live in the course layer, the engines are private
    assert not names & {"concordance", "mixture", "comparison", "comparison_normal", "merge_search", "kept_sets"}
    assert all(path.exists() for path in ALIASES)


@pytest.fixture(scope="module")
def blocked_imports():
    """Import every core module in one fresh interpreter with the course packages blocked.

    One interpreter serves all modules: the blocker refuses a blocked package before it
    can enter sys.modules, so no module can see one that another module loaded.  Returns
    {module: "" if it imported, else the error it raised}.
    """
    code = BLOCKER.format(blocked=set(COURSE_ONLY)) + (
        "import importlib, json\n"
        "errors = {}\n"
        f"for name in {[p.stem for p in CORE]!r}:\n"
        "    try:\n"
        "        importlib.import_module(f'bookeval_lib.{name}')\n"
        "        errors[name] = ''\n"
        "    except Exception as error:\n"
        "        errors[name] = f'{type(error).__name__}: {error}'\n"
        "print(json.dumps(errors))\n")
    return json.loads(_run(code))


@pytest.mark.parametrize("module", [p.stem for p in CORE])
def test_every_core_module_imports_with_the_course_packages_blocked(blocked_imports, module):
    assert blocked_imports[module] == "", blocked_imports[module]


#: Core modules that may import matplotlib, inside their functions only (a plot is asked for), as
#: scikit-learn's Display classes do; importing them needs no course package (the test above).
LAZY_MATPLOTLIB = {"plot.py"}


def _imports_at_import_time(tree):
    """The import nodes that run when the module is imported: not in function bodies or `if TYPE_CHECKING:`."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _imported_names(nodes):
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            yield ("." * node.level) + (node.module or "")
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_no_core_module_imports_the_course_layer(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    everywhere = list(_imported_names(ast.walk(tree)))
    for module in everywhere:
        assert "course" not in module.split("."), f"{path.name} imports {module}"
    lazy = ("matplotlib",) if path.name in LAZY_MATPLOTLIB else ()
    for module in everywhere:
        if module.split(".")[0] not in lazy:
            assert module.split(".")[0] not in COURSE_ONLY, f"{path.name} imports {module}"
    for module in _imported_names(_imports_at_import_time(tree)):
        assert module.split(".")[0] not in COURSE_ONLY, f"{path.name} imports {module} when imported"


def test_import_bookeval_lib_loads_nothing_heavy():
    loaded = _run("import sys, bookeval_lib\n"
                  "heavy = ('matplotlib', 'ipywidgets', 'IPython', 'sympy', 'scipy.optimize', "
                  "'scipy.stats', 'sklearn', 'pandas')\n"
                  "print(','.join(m for m in heavy if m in sys.modules))\n")
    assert loaded.strip() == ""


def test_the_public_names_stay_where_users_find_them():
    _run("from bookeval_lib import BinaryTable, Contingency\n")


def _module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _internal_import_graph():
    """{module: set of bookeval_lib modules it imports anywhere (functions included)}, relative imports resolved.

    ``from A import b`` is an edge to ``A.b`` when that is a module of the package, else to ``A``.
    """
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {_module_name(p) for p in paths}
    graph = {}
    for path in paths:
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module
                for alias in node.names:
                    submodule = f"{source}.{alias.name}"
                    targets.add(submodule if submodule in modules else source)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def _cycles(graph):
    """The strongly connected components of more than one module (each holds at least one cycle)."""
    def reachable(start):
        seen, stack = set(), [start]
        while stack:
            for nxt in graph[stack.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen
    reach = {m: reachable(m) for m in graph}
    components = {frozenset({m} | {o for o in reach[m] if m in reach[o]}) for m in graph}
    return sorted((sorted(c) for c in components if len(c) > 1))


def test_the_import_graph_sees_relative_and_function_level_imports():
    graph = _internal_import_graph()
    assert "bookeval_lib._checks" in graph["bookeval_lib.coverage"]        # `from . import _checks`
    assert "bookeval_lib._binary_intervals" in graph["bookeval_lib.coverage"]    # inside a function
    assert "bookeval_lib.betting" in graph["bookeval_lib.course.states"]   # `from ..betting import`
    assert "bookeval_lib._comparison" in graph["bookeval_lib.uncertainty"]  # `from ._comparison import`
    assert "bookeval_lib.course.figures.style" in graph["bookeval_lib.course.figures.roc"]  # `from .style`


def test_no_module_of_the_package_imports_a_deprecated_alias():
    graph = _internal_import_graph()
    for module, targets in graph.items():
        if module not in ALIAS_MODULES:
            assert not targets & set(ALIAS_MODULES), f"{module} imports {sorted(targets & set(ALIAS_MODULES))}"


def test_no_import_cycle_between_bookeval_lib_modules():
    graph = _internal_import_graph()
    cycles = _cycles(graph)
    report = []
    for component in cycles:
        inside = {m: graph[m] & set(component) for m in component}
        try:
            graphlib.TopologicalSorter(inside).prepare()
        except graphlib.CycleError as error:
            report.append(" -> ".join(error.args[1]))
    assert not cycles, "import cycles: " + "; ".join(report)
