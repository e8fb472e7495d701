"""The "check your understanding" quizzes: their display, their shape, and every computed fact.

Every number a question shows is a fact its ``facts()`` computes with the library; EXPECTED below gives each
fact again, from hand arithmetic written in a comment or from an independent library (scipy, scikit-learn),
and a question with facts and no entry here fails.  Tolerance 1e-6: the hand values are written to 6
decimals (rounding error at most 5e-7).
"""
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import binomtest, chi2_contingency, entropy, ttest_ind_from_stats
from sklearn.metrics import balanced_accuracy_score, cohen_kappa_score, matthews_corrcoef, roc_auc_score

from bookeval_lib.course.quiz import Option, Question, Quiz, notebooks, questions, quiz, shown_order

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = {re.match(r"^(\d\db?|A\d)_", p.name).group(1): p
             for p in sorted((ROOT / "notebooks").glob("*.ipynb")) if re.match(r"^(\d\db?|A\d)_", p.name)}
ALL = [q for nb in notebooks() for q in questions(nb)]
TOLERANCE = 1e-6


def _bookmaker(counts):
    """K-class informedness by brute force (rows = predictions): sum_l Pr_P(l) (recall(l) - fallout(l))."""
    counts = np.asarray(counts, dtype=float)
    n, rows, cols = counts.sum(), counts.sum(axis=1), counts.sum(axis=0)
    return sum(rows[l] / n * (counts[l, l] / cols[l] - (rows[l] - counts[l, l]) / (n - cols[l]))
               for l in range(len(counts)))


def _syrah_share():
    """Pr(2 TP - FP >= 6) for TP ~ Bin(9, 1/3) and FP ~ Bin(18, 1/3), independent, by exact enumeration."""
    def pmf(k, n):
        return math.comb(n, k) * 2 ** (n - k) / 3 ** n        # (1/3)^k (2/3)^(n - k)
    return sum(pmf(t, 9) * pmf(f, 18) for t in range(10) for f in range(19) if 2 * t - f >= 6)


def _h(*shares):
    return entropy(shares, base=2)


def _concordance():
    """The shipped concordance read as JSON Lines, without the package's reader."""
    path = ROOT / "bookeval_lib" / "data" / "brown_dog_train.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _labelled_by_rule():
    records = _concordance()
    rule = sum(r["decided_by"].startswith("rule") for r in records)
    return {"n": len(records), "rule": rule, "reading": len(records) - rule}


def _table1_matches():
    from bookeval_lib.course.papers import PAPER_TABLE_1     # the paper's printed counts (data, with source)
    records = _concordance()
    ours = {s: (sum(r["sense"] == s for r in records), len({r["doc"] for r in records if r["sense"] == s}))
            for s in PAPER_TABLE_1}
    return {"classes": len(PAPER_TABLE_1), "same": sum(ours[s] == PAPER_TABLE_1[s] for s in PAPER_TABLE_1)}


def _sklearn_3x3(function, **options):
    counts = np.array([[20, 5, 5], [10, 10, 5], [0, 5, 40]])      # rows = predictions
    pred = np.repeat(np.repeat([0, 1, 2], 3), counts.ravel())
    true = np.repeat(np.tile([0, 1, 2], 3), counts.ravel())
    return function(true, pred, **options)


