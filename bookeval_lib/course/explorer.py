"""One description of an explorer, for JupyterLab (ipywidgets) and for the static web site (precomputed).

An :class:`Explorer` names its controls (each a grid of values), computes the numbers of one state with the
package's tested functions (:meth:`Explorer.state`), formats them (:meth:`Explorer.fields`) into one HTML
template, and draws one matplotlib figure whose *dynamic* artists (:meth:`Explorer.figure`, carrying a gid)
it updates for a state (:meth:`Explorer.update`).

* In JupyterLab, :meth:`Explorer.widget` puts a slider per control over the same grid and redraws the whole
  figure as SVG for each state.
* For the web site, :meth:`Explorer.frames` runs every state of the grid at build time: the figure of the
  first state is the base SVG; for every state only the dynamic artists are drawn again (matplotlib's own
  SVG renderer, so the marks are exactly those of the full figure) and stored with the formatted numbers.
  A small script on the page swaps them as a control moves: it computes nothing.

Displaying an explorer in a notebook shows the widget and records, in an extra output of type
:data:`MIME`, which explorer it is and the data it was given, so the site is built from exactly that.
"""
from __future__ import annotations

import html
import io
import itertools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np


if TYPE_CHECKING:                       # type hints only; nothing imported at run time
    from collections.abc import Sequence

__all__ = ["MIME", "Control", "Explorer", "EXPLORERS", "register", "site_html", "frames_script"]

#: The MIME type of a displayed explorer's record in a notebook's outputs.
MIME = "application/vnd.bookeval.explorer+json"
#: Digits of the codes that index the pool of distinct strings (6 bits each).
_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
#: Registered explorer classes by name (:func:`register`).
EXPLORERS: dict[str, type] = {}


@dataclass(frozen=True)
class Control:
    """A control over a grid of values: ``name`` (the keyword of :meth:`Explorer.state`), a ``label`` for a
    person, the ``values`` (any increasing grid), the ``default`` (one of them) and a format spec."""

    name: str
    label: str
    values: tuple
    default: float
    spec: str = ".2f"

    def __post_init__(self):
        values = np.asarray(self.values, dtype=float)
        if values.ndim != 1 or values.size < 2 or np.any(np.diff(values) <= 0):
            raise ValueError(f"values of control {self.name!r} must be an increasing grid of at least two")
        if not np.any(np.isclose(values, self.default, rtol=0, atol=1e-12)):
            raise ValueError(f"default of control {self.name!r} ({self.default!r}) is not on its grid")
        object.__setattr__(self, "values", tuple(float(v) for v in values))

    @property
    def default_index(self) -> int:
        return int(np.argmin(np.abs(np.asarray(self.values) - self.default)))

    def text(self, value: float) -> str:
        return format(float(value), self.spec)


def register(cls: type[Explorer]) -> type[Explorer]:
    """Class decorator: make an explorer class buildable from its notebook record
    (:func:`bookeval_lib.course.explorers.from_payload`)."""
    EXPLORERS[cls.name] = cls
    return cls


def _relative_path(match) -> str:
    """A path of straight segments (M and L only) as its first point and relative steps, to 0.1 pt."""
    commands = re.findall(r"([ML])\s*(-?[\d.]+)\s+(-?[\d.]+)", match.group(1))
    if not commands or len(commands) * 2 != len(re.findall(r"-?[\d.]+", match.group(1))):
        return match.group(0)
    points = np.round(np.array([[float(x), float(y)] for _, x, y in commands]) * 10).astype(np.int64)
    out, previous = [], None
    for (command, _, _), point in zip(commands, points):
        if command == "M" or previous is None:
            out.append(f"M{point[0] / 10:g} {point[1] / 10:g}")
        else:
            dx, dy = (point - previous) / 10
            out.append(f"l{dx:g} {dy:g}")
        previous = point
    return 'd="' + "".join(out).replace(" -", "-") + '"'


def _compact_svg(text: str) -> str:
    """Coordinates to 0.1 pt, straight paths in relative steps, whitespace folded: an SVG several times
    smaller that draws the same."""
    text = re.sub(r'd="([ML\d.\s-]+)"', _relative_path, text)
    # inside tags only: a number in the text (a tick label, "0.02") is never touched
    text = re.sub(r"<[^<>]+>", lambda tag: re.sub(r"(-?\d+\.\d)\d+", r"\1", tag.group(0)), text)
    return re.sub(r"\s*\n\s*", " ", text).replace("> <", "><")


