"""The course's glossary, its guide "which number answers which question", and the links from each
notebook's first use of a term, generated from the repository's data so that nothing is copied by hand.

* ``notebooks/terms.toml`` — every term, the notebook that introduces it, a one-line definition, other
  names, and (for a measure) its name in the symbolic catalogue;
* :mod:`.symbolic` — a measure's symbol and its definition (``MEASURE_SYMBOLS``, ``DEFINITIONS``);
* :mod:`.cheatsheet` — a measure's other names, each proved equal to it (``ALIASES``);
* ``notebooks/course.toml`` — the notebooks' titles; ``notebooks/questions.toml`` — the guide's questions.

:func:`glossary_markdown` and :func:`guide_markdown` write MyST pages for the web site (book/), and
:func:`link_spans` finds, in a piece of prose, the first use of each term not linked yet.
"""
from __future__ import annotations

import importlib
import inspect
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import cheatsheet
from . import symbolic as s
from .printing import latex

if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Collection, Sequence

__all__ = ["NOTEBOOKS", "Term", "load_terms", "notebook_titles", "glossary_markdown", "link_spans",
           "Question", "load_questions", "resolve_function", "guide_markdown"]

#: The repository's notebooks/ folder (the data files sit beside the notebooks).
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: Core modules searched for a function the guide names without its module (in this order).
CORE_MODULES = ("measures", "contingency", "uncertainty", "metrics", "ranking", "roc", "curves",
                "crossval", "coverage", "clustering", "matching", "betting", "montecarlo", "averages",
                "groups")


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"folder: {path.name} is not in {path.parent}") from None


@dataclass(frozen=True)
class Term:
    """One glossary entry: every field comes from terms.toml, the catalogue or the cheat sheet."""

    term: str
    notebook: str          # stem of the notebook that introduces it
    definition: str
    other_names: tuple
    symbol: str            # LaTeX; "" when the term has none
    formula: str           # LaTeX "symbol = definition" from the catalogue; "" when not a catalogue measure
    measure: str | None    # name in symbolic.MEASURE_SYMBOLS
    pattern: re.Pattern    # where the site links from (terms.toml's `link`, else its `regex`)


def _split_names(name: str) -> list[str]:
    """"true positive rate, hit rate" -> two names (a comma inside brackets does not split)."""
    return [part.strip() for part in re.split(r",\s+(?![^()]*\))", name) if part.strip()]


def load_terms(folder: Path | str = NOTEBOOKS) -> list:
    """The terms of ``folder``/terms.toml as :class:`Term`, in the file's order.

    ValueError names the term when its ``measure`` is not in the catalogue, when it has both a measure and
    its own ``symbol`` (one source for a symbol), or when it lacks a definition.
    """
    entries = _read(Path(folder) / "terms.toml")["terms"]
    terms = []
    for entry in entries:
        name, measure = entry["term"], entry.get("measure")
        if not entry.get("definition"):
            raise ValueError(f"terms.toml: {name!r} has no definition")
        names = []
        if measure is not None:
            if measure not in s.MEASURE_SYMBOLS:
                raise ValueError(f"terms.toml: {name!r}: measure {measure!r} is not in the symbolic catalogue")
            if "symbol" in entry:
                raise ValueError(f"terms.toml: {name!r} takes its symbol from the catalogue, not from `symbol`")
            symbol = s.MEASURE_SYMBOLS[measure]
            symbol_tex, formula = latex(symbol), f"{latex(symbol)} = {latex(s.DEFINITIONS[symbol])}"
            names += [part for alias in cheatsheet.ALIASES if alias.measure == measure
                      for part in _split_names(alias.name)]
        else:
            symbol_tex, formula = entry.get("symbol", ""), ""
        names += entry.get("also", [])
        unique = tuple(dict.fromkeys(n for n in names if n.lower() != name.lower()))
        terms.append(Term(name, entry["notebook"], entry["definition"], unique, symbol_tex, formula, measure,
                          re.compile(entry.get("link", entry["regex"]))))
    return terms


def notebook_titles(folder: Path | str = NOTEBOOKS) -> dict:
    """stem -> "NN · title" for every notebook of ``folder``/course.toml, in the outline's order."""
    return {entry["stem"]: f"{entry['stem'].split('_')[0]} · {entry['title']}"
            for entry in _read(Path(folder) / "course.toml")["notebook"]}


def _notebook_link(stem: str, titles: dict, existing, prefix: str) -> str:
    """A MyST {doc} link to the notebook's page, or its title alone where the notebook does not exist."""
    if stem not in titles:
        raise ValueError(f"notebook: {stem!r} is not in course.toml")
    title = re.sub(r"[`*_]", "", titles[stem])
    return f"{{doc}}`{title} <{prefix}{stem}>`" if stem in existing else title


def _sort_key(term: Term) -> str:
    return re.sub(r"[^a-z0-9 ]", "", term.term.lower())


