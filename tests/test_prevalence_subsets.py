"""bookeval_lib.course.prevalence.subsets_at_prevalence against the subsets written out by hand."""
import numpy as np
import pytest

from bookeval_lib.course.prevalence import subsets_at_prevalence


def test_the_subsets_are_the_draws_written_out():
    # 90 positives among 899 cases, as notebook 14's test half; the draws in the order asked
    y = np.zeros(899, dtype=int)
    y[np.random.default_rng(5).choice(899, 90, replace=False)] = 1
    kept = subsets_at_prevalence(y, (0.5, 0.03, 0.01), seed=0)
    rng = np.random.default_rng(0)
    positives, negatives = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    balanced = np.concatenate([positives, rng.choice(negatives, 90, replace=False)])
    # 0.03 * 809/0.97 = 25.02 -> 25 positives; 0.01 * 809/0.99 = 8.17 -> 8
    rare = np.concatenate([rng.choice(positives, 25, replace=False), negatives])
    rarest = np.concatenate([rng.choice(positives, 8, replace=False), negatives])
    for got, expected in zip((kept[0.5], kept[0.03], kept[0.01]), (balanced, rare, rarest)):
        assert np.array_equal(got, expected)
    assert y[kept[0.5]].mean() == 0.5
    assert y[kept[0.03]].mean() == pytest.approx(25 / 834)        # 25 of 25 + 809


def test_labels_other_than_0_and_1_and_bad_prevalences():
    y = np.array(["a"] * 4 + ["b"] * 6)
    kept = subsets_at_prevalence(y, [0.2], pos_label="a")          # 0.2 * 6/0.8 = 1.5 -> round to 2
    assert (y[kept[0.2]] == "a").sum() == 2 and (y[kept[0.2]] == "b").sum() == 6
    with pytest.raises(ValueError, match="strictly between"):
        subsets_at_prevalence(y, [1.0], pos_label="a")
    kept = subsets_at_prevalence(y, [0.75], pos_label="a")         # 4 * 0.25/0.75 = 1.33 -> 1 "b"
    assert sorted(y[kept[0.75]]) == ["a"] * 4 + ["b"]
    with pytest.raises(ValueError, match="both classes"):
        subsets_at_prevalence(np.ones(5), [0.5])
