"""Exercises of notebook 01b (guessers; exercises 1-3): right answers and common mistakes, computed."""
from __future__ import annotations

import numpy as np

from ...measures import BinaryTable
from ..checker import Exercise, Mistake


def _guesser_grid():
    """The guessing tagger on the notebook's grid: 99 prevalences p by 99 guess rates q."""
    p = np.linspace(0.01, 0.99, 99)[:, None]
    q = np.linspace(0.01, 0.99, 99)[None, :]
    return BinaryTable(tp=q * p, fp=q * (1 - p), fn=(1 - q) * p, tn=(1 - q) * (1 - p))


def _uniform_dummy_scored():
    """DummyClassifier(strategy="uniform", random_state=1) scored on the notebook's 1,000 test words."""
    from sklearn.dummy import DummyClassifier
    word_rng = np.random.default_rng(2003)
    y_train = np.where(word_rng.random(2000) < 0.9, "noun", "verb")
    y_test = np.repeat(["noun", "verb"], [900, 100])
    x_train, x_test = np.zeros((y_train.size, 1)), np.zeros((y_test.size, 1))
    uniform = DummyClassifier(strategy="uniform", random_state=1).fit(x_train, y_train)
    return BinaryTable.from_labels(y_test, uniform.predict(x_test), pos_label="noun")


def _bias_recall_fallout(table):
    return (table.bias, table.recall, table.fallout)


# exercise 3's tagger T on the 1,000 test words, noun as the positive class: it says "verb" 20 times,
# 15 of them rightly
_TAGGER_T = BinaryTable(tp=895, fp=85, fn=5, tn=15)


EXERCISES = (
    Exercise(
        id="01b.1",
        asks="the largest |recall - fallout| of the guessing tagger over your grid of p and q (a float)",
        answer=lambda: float(np.max(np.abs(_guesser_grid().recall - _guesser_grid().fallout))),
        # recall = qp/p and fallout = q(1-p)/(1-p) are q to a few ulps (< 1e-15), so the exact gap 0
        # shows as at most ~1e-15; 1e-9 admits that rounding and no gap that is not 0 to 9 decimals
        tolerance=1e-9,
        hints=("Write the four cells of a tagger that says \"noun\" with probability q whatever the word: "
               "tp = q p, fp = q (1 - p).",
               "Broadcast a column of p against a row of q into BinaryTable(tp=..., fp=..., fn=..., tn=...) "
               "and take recall - fallout over the whole grid.",
               "recall = qp/p and fallout = q(1 - p)/(1 - p): both are q."),
        mistakes=(
            Mistake(lambda: float(np.max(np.abs(_guesser_grid().recall - _guesser_grid().precision))),
                    "that is recall - precision: the gap asked is recall - fallout, fallout = fp/(fp + tn)"),
        ),
        starter="answer_1 = ...  # the largest |recall - fallout| over the grid",
    ),
    Exercise(
        id="01b.2",
        asks="(bias, recall, fallout) you expect of the uniform DummyClassifier, before scoring it",
        # "uniform" says each of the two classes with probability 1/2 whatever the word: bias 1/2 and
        # informedness 0, on the test words' prevalence 900/1000
        answer=lambda: _bias_recall_fallout(BinaryTable.from_rates(prevalence=0.9, bias=1 / 2, informedness=0)),
        # expected values, exact to 1 decimal; 5e-4 (3 decimals) still tells them from one run's values
        tolerance=5e-4,
        hints=("\"uniform\" ignores the word: it picks each of the two classes with the same probability.",
               "A guesser that says \"noun\" with probability q has bias q and recall = fallout = q "
               "(exercise 1).",
               "q = 1/2 here."),
        mistakes=(
            Mistake(lambda: _bias_recall_fallout(_uniform_dummy_scored()),
                    "those are the values of this one run: the exercise asks what you expect before "
                    "scoring, the average over many runs"),
            Mistake(lambda: _bias_recall_fallout(BinaryTable.from_rates(prevalence=0.9, bias=0.9, informedness=0)),
                    "that is the \"stratified\" guesser, which says \"noun\" as often as nouns occur; "
                    "\"uniform\" picks each class with probability 1/2"),
        ),
        starter="answer_2 = ...  # (bias, recall, fallout) you expect",
    ),
    Exercise(
        id="01b.3",
        asks="B = recall - fallout of tagger T, a float to 3 decimals; what the leaderboard should show is "
             "yours to write",
        answer=lambda: float(_TAGGER_T.recall - _TAGGER_T.fallout),
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("Build T's table first: of the 20 words it calls verbs, 15 are verbs and 5 nouns.",
               "With noun as the positive class: TP = 900 - 5, FN = 5, FP = 100 - 15, TN = 15.",
               "Recall 895/900, fallout 85/100."),
        mistakes=(
            Mistake(lambda: float(_TAGGER_T.accuracy),
                    "that is T's accuracy, the leaderboard's number; B = recall - fallout = 895/900 - 85/100"),
            Mistake(lambda: 15 / 100,
                    "that is the share of verbs T finds; B = recall - fallout, here 895/900 - 85/100 with "
                    "noun as the positive class (the same with verb as the positive class: 15/100 - 5/900)"),
        ),
        starter="answer_3 = ...  # B of tagger T",
    ),
)
