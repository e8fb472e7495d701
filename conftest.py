"""Collection settings for the whole checkout (tests/conftest.py holds the tests' own).

The deprecated alias modules (bookeval_lib._deprecated.ALIAS_MODULES) hold no doctest, and importing one
warns: --doctest-modules leaves them out; tests/test_namespace.py imports each under pytest.warns.
"""
from bookeval_lib._deprecated import ALIAS_MODULES

collect_ignore = [name.replace(".", "/") + ".py" for name in ALIAS_MODULES]