# The view's layout, inline so that JupyterLab (which does not load the site's style sheet) and the site lay
# it out alike: the figure beside the numbers where the width allows, under it on a phone; the figure no
# taller than 62 % of the window, so that the controls above it, the figure and the numbers fit on one
# screen (1280 x 800: tests/test_explorer_layout.py); the line height of text, not of JupyterLab's widgets.
_VIEW_STYLE = "display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0.5em 1.5em; line-height: 1.35"
_FIGURE_STYLE = "display: block; max-width: 100%; max-height: 62vh; width: auto; height: auto"

_MARKER_DEFS = re.compile(r'<defs>\s*((?:<path id="m[0-9a-f]+"[^>]*/>\s*)+)</defs>')


class Explorer:
    """Base class of an explorer (see the module's docstring).  Subclasses set ``name``, ``title``,
    ``controls``, ``template`` (HTML with ``{field}`` slots), ``alt`` (the figure's description with
    ``{field}`` slots) and implement :meth:`state` and :meth:`fields`; those with a figure implement
    :meth:`figure` and :meth:`update`.  ``data`` (JSON-serialisable keyword arguments) is what the
    explorer is built from."""

    name = ""
    title = ""
    controls: tuple = ()
    template = ""
    alt = ""

    def __init__(self, **data: Any) -> None:
        self.data = data
        self._drawn: Any = None       # (figure, artists) once drawn, False for an explorer without a figure

    # --- what a subclass describes -------------------------------------------------------------------
    def state(self, **values: Any) -> dict:
        raise NotImplementedError

    def fields(self, state: dict) -> dict:
        raise NotImplementedError

    def figure(self) -> Any:
        """``(figure, {name: artist})`` with the dynamic artists, or None for an explorer without one."""
        return None

    def update(self, artists: dict, state: dict) -> None:
        """Set the dynamic artists' data for ``state``."""

    # --- one state -------------------------------------------------------------------------------------
    @property
    def defaults(self) -> dict:
        """The first state shown: each control's default, or the value of the same name in ``data``."""
        values = {}
        for c in self.controls:
            wanted = float(self.data.get(c.name, c.default))
            near = np.flatnonzero(np.isclose(c.values, wanted, rtol=0, atol=1e-9))
            if near.size == 0:
                raise ValueError(f"{c.name} must be one of the grid's values {c.values}, got {wanted!r}")
            values[c.name] = c.values[int(near[0])]
        return values

    def values_at(self, indices: Sequence[int]) -> dict:
        """The control values of a tuple of grid indices (one per control)."""
        return {c.name: c.values[i] for c, i in zip(self.controls, indices)}

    def text_fields(self, **values: Any) -> dict:
        """The formatted numbers of one state (what the page shows), with the figure's description."""
        fields = self.fields(self.state(**values))
        return {**fields, "alt": self.alt.format(**fields)}

    def _figure(self):
        if self._drawn is None:
            import matplotlib.pyplot as plt

            # a little larger than the notebooks' figures: the explorers are read on phones too
            with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "bookeval", "figure.dpi": 72,
                                 "font.size": 11}):
                drawn = self.figure()
            if drawn is not None:
                figure, artists = drawn
                plt.close(figure)          # drawn to SVG only, never shown by the inline backend
                for key, artist in artists.items():
                    artist.set_gid(f"bx-{key}")
                figure.set_dpi(72)         # the SVG backend's units: what the fragments are drawn in
                # lay the figure out once and freeze it: a fragment drawn alone must land where it does
                # in the whole figure
                figure.draw_without_rendering()
                figure.set_layout_engine("none")
            self._drawn = drawn or False
        return self._drawn or None

    def svg(self, **values: Any) -> str:
        """The whole figure of one state as compact SVG (empty for an explorer without a figure)."""
        drawn = self._figure()
        if drawn is None:
            return ""
        figure, artists = drawn
        self.update(artists, self.state(**values))
        import matplotlib.pyplot as plt

        buffer = io.StringIO()
        with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "bookeval"}):
            figure.savefig(buffer, format="svg", metadata={"Date": None})
        text = buffer.getvalue()
        return _compact_svg(text[text.index("<svg"):])

    def _fragments(self, state) -> dict:
        """Only the dynamic artists of ``state``, each drawn alone by matplotlib's SVG renderer."""
        import matplotlib.pyplot as plt
        from matplotlib.backends.backend_svg import RendererSVG

        figure, artists = self._figure()
        self.update(artists, state)
        width, height = figure.get_size_inches() * 72
        fragments = {}
        memo = self.__dict__.setdefault("_memo", {})
        with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "bookeval"}):
            for key, artist in artists.items():
                seen = (key, _artist_key(artist))
                if seen[1] is not None and seen in memo:
                    fragments[key] = memo[seen]
                    continue
                buffer = io.StringIO()
                renderer = RendererSVG(width, height, buffer)
                artist.draw(renderer)
                text = buffer.getvalue()
                start = text.find(f'<g id="bx-{key}">')
                body = "" if start < 0 else text[start + len(f'<g id="bx-{key}">'):text.rindex("</g>", start)]
                fragments[key] = memo[seen] = _compact_svg(body).strip()
        return fragments

    def html(self, *, markers: list | None = None, **values: Any) -> str:
        """The explorer's view of one state: the figure and the filled template.

        With ``markers`` (for the web site: the marker definitions of every frame, from :meth:`frames`)
        each number sits in a ``data-bx`` slot for the page's script, and the marker definitions sit at
        the top of the SVG rather than in the groups the script swaps.
        """
        values = {**self.defaults, **values}
        fields = self.text_fields(**values)
        site = markers is not None
        body = self.body(fields, slots=site)
        svg = self.svg(**values)
        if svg and site:
            svg = _hoist_marker_defs(svg, markers)
        if svg:
            svg = svg.replace("<svg", f'<svg style="{_FIGURE_STYLE}"', 1)
        figure = (f'<div class="bx-figure" style="flex: 0 1 auto; min-width: 0" role="img" '
                  f'aria-label="{html.escape(fields["alt"])}">{svg}</div>' if svg else "")
        return (f'<div class="bx-view" style="{_VIEW_STYLE}">{figure}'
                f'<div class="bx-numbers" style="flex: 1 1 22em; min-width: 0">{body}</div></div>')

    def layers(self, **values: Any) -> dict:
        """The SVG of each dynamic artist in one state, as the site's frames hold it (marker definitions,
        which sit at the top of the site's SVG, removed)."""
        if self._figure() is None:
            return {}
        fragments = self._fragments(self.state(**{**self.defaults, **values}))
        return {key: _MARKER_DEFS.sub("", fragment) for key, fragment in fragments.items()}

    def body(self, fields: dict, *, slots: bool = False) -> str:
        """The template filled with ``fields`` (escaped); with ``slots`` each value sits in a ``data-bx``
        span.  An element marked ``data-bx-if='field'`` is hidden while that field is empty."""
        slot = (lambda k: f'<span data-bx="{k}">{html.escape(fields[k])}</span>') if slots else \
            (lambda k: html.escape(fields[k]))
        body = re.sub(r"\{(\w+)\}", lambda m: slot(m.group(1)), self.template)
        return re.sub(r"data-bx-if='(\w+)'", lambda m: m.group(0) + ("" if fields[m.group(1)] else " hidden"),
                      body)

    # --- JupyterLab ------------------------------------------------------------------------------------
    def widget(self) -> Any:
        """A slider per control (over the same grid as the site) above the view of the state."""
        import ipywidgets as widgets

        sliders = [widgets.SelectionSlider(
            options=[(c.text(v), v) for v in c.values], value=c.values[c.default_index], description=c.label,
            continuous_update=False, style={"description_width": "20em"}, layout={"width": "46em"})
            for c in self.controls]
        view = widgets.HTML()

        def redraw(_change=None):
            view.value = self.html(**{c.name: s.value for c, s in zip(self.controls, sliders)})

        for slider in sliders:
            slider.observe(redraw, names="value")
        redraw()
        return widgets.VBox([*sliders, view])

    def payload(self) -> dict:
        return {"explorer": self.name, "data": self.data}

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = self.widget()._repr_mimebundle_(include=include, exclude=exclude)
        return {**bundle, MIME: self.payload()}

    # --- the web site ----------------------------------------------------------------------------------
    def frames(self) -> dict:
        """Every state of the grid, for the page's script: a pool of distinct strings and, per state (in
        row-major order of the controls), fixed-width codes: one per dynamic artist, then one per field,
        each into the pool of distinct strings of its column.  The figure's description is ``alt`` with its ``{field}`` slots filled."""
        pools: dict[tuple[str, str], tuple[list[str], dict[str, int]]] = {}

        def code(column, text):
            pool, index = pools.setdefault(column, ([], {}))
            if text not in index:
                index[text] = len(pool)
                pool.append(text)
            return index[text]

        drawn = self._figure()
        layers = list(drawn[1]) if drawn else []
        field_names: list[str] = []
        rows, markers = [], {}
        for indices in itertools.product(*(range(len(c.values)) for c in self.controls)):
            values = self.values_at(indices)
            state = self.state(**values)
            fields = self.fields(state)
            field_names = field_names or list(fields)
            fragments = self._fragments(state) if layers else {}
            for fragment in fragments.values():
                for match in _MARKER_DEFS.finditer(fragment):
                    markers.update(dict.fromkeys(re.findall(r'<path id="m[0-9a-f]+"[^>]*/>', match.group(1))))
            rows.append([code(("layer", k), _MARKER_DEFS.sub("", fragments[k])) for k in layers]
                        + [code(("field", k), fields[k]) for k in field_names])
        largest = max(len(pool) for pool, _ in pools.values())
        width = max(1, int(np.ceil(np.log(max(largest, 2)) / np.log(64))))
        encode = lambda n: "".join(_DIGITS[(n >> (6 * (width - 1 - i))) & 63] for i in range(width))
        return {"controls": [{"name": c.name, "label": c.label, "values": [c.text(v) for v in c.values]}
                             for c in self.controls],
                "layers": layers, "fields": field_names, "width": width,
                "pools": [pools[("layer", k)][0] for k in layers] + [pools[("field", k)][0] for k in field_names],
                "states": ["".join(encode(n) for n in row) for row in rows], "alt": self.alt,
                "markers": list(markers)}


