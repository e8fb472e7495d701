"""Exercises of notebook 07 (matching and merging clusters; exercises 1-3): right answers and common mistakes,
computed."""
from __future__ import annotations

import functools

from ...contingency import Contingency
from ..checker import Exercise, Mistake

_CLUSTERS = [[2, 1, 20, 2], [18, 2, 1, 1], [1, 3, 2, 15], [1, 16, 2, 3]]

# exercise 2's clustering: 80 documents of class A and 20 of class B in two clusters
_TWO_CLUSTERS = ((70, 15), (10, 5))


def _purity(counts):
    """The share of cases in their cluster's majority class."""
    return sum(max(row) for row in counts) / sum(sum(row) for row in counts)


@functools.cache
def _iris_clusters():
    """Exercise 3's table: KMeans(3, n_init=10, random_state=0) on the iris flowers."""
    from sklearn.cluster import KMeans
    from sklearn.datasets import load_iris

    flowers, species = load_iris(return_X_y=True)
    clusters = KMeans(n_clusters=3, n_init=10, random_state=0).fit_predict(flowers)
    return Contingency.from_labels(species, clusters)


EXERCISES = (
    Exercise(
        id="07.1",
        asks="B after relabelling the clusters with their best classes (a float)",
        answer=lambda: Contingency(_CLUSTERS, classes="ABCD", layout="powers").match_labels().informedness,
        # 3 decimals: 5e-4
        tolerance=5e-4,
        hints=("A cluster's number is not a class name: call each cluster after the class it holds most of, "
               "then check that no other map (merges too) does better.",
               "match_labels() finds the map with the largest B; exhaustive_map tries all 4^4 = 256 maps.",
               "Cluster 0 holds mostly C."),
        mistakes=(
            Mistake(lambda: Contingency(_CLUSTERS, labels="ABCD", layout="powers").informedness,
                    "that is B with cluster 0 read as class A, 1 as B, and so on: relabel each cluster with "
                    "the class it matches first"),
        ),
        starter="answer_1 = ...  # B after relabelling",
    ),
    Exercise(
        id="07.2",
        asks="(purity, B after match_labels) of the two clusters, two floats to 3 decimals",
        answer=lambda: (_purity(_TWO_CLUSTERS),
                        float(Contingency(_TWO_CLUSTERS, classes="AB", layout="powers").match_labels()
                              .informedness)),
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("Purity names each cluster by its majority class; here both clusters have the majority A.",
               "Purity = (70 + 10)/100. For B, map cluster 0 to A and cluster 1 to B, then recall - fallout "
               "of A.",
               "B = 70/80 - 15/20; Contingency(...).match_labels() confirms no map does better."),
        mistakes=(
            Mistake(lambda: (_purity(_TWO_CLUSTERS), 0.0),
                    "0 is B when both clusters are named A, by their majorities; match_labels finds the "
                    "map that names cluster 1 B"),
            Mistake(lambda: (75 / 100, 70 / 80 - 15 / 20),
                    "purity takes each cluster's majority: 70 in cluster 0 and 10 (A) in cluster 1, not 5"),
        ),
        starter="answer_2 = ...  # (purity, B)",
    ),
    Exercise(
        id="07.3",
        asks="B of the iris clusters after match_labels, a float to 3 decimals; the paragraph is yours to write",
        answer=lambda: float(_iris_clusters().match_labels().informedness),
        # 3 decimals asked: half a unit of the third decimal
        tolerance=5e-4,
        hints=("Contingency.from_labels(species, clusters) puts the clusters in rows and the species in "
               "columns.",
               "match_labels() maps each cluster onto a species to maximise B.",
               "Its .informedness is B of the mapped table; .mapping says which cluster became which species."),
        mistakes=(
            Mistake(lambda: float(_iris_clusters().counts.max(axis=1).sum() / 150),
                    "that is the accuracy after the map (the share of flowers in their cluster's species); "
                    "B is the bias-weighted recall - fallout"),
        ),
        starter="answer_3 = ...  # B of the iris clusters",
    ),
)