EXPECTED = {
    # the opening test half, 106 malignant and 179 benign: always benign right on 179/285 = 0.628070;
    # always malignant F1 = 2·106/(2·106 + 179) = 212/391 = 0.542199, precision 106/285 = 0.371930
    "00.Q1": {"accuracy": 0.628070, "f1": 0.542199, "prevalence": 0.371930},
    "00.Q2": {"accuracy": 0.628070, "f1": 0.542199, "prevalence": 0.371930},
    # always positive at p = 0.25: precision 0.25, recall 1, F1 = 2·0.25/1.25 = 0.4
    "00.Q3": {"f1": 0.4, "precision": 0.25},
    # every spam caught (TP 50, FN 0), every ham flagged (FP 950, TN 0): recall 50/50, precision 50/1000,
    # recall - fallout = 1 - 950/950; read along the wrong margins, recall and precision swap
    "01b.Q1": {"recall": 1.0, "precision": 0.05, "informedness": 0.0, "swapped_recall": 0.05,
              "swapped_precision": 1.0},
    # scikit-learn's [[TN, FP], [FN, TP]] = [[80, 5], [10, 5]]: TP = 5
    "01.Q1": {"a": False, "b": True, "c": False},
    # fp = 10/100; bias = (20 + 10)/100
    "01.Q3": {"fp": 0.1, "bias": 0.3},
    # a guess says + with probability 0.3 in both columns: recall = fallout = 0.3; precision = tp/pp =
    # 0.3*0.3/0.3
    "01b.Q2": {"recall": 0.3, "fallout": 0.3, "precision": 0.3},
    # rp = 25/100, pp = 30/100, recall 20/25 = 0.8, inverse recall 65/75 = 0.866667, accuracy 85/100;
    # 0.25*0.8 + 0.75*0.866667 = 0.85; 0.3*0.8 + 0.7*0.866667 = 0.846667; (0.8 + 0.866667)/2 = 0.833333
    "02.Q1": {"accuracy": 0.85, "prevalence_avg": 0.85, "bias_avg": 0.846667, "equal_avg": 0.833333,
              "prevalence": True, "bias": False, "equal": False},
    # 3 of 4 right; of the 6 pairs, (0,2), (0,3), (2,3) are together-or-apart in both labellings: 3/6
    "02.Q2": {"accuracy": 0.75, "rand": 0.5},
    # recall 20/25, precision 20/30; B = 0.8 - 10/75 and 0.8 - 10/15
    "02.Q3": {"recall": 0.8, "precision": 0.666667, "b_a": 0.666667, "b_b": 0.133333},
    # Jaccard = 20/(20 + 10 + 5); F1 = 40/55
    "02.Q5": {"jaccard": 0.571429, "f1": 0.727273},
    # tp 0.20, pp 0.30, rp 0.25: 0.2/0.275 = 40/55; 0.2/sqrt(0.075) = 0.730297 = sqrt(0.8 * 20/30);
    # harmonic mean 2*0.3*0.25/0.55 = 0.15/0.55: 0.2*0.55/0.15 = 0.733333
    "02b.Q5": {"tp": 0.2, "pp": 0.3, "rp": 0.25, "f1": 0.727273, "over_mean": 0.727273, "g": 0.730297,
               "over_geometric": 0.730297, "over_harmonic": 0.733333},
    # F1 = 2*20/(2*20 + 10 + 5) = 40/55; G = sqrt(0.8 * 20/30); Jaccard = 20/(20 + 10 + 5)
    "02b.Q1": {"f1": 0.727273, "g": 0.730297, "jaccard": 0.571429},
    # F2 = 5*20/(5*20 + 4*5 + 10) = 100/130; F0.5 = 1.25*20/(1.25*20 + 0.25*5 + 10) = 25/36.25
    "02b.Q2": {"recall": 0.8, "precision": 0.666667, "f2": 0.769231, "f_half": 0.689655},
    # w = pp/(pp + rp): 0.30/(0.30 + 0.25) and 0.50/(0.50 + 0.25); 0.545455*20/30 + 0.454545*0.8 = 0.363636
    # + 0.363636 = 40/55
    "02b.Q3": {"w_a": 0.545455, "w_b": 0.666667, "f1_a": 0.727273, "mix_a": 0.727273},
    # H(R|P) = 0.3 H(20/30, 10/30) + 0.7 H(5/70, 65/70) (scipy's entropy); a guess leaves H(R) = H(0.25, 0.75)
    "02b.Q4": {"h": 0.3 * _h(2 / 3, 1 / 3) + 0.7 * _h(5 / 70, 65 / 70), "h_guess": _h(0.25, 0.75),
               "prevalence": 0.25},
    # B = 30/50 - 10/50; M = 30/40 - 20/60; MCC = (30*40 - 10*20)/sqrt(40*60*50*50) = 1000/2449.4897
    "03.Q1": {"b": 0.4, "m": 0.416667, "mcc": 0.408248},
    # swapped: TP 40, FP 20, FN 10, TN 30; F1 = 60/90 before, 80/110 after
    "03b.Q1": {"informedness": 0.4, "informedness_swapped": 0.4, "informedness_same": True,
              "markedness": 0.416667, "markedness_swapped": 0.416667, "markedness_same": True,
              "matthews_correlation": 0.408248, "matthews_correlation_swapped": 0.408248,
              "matthews_correlation_same": True, "f1": 0.666667, "f1_swapped": 0.727273, "f1_same": False},
    # recall = B*rn + pp: 0.5*0.8 + 0.2 and 0.4 + 0.5; tp = recall*rp = 0.12, 0.18; precision 0.12/0.2, 0.18/0.5
    "03b.Q2": {"recall_low": 0.6, "recall_high": 0.9, "precision_low": 0.6, "precision_high": 0.36,
              "b_low": 0.5, "b_high": 0.5},
    # B = 45/75 - 5/25; M = 45/50 - 30/50
    "03.Q3": {"b": 0.4, "m": 0.3},
    # bias 0.2: cells 0.12, 0.08, 0.08, 0.72: kappa (0.84 - 0.68)/(1 - 0.68) = 0.5; MCC (0.0864 - 0.0064)/0.16;
    # M = 0.6 - 0.1; F1 = 0.24/0.40.  bias 0.4: cells 0.16, 0.24, 0.04, 0.56: kappa (0.72 - 0.56)/0.44;
    # MCC 0.08/sqrt(0.4*0.6*0.2*0.8); M = 0.16/0.4 - 0.04/0.6; F1 = 0.32/0.60
    "04.Q1": {"kappa": 0.5, "kappa_moved": 0.363636, "kappa_same": False,
              "matthews_correlation": 0.5, "matthews_correlation_moved": 0.408248,
              "matthews_correlation_same": False, "markedness": 0.5, "markedness_moved": 0.333333,
              "markedness_same": False, "f1": 0.6, "f1_moved": 0.533333, "f1_same": False,
              "informedness": 0.5, "informedness_moved": 0.5, "informedness_same": True},
    # B = 0.8 - 0.3; AUC = (1 + B)/2; WRAcc = 0.5*0.5*0.5
    "04.Q2": {"auc": 0.75, "b": 0.5, "wracc": 0.125, "rp": 0.5},
    # scipy's chi-squared test without continuity correction; B = 0.6 - 0.2, M = 0.75 - 1/3
    "04.Q3": {"chi_small": chi2_contingency([[30, 10], [20, 40]], correction=False)[0],
              "chi_large": chi2_contingency([[300, 100], [200, 400]], correction=False)[0],
              "b": 0.4, "b_large": 0.4, "m": 0.416667},
    # precision 0/0 and markedness undefined; recall 0/10; B = 0/10 - 0/90
    "04.Q4": {"precision_nan": True, "recall": 0.0, "recall_nan": False, "informedness": 0.0,
              "informedness_nan": False, "markedness_nan": True},
    # a guess: AUC (0 + 1)/2, kappa 0, accuracy pp*rp + pn*rn = 0.4*0.3 + 0.6*0.7
    "04.Q5": {"auc": 0.5, "kappa": 0.0, "accuracy": 0.54, "auc_half": True, "kappa_half": False,
              "accuracy_half": False},
    # 10*0.7 : 10*0.3; 0.3*7 - 0.7*3 = 0; 0.3*3 - 0.7*7 = -4; even odds (7 + 3)/2 = 5: 0.3*5 - 0.7*5 = -2
    "05.Q1": {"win": 7.0, "stake": 3.0, "fair_gain": 0.0, "swapped_gain": -4.0, "even": 5.0, "even_gain": -2.0},
    # + wins 70 %: fair odds 10*0.3 : 10*0.7; always backing + wins 70 % of bets, 0.7*3 - 0.3*7 = 0
    "05.Q2": {"win": 3.0, "stake": 7.0, "gain": 0.0, "won_percent": 70.0},
    # at 7:3 a bet on + wins 7 or loses 3, a bet on - wins 3 or loses 7: won 12*7 + 42*3, lost 28*3 + 18*7
    "05.Q3": {"won": 210.0, "lost": 210.0},
    # unit odds at rp = 0.5: win 1, lose 1: 0.3 + 0.4 - 0.1 - 0.2 = B = 0.6 - 0.2; accuracy 70/100
    "05.Q4": {"gain": 0.4, "b": 0.4, "accuracy": 0.7},
    # two classes: B(+) = B(-) = B = 0.6 - 0.2, each label wins 10*0.4; weighted by the bias 0.4 and 0.6
    "05.Q5": {"total": 4.0, "won_plus": 4.0, "won_minus": 4.0, "weighted_plus": 1.6, "weighted_minus": 2.4},
    # tpr = G + (1 - G) q = 0.4 + 0.6*0.6, fpr = 0.6*0.6; accuracy = 0.3*0.76 + 0.7*(1 - 0.36) = 0.228 + 0.448;
    # a pure guess (G = 0): 0.3*0.6 + 0.7*0.4
    # the lift over the guess 0.676 - 0.46 (rescaled, 0.216/0.54 = 0.4 = B)
    "05b.Q1": {"tpr": 0.76, "fpr": 0.36, "b": 0.4, "accuracy": 0.676, "guess_accuracy": 0.46, "excess": 0.216},
    "05b.Q2": {"tpr": 0.76, "fpr": 0.36, "b": 0.4, "accuracy": 0.676, "guess_accuracy": 0.46, "excess": 0.216},
    # swapped informed bets back the loser: tpr = 0.85*0.8, fpr = 0.15 + 0.85*0.8; B = 0.68 - 0.83
    "05b.Q3": {"tpr": 0.68, "fpr": 0.83, "b": -0.15},
    # cells (+,+) 0.3*0.75, (+,-) 0.7*0.25, (-,-) 0.7*0.75, (-,+) 0.3*0.25; unit payoffs +1, -0.3/0.7, +1,
    # -0.7/0.3: mean 0.225 - 0.075 + 0.525 - 0.175 = 0.5; E[X^2] = 0.225 + 0.175*0.183673 + 0.525
    # + 0.075*5.444444 = 1.190476; sd = sqrt(1.190476 - 0.25) = 0.969781; se = sd/sqrt(20000)
    "05b.Q4": {"mean": 0.5, "se": 0.969781 / math.sqrt(20000), "se_4": 4 * 0.969781 / math.sqrt(20000)},
    # 80 of 100 on the diagonal; every B(l) = 0 (label a: recall 1 - fallout 1)
    "06b.Q1": {"accuracy": 0.8, "b": 0.0},
    # diagonal 70/100; macro recall (20/30 + 10/20 + 40/50)/3; B by brute force
    "06b.Q2": {"micro": 0.7, "macro": 0.655556, "accuracy": 0.7, "b": _bookmaker([[20, 5, 5], [10, 10, 5], [0, 5, 40]]),
              "micro_is_accuracy": True, "macro_is_b": False},
    # R_K from scikit-learn's matthews_corrcoef, kappa from its cohen_kappa_score; M is B of the transposed table
    "06b.Q3": {"rk": _sklearn_3x3(matthews_corrcoef),
              "root": math.sqrt(_bookmaker([[20, 5, 5], [10, 10, 5], [0, 5, 40]])
                                * _bookmaker(np.transpose([[20, 5, 5], [10, 10, 5], [0, 5, 40]]))),
              "kappa": _sklearn_3x3(cohen_kappa_score),
              "equal": False},
    # read as named: B = 5/25 - 20/25; renamed: 20/25 - 5/25, cluster 0 -> y
    "07.Q1": {"b": -0.6, "b_matched": 0.6, "map_0": "y"},
    # kept 80 of 100: B = 40/45 - 5/35 = 0.746032; times 0.8
    "07b.Q1": {"coverage": 0.8, "b_kept": 0.746032, "b": 0.596825},
    # class x: 40 hits of 55 cases in all; kept: 40 of 45; 40/45 * 80/100 = 32/45
    "07b.Q2": {"recall_all": 0.727273, "recall_kept": 0.888889, "coverage": 0.8, "scaled": 0.711111},
    # classifier table G 0.5, rp 0.3, q 0.2: tp 0.3*0.6, fn 0.12, fp 0.7*0.5*0.2, tn 0.63; transposed
    # (tp 0.18, fp 0.12, fn 0.07, tn 0.63): M = 0.18/0.30 - 0.07/0.70, B = 0.18/0.25 - 0.12/0.75
    # and r = sqrt(B * M) = sqrt(0.28) (both positive)
    "08b.Q1": {"m": 0.5, "b": 0.56, "r": math.sqrt(0.28)},
    # tpr 0.75, fpr 0.25, so each class adds 0.75*0.25/n = 0.1875/n: Var = 0.1875/RP + 0.1875/RN
    "08b.Q2": {"now": math.sqrt(0.1875 / 10 + 0.1875 / 990), "negatives": math.sqrt(0.1875 / 10 + 0.1875 / 1980),
               "positives": math.sqrt(0.1875 / 40 + 0.1875 / 990)},
    # G 0.5, rp 0.2, q 0.5: cells 0.15, 0.2, 0.05, 0.6: kappa (0.75 - 0.59)/0.41; MCC 0.08/sqrt(0.35*0.65*0.2*0.8)
    "08b.Q3": {"kappa": 0.390244, "b": 0.5, "mcc": 0.419314},
    # a guesser of bias 1/3 on 9 + 18 cases: Pr(TP/9 - FP/18 >= 1/3), summed with math.comb (_syrah_share);
    # sd = sqrt((1/3)(2/3)(1/9 + 1/18)) = sqrt(1/27)
    "09.Q1": {"share": _syrah_share(), "one_in": 1 / _syrah_share(), "informed": 1 - _syrah_share(),
              "sd": math.sqrt(1 / 27)},
    # scipy's chi-squared test; N*B*M = 100*0.4*0.416667
    "09b.Q2": {"chi2": chi2_contingency([[30, 10], [20, 40]], correction=False)[0], "nbm": 16.666667,
              "p": chi2_contingency([[30, 10], [20, 40]], correction=False)[1]},
    # exact McNemar: FP = FN = 25, scipy's binomial test of 25 of 50 at 1/2; B = 25/50 - 25/50
    "10.Q1": {"p": binomtest(25, 50).pvalue, "b": 0.0},
    # fpr 60/100, tpr 30/100, B = 0.3 - 0.6; reversed: 0.7 - 0.4
    "11.Q1": {"fpr": 0.6, "tpr": 0.3, "b": -0.3, "b_flipped": 0.3},
    # c = (1/10) * (0.95/0.05)
    "11.Q5": {"c": 1.9, "class_ratio": 19.0},
    # c = (1/2) * (0.8/0.2); the class ratio alone 0.8/0.2
    "11.Q2": {"c": 2.0, "inverse": 0.5, "class_ratio": 4.0},
    # hull slopes 5, 1, 0.2 are decreasing; (0.3, 0.6) lies under the chord (0.1, 0.5)-(0.5, 0.9), which is 0.7 there
    "11b.Q1": {"on_1": True, "on_2": False, "on_3": True},
    "11b.Q2": {"auc": roc_auc_score([1, 1, 0, 0], [0.8, 0.5, 0.5, 0.2])},
    "12.Q1": _labelled_by_rule(),
    # 0.6*0.9 and 0.8*0.5
    "12.Q3": {"a_b": 0.6, "a_cover": 0.9, "b_b": 0.8, "b_cover": 0.5, "a_discounted": 0.54, "b_discounted": 0.4},
    # transposed [[50, 5], [10, 35]]; the same or reversed ([[35, 5], [10, 50]]) would differ from it
    "13.Q1": {"transposed": True, "same": False, "reordered": False},
    # two classes: recalls 30/40 and 40/60, ABA = (0.708333 - 0.5)/0.5, B = 0.75 - 20/60; three classes:
    # scikit-learn's balanced_accuracy_score(adjusted=True) against B by brute force
    "13.Q2": {"aba2": 0.416667, "b2": 0.416667,
              "aba3": _sklearn_3x3(balanced_accuracy_score, adjusted=True),
              "b3": _bookmaker([[20, 5, 5], [10, 10, 5], [0, 5, 40]]), "equal2": True, "equal3": False},
    # 0.01*0.8/(0.008 + 0.99*0.1) and 0.3*0.8/(0.24 + 0.7*0.1)
    "14.Q1": {"low": 0.074766, "high": 0.774194},
    # ROC midpoint (0.3, 0.6): 0.12/(0.12 + 0.24); the PR ends 0.08/0.16 and 0.16/0.56, averaged
    "14.Q2": {"middle": 0.333333, "straight": (0.5 + 0.285714) / 2, "recall": 0.6},
    # ((1 - 0.7) + 0.2)/2
    "14.Q3": {"cost": 0.25, "b": 0.5},
    # say + when p*5 > (1 - p)*1: p > 1/6; the costs swapped, 5/6
    "14.Q4": {"threshold": 0.166667, "swapped": 0.833333},
    # TP 20, FP 10, FN 5, TN 65: recall 20/25, precision 20/30, fallout 10/75
    "01.Q4": {"recall": 0.8, "precision": 0.666667, "fallout": 0.133333},
    # always +, 80 positives of 100: accuracy 80/100, F1 = 2*80/(2*80 + 20 + 0) = 160/180, B = 80/80 - 20/20
    "01b.Q3": {"accuracy": 0.8, "f1": 0.888889, "informedness": 0.0},
    # guesser q = 0.5 on 50 + 50: Var = 0.25/50 + 0.25/50 = 0.01, sd 0.1
    "01b.Q4": {"sd": 0.1, "two_sd": 0.2, "model": 0.15},
    # rp 0.25, B 0.6: recall = B*rn + pp = 0.45 + 0.3 and 0.45 + 0.5; precision = rp*recall/pp = 0.1875/0.3
    # and 0.2375/0.5
    "03b.Q3": {"recall": 0.75, "precision": 0.625, "recall_high": 0.95, "precision_high": 0.475, "b_high": 0.6},
    "03b.Q4": {"recall": 0.75, "precision": 0.625, "recall_high": 0.95, "precision_high": 0.475, "b_high": 0.6},
    # label a: recall 20/30; predicted a among the 70 not a: 10/70; B(a) = 2/3 - 1/7 = 11/21
    "06.Q3": {"b_a": 11 / 21, "recall_a": 2 / 3},
    # always a on shares 0.8, 0.1, 0.1: accuracy 0.8, micro B = (0.8 - 1/3)/(2/3) = 0.7; every B(l) = 0
    "06b.Q4": {"accuracy": 0.8, "micro_b": 0.7, "b": _bookmaker([[80, 10, 10], [0, 0, 0], [0, 0, 0]]),
               "macro_b": 0.0},
    # variance proportional to 1/N at fixed rates: sqrt(10,000/100)
    "08b.Q4": {"ratio": 10.0},
    # B = 0.6 - 0.1 = 0.8 - 0.3; distances sqrt(0.1^2 + 0.4^2) and sqrt(0.3^2 + 0.2^2)
    "11.Q4": {"b_1": 0.5, "b_2": 0.5, "d_1": math.sqrt(0.17), "d_2": math.sqrt(0.13)},
    # (10*0.81 + 90*0.01)/100 = rp*(1 - rp) = 0.1*0.9
    "14b.Q2": {"brier": 0.09, "prevalence": 0.1},
    # a guess with bias 0.6 at prevalence 0.7: tp = 0.6*0.7; recall = tp/rp = 0.6, fallout = (0.6 - 0.42)/0.3 = 0.6
    "01.Q5": {"tp": 0.42, "recall": 0.6, "fallout": 0.6},
    # TP 10, FP 0, FN 15, TN 75: B = 10/25 - 0/75 = min(0.1/0.25, 0.9/0.75); bias 10/100, prevalence 25/100
    "03b.Q5": {"b_max": 0.4, "bias": 0.1, "prevalence": 0.25},
    # LingPipe (9, 3, 4, 11) = (TP, FN, FP, TN): FP = 4
    "A1.Q1": {"three": False, "four": True},
    # PP 13, RP 12, PN 14, RN 15: (13*12 + 14*15)/27^2 = 366/729; kappa (540 - 366)/(729 - 366) = 174/363
    "A1.Q2": {"random": 366 / 729, "kappa": 174 / 363, "accuracy": 20 / 27},
    # sqrt(9/12 * 9/13); 9 divided by it
    "A1.Q3": {"index": 0.720577, "printed_formula": 12.489996},
    # sqrt((20/27)(7/27)/27)
    "A1.Q4": {"deviation": math.sqrt(20 / 27 * 7 / 27 / 27), "accuracy": 20 / 27, "n": 27.0},
    # 5/9 = 0.555556 truncates to the printed 0.5555 and rounds to 0.5556
    "A1.Q5": {"value": 5 / 9, "printed": 0.5555, "truncation": True, "rounding": False},
    # 30 bets at 7 and 70 at 3, none lost
    "A2.Q1": {"won": 420.0, "lost": 0.0},
    # F = 24/70, IF = 84/130, pp = 0.4: 1/(0.4/F + 0.6/IF) = 0.477273; 0.4 F + 0.6 IF = 0.524835
    # (F + IF)/2 = (0.342857 + 0.646154)/2
    "A2.Q2": {"avf": 0.477273, "harmonic": 0.477273, "arithmetic": 0.524835, "plain": 0.494505,
              "is_harmonic": True, "is_arithmetic": False, "is_plain": False},
    # cells pi_c (g_c [l = c] + (1 - g_c) q_l), by exact fractions: rows 263/500, 33/125, 21/100;
    # B(l) = recall - fallout = 197/250, 193/350, 17/40; B = sum rows B(l) = 2272603/3500000 = 0.649315.
    # weights w_c = row_c (1 - q_c) + pi_c (S - s_c), s_l = row_l q_l / (1 - pi_l) = 0.2104, 0.113143,
    # 0.13125, S = 0.454793: 0.4208 + 0.122196, 0.1848 + 0.102495, 0.105 + 0.064709 = 0.542996, 0.287295,
    # 0.169709 (sum 1, and 0.9 w_0 + 0.5 w_1 + 0.1 w_2 = 0.649315, B by its definition above)
    # prevalence-weighted 0.5(0.9) + 0.3(0.5) + 0.2(0.1) = 0.62; plain mean 1.5/3 = 0.5
    "A2.Q5": {"b": 0.649315, "prevalence": 0.62, "plain": 0.5, "w0": 0.542996, "w1": 0.287295,
              "w2": 0.169709, "is_b": True, "is_prevalence": False, "is_plain": False},
    # r 0.8, p 2/3: F2 = 5pr/(4p + r) = 0.769231; 1/(0.8/0.8 + 0.2/(2/3)) = 1/1.3; 1/(0.2/0.8 + 0.8/(2/3)) = 1/1.45
    "A3.Q1": {"f2": 0.769231, "at_08": 0.769231, "at_02": 0.689655, "is_08": True, "is_02": False},
    # 0.25*0.8 + 0.75*0.866667 = 0.85; printed 0.25*0.2 + 0.75*0.866667 = 0.7
    "A3.Q2": {"accuracy": 0.85, "right": 0.85, "printed": 0.7, "printed_ok": False, "right_ok": True},
    # FP = FN = 10: fallout 10/60, miss rate 10/40
    "A3.Q3": {"bias": 0.4, "prevalence": 0.4, "fallout": 0.166667, "miss": 0.25},
    # every cell 1/4: accuracy 0.5, F = IF = 0.5, G = IG = 0.5
    "A4.Q2": {"wav": 0.5, "fav": 0.5, "gav": 0.5, "b": 0.0},
    "A5.Q2": {"maps": 387_420_489.0, "with_drop": 68_719_476_736.0},
    # diagonal 1 + 20 or 3 + 10; B = 1/11 - 3/23 = -0.039526 and its negative
    "A5.Q3": {"diag_named": 21.0, "diag_swapped": 13.0, "b_named": -0.039526, "b_swapped": 0.039526,
              "best_0": "y"},
    "A6.Q1": _table1_matches(),
    # 1/(1 + 99) = 0.01 and 1/(1 + 1999) = 0.0005; 0.01*0.99/99 = 0.0001, so 2*sqrt(0.0001) = 0.02
    "12b.Q3": {"smallest": 0.01, "smallest_1999": 0.0005, "two_se": 0.02},
    # 2000 - 150 = 1850 tables defined for both; 100*150/2000 = 7.5 %
    "08.Q1": {"undefined": 150, "common": 1850, "percent": 7.5},
    # 0.68 - 0.62; sqrt(0.05^2/10 + 0.05^2/10) = sqrt(0.0005); 0.06/0.022361; scipy's two-sample t-test from the
    # summaries (equal variances, 18 degrees of freedom)
    "12b.Q4": {"diff": 0.06, "se": 0.022361, "t": 2.683282,
               "p": ttest_ind_from_stats(0.68, 0.05, 10, 0.62, 0.05, 10).pvalue},
    # sqrt(0.95*0.05/2000); (0.95 - 0.93)/se; the gap in percentage points, 95 - 93
    "A7.Q1": {"tables": 2000, "measured": 0.93, "se": math.sqrt(0.0475 / 2000),
              "z": 0.02 / math.sqrt(0.0475 / 2000), "gap": 2.0},
}


