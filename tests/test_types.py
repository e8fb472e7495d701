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
