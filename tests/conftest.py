"""Shared test settings: hypothesis runs derandomized so a CI run is reproducible; BLAS runs on one thread.

One BLAS thread per process.  `make test` runs two pytest workers on a 2-core machine, and every
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

from hypothesis import settings  # noqa: E402  (after the BLAS setting, before anything imports numpy)

settings.register_profile("bookeval", derandomize=True, deadline=None, max_examples=300,
                          database=None)
settings.load_profile("bookeval")
