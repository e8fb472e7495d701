"""The glossary and the guide "which number answers which question" (bookeval_lib.course.glossary): every
entry's symbol and formula come from the symbolic catalogue and are right, other names include the ones a
learner meets elsewhere, and every link and function named exists."""
import re
import tomllib

import pytest
import sympy as sp

from bookeval_lib import BinaryTable
from bookeval_lib.course import glossary as g
from bookeval_lib.course import symbolic as s
from bookeval_lib.course.printing import latex

TERMS = g.load_terms()
BY_NAME = {term.term: term for term in TERMS}
TITLES = g.notebook_titles()
EXISTING = {path.stem for path in g.NOTEBOOKS.glob("*.ipynb")}
GLOSSARY = g.glossary_markdown(TERMS, TITLES, EXISTING)
QUESTIONS = g.load_questions()
GUIDE = g.guide_markdown(QUESTIONS, TERMS, TITLES, EXISTING)
MEASURES = [term for term in TERMS if term.measure]
# One table, with every cell different: TP = 7, FP = 2, FN = 3, TN = 11 (N = 23).
COUNTS = {"tp": 7, "fp": 2, "fn": 3, "tn": 11}


def _entry(term):
    """The lines of one term's entry in the glossary's markdown."""
    lines = GLOSSARY.splitlines()
    start = lines.index(term)
    end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith(" ")), len(lines))
    return "\n".join(lines[start:end])


def test_every_measure_of_the_cheat_sheet_and_every_term_of_terms_toml_is_in_the_glossary():
    from bookeval_lib.course.cheatsheet import COUNTS_AND_RATES

    assert set(COUNTS_AND_RATES) <= {term.measure for term in MEASURES}
    entries = tomllib.loads((g.NOTEBOOKS / "terms.toml").read_text(encoding="utf-8"))["terms"]
    assert [term.term for term in TERMS] == [entry["term"] for entry in entries]
    for entry in entries:
        assert entry["definition"] in _entry(entry["term"]), entry["term"]
    # K-class, ROC and cost, interval and test terms (written here, not read from the file)
    for name in ["B(l), per-label informedness", "bias-weighted average", "prevalence-weighted average",
                 "macro/micro averaging", "Gorodkin's R_K", "ROC", "AUC", "isocost line", "convex hull",
                 "expected cost", "cost curve", "precision–recall curve", "confidence interval", "Wald interval",
                 "Wilson interval", "Newcombe interval", "Agresti–Caffo interval", "Fisher's z", "p-value",
                 "McNemar's test", "bootstrap", "paired interval or test", "Brier score", "log loss"]:
        assert name in BY_NAME, name
    assert [line for line in GLOSSARY.splitlines() if line and not line.startswith((" ", "`"))] == \
        sorted((term.term for term in TERMS), key=lambda name: re.sub(r"[^a-z0-9 ]", "", name.lower()))


@pytest.mark.parametrize("term", MEASURES, ids=lambda term: term.term)
def test_a_measure_shows_the_catalogue_symbol_and_definition(term):
    symbol = s.MEASURE_SYMBOLS[term.measure]
    assert term.symbol == latex(symbol)
    assert term.formula == f"{latex(symbol)} = {latex(s.DEFINITIONS[symbol])}"
    assert f"${term.formula}$" in _entry(term.term)
    # The catalogue's definition, evaluated on the table, against the core package (an implementation that
    # does not use sympy): the formula the glossary shows is the measure it names.
    total = sum(COUNTS.values())
    cells = {getattr(s, name): sp.Rational(value, total) for name, value in COUNTS.items()}
    shown = float(s.expand(symbol).subs({**cells, s.N: total}))
    assert shown == pytest.approx(float(getattr(BinaryTable(**COUNTS), term.measure)), rel=1e-12)


def test_measures_by_hand():
    # recall = TP/(TP + FN) = 7/10; fallout = FP/(FP + TN) = 2/13; informedness = 7/10 - 2/13 = 71/130;
    # precision = 7/9, inverse precision = 11/14, markedness = 7/9 + 11/14 - 1 = 71/126.
    for name, value in [("recall", sp.Rational(7, 10)), ("fallout", sp.Rational(2, 13)),
                        ("informedness", sp.Rational(71, 130)), ("markedness", sp.Rational(71, 126))]:
        total = sum(COUNTS.values())
        cells = {getattr(s, cell): sp.Rational(count, total) for cell, count in COUNTS.items()}
        assert sp.simplify(s.expand(s.MEASURE_SYMBOLS[BY_NAME[name].measure]).subs(cells) - value) == 0, name