def _same(value, expected):
    if isinstance(expected, (bool, str)):
        return value == expected
    return math.isclose(float(value), expected, abs_tol=TOLERANCE)


@pytest.mark.parametrize("question", ALL, ids=lambda q: q.id)
def test_every_computed_fact_is_checked_independently(question):
    facts = question.facts()
    if not facts:
        assert question.id not in EXPECTED
        return
    assert question.id in EXPECTED, f"{question.id}: facts {sorted(facts)} are not checked here"
    expected = EXPECTED[question.id]
    assert set(facts) == set(expected)
    wrong = {k: (facts[k], expected[k]) for k in facts if not _same(facts[k], expected[k])}
    assert not wrong, wrong


def test_every_expected_entry_belongs_to_a_question():
    assert set(EXPECTED) <= {q.id for q in ALL}


def _headings(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return {m.group(1).strip() for m in re.finditer(r"^#{2,4} (.+)$", text, re.MULTILINE)}


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS))
def test_every_notebook_has_4_to_6_well_formed_questions(notebook):
    items = questions(notebook)
    assert 4 <= len(items) <= 6
    assert [q.id for q in items] == [f"{notebook}.Q{k}" for k in range(1, len(items) + 1)]
    headings = _headings(NOTEBOOKS[notebook])
    for q in items:
        assert q.section in headings, f"{q.id}: no section {q.section!r} in {NOTEBOOKS[notebook].name}"
        shown = q.rendered()
        assert shown["prompt"].strip()
        if q.kind == "number":
            assert not q.options and q.why.strip() and q.answer in q.facts()
            assert math.isfinite(float(q.facts()[q.answer]))
        else:
            assert len(q.options) >= 2 and not q.why and not q.answer
            assert any(right for _, right, _ in shown["options"]), f"{q.id}: no right option"
            assert all(text.strip() and why.strip() for text, _, why in shown["options"])
            for option in q.options:
                if isinstance(option.right, str):
                    assert isinstance(q.facts()[option.right], bool)
        assert not re.search(r"\bnan\b", json.dumps(shown)), f"{q.id} shows an undefined number"


