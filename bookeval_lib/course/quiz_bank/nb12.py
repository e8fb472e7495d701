"""Quiz of notebook 12, the senses of dog and train."""
from functools import lru_cache

from ..replications.concordance import load_concordance
from ..quiz import Option, Question


@lru_cache(maxsize=1)
def _labels():
    records = load_concordance()
    by_rule = sum(r["decided_by"].startswith("rule") for r in records)
    return {"n": len(records), "rule": by_rule, "reading": len(records) - by_rule}


def _discount():
    systems = {"a": (0.6, 0.9), "b": (0.8, 0.5)}    # (B over the kept cases, coverage n/N)
    facts = {f"{k}_{i}": v for k, pair in systems.items() for i, v in zip(("b", "cover"), pair)}
    facts.update({f"{k}_discounted": b * cover for k, (b, cover) in systems.items()})
    return facts


QUESTIONS = (
    Question(
        id="12.Q1", section="The data", facts=_labels,
        prompt="How were the sense labels of the {n} occurrences decided?",
        options=(
            Option("a rule for {rule} clear cases (such as trained/training → M), and a reading of the context, "
                   "with a one-line justification, for the other {reading}", True,
                   "the labels are a documented human judgement, not a gold standard handed down: every "
                   "counting decision is written down so that it can be disputed."),
            Option("by the clustering itself", False,
                   "the clustering is what is evaluated; its labels are compared with the sense classes, "
                   "which were decided independently of it."),
        )),
    Question(
        id="12.Q2", section="The model: a mixture of independent Bernoullis",
        prompt="Why fit the Bernoulli mixture with weak priors (posterior modes) and from several random starts?",
        options=(
            Option("the priors keep word probabilities away from 0 and 1; the restarts guard against a poor "
                   "local maximum of the likelihood", True,
                   "EM only climbs to the nearest maximum, so one start is one draw; without a prior a class "
                   "can collapse onto a probability of exactly 0 or 1."),
            Option("to make EM converge faster", False,
                   "neither is about speed: the prior regularises, the restarts explore."),
        )),
    Question(
        id="12.Q3", section="The paper's reduction, and the discount", facts=_discount,
        prompt="System a keeps {a_cover:.0%} of the cases with B = {a_b:.1f} on them; system b keeps {b_cover:.0%} "
               "with B = {b_b:.1f}. Which scores higher once B is discounted by the coverage?",
        options=(
            Option("a: {a_discounted:.2f} against {b_discounted:.2f}", True,
                   "discounting by n/N stops a system from winning by answering only its easiest cases."),
            Option("b, because its B is higher", False,
                   "its B is measured on half the cases; discounted it is {b_discounted:.2f}, below a's "
                   "{a_discounted:.2f}."),
        )),
    Question(
        id="12.Q4", section="3. Clustering into K = 18 classes",
        prompt="EM is restarted from several seeds and the restarts end at different log-likelihoods. Why?",
        options=(
            Option("EM climbs to a local maximum, and different starts reach different ones", True,
                   "the likelihood of a mixture has many maxima; keep the best restart, and expect the "
                   "others to cluster differently."),
            Option("the data change between restarts", False,
                   "the same contexts are clustered every time; only the starting point changes."),
            Option("EM has not converged; one long run would reach one answer", False,
                   "each run converges, but to the maximum nearest its start."),
        )),
)