def glossary_markdown(terms: Sequence[Term], titles: dict, existing: Collection[str], prefix: str = "course/") -> str:
    """A MyST ``{glossary}`` block: every term, alphabetically, with its symbol (and formula), other names,
    definition and a link to the notebook that introduces it (``prefix`` + stem; a notebook not in
    ``existing`` is named without a link)."""
    lines = ["```{glossary}"]
    for term in sorted(terms, key=_sort_key):
        lines.append(term.term)
        lines.append(f"  {term.definition}")
        details = []
        if term.formula or term.symbol:
            details.append(f"**In symbols:** ${term.formula or term.symbol}$.")
        if term.other_names:
            details.append("**Other names:** " + "; ".join(term.other_names) + ".")
        details.append("**Taught in:** " + _notebook_link(term.notebook, titles, existing, prefix) + ".")
        lines += ["", "  " + " ".join(details), ""]
    lines.append("```")
    return "\n".join(lines)


def link_spans(text: str, terms: Sequence[Term], linked: set) -> list:
    """(start, end, term) of the first use in ``text`` of each term not in ``linked`` (term names), in order
    and not overlapping; ``linked`` is updated.  At one position the longest match wins."""
    spans: list[tuple[int, int, Term]] = []
    position = 0
    while True:
        best = None
        for term in terms:
            if term.term in linked:
                continue
            match = term.pattern.search(text, position)
            if match and match.end() > match.start():
                key = (match.start(), -(match.end() - match.start()))
                if best is None or key < best[0]:
                    best = (key, match, term)
        if best is None:
            return spans
        _, match, term = best
        spans.append((match.start(), match.end(), term))
        linked.add(term.term)
        position = match.end()


# --- the guide: which number answers which question -----------------------------------------------------

@dataclass(frozen=True)
class Question:
    """One row of the guide (notebooks/questions.toml)."""

    question: str
    answer: str
    measures: tuple     # glossary terms
    uncertainty: tuple  # glossary terms: the interval or test
    functions: tuple    # names as written in questions.toml
    notebooks: tuple    # stems


def load_questions(folder: Path | str = NOTEBOOKS) -> list:
    """The guide's questions of ``folder``/questions.toml as :class:`Question`."""
    return [Question(q["question"], q["answer"], tuple(q["measures"]), tuple(q["uncertainty"]),
                     tuple(q["functions"]), tuple(q["notebooks"]))
            for q in _read(Path(folder) / "questions.toml")["question"]]


def resolve_function(name: str) -> tuple[str, Any]:
    """(the full dotted name, the object) of a function the guide names.

    ``sklearn.metrics.brier_score_loss`` is imported as written; ``BinaryTable.informedness`` is an
    attribute of a class exported by ``bookeval_lib``; a bare name is looked up in the core modules
    (:data:`CORE_MODULES`), where it must be defined (not imported).  ValueError when it does not exist.
    """
    import bookeval_lib

    head, _, rest = name.partition(".")
    if head == "sklearn":
        module_name, _, attribute = name.rpartition(".")
        found = getattr(importlib.import_module(module_name), attribute, None)
        if found is None:
            raise ValueError(f"functions: {name!r} does not exist")
        return name, found
    if rest:
        owner = getattr(bookeval_lib, head, None)
        found = getattr(owner, rest, None) if inspect.isclass(owner) else None
        if found is None:
            raise ValueError(f"functions: {name!r} is not an attribute of a class of bookeval_lib")
        return f"bookeval_lib.{name}", found
    for module_name in CORE_MODULES:
        module = importlib.import_module(f"bookeval_lib.{module_name}")
        found = vars(module).get(name)        # not getattr: a deprecated name would warn
        if callable(found) and getattr(found, "__module__", "") == module.__name__:
            return f"bookeval_lib.{module_name}.{name}", found
    raise ValueError(f"functions: {name!r} is defined in no core module of bookeval_lib")


def guide_markdown(questions: Sequence[Question], terms: Sequence[Term], titles: dict, existing: Collection[str],
                   prefix: str = "course/") -> str:
    """One section per question: its short answer, then the measure, the interval or test, the package's
    functions and the notebooks that teach it.  Every measure and interval must be a glossary term (each is
    linked with {term})."""
    known = {term.term for term in terms}

    def term_links(names):
        unknown = [name for name in names if name not in known]
        if unknown:
            raise ValueError(f"questions.toml: {unknown} are not terms of terms.toml")
        return ", ".join(f"{{term}}`{name}`" for name in names)

    lines = []
    for q in questions:
        functions = ", ".join(f"`{resolve_function(name)[0]}`" for name in q.functions)
        notebooks = "; ".join(_notebook_link(stem, titles, existing, prefix) for stem in q.notebooks)
        lines += [f"## {q.question}", "", q.answer, "",
                  f"* **Measure:** {term_links(q.measures)}",
                  f"* **Interval or test:** {term_links(q.uncertainty)}",
                  f"* **In the package:** {functions}",
                  f"* **Taught in:** {notebooks}", ""]
    return "\n".join(lines)