def test_other_names_include_those_of_other_books_and_libraries():
    expected = {  # written here from common usage (scikit-learn, epidemiology, signal detection)
        "recall": {"sensitivity", "true positive rate", "TPR", "hit rate"},
        "inverse recall": {"specificity", "true negative rate", "TNR"},
        "fallout": {"false positive rate", "FPR"},
        "miss rate": {"false negative rate", "FNR"},
        "precision": {"positive predictive value (PPV)"},
        "inverse precision": {"negative predictive value (NPV)"},
        "informedness": {"Youden's J", "Bookmaker informedness", "adjusted balanced accuracy"},
        "markedness": {"DeltaP = P(+R ∣ +P) − P(+R ∣ −P)"},
        "Matthews correlation (MCC)": {"φ coefficient", "MCC"},
        "F-measure": {"Dice–Sørensen coefficient", "F1 score"},
        "contingency table": {"confusion matrix"},
        "Jaccard": {"Tanimoto index", "critical success index"},
    }
    for name, names in expected.items():
        assert names <= set(BY_NAME[name].other_names), (name, BY_NAME[name].other_names)
        assert ", ".join(sorted(names)) and all(n in _entry(name) for n in names)
    for term in TERMS:
        assert term.term.lower() not in {n.lower() for n in term.other_names}
        assert len(set(term.other_names)) == len(term.other_names)


def _doc_links(markdown):
    return re.findall(r"\{doc\}`[^`<]*<course/([^>]+)>`", markdown)


def test_every_link_of_the_glossary_and_the_guide_is_a_notebook_that_exists():
    course = tomllib.loads((g.NOTEBOOKS / "course.toml").read_text(encoding="utf-8"))["notebook"]
    stems = {entry["stem"] for entry in course}
    assert {term.notebook for term in TERMS} <= stems
    assert {stem for q in QUESTIONS for stem in q.notebooks} <= stems
    links = _doc_links(GLOSSARY) + _doc_links(GUIDE)
    assert links and all((g.NOTEBOOKS / f"{stem}.ipynb").exists() for stem in links)
    # one link per entry whose notebook exists; the others name their notebook without a link
    assert len(_doc_links(GLOSSARY)) == sum(term.notebook in EXISTING for term in TERMS)
    unlinked = g.glossary_markdown(TERMS, TITLES, existing=set())
    assert not _doc_links(unlinked) and "Taught in:** 03 · Informedness, markedness and correlation." in unlinked
    with pytest.raises(ValueError, match="not in course.toml"):
        g.glossary_markdown([BY_NAME["recall"].__class__(**{**BY_NAME["recall"].__dict__, "notebook": "99_x"})],
                            TITLES, EXISTING)


def test_the_guide_answers_the_learners_questions_with_functions_that_exist():
    asked = [q.question for q in QUESTIONS]
    for question in ["Is my classifier better than chance?", "Which of two classifiers is better?",
                     "Which threshold should I use?", "How sure am I of one number?", "Is my clustering any good?",
                     "Are my probabilities any good?"]:
        assert question in asked
    for q in QUESTIONS:
        assert q.functions and q.measures and q.notebooks
        for name in q.functions:
            dotted, found = g.resolve_function(name)
            assert callable(found) or isinstance(found, property), dotted
            assert f"`{dotted}`" in GUIDE
        for term in q.measures + q.uncertainty:
            assert f"{{term}}`{term}`" in GUIDE
    with pytest.raises(ValueError, match="no_such_function"):
        g.resolve_function("no_such_function")
    with pytest.raises(ValueError, match="BinaryTable.no_such"):
        g.resolve_function("BinaryTable.no_such")
    with pytest.raises(ValueError, match="not terms"):
        g.guide_markdown([QUESTIONS[0].__class__(**{**QUESTIONS[0].__dict__, "measures": ("no such term",)})],
                         TERMS, TITLES, EXISTING)