def site_html(explorer: Explorer, key: str, frames: dict, script: str) -> str:
    """The explorer on a static page: a labelled native range input per control (keyboard-operable;
    its position is the index into the control's grid), the view of the first state with ``data-bx``
    slots, and the ``script`` that defines the page's ``bookevalExplorers[key]`` = ``frames``."""
    start = explorer.defaults
    controls = []
    for control in explorer.controls:
        index = control.values.index(start[control.name])
        ident = f"bx-{key}-{control.name}"
        text = control.text(control.values[index])
        controls.append(
            f'<div class="bx-control"><label for="{ident}">{html.escape(control.label)}</label>'
            f'<input type="range" id="{ident}" data-bx-control="{control.name}" min="0" '
            f'max="{len(control.values) - 1}" step="1" value="{index}" aria-valuetext="{html.escape(text)}">'
            f'<output for="{ident}" data-bx-readout="{control.name}">{html.escape(text)}</output></div>')
    return (f'<div class="bx-explorer" data-bx-id="{key}"><p class="bx-title">{html.escape(explorer.title)}</p>'
            f'<div class="bx-controls">{"".join(controls)}</div>{explorer.html(markers=frames["markers"])}</div>'
            f'<script src="{html.escape(script)}"></script>')


def frames_script(key: str, frames: dict) -> str:
    """The JavaScript file that hands ``frames`` to the page (a script, as a page read from disk may not
    fetch a JSON file)."""
    import json

    return ("window.bookevalExplorers = window.bookevalExplorers || {};\n"
            f"window.bookevalExplorers[{json.dumps(key)}] = {json.dumps(frames, separators=(',', ':'))};\n")


def _artist_key(artist):
    """What a dynamic artist draws, to draw each distinct one once (None: not known, draw it again)."""
    from matplotlib.lines import Line2D

    if isinstance(artist, Line2D):
        x, y = (np.asarray(v, dtype=float) for v in artist.get_data())
        return x.tobytes() + b"|" + y.tobytes() + bytes([artist.get_visible()])
    return None


def _hoist_marker_defs(svg: str, markers) -> str:
    """Move the marker definitions out of the groups (a swapped group must not take them away), with
    ``markers`` (those of other states) beside them."""
    found = dict.fromkeys(markers)
    for match in _MARKER_DEFS.finditer(svg):
        for marker in re.findall(r'<path id="m[0-9a-f]+"[^>]*/>', match.group(1)):
            found[marker] = None
    svg = _MARKER_DEFS.sub("", svg)
    close = svg.rindex("</svg>")
    return svg[:close] + "<defs>" + "".join(found) + "</defs>" + svg[close:]
