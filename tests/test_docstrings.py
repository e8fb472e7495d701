"""The API reference documents every public parameter (numpy style, as book/api.md promises).

For every public callable of the library (each name of ``bookeval_lib.__all__``, with a class's public
methods and properties, and the figures of ``bookeval_lib.plot``): the docstring's *Parameters* section names exactly
the signature's parameters, in order (``self``/``cls`` left out, ``*args``/``**kwargs`` named as such); a
function or method that returns a value has a *Returns* (or *Yields*) section; a module-level function has
an *Examples* section; a class names its constructor's parameters under *Parameters* (a result dataclass,
which a user reads rather than builds, may name them under *Attributes*).

``public_callables()`` is the one place that decides what is public; a second test checks that the API
page lists every name of it.
"""
import ast
import dataclasses
import importlib
import inspect
import re
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
API_PAGE = ROOT / "book" / "api.md"

_DIRECTIVE = re.compile(r"^\.\. auto(?:function|class|data|module):: (\S+)\s*$")
_LISTED = re.compile(r"^\s+(bookeval_lib\.\S+)\s*$")


def _members_of_class(qualname, cls):
    """The class itself, then its public methods and properties defined in it, in source order."""
    members = [(qualname, cls)]
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        if inspect.isfunction(member) or isinstance(member, property):
            members.append((f"{qualname}.{name}", member))
    return members


def expand(qualname, obj):
    """[(qualified name, object)] of one public object: a function, or a class with its public members."""
    if inspect.isclass(obj):
        return _members_of_class(qualname, obj)
    return [(qualname, obj)] if inspect.isfunction(obj) else []


def public_callables():
    """[(qualified name, object)] for every public class, function, method and property of the library."""
    import bookeval_lib
    from bookeval_lib import plot

    callables = []
    for name in bookeval_lib.__all__:
        callables += expand(f"bookeval_lib.{name}", getattr(bookeval_lib, name))
    for name in plot.__all__:
        callables += expand(f"bookeval_lib.plot.{name}", getattr(plot, name))
    return callables


def sections(doc):
    """{section title: its lines} of a numpy-style docstring (a title is a line underlined by dashes)."""
    lines = inspect.cleandoc(doc or "").splitlines()
    found, current = {}, None
    for i, line in enumerate(lines):
        underline = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if line.strip() and underline and set(underline) == {"-"} and len(underline) >= len(line.strip()):
            current = line.strip()
            found[current] = []
        elif current is not None and not (set(line.strip()) == {"-"} and found[current] == []):
            found[current].append(line)
    return found


def documented_names(lines):
    """The names a Parameters/Attributes section documents: its unindented lines, ``name : type``."""
    names = []
    for line in lines:
        if line.strip() and not line[0].isspace():
            head = line.split(" : ")[0].strip()
            names += [name.strip() for name in head.split(",")]
    return names


def signature_names(function):
    names = []
    for parameter in inspect.signature(function).parameters.values():
        if parameter.name in ("self", "cls"):
            continue
        prefix = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}.get(parameter.kind, "")
        names.append(prefix + parameter.name)
    return names


def returns_a_value(function):
    """Whether the function's own body (not a nested function's) has ``return <value>`` or ``yield``."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    body = tree.body[0]
    stack = list(body.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            return True
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        stack.extend(ast.iter_child_nodes(node))
    return False


def problems(qualname, obj):
    """What the docstring of one public callable lacks ([] when nothing)."""
    found = []
    if inspect.isclass(obj):
        parts = sections(obj.__doc__)
        try:
            expected = signature_names(obj)
        except ValueError:                         # a class without a Python signature (a warning class)
            return found
        if expected:
            title = "Parameters" if "Parameters" in parts or not dataclasses.is_dataclass(obj) else "Attributes"
            if title not in parts and "Attributes" in parts:
                title = "Attributes"
            named = documented_names(parts.get(title, []))
            if named != expected:
                found.append(f"{qualname}: {title} names {named}, the constructor takes {expected}")
        return found
    if isinstance(obj, property):
        return found
    parts = sections(obj.__doc__)
    expected = signature_names(obj)
    named = documented_names(parts.get("Parameters", []))
    if named != expected:
        found.append(f"{qualname}: Parameters names {named}, the signature has {expected}")
    if returns_a_value(obj) and not ({"Returns", "Yields"} & parts.keys()):
        found.append(f"{qualname}: returns a value but has no Returns section")
    is_method = "." in obj.__qualname__            # "BinaryTable.f_measure", whatever name the page uses
    if not is_method and "Examples" not in parts:
        found.append(f"{qualname}: no Examples section")
    return found


CALLABLES = public_callables()


def test_the_public_callables_are_the_tables_and_the_functions():
    names = {name for name, _ in CALLABLES}
    assert "bookeval_lib.BinaryTable" in names and "bookeval_lib.BinaryTable.f_measure" in names
    assert "bookeval_lib.informedness_score" in names and "bookeval_lib.plot.roc_curve" in names
    assert len(CALLABLES) > 100


def test_the_api_page_lists_every_public_name():
    import bookeval_lib
    from bookeval_lib import plot

    listed = set()
    for line in API_PAGE.read_text(encoding="utf-8").splitlines():
        match = _DIRECTIVE.match(line) or _LISTED.match(line)
        if match:
            listed.add(match.group(1))
    wanted = {f"bookeval_lib.{name}" for name in bookeval_lib.__all__ if not name.isupper()}
    wanted |= {f"bookeval_lib.plot.{name}" for name in plot.__all__}
    module_members = {name for name in listed if name.count(".") == 1} & {"bookeval_lib.plot"}
    missing = sorted(name for name in wanted - listed
                     if not (name.startswith("bookeval_lib.plot.") and module_members))
    assert missing == [], f"book/api.md does not list {missing}"


def test_the_section_parser_reads_a_numpy_docstring():
    doc = """Summary.

    Parameters
    ----------
    y_true, y_pred : array-like
        The labels.
    *args : float
        More.

    Returns
    -------
    float
    """
    parts = sections(doc)
    assert list(parts) == ["Parameters", "Returns"]
    assert documented_names(parts["Parameters"]) == ["y_true", "y_pred", "*args"]


@pytest.mark.parametrize("qualname, obj", CALLABLES, ids=[name for name, _ in CALLABLES])
def test_the_docstring_documents_every_parameter(qualname, obj):
    assert problems(qualname, obj) == []
