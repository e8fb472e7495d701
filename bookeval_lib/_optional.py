"""The optional libraries of the core, imported only by the function that needs them, with an error that
says how to install them.

The core needs numpy and scipy only.  Three of its features need one more library each, installed
with an extra of its own (pyproject.toml)::

    bookeval_lib.plot                         matplotlib     pip install 'bookeval[plot]'
    .to_frame() of a report                   pandas         pip install 'bookeval[pandas]'
    bookeval_lib.metrics.scorer()/scorers()   scikit-learn   pip install 'bookeval[sklearn]'
"""
from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["require"]

#: The name pip installs each importable module by, where the two differ.
_DISTRIBUTIONS = {"sklearn": "scikit-learn"}


def require(module: str, *, extra: str, for_what: str) -> ModuleType:
    """Import ``module`` and return it, or raise an ImportError that names the extra to install.

    Parameters
    ----------
    module : str
        The module to import, e.g. ``"matplotlib.pyplot"``; its top-level package is the
        library that is missing.
    extra : str
        The extra of bookeval that installs the library, e.g. ``"plot"``.
    for_what : str
        What needs it, as the user called it, e.g. ``"bookeval_lib.plot"``.

    Returns
    -------
    module
        The imported module.

    Raises
    ------
    ImportError
        When the import fails: ``ModuleNotFoundError`` when the library is not installed (its
        ``name`` the missing module), chained to the original error, with a message of the form
        "<for_what> needs <library>, which could not be imported (<why>): pip install
        'bookeval[<extra>]' (or pip install <library>)".

    Examples
    --------
    >>> require("math", extra="plot", for_what="a doctest").sqrt(4.0)
    2.0
    >>> require("no_such_library_here", extra="plot", for_what="a doctest")
    Traceback (most recent call last):
    ...
    ModuleNotFoundError: a doctest needs no_such_library_here, which could not be imported (No module named 'no_such_library_here'): pip install 'bookeval[plot]' (or pip install no_such_library_here)
    """
    library = module.partition(".")[0]
    try:
        importlib.import_module(library)          # the library first: its own error names it
        return importlib.import_module(module)
    except ImportError as error:
        distribution = _DISTRIBUTIONS.get(library, library)
        message = (f"{for_what} needs {distribution}, which could not be imported ({error}): "
                   f"pip install 'bookeval[{extra}]' (or pip install {distribution})")
        kind = ModuleNotFoundError if isinstance(error, ModuleNotFoundError) else ImportError
        raise kind(message, name=error.name) from error
