"""Deprecated alias of :mod:`bookeval_lib.course.replications.mixture`, a replication of Powers 2003 (removed in the next release)."""
from ._deprecated import warn_module_moved

warn_module_moved(__name__)

from .course.replications.mixture import *  # noqa: E402,F401,F403
from .course.replications.mixture import __all__  # noqa: E402,F401