def test_link_spans_finds_the_first_use_of_each_term_once():
    terms = [BY_NAME[name] for name in ("recall", "inverse recall", "precision", "informedness", "markedness")]
    text = "Inverse recall, then recall and precision; recall again, informedness and Markedness."
    linked = set()
    spans = g.link_spans(text, terms, linked)
    assert [(text[a:b], term.term) for a, b, term in spans] == [
        ("Inverse recall", "inverse recall"), ("recall", "recall"), ("precision", "precision"),
        ("informedness", "informedness"), ("Markedness", "markedness")]
    assert spans[1][0] == text.index("then recall") + len("then ")
    assert linked == {term.term for term in terms}
    assert g.link_spans("recall and informedness once more", terms, linked) == []
    # informedness links from the word, not from "informed decision" (which terms.toml's regex also finds)
    assert g.link_spans("an informed decision", [BY_NAME["informedness"]], set()) == []


def test_bad_data_is_refused(tmp_path):
    (tmp_path / "terms.toml").write_text('[[terms]]\nterm = "x"\nnotebook = "01_contingency_table"\n'
                                         'regex = "x"\nmeasure = "no_such_measure"\ndefinition = "d"\n')
    with pytest.raises(ValueError, match="no_such_measure"):
        g.load_terms(tmp_path)
    (tmp_path / "terms.toml").write_text('[[terms]]\nterm = "x"\nnotebook = "01_contingency_table"\n'
                                         'regex = "x"\nmeasure = "recall"\nsymbol = "r"\ndefinition = "d"\n')
    with pytest.raises(ValueError, match="catalogue"):
        g.load_terms(tmp_path)
    (tmp_path / "terms.toml").write_text('[[terms]]\nterm = "x"\nnotebook = "01_contingency_table"\nregex = "x"\n')
    with pytest.raises(ValueError, match="no definition"):
        g.load_terms(tmp_path)
    with pytest.raises(ValueError, match="questions.toml"):
        g.load_questions(tmp_path)


# --- the notation table (hand-written in book/glossary.md) ------------------------------------------------

NOTATION_PAGE = g.NOTEBOOKS.parent / "book" / "glossary.md"
# How each symbol of the table is written where it is introduced (searched in that notebook's cells).
WRITTEN = {
    "TP, FP, FN, TN": r"TP = A", "tp, fp, fn, tn": r"N·tp", "A, B, C, D": r"FP = B", "$N$": r"\bN\b",
    "RP, RN, PP, PN": r"PP = A \+ B", "rp, rn (also $r_p$, $r_n$)": r"rp = RP/N",
    "pp, pn (also $p_p$, $p_n$)": r"pp = PP/N", "tpr, fpr": r"\(tpr\)[\s\S]*\(fpr\)", "tnr, fnr": r"\| tnr \|",
    "tpa, tna": r"\| tpa \|", "$q$": r"probability \$q\$, its bias", "$B$": r"\bB\b", "$M$": r"\bM\b",
    "$r$": r"\br\b", "$G$": r"\bG\b", "$\\kappa$": r"\\kappa", "$\\chi^2$": r"χ²|\\chi\^2", "AUC": r"\bAUC\b",
    "$K$": r"\bK\b", "$c_p$, $c_n$": r"c_p\$ to the positives", "$c_v$": r"c_v = c_n/c_p",
    "$c_s$": r"c_s = r_n/r_p", "$c$": r"c = c_v c_s", "$p_{\\mathrm{inf}}$": r"p_\{\\mathrm\{inf\}\}",
}


def _notation_rows():
    text = NOTATION_PAGE.read_text(encoding="utf-8")
    section = text.split("## Notation", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| symbol")]
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in rows]


def test_the_notation_table_lists_each_symbol_once_with_a_notebook_that_uses_it():
    import json

    rows = _notation_rows()
    symbols = [row[0] for row in rows]
    assert len(symbols) == len(set(symbols))
    assert set(symbols) == set(WRITTEN)
    for symbol, meaning, where in rows:
        stem = re.fullmatch(r"\{doc\}`\w+ <course/(\w+)>`", where).group(1)
        assert stem in TITLES, f"{symbol}: {stem} is not in course.toml"
        cells = json.loads((g.NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(cell["source"]) for cell in cells)
        assert re.search(WRITTEN[symbol], text), f"{symbol} is not written in {stem} as {WRITTEN[symbol]!r}"
