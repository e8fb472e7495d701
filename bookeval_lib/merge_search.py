"""Deprecated alias of the private engine :mod:`bookeval_lib._merge_search` (removed in the next release)."""
from ._deprecated import warn_module_moved

warn_module_moved(__name__)

from ._merge_search import *  # noqa: E402,F401,F403
from ._merge_search import __all__  # noqa: E402,F401
