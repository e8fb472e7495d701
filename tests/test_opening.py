"""The opening model (bookeval_lib.course.opening): its numbers against independent scikit-learn calls."""
import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix, f1_score, recall_score

from bookeval_lib.course.opening import OpeningModel, opening_model, over_splits


@pytest.fixture(scope="module")
def opened():
    return opening_model()


def test_the_test_half_is_a_stratified_half_of_the_data(opened):
    target = load_breast_cancer().target
    malignant, total = int(np.sum(target == 0)), target.size        # scikit-learn's 0 is malignant
    assert (malignant, total) == (212, 569)
    # train_test_split(test_size=0.5) rounds the test size up: ceil(569/2) = 285, and stratifies:
    # 212/569 of 285 = 106.2 malignant cases
    assert opened.y_true.size == 285 and int(opened.y_true.sum()) == 106
    assert opened.y_pred.shape == opened.y_score.shape == opened.y_true.shape


def test_the_table_agrees_with_scikit_learns_confusion_matrix(opened):
    (tn, fp), (fn, tp) = confusion_matrix(opened.y_true, opened.y_pred, labels=[0, 1])
    table = opened.table
    assert (table.tp, table.fp, table.fn, table.tn) == (tp, fp, fn, tn)


def test_the_guessers_are_what_dummy_classifier_predicts(opened):
    # the training half has 212 - 106 = 106 malignant of 284: benign is the most frequent class
    assert np.all(opened.most_frequent == 0) and np.all(opened.constant_positive == 1)


def test_the_guessers_beat_the_model_on_accuracy_and_f1(opened):
    tables = opened.tables()
    accuracy = accuracy_score(opened.y_true, opened.y_pred)
    assert np.isclose(tables["model"].accuracy, accuracy)
    assert np.isclose(tables["most frequent"].accuracy, 179 / 285)             # every benign case right
    assert accuracy < accuracy_score(opened.y_true, opened.most_frequent)
    f1 = f1_score(opened.y_true, opened.y_pred)
    assert np.isclose(tables["model"].f1, f1)
    # constant positive: recall 1, precision 106/285, F1 = 2·106/(2·106 + 179) = 212/391
    assert np.isclose(f1_score(opened.y_true, opened.constant_positive), 212 / 391)
    assert f1 < 212 / 391


def test_the_model_knows_something_the_guessers_do_not(opened):
    recall = recall_score(opened.y_true, opened.y_pred)
    fallout = 1 - recall_score(opened.y_true, opened.y_pred, pos_label=0)      # 1 - specificity
    assert recall - fallout > 0
    assert np.isclose(opened.table.informedness, recall - fallout)
    for guessed in (opened.most_frequent, opened.constant_positive):
        assert recall_score(opened.y_true, guessed) == 1 - recall_score(opened.y_true, guessed, pos_label=0)


def test_it_is_deterministic_and_frozen(opened):
    again = opening_model()
    for name in ("y_true", "y_pred", "y_score", "most_frequent", "constant_positive"):
        np.testing.assert_array_equal(getattr(opened, name), getattr(again, name))
    with pytest.raises(AttributeError):
        opened.seed = 1


def test_a_learners_own_model_is_evaluated_on_the_same_cases(opened):
    own = opening_model(LogisticRegression(max_iter=1000), features=("mean radius", "mean texture"))
    assert isinstance(own, OpeningModel) and "LogisticRegression" in own.model
    np.testing.assert_array_equal(own.y_true, opened.y_true)
    # a logistic regression scored by predict_proba predicts 1 exactly where the score passes 0.5
    np.testing.assert_array_equal(own.y_pred, (own.y_score > 0.5).astype(int))
    assert accuracy_score(own.y_true, own.y_pred) > accuracy_score(own.y_true, own.most_frequent)


def test_over_splits_repeats_the_comparison_per_seed():
    repeated = over_splits([0, 1])
    for seed, accuracy in zip([0, 1], repeated["accuracy"]):
        single = opening_model(seed=seed)
        assert np.isclose(accuracy, accuracy_score(single.y_true, single.y_pred))
    assert all(values.shape == (2,) for values in repeated.values())


@pytest.mark.parametrize(("kwargs", "named"), [({"features": ()}, "features"),
                                                 ({"features": ("size",)}, "features"),
                                                 ({"test_size": 1.0}, "test_size")])
def test_bad_arguments_are_named(kwargs, named):
    with pytest.raises(ValueError, match=named):
        opening_model(**kwargs)
