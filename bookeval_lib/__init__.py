"""bookeval_lib: the helper package of the bookeval notebooks.

Evaluating a classifier honestly, after David Powers' Bookmaker informedness,
markedness and their geometric mean, the Matthews correlation, set against
recall, precision, F, Jaccard, Rand accuracy, kappa, Yule's Q/Y and chi^2.
"""
from .contingency import Contingency
from .measures import LAYOUTS, MEASURES, BinaryTable

__all__ = ["BinaryTable", "Contingency", "MEASURES", "LAYOUTS"]
__version__ = "0.1.0"
