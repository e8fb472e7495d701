"""The flat public namespace (``bookeval_lib.compare_predictions``), lazily imported, and the deprecated old names.

``import bookeval_lib`` loads no scipy, matplotlib, pandas or scikit-learn; every name of ``__all__`` is the
object its module defines; no two modules of the namespace export one name; every alias module and every
moved name warns with a DeprecationWarning naming the new import, and gives the same object.
"""
import importlib
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import bookeval_lib
from bookeval_lib._deprecated import ALIAS_MODULES, MOVED_NAMES, REPLACED_NAMES

PACKAGE = Path(bookeval_lib.__file__).resolve().parent
#: public modules that are not flattened, and why
NOT_FLAT = {
    "plot": "its figures are named like the curves they draw (plot.roc_curve draws roc_curve)",
    "cli": "the command line (main, build_parser, read_predictions)",
}
#: public names left in their module: each is named like a module of the package, whose attribute it would be
NAMED_LIKE_A_MODULE = {("metrics", "contingency"), ("coverage", "coverage")}


def test_import_bookeval_lib_loads_no_heavy_package():
    code = ("import sys, bookeval_lib\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in {'scipy', 'matplotlib', 'pandas', 'sklearn'}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_eager_names_are_there_before_any_lookup():
    code = ("import bookeval_lib\n"
            "print(sorted(n for n in ('BinaryTable', 'Contingency', 'MEASURES', 'LAYOUTS', 'UndefinedMeasureWarning')"
            " if n in vars(bookeval_lib)))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == str(sorted(['BinaryTable', 'Contingency', 'LAYOUTS', 'MEASURES',
                                                'UndefinedMeasureWarning']))


def test_all_is_explicit_and_matches_the_homes():
    assert len(bookeval_lib.__all__) == len(set(bookeval_lib.__all__))
    assert set(bookeval_lib.__all__) == set(bookeval_lib._MODULE_OF)
    assert set(bookeval_lib.__all__) <= set(dir(bookeval_lib))


@pytest.mark.parametrize("name", bookeval_lib.__all__)
def test_every_name_resolves_to_the_object_of_its_module(name):
    module = importlib.import_module(f"bookeval_lib.{bookeval_lib._MODULE_OF[name]}")
    assert getattr(bookeval_lib, name) is getattr(module, name)
    assert name in module.__all__
    found = getattr(bookeval_lib, name)
    if callable(found) and hasattr(found, "__module__"):      # defined in the package, not re-exported from numpy
        assert found.__module__.startswith("bookeval_lib.")


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no_such_name"):
        bookeval_lib.no_such_name  # noqa: B018
    assert not hasattr(bookeval_lib, "mixed_binary_table")


def _public_modules():
    aliases = {name.rpartition(".")[2] for name in ALIAS_MODULES}
    return sorted(p.stem for p in PACKAGE.glob("*.py")
                  if not p.stem.startswith("_") and p.stem not in aliases)


def test_every_public_module_is_flattened_or_says_why_not():
    flat = set(bookeval_lib._HOMES) - {"_undefined"}
    assert set(_public_modules()) == flat | set(NOT_FLAT)


def test_no_two_modules_export_the_same_public_name():
    owners = {}
    for module in bookeval_lib._HOMES:
        for name in importlib.import_module(f"bookeval_lib.{module}").__all__:
            owners.setdefault(name, []).append(module)
    shared = {name: modules for name, modules in owners.items() if len(modules) > 1}
    assert not shared, shared


def test_every_public_name_of_a_flattened_module_is_in_the_namespace():
    for module in set(bookeval_lib._HOMES) - {"_undefined"}:       # a private module gives one name only
        for name in importlib.import_module(f"bookeval_lib.{module}").__all__:
            assert name in bookeval_lib.__all__ or (module, name) in NAMED_LIKE_A_MODULE, f"{module}.{name}"
    for module, name in NAMED_LIKE_A_MODULE:
        assert isinstance(getattr(bookeval_lib, name), type(bookeval_lib))    # the module wins


@pytest.mark.parametrize("old", sorted(ALIAS_MODULES))
def test_an_alias_module_warns_and_gives_what_the_module_had(old, monkeypatch):
    new, _ = ALIAS_MODULES[old]
    monkeypatch.delitem(sys.modules, old, raising=False)
    with pytest.warns(DeprecationWarning, match=rf"^{old} is deprecated.*{new}"):
        alias = importlib.import_module(old)
    home = importlib.import_module(new)
    assert alias.__all__ == list(getattr(home, "__all__", alias.__all__))
    for name, value in vars(home).items():          # the private names too: old code reached into engines
        if not (name.startswith("__") and name.endswith("__")):
            assert getattr(alias, name) is value


def test_the_alias_warning_blames_the_importer(monkeypatch):
    monkeypatch.delitem(sys.modules, "bookeval_lib.comparison", raising=False)
    with pytest.warns(DeprecationWarning) as caught:
        import bookeval_lib.comparison  # noqa: F401
    assert caught[0].filename == __file__


@pytest.mark.parametrize("module, name", [(module, name) for module, names in MOVED_NAMES.items() for name in names])
def test_a_moved_name_warns_and_is_the_object_of_its_new_home(module, name):
    home = MOVED_NAMES[module][name]
    with pytest.warns(DeprecationWarning, match=rf"^{module}\.{name} is deprecated.*use {home}\.{name}"):
        found = getattr(importlib.import_module(module), name)
    assert found is getattr(importlib.import_module(home), name)
    assert name not in importlib.import_module(module).__all__


def test_the_removed_mixed_binary_table_warns_and_is_expected_table():
    from bookeval_lib import betting
    from bookeval_lib.montecarlo import expected_table

    assert set(REPLACED_NAMES["bookeval_lib.betting"]) == {"mixed_binary_table"}
    with pytest.warns(DeprecationWarning, match=r"expected_table\(informedness, prevalence, guess_bias, total\)"):
        mixed_binary_table = betting.mixed_binary_table
    old, new = mixed_binary_table(0.2, 0.6, 0.3, total=1000), expected_table(0.3, 0.2, 0.6, total=1000)
    assert np.allclose(old.to_matrix("powers"), new.to_matrix("powers"))
    with pytest.raises(AttributeError, match="no_such_name"):
        betting.no_such_name  # noqa: B018
