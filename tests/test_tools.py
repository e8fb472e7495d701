"""The build tool (tools/): every generated file is fresh, the package has one model of the course and no
import cycle, and nothing changes ``sys.path`` (Python, pytest and Sphinx run from the checkout find it).

The freshness test here is the only one: ``python -m tools regen --check`` covers what the writers' own
``--check`` commands and tests covered before (README's learning path and every notebook's header lines, the
quiz cells, the folded solutions and their executed outputs, the exercise notebooks and their execution,
exercises/matplotlibrc), and that no notebook stores slide metadata (nothing uses it).
"""
import ast
import graphlib
import os
import subprocess
import sys

import pytest

from tools import course

ROOT = course.ROOT
TOOLS = ROOT / "tools"
MODULES = sorted(TOOLS.glob("*.py"))


def test_every_generated_file_is_fresh():
    """`python -m tools regen --check` exits 0: nothing to regenerate (the command names what is stale)."""
    run = subprocess.run([sys.executable, "-m", "tools", "regen", "--check"], cwd=ROOT, capture_output=True,
                         text=True, env={**os.environ, "BOOKEVAL_NOTEBOOKS": str(ROOT / "notebooks")})
    assert run.returncode == 0, run.stdout + run.stderr


def _tools_imports(path):
    """The tools modules one module imports (``tools.x``, ``from tools import x``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[1] for alias in node.names if alias.name.startswith("tools.")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "tools":
            parts = node.module.split(".")
            found |= {parts[1]} if len(parts) > 1 else {alias.name for alias in node.names}
    return found - {"__main__"}


def test_the_import_graph_of_tools_has_no_cycle():
    graph = {path.stem: _tools_imports(path) for path in MODULES if path.stem != "__main__"}
    assert set().union(*graph.values()) <= set(graph), "an import of a module that tools/ does not have"
    try:
        order = list(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        pytest.fail(f"tools/ modules import each other in a circle: {error.args[1]}")
    assert order.index("course") < order.index("outline") < order.index("sphinx_site")


def test_the_cycle_check_sees_a_cycle(tmp_path):
    (tmp_path / "a.py").write_text("from tools import b\n")
    (tmp_path / "b.py").write_text("import tools.a\n")
    graph = {path.stem: _tools_imports(path) for path in sorted(tmp_path.glob("*.py"))}
    with pytest.raises(graphlib.CycleError):
        list(graphlib.TopologicalSorter(graph).static_order())


def _path_changes(path):
    """Lines where a module changes sys.path (insert, append, extend, assignment, +=)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        target = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            target = target.value if isinstance(target, ast.Subscript) else target
        if isinstance(target, ast.Attribute) and target.attr == "path" and ast.unparse(target.value) == "sys":
            if not (isinstance(node, ast.Call) and node.func.attr not in ("insert", "append", "extend")):
                lines.append(node.lineno)
    return sorted(lines)


def test_no_module_of_tools_book_or_tests_changes_sys_path():
    files = [*MODULES, *sorted((ROOT / "book").rglob("*.py")), *sorted((ROOT / "tests").rglob("*.py"))]
    changes = {str(path.relative_to(ROOT)): lines for path in files if "course" not in path.relative_to(ROOT).parts[:2]
               and (lines := _path_changes(path))}
    assert changes == {}, "run from the checkout (python -m tools, python -m pytest, python -m sphinx) instead"
    assert not (ROOT / "scripts").exists() and not (ROOT / "book" / "_ext").exists()


def test_the_path_check_sees_each_way_of_changing_sys_path(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("import sys\nsys.path.insert(0, 'x')\nsys.path.append('y')\nsys.path += ['z']\n"
                    "sys.path[:0] = ['w']\nprint(sys.path.index('x'))\n")
    assert _path_changes(path) == [2, 3, 4, 5]


def test_one_stem_pattern_names_the_course_notebooks(tmp_path):
    for name in ("01_a.ipynb", "01b_guessers.ipynb", "A1_lingpipe.ipynb", "14b_x.ipynb", "ERRATA.md",
                 "matplotlibrc", "1_x.ipynb", "AB_x.ipynb", "01c_x.ipynb"):
        (tmp_path / name).write_text("{}")
    assert [p.name for p in course.notebook_paths(tmp_path)] == [
        "01_a.ipynb", "01b_guessers.ipynb", "14b_x.ipynb", "A1_lingpipe.ipynb"]
    assert [course.number(s) for s in ("01b_guessers", "A7_interval_coverage")] == ["01b", "A7"]
    with pytest.raises(ValueError, match="not the name of a course notebook"):
        course.number("ERRATA")
    # every module of tools/ names notebooks through this model: no glob or pattern of its own
    for path in MODULES:
        text = path.read_text(encoding="utf-8")
        assert path.name == "course.py" or ("[0-9]" not in text and r"\d\db?" not in text), path.name


def test_the_notebooks_folder_follows_bookeval_notebooks(tmp_path):
    code = "from tools import course, gallery, sphinx_kit; print(course.NOTEBOOKS, gallery.NOTEBOOKS)"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "BOOKEVAL_NOTEBOOKS": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(tmp_path.resolve())] * 2


def test_course_toml_is_parsed_in_one_place():
    readers = [path.name for path in MODULES if "tomllib.load" in path.read_text(encoding="utf-8")
               and "course.toml" in path.read_text(encoding="utf-8")]
    assert readers == ["course.py"]
    first, second = course.load_course(), course.load_course()
    assert first == second and first is not second        # each caller gets its own copy


def test_the_command_lists_its_commands():
    run = subprocess.run([sys.executable, "-m", "tools", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0 and "regen" in run.stderr and "slides" in run.stderr
