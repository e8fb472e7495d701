"""The package type-checks: mypy, configured by pyproject.toml's [tool.mypy], finds no error in bookeval_lib.

The whole package is checked, the course layer too: it imports matplotlib, ipywidgets and sympy only
for their types here (mypy reads them; nothing runs), and a wrong annotation there misleads a reader
as much as one in the core.
"""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

def _mypy(*arguments):
    # --no-incremental: no cache directory is written into the tree, and a stale cache cannot hide an error
    return subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", *arguments],
                          capture_output=True, text=True, cwd=ROOT)


def test_mypy_finds_no_error_in_the_package():
    result = _mypy()                      # the files and options of [tool.mypy]
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_the_type_check_is_not_vacuous(tmp_path):
    # The same configuration must reject a wrongly annotated function: a str returned as a float.
    wrong = tmp_path / "wrong.py"
    wrong.write_text("def f(x: float) -> float:\n    return str(x)\n")
    result = _mypy("--config-file", str(ROOT / "pyproject.toml"), str(wrong))
    assert result.returncode == 1
    assert 'Incompatible return value type (got "str", expected "float")' in result.stdout


def _unannotated(source, module):
    """``module.name`` of each public function or method of ``source`` with a parameter or return without a hint."""
    import ast

    found = []

    def visit(body, prefix):
        for node in body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name.startswith("_") and node.name != "__init__":
                    continue
                arguments = node.args
                params = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                          *(a for a in (arguments.vararg, arguments.kwarg) if a)]
                if (any(p.annotation is None for p in params if p.arg not in ("self", "cls"))
                        or (node.returns is None and node.name != "__init__")):
                    found.append(f"{module}.{prefix}{node.name}")

    visit(ast.parse(source).body, "")
    return found


def test_every_public_function_of_the_package_has_type_hints():
    # Every public module of bookeval_lib, the course layer too (private modules, "_name.py", are left out).
    missing = []
    for path in sorted((ROOT / "bookeval_lib").rglob("*.py")):
        if path.name.startswith("_") and path.name not in ("__init__.py", "__main__.py"):
            continue
        missing += _unannotated(path.read_text(encoding="utf-8"), ".".join(path.relative_to(ROOT).with_suffix("").parts))
    assert not missing, f"public functions without type hints: {missing}"


def test_the_hint_scan_finds_a_missing_hint():
    source = ("def typed(x: int) -> int:\n    return x\n\n"
              "def untyped(x):\n    return x\n\n"
              "class Table:\n    def measure(self, beta=1.0) -> float:\n        return beta\n\n"
              "    def _private(self, x):\n        return x\n")
    assert _unannotated(source, "m") == ["m.untyped", "m.Table.measure"]
