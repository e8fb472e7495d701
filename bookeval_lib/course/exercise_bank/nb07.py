"""Exercises of notebook 07 (matching and merging clusters; exercise 1): right answers and common mistakes, computed."""
from __future__ import annotations

from ...contingency import Contingency
from ..checker import Exercise, Mistake

_CLUSTERS = [[2, 1, 20, 2], [18, 2, 1, 1], [1, 3, 2, 15], [1, 16, 2, 3]]

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
)
