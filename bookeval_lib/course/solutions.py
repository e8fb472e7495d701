"""Worked solutions that stay folded until the reader opens them, in JupyterLab and on the site.

JupyterLab shows a collapsed cell again when it runs it: a markdown cell's source and a code cell's outputs
come back on "Run All" (a code cell's source stays hidden). So a notebook keeps each solution folded by its
content, not by cell metadata:

* a markdown solution cell is one HTML fold, ``<details><summary>Solution N</summary>`` ... ``</details>``,
  with the Markdown (and maths) inside: :func:`fold` writes it, :func:`unfold` reads it back;
* a code solution cell starts with the cell magic ``%%solution N`` (this module as an IPython extension,
  ``%load_ext bookeval_lib.course.solutions``): it runs the cell and shows everything the cell printed or
  displayed inside one closed fold titled "Output of solution N"; an error is raised as usual.

The cells tagged ``for-the-curious`` fold the same way: a markdown cell into a closed fold titled "For the
curious" (:data:`CURIOUS_TITLE`), a code cell with the cell magic ``%%curious``, which shows what it printed or
displayed inside a closed fold titled "Output for the curious".

``tools/exercises.py`` (``python -m tools regen``) applies both to the notebooks; the site unfolds them again
(tools/sphinx_site.py), inside its own "Solution N" and "For the curious" dropdowns.
"""
from __future__ import annotations

import base64
import html
import re
from typing import Any

MAGIC = "solution"
CURIOUS_MAGIC = "curious"
CURIOUS_TITLE = "For the curious"
EXTENSION = "bookeval_lib.course.solutions"
# The output metadata key that marks a folded output (the site shows its content unfolded).
OUTPUT_KEY = "bookeval_solution_output"
_MAGIC_LINE = re.compile(rf"\A%%(?:{MAGIC}|{CURIOUS_MAGIC})\b[^\n]*\n?")
_OBJECT_REPR = re.compile(r"<[\w.]+ object(?: at 0x[0-9a-fA-F]+)?>")
_OUTPUT_FOLD = re.compile(r"\A<details><summary>[^<]*</summary>\n(?P<body>.*)\n</details>\Z", re.S)
_FOLD = re.compile(r"\A\s*<details><summary>(?P<title>[^<]*)</summary>\n(?P<body>.*?)\n?</details>\s*\Z", re.S)


def fold(title: str, body: str) -> str:
    """The Markdown of one closed fold: ``<details><summary>title</summary>``, a blank line, ``body``, a
    blank line, ``</details>`` (blank lines, so that the body is read as Markdown, not as HTML)."""
    if not isinstance(title, str) or not title.strip() or "<" in title or "\n" in title:
        raise ValueError(f"title must be one line of plain text, got {title!r}")
    return f"<details><summary>{title.strip()}</summary>\n\n{body.strip()}\n\n</details>"


def unfold(source: str) -> tuple[str | None, str]:
    """``(title, body)`` of a fold written by :func:`fold`; ``(None, source)`` when ``source`` is not one."""
    match = _FOLD.match(source)
    if match is None:
        return None, source
    return match.group("title"), match.group("body").strip()


def strip_magic(code: str) -> str:
    """A folded code cell's code without its first line ``%%solution N`` or ``%%curious`` (when it has one)."""
    return _MAGIC_LINE.sub("", code, count=1)


def unfold_output_html(text: str) -> str:
    """The HTML inside a folded output written by :func:`folded_output` (``text`` when it is not one)."""
    match = _OUTPUT_FOLD.match(text)
    return text if match is None else match.group("body")


def _output_html(output) -> str:
    """One captured rich output as HTML: its own HTML, else a PNG image, else its LaTeX between ``\\(``
    and ``\\)`` (or ``\\[`` and ``\\]``), which MathJax typesets in JupyterLab and on the site, else its
    plain text."""
    data = output.data
    if "text/html" in data:
        return data["text/html"]
    if "image/png" in data:
        image = data["image/png"]
        image = image if isinstance(image, str) else base64.b64encode(image).decode("ascii")
        return f'<img src="data:image/png;base64,{image}">'
    if "text/latex" in data:
        latex = data["text/latex"].strip()
        display = re.fullmatch(r"\$\$(.*)\$\$", latex, re.S)
        inline = re.fullmatch(r"\$(.*)\$", latex, re.S)
        maths = (f"\\[{display.group(1)}\\]" if display else f"\\({inline.group(1)}\\)" if inline else latex)
        return f"<div>{html.escape(maths, quote=False)}</div>"
    return f"<pre>{html.escape(data.get('text/plain', ''))}</pre>"


def _output_text(output) -> str:
    """One captured rich output as text: its plain text, or its LaTeX when the plain text is only an
    object's default repr (``<IPython.core.display.Math object>``)."""
    plain = output.data.get("text/plain", "")
    if _OBJECT_REPR.fullmatch(plain) and "text/latex" in output.data:
        return output.data["text/latex"]
    return plain


def folded_output(title: str, captured: Any) -> tuple[dict, dict]:
    """The display data ``(data, metadata)`` of an IPython ``CapturedIO``: a closed HTML fold of all it
    holds (stdout, stderr, rich outputs, in that order) and the same as plain text."""
    texts, parts = [], []
    for stream in (captured.stdout, captured.stderr):
        if stream:
            texts.append(stream.rstrip("\n"))
            parts.append(f"<pre>{html.escape(stream.rstrip(chr(10)))}</pre>")
    for output in captured.outputs:
        texts.append(_output_text(output))
        parts.append(_output_html(output))
    inner = "\n".join(parts)
    data = {"text/plain": "\n".join([title + ":"] + texts),
            "text/html": f"<details><summary>{html.escape(title)}</summary>\n{inner}\n</details>"}
    return data, {OUTPUT_KEY: True}


def solution_magic(line: str, cell: str) -> None:
    """``%%solution N``: run the cell; show its outputs folded under "Output of solution N"."""
    number = line.strip()
    if not re.fullmatch(r"\d+", number):
        raise ValueError(f"%%solution needs the exercise's number, got {line!r}")
    _run_folded(cell, f"Output of solution {number}")


def _run_folded(cell: str, title: str) -> None:
    """Run ``cell``; show everything it printed or displayed inside one closed fold titled ``title``."""
    from IPython import get_ipython
    from IPython.display import publish_display_data
    from IPython.utils.capture import capture_output

    shell = get_ipython()
    with capture_output() as captured:
        result = shell.run_cell(cell, store_history=False)
    if captured.stdout or captured.stderr or captured.outputs:
        data, metadata = folded_output(title, captured)
        publish_display_data(data, metadata=metadata)
    result.raise_error()


def curious_magic(line: str, cell: str) -> None:
    """``%%curious``: run the cell; show its outputs folded under "Output for the curious"."""
    if line.strip():
        raise ValueError(f"%%curious takes no argument, got {line!r}")
    _run_folded(cell, f"Output {CURIOUS_TITLE[0].lower()}{CURIOUS_TITLE[1:]}")


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext bookeval_lib.course.solutions`` registers the cell magics ``%%solution`` and
    ``%%curious``."""
    ipython.register_magic_function(solution_magic, magic_kind="cell", magic_name=MAGIC)
    ipython.register_magic_function(curious_magic, magic_kind="cell", magic_name=CURIOUS_MAGIC)
