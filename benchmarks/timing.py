"""The one timing helper the benchmark scripts share (they run as scripts, so this is imported by name)."""
import time


def best_time(function, repeats=5, clock=time.perf_counter):
    """The fastest of ``repeats`` calls of ``function()``, in seconds (the least disturbed run), by ``clock``
    (``time.process_time``: the CPU time of the process, all its threads, which other processes on a shared
    machine disturb less than the wall clock)."""
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        function()
        best = min(best, clock() - start)
    return best


def peak_memory(function):
    """The peak of the memory ``function()`` allocates through Python and numpy (tracemalloc), in bytes."""
    import tracemalloc
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
