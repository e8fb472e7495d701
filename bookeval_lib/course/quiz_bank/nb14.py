"""Quiz of notebook 14, scores, thresholds and costs."""
from ...curves import normalised_expected_cost, precision_from_rates, precision_recall_interpolation
from ..quiz import Option, Question


def _precision():
    return {"low": precision_from_rates(0.1, 0.8, 0.01), "high": precision_from_rates(0.1, 0.8, 0.3)}


def _interpolation():
    recall, precision = precision_recall_interpolation([0.1, 0.5], [0.4, 0.8], 0.2, points=3)
    straight = (precision[0] + precision[-1]) / 2
    return {"middle": precision[1], "straight": straight, "recall": recall[1]}


def _cost_curve():
    return {"cost": normalised_expected_cost(0.2, 0.7, 0.5), "b": 0.7 - 0.2}


def _threshold():
    cost_fp, cost_fn = 1.0, 5.0
    return {"threshold": cost_fp / (cost_fp + cost_fn), "swapped": cost_fn / (cost_fp + cost_fn)}


QUESTIONS = (
    Question(
        id="14.Q1", section="Precision moves with the prevalence; ROC does not", facts=_precision,
        prompt="A test with recall 0.8 and fallout 0.1 is used where the prevalence is 30 %, and then where it is "
               "1 %. What happens to its precision?",
        options=(
            Option("it falls from {high:.2f} to {low:.3f}; its ROC point stays", True,
                   "precision = rp·tpr/(rp·tpr + rn·fpr): with rare positives the false alarms outnumber the "
                   "hits, while the ROC point and the informedness stay put. State the prevalence beside any "
                   "precision or PR curve."),
            Option("it stays the same: the test did not change", False,
                   "the test's rates did not change, but precision mixes them with the prevalence.",
                   mistake="takes precision for a property of the test alone"),
            Option("it falls, and its informedness falls with it as positives get rarer", False,
                   "informedness is tpr − fpr, read within the real classes: the prevalence does not enter it. "
                   "Only precision falls, from {high:.2f} to {low:.3f}.",
                   mistake="thinks a rarer class makes the test less informed"),
        )),
    Question(
        id="14.Q2", section="Precision–recall against ROC under class imbalance", facts=_interpolation,
        prompt="Two PR points come from the ROC points (0.1, 0.4) and (0.5, 0.8) at prevalence 0.2. Halfway between "
               "them (recall {recall:.1f}), what precision does the mixture of the two classifiers reach?",
        options=(
            Option("{middle:.3f}: the ROC segment, mapped to PR", True,
                   "a mixture moves TP and FP linearly together, which is a straight line in ROC space but a "
                   "curve in PR space."),
            Option("{straight:.3f}, on the straight line between the PR points", False,
                   "joining PR points by straight lines overstates what can be reached: interpolate in ROC "
                   "space and map the segment.",
                   mistake="interpolates linearly in PR space"),
            Option("none: a mix of two classifiers is not a classifier", False,
                   "choosing at random, case by case, which of the two decides is a classifier, and it reaches "
                   "every point of the ROC segment between them.",
                   mistake="thinks a randomised mixture is not a classifier"),
        )),
    Question(
        id="14.Q3", section="Cost curves", facts=_cost_curve, answer="cost", digits=3,
        prompt="On a cost curve, what is the normalised expected cost of the ROC point (fpr 0.2, tpr 0.7) at "
               "probability cost 0.5?",
        why="the line runs from fpr (at probability cost 0) to the miss rate 1 − tpr (at 1); at ½ it is "
            "(1 − tpr + fpr)/2 = (1 − B)/2 with B = {b:.1f}."),
    Question(
        id="14.Q4", section="Threshold tuning under a cost ratio", facts=_threshold,
        prompt="Calibrated probabilities; a missed positive costs 5 times a false alarm. Above which probability "
               "should you say positive?",
        options=(
            Option("{threshold:.3f} = cost_fp/(cost_fp + cost_fn)", True,
                   "say positive when p·cost_fn > (1 − p)·cost_fp. `TunedThresholdClassifierCV` finds the "
                   "threshold from data when the probabilities are not calibrated."),
            Option("0.5, as for any calibrated model", False, "0.5 is right only when the two errors cost the same.",
                   mistake="thinks calibration fixes the threshold at ½"),
            Option("{swapped:.3f}, i.e. cost_fn/(cost_fp + cost_fn)", False,
                   "that raises the bar for the positive call, making the dear error, a miss, more common: the "
                   "costs are the wrong way up.",
                   mistake="puts the costs the wrong way up"),
        )),
    Question(
        id="14.Q5", section="One-vs-rest ROC curves for K classes",
        prompt="How is a ROC curve drawn for each of K classes?",
        options=(
            Option("one vs rest, scored by the model's score for l", True,
                   "class l is the positive class and every other class the negative: each curve is a binary "
                   "problem; their AUCs can then be averaged, with the weighting named."),
            Option("one curve for the whole K-class table at once", False,
                   "ROC space needs one positive class; a K-class table has K one-vs-rest views.",
                   mistake="expects ROC space to hold K classes at once"),
            Option("one vs one: one curve for every pair of classes", False,
                   "pairwise curves exist (their AUCs average to Hand and Till's measure), but there are "
                   "K(K − 1)/2 of them, one per pair, not one per class.",
                   mistake="confuses curves per class with curves per pair"),
        )),
)
