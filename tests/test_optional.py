"""The core's optional libraries: a feature whose library is missing says which extra installs it.

Each test hides a library the way an environment without it would fail (``sys.modules[name] =
None`` makes ``import name`` raise ModuleNotFoundError) and checks the message of the feature
that needs it; the extras it names exist in pyproject.toml with that library alone.
"""
import tomllib
from pathlib import Path

import pytest

from bookeval_lib import metrics
from bookeval_lib._optional import require
from bookeval_lib.uncertainty import compare_predictions

ROOT = Path(__file__).resolve().parent.parent
EXTRAS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def _hide(monkeypatch, *names):
    for name in names:
        monkeypatch.setitem(__import__("sys").modules, name, None)


def test_require_returns_the_module_when_it_imports():
    import json
    assert require("json", extra="plot", for_what="x") is json


def test_to_frame_without_pandas_names_the_pandas_extra(monkeypatch):
    report = metrics.bookmaker_report([0, 1, 1, 0], [0, 1, 0, 0])
    comparison = compare_predictions([0, 1, 1, 0], [0, 1, 0, 0], [0, 1, 1, 1], measures="informedness",
                                     n_resamples=50)
    _hide(monkeypatch, "pandas")
    for owner, result in (("BookmakerReport", report), ("ComparisonReport", comparison)):
        with pytest.raises(ModuleNotFoundError) as caught:
            result.to_frame()
        assert str(caught.value) == (f"{owner}.to_frame() needs pandas, which could not be imported (import of "
                                     "pandas halted; None in sys.modules): pip install 'bookeval[pandas]' "
                                     "(or pip install pandas)")
        assert isinstance(caught.value.__cause__, ModuleNotFoundError) and caught.value.name == "pandas"


def test_scorer_without_scikit_learn_names_the_sklearn_extra(monkeypatch):
    _hide(monkeypatch, "sklearn", "sklearn.metrics")
    with pytest.raises(ImportError, match=r"^bookeval_lib\.metrics\.scorer\(\) needs scikit-learn, .*: pip install "
                                          r"'bookeval\[sklearn\]' \(or pip install scikit-learn\)$"):
        metrics.scorer("informedness")
    with pytest.raises(ImportError, match=r"bookeval\[sklearn\]"):
        metrics.scorers()


def test_a_library_that_fails_inside_is_reported_as_an_import_error_not_as_missing(monkeypatch, tmp_path):
    (tmp_path / "broken_library.py").write_text("raise ImportError('its own dependency is missing')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ImportError) as caught:
        require("broken_library", extra="plot", for_what="a figure")
    assert type(caught.value) is ImportError
    assert "(its own dependency is missing): pip install 'bookeval[plot]'" in str(caught.value)


@pytest.mark.parametrize(("extra", "library"), [("plot", "matplotlib"), ("pandas", "pandas"),
                                                ("sklearn", "scikit-learn")])
def test_the_extras_named_hold_their_library(extra, library):
    assert [requirement.split(">=")[0] for requirement in EXTRAS[extra]] == [library]
