"""Deprecated alias of :mod:`bookeval_lib.course.replications.concordance` (removed in the next release)."""
from ._deprecated import alias_module

alias_module(__name__, globals())
