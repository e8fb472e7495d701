"""The deprecated old names: alias modules and moved functions, kept for one release.

Each warns with a :class:`DeprecationWarning` that names the new import.  An alias
module (``bookeval_lib.comparison``) warns when it is imported; a name moved out of a
module that stays (``bookeval_lib.betting.mixed_table``) warns when it is looked up,
through that module's ``__getattr__`` (:func:`moved_names`), which imports the new
home only then.  Nothing in the library imports an old name (tests/test_layering.py),
so the library itself never issues these warnings.
"""
from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable
from typing import Any

__all__ = ["ALIAS_MODULES", "MOVED_NAMES", "REPLACED_NAMES", "alias_module", "moved_names"]

#: old module -> (its new home, what to use instead)
ALIAS_MODULES = {
    "bookeval_lib.comparison": ("bookeval_lib._comparison", "bookeval_lib.compare_predictions"),
    "bookeval_lib.comparison_normal": ("bookeval_lib._comparison_normal", "bookeval_lib.compare_predictions"),
    "bookeval_lib.merge_search": ("bookeval_lib._merge_search", "bookeval_lib.best_map"),
    "bookeval_lib.kept_sets": ("bookeval_lib._kept_sets", "bookeval_lib.best_map"),
    "bookeval_lib.resampling": ("bookeval_lib._resampling", "method='bootstrap' of bookeval_lib.informedness_interval, "
                                "markedness_interval or correlation_interval"),
    "bookeval_lib.concordance": ("bookeval_lib.course.replications.concordance",
                                 "bookeval_lib.course.replications.concordance"),
    "bookeval_lib.mixture": ("bookeval_lib.course.replications.mixture",
                             "bookeval_lib.course.replications.mixture"),
}

#: module that stays -> {name moved out of it: the module that holds it now}
MOVED_NAMES: dict[str, dict[str, str]] = {
    "bookeval_lib.betting": dict.fromkeys(
        ("bookmaker_sheet", "mixed_table", "simulate_punter", "winnings_moments", "class_informed_table",
         "informed_rate_weights"), "bookeval_lib.course.replications.betting"),
    "bookeval_lib.montecarlo": dict.fromkeys(
        ("stepped_informedness", "figure2_measures", "fit_statistics", "defined_everywhere",
         "fit_standard_errors", "paired_mse_difference", "CHANCE_CORRECTED", "averaged_variants",
         "figure2_claims"), "bookeval_lib.course.replications.figure2"),
    "bookeval_lib.clustering": {"induced_over_seeds": "bookeval_lib.course.replications.mixture"},
}

#: module that stays -> {name removed from it: (the private function that stands in, what to use instead)}
REPLACED_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "bookeval_lib.betting": {
        "mixed_binary_table": ("_mixed_binary_table",
                               "bookeval_lib.montecarlo.expected_table(informedness, prevalence, guess_bias, total)"),
    },
}



def alias_module(old: str, namespace: dict[str, Any]) -> None:
    """Make the alias module ``old`` (its ``globals()``) warn and hold every name its new home defines.

    Called from the alias module's body; the warning names the importer's line (stacklevel 3: this
    function, the alias module's body, then the importer, importlib's frames between being skipped).
    """
    new, instead = ALIAS_MODULES[old]
    advice = f"import {new}" if new == instead else f"use {instead} (its engine is now {new})"
    warnings.warn(f"{old} is deprecated and will be removed in the next release: {advice}",
                  DeprecationWarning, stacklevel=3)
    home = importlib.import_module(new)
    namespace.update({name: value for name, value in vars(home).items()
                      if not (name.startswith("__") and name.endswith("__"))})
    namespace["__all__"] = list(getattr(home, "__all__", [name for name in vars(home) if not name.startswith("_")]))


def moved_names(module: str) -> Callable[[str], Any]:
    """The module ``__getattr__`` (PEP 562) of ``module`` that serves its moved names with a warning."""
    moves = MOVED_NAMES.get(module, {})
    replaced = REPLACED_NAMES.get(module, {})

    def __getattr__(name: str) -> Any:
        if name in replaced:
            function, instead = replaced[name]
            warnings.warn(f"{module}.{name} is deprecated and will be removed in the next release: "
                          f"use {instead}", DeprecationWarning, stacklevel=2)
            return getattr(importlib.import_module(module), function)
        if name not in moves:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        home = moves[name]
        warnings.warn(f"{module}.{name} is deprecated and will be removed in the next release: "
                      f"use {home}.{name}", DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(home), name)
    return __getattr__
