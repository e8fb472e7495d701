"""CI: the library's core installs and works with the oldest numpy and scipy that pyproject.toml allows.

A researcher adds bookeval to an environment that already has numpy and scipy; the ranges in
pyproject.toml promise that any version from their lower bounds up will do.  This script keeps the
promise honest: in a throwaway virtual environment it installs this checkout without extras
(`pip install . numpy==<lower bound> scipy==<lower bound>`), then, from outside the checkout, imports
every core module, checks that no course library (matplotlib, sympy, IPython, ipywidgets,
scikit-learn) was installed, checks measures against hand-worked tables, and checks that a plot,
a report's to_frame() and a scorer name the extra that installs their library.

Run from the repository root: `python3 .ci/oldest_core.py` (.ci/run does, before `make test`).
"""
import re
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ("numpy", "scipy")

# Runs inside the throwaway environment, in an empty directory (so the installed copy is imported).
SMOKE = r'''
import importlib, importlib.util, math, pkgutil, sys
import numpy, scipy
import bookeval_lib
from bookeval_lib import BinaryTable, Contingency
from bookeval_lib.roc import auc, roc_curve

print(f"numpy {numpy.__version__}, scipy {scipy.__version__}, bookeval_lib from {bookeval_lib.__file__}")
assert "site-packages" in bookeval_lib.__file__, "imported the checkout, not the installed package"
for course_library in ("matplotlib", "sympy", "IPython", "ipywidgets", "sklearn"):
    assert importlib.util.find_spec(course_library) is None, f"pip install . pulled in {course_library}"

# Every core module imports without the course libraries (the course layer is the subpackage
# bookeval_lib.course, which this check leaves out; the deprecated alias modules are left out too), and
# every name of the flat namespace resolves.
from bookeval_lib._deprecated import ALIAS_MODULES
for module in pkgutil.iter_modules(bookeval_lib.__path__):
    if not module.ispkg and f"bookeval_lib.{module.name}" not in ALIAS_MODULES:
        importlib.import_module(f"bookeval_lib.{module.name}")
for name in bookeval_lib.__all__:
    getattr(bookeval_lib, name)

# The shipped data loads from the installed package (checking its SHA-256): 504 occurrences.
from bookeval_lib.course.replications.concordance import load_concordance
assert len(load_concordance()) == 504

def close(value, expected):
    assert math.isclose(value, expected, rel_tol=1e-12, abs_tol=1e-15), (value, expected)

# TP=20, FP=10, FN=5, TN=65 (rows predicted, columns real): recall 20/25, inverse recall 65/75,
# so B = 4/5 + 13/15 - 1 = 2/3; precision 20/30, inverse precision 65/70, so M = 2/3 + 13/14 - 1
# = 25/42; MCC = (20*65 - 10*5)/sqrt(25*75*30*70) = 1250/sqrt(3937500) = sqrt(B*M) = sqrt(50/126).
table = BinaryTable(tp=20, fp=10, fn=5, tn=65)
close(table.informedness, 2 / 3)
close(table.markedness, 25 / 42)
close(table.matthews_correlation, math.sqrt(50 / 126))
close(table.recall, 0.8)
close(table.precision, 2 / 3)
# scikit-learn's confusion_matrix of the same cases: rows real (-, +), columns predicted (-, +).
same = BinaryTable.from_matrix([[65, 10], [5, 20]], layout="sklearn")
assert (same.tp, same.fp, same.fn, same.tn) == (20, 10, 5, 65)
# An array of tables: the second is Powers 2003's 42/18/28/12, where B = 42/70 + 12/30 - 1 = 0.
tables = BinaryTable(tp=[20, 42], fp=[10, 18], fn=[5, 28], tn=[65, 12])
assert tables.shape == (2,)
close(tables.informedness[0], 2 / 3)
close(tables.informedness[1], 0.0)
# An undefined measure is nan, silently: a table with no real positives has no recall.
assert math.isnan(BinaryTable(tp=0, fp=3, fn=0, tn=7).recall)

# K = 3, rows predicted a, b, c; columns real a, b, c: [[2, 0, 0], [0, 1, 1], [0, 0, 2]].
# B(a) = 2/2 - 0/4 = 1, B(b) = 1/1 - 1/5 = 4/5, B(c) = 2/3 - 0/3 = 2/3; the biases are all 2/6,
# so B = (1 + 4/5 + 2/3)/3 = 37/45.  M(a) = 1 - 0/4, M(b) = 1/2 - 0/4, M(c) = 2/2 - 1/4, weighted
# by the prevalences 2/6, 1/6, 3/6: M = (2 + 1/2 + 9/4)/6 = 19/24.
k3 = Contingency.from_labels(list("aabccc"), list("aabbcc"))
assert k3.counts.tolist() == [[2, 0, 0], [0, 1, 1], [0, 0, 2]]
close(k3.informedness, 37 / 45)
close(k3.markedness, 19 / 24)
close(Contingency.from_sklearn(numpy.array(k3.counts).T, labels="abc").informedness, 37 / 45)

# ROC of four scored cases: (0,0) (0,.5) (.5,.5) (.5,1) (1,1); area .5*.5 + .5*1 = 3/4.
fpr, tpr, thresholds = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
assert fpr.tolist() == [0.0, 0.0, 0.5, 0.5, 1.0] and tpr.tolist() == [0.0, 0.5, 0.5, 1.0, 1.0]
close(auc(fpr, tpr), 0.75)
# The label matching's LP step (scipy.optimize.linprog's HiGHS duals) runs on this 13 x 7 table shaped
# like a sense clustering; its best map must equal the dynamic program's (no LP), 0.676856814421...
from bookeval_lib import _merge_search as merge_search, matching
senses = numpy.array([[8, 8, 3, 1, 0, 0, 1], [24, 11, 2, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 0, 0],
                      [0, 0, 2, 0, 0, 0, 0], [6, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0],
                      [1, 0, 0, 0, 0, 0, 0], [18, 5, 0, 0, 0, 0, 0], [1, 3, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 1],
                      [0, 1, 1, 0, 0, 0, 0]], dtype=float)
runs = []
lp_prices = merge_search._lp_prices
merge_search._lp_prices = lambda *args, **kwargs: runs.append(1) or lp_prices(*args, **kwargs)
_, value, _ = matching.best_map(senses)
by_dp, _ = merge_search._search_merge_dp(senses, senses.sum(axis=0) > 0)
assert runs, "the LP step did not run"
close(value, matching.map_informedness(senses, by_dp))

# What needs a library the core does not install says which extra installs it.
from bookeval_lib import metrics, plot
for call, extra in ((lambda: plot.roc_curve([0, 1], [0.2, 0.7]), "plot"),
                    (lambda: metrics.bookmaker_report([0, 1], [0, 1]).to_frame(), "pandas"),
                    (lambda: metrics.scorer("informedness"), "sklearn")):
    try:
        call()
    except ModuleNotFoundError as error:
        assert f"pip install 'bookeval[{extra}]'" in str(error), error
    else:
        raise AssertionError(f"no ImportError naming bookeval[{extra}]")
print("core smoke test passed")
'''


def lower_bounds():
    """{'numpy': '2.0', 'scipy': '1.13'} from the `name>=version` entries of project.dependencies."""
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    bounds = {}
    for requirement in dependencies:
        match = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)\s*>=\s*([0-9][0-9.]*)\s*(?:,.*)?", requirement)
        if match and match.group(1).lower() in CORE:
            bounds[match.group(1).lower()] = match.group(2)
    missing = set(CORE) - set(bounds)
    if missing:
        sys.exit(f"pyproject.toml gives no >= lower bound for {sorted(missing)}")
    return bounds


def main():
    start = time.monotonic()
    pins = [f"{name}=={version}" for name, version in lower_bounds().items()]
    with tempfile.TemporaryDirectory(prefix="bookeval-oldest-core-") as scratch:
        venv = Path(scratch) / "venv"
        python = venv / "bin" / "python"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        print(f"pip install . {' '.join(pins)}", flush=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        str(ROOT), *pins], check=True)
        subprocess.run([str(python), "-c", SMOKE], check=True, cwd=scratch)
    print(f"oldest-core check took {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
