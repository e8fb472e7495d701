"""Deprecated alias of the private engine :mod:`bookeval_lib._resampling` (removed in the next release)."""
from ._deprecated import warn_module_moved

warn_module_moved(__name__)

from ._resampling import *  # noqa: E402,F401,F403
from ._resampling import __all__  # noqa: E402,F401