def test_the_html_reveals_on_click_and_the_text_hides_the_answers():
    question = Question(id="99.Q1", section="s", prompt="Pick `one`, of {n:.1f}",
                        options=(Option("yes <b>", True, "because & so"), Option("no", "flag", "not {n:.0f}")),
                        facts=lambda: {"n": 2.0, "flag": False})
    number = Question(id="99.Q2", section="s", prompt="How many?", answer="n", digits=2, why="count them",
                      facts=lambda: {"n": 2.0})
    shown = Quiz("99", (question, number))
    html = shown._repr_html_()
    assert html.count("<details>") == 3 and html.count("<summary>") == 3
    assert "<code>one</code>" in html and "yes &lt;b&gt;" in html and "because &amp; so" in html
    assert "<strong>Right:</strong> because" in html and "<strong>Not quite:</strong> not 2" in html
    assert "Show the answer</summary><p><strong>2.00</strong> — count them" in html
    text = repr(shown)
    first, second = ("yes <b>", "no") if shown_order("99.Q1", 2) == [0, 1] else ("no", "yes <b>")
    assert "Q1. Pick one, of 2.0" in text and f"A) {first}" in text and f"B) {second}" in text
    assert "because" not in text and "Right" not in text and "2.00" not in text and "count them" not in text


