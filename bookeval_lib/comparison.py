"""Deprecated alias of the private engine :mod:`bookeval_lib._comparison` (removed in the next release)."""
from ._deprecated import alias_module

alias_module(__name__, globals())
