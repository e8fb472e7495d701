"""Deprecated alias of the private engine :mod:`bookeval_lib._kept_sets` (removed in the next release)."""
from ._deprecated import warn_module_moved

warn_module_moved(__name__)

from ._kept_sets import *  # noqa: E402,F401,F403
from ._kept_sets import __all__  # noqa: E402,F401