def test_unknown_notebooks_are_refused_by_name():
    for bad in ("99", "8", "A99", 8, "01_contingency_table"):
        with pytest.raises(ValueError, match="notebook must be one of 00, 01"):
            quiz(bad)


def test_every_notebook_has_a_bank_and_ends_with_its_quiz():
    # (that each notebook's quiz cells are the ones its bank gives now: `python -m tools regen --check`,
    # tests/test_tools.py)
    assert sorted(NOTEBOOKS) == sorted(notebooks())
    for stem, path in NOTEBOOKS.items():
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        assert "".join(cells[-1]["source"]).endswith(f'quiz("{stem}")'), path.name


def test_quiz_cells_replace_themselves_keep_their_metadata_and_need_the_takeaways():
    from tools import quiz_cells
    def markdown(text):
        return {"cell_type": "markdown", "id": "t", "metadata": {}, "source": text}
    code = {"cell_type": "code", "execution_count": 3, "id": "c", "metadata": {}, "outputs": [], "source": "x = 1"}
    notebook = {"cells": [code, markdown("## Key takeaways\n\n* a")], "metadata": {}}
    once = quiz_cells.with_quiz(notebook, "01")
    assert [c["cell_type"] for c in once["cells"]] == ["code", "markdown", "markdown", "code"]
    assert once["cells"][-1]["execution_count"] == 4 and once["cells"][-1]["outputs"][0]["execution_count"] == 4
    assert repr(quiz("01")) == "".join(once["cells"][-1]["outputs"][0]["data"]["text/plain"])
    once["cells"][-1]["metadata"] = {"slideshow": {"slide_type": "skip"}}
    twice = quiz_cells.with_quiz(once, "01")
    assert twice["cells"][:2] == notebook["cells"] and len(twice["cells"]) == 4
    assert twice["cells"][-1]["metadata"] == {"slideshow": {"slide_type": "skip"}}
    with pytest.raises(ValueError, match="Key takeaways"):
        quiz_cells.with_quiz({"cells": [code], "metadata": {}}, "01")
