"""Deprecated alias of :mod:`bookeval_lib.course.replications.concordance`, a replication of Powers 2003 (removed in the next release)."""
from ._deprecated import warn_module_moved

warn_module_moved(__name__)

from .course.replications.concordance import *  # noqa: E402,F401,F403
from .course.replications.concordance import __all__  # noqa: E402,F401
