"""Shared test settings: the tiers, hypothesis's two profiles, and one BLAS thread per process.

Tiers.  `make test` is the quick tier a developer runs every few minutes: every test here but the site
tier, with the "quick" hypothesis profile.  `make test-site` runs the site tier (the tests in
SITE_TESTS, marked ``site``: the Sphinx site, the decks, the handouts and the browser tests);
`make test-notebooks` the notebooks under strict nbval; `make check` all of it with the "full" profile,
and that is what CI runs.

Hypothesis runs derandomized, so a run is reproducible; the "full" profile (the default) tries 300
examples a property, the "quick" one (BOOKEVAL_HYPOTHESIS=quick, as `make test` sets it) 50.  A test that sets its own ``max_examples`` keeps it in both.

One BLAS thread per process.  The tiers run two pytest workers on a 2-core machine, and every
notebook under test runs in its own kernel; with OpenBLAS's default of one thread per core each of
them starts a second thread that competes with the other worker for the same two cores.  The test
arrays are small, so the extra thread mostly waits and spins: on the whole suite (test_site.py aside)
one thread per process cut the CPU time from 138 s to about 111 s.  A sum that OpenBLAS splits over threads
can round differently in its last bit; no test and no printed notebook output depends on that.
This file is loaded before any test module imports numpy, and the notebook kernels inherit the
environment; a value the user has set is kept.
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402  (after the BLAS setting, before anything imports numpy)

settings.register_profile("full", derandomize=True, deadline=None, max_examples=300, database=None)
settings.register_profile("quick", derandomize=True, deadline=None, max_examples=50, database=None)
settings.load_profile(os.environ.get("BOOKEVAL_HYPOTHESIS", "full"))

#: The site tier: what builds or prints the site, the decks and the handouts, or drives a browser.
SITE_TESTS = frozenset({"test_site.py", "test_slides.py", "test_quiz_browser.py", "test_solutions_hidden.py",
                        "test_exercise_notebook_browser.py"})


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name in SITE_TESTS:
            item.add_marker(pytest.mark.site)
