"""Notebooks 13's and 13b's data and models, for the tests that check what those notebooks say.

The digits, the stratified shuffled 5-fold split with seed 0, and the cross-validated predictions of the four
models the notebooks compare (computed once per test session).
"""
import functools


@functools.cache
def digits():
    """(x, y, folds, predictions): predictions maps each model's name to its cross-validated labels."""
    from sklearn.datasets import load_digits
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.tree import DecisionTreeClassifier

    x, y = load_digits(return_X_y=True)
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    models = {"naive Bayes": GaussianNB(), "5-nearest neighbours": KNeighborsClassifier(5),
              "tree, depth 2": DecisionTreeClassifier(max_depth=2, random_state=0),
              "tree, depth 3": DecisionTreeClassifier(max_depth=3, random_state=0)}
    predictions = {name: cross_val_predict(model, x, y, cv=folds) for name, model in models.items()}
    return x, y, folds, predictions
