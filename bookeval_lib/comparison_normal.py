"""Deprecated alias of the private engine :mod:`bookeval_lib._comparison_normal` (removed in the next release)."""
from ._deprecated import warn_module_moved

warn_module_moved(__name__)

from ._comparison_normal import *  # noqa: E402,F401,F403
from ._comparison_normal import __all__  # noqa: E402,F401
