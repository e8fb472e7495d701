"""_checks.unique_inverse gives numpy's np.unique(..., return_inverse=True) exactly, by whichever path."""
import numpy as np
import pytest

from bookeval_lib._checks import unique_inverse


@pytest.mark.parametrize("values", [
    np.array([3, 1, 3, 2, 1]),                                    # small range: the table path
    np.array([-5, 7, -5, 0], dtype=np.int8),                      # negative, narrow dtype
    np.array([-100, 100, 0, -100], dtype=np.int8),                # 100 - (-100) overflows int8
    np.array([True, False, True]),                                # booleans
    np.array([2 ** 64 - 1, 2 ** 64 - 3, 2 ** 64 - 1], dtype=np.uint64),   # near the top of uint64
    np.array([-2 ** 63, 2 ** 63 - 1, 0]),                         # range far wider than the count: the sort
    np.array(["b", "a", "b"]),                                    # strings: the sort
    np.array([0.0, 2.0, 0.0]),                                    # floats: the sort
    np.random.default_rng(3).integers(0, 300, 10_000),            # many cases, K = 300
])
def test_same_as_numpy(values):
    present, inverse = unique_inverse(values)
    expected, expected_inverse = np.unique(values, return_inverse=True)
    assert present.dtype == expected.dtype and np.array_equal(present, expected)
    assert np.array_equal(inverse, expected_inverse)
    assert np.array_equal(present[inverse], values)
