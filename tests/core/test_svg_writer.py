"""The SVG writer of the games' diagrams (reference/core/svg.py), as its docstrings state it:
attribute names and values (escaped where they need it, None left out, 1, 1.0 and True written
apart), and `drawn_once`: a drawing written once per distinct arguments and copied after, with
arguments of different types kept apart, a float never part of a key (0.0 and -0.0 are equal
keys but drawn differently), unhashable arguments drawn afresh and the context part of the key."""

from __future__ import annotations

from reference.core.svg import Svg, attributes, drawn_once


def test_attribute_names_and_values():
    assert attributes({"cls": "tile", "data_position": 3, "stroke_width": 1.5, "fill": None}) == \
        'class="tile" data-position="3" stroke-width="1.5"'
    assert attributes({"title": 'a "5|5" <double> & more'}) == 'title="a &quot;5|5&quot; &lt;double&gt; &amp; more"'
    assert attributes({"x": -0.0, "y": float("inf")}) == 'x="-0.0" y="inf"'


def test_one_and_one_point_oh_and_true_are_written_apart():
    # equal as dictionary keys, different as text
    assert [attributes({"data_v": v}) for v in (1, 1.0, True, "1")] == \
        ['data-v="1"', 'data-v="1.0"', 'data-v="True"', 'data-v="1"']
    assert attributes({"data_v": ("a", "<b>")}) == "data-v=\"(&#x27;a&#x27;, &#x27;&lt;b&gt;&#x27;)\""


def test_text_is_escaped_in_elements():
    svg = Svg()
    svg.add("text", "5|5 & <6|6>", x=1)
    assert svg.parts == ['<text x="1">5|5 &amp; &lt;6|6&gt;</text>']


def counting():
    """A drawing that writes its arguments, and the list of the arguments it was called with."""
    calls = []

    def draw(svg, *args):
        calls.append(args)
        svg.add("g", " ".join(repr(a) for a in args), cls="pawn")
    return draw, calls


def written(drawing, *args) -> list[str]:
    svg = Svg()
    drawing(svg, *args)
    return svg.parts


def test_a_drawing_is_written_once_per_distinct_arguments():
    draw, calls = counting()
    drawing = drawn_once(draw)
    assert written(drawing, "red", 3) == written(drawing, "red", 3) == ['<g class="pawn">\'red\' 3</g>']
    assert written(drawing, "blue", 3) == ['<g class="pawn">\'blue\' 3</g>']
    assert calls == [("red", 3), ("blue", 3)]


def test_arguments_of_different_types_are_kept_apart():
    draw, calls = counting()
    drawing = drawn_once(draw)
    assert [written(drawing, v) for v in (1, True, 1, True)] == [['<g class="pawn">1</g>'], ['<g class="pawn">True</g>'],
                                                               ['<g class="pawn">1</g>'], ['<g class="pawn">True</g>']]
    assert calls == [(1,), (True,)]


def test_a_float_is_drawn_afresh_every_time():
    draw, calls = counting()
    drawing = drawn_once(draw)
    assert written(drawing, 0.0) == ['<g class="pawn">0.0</g>']
    assert written(drawing, -0.0) == ['<g class="pawn">-0.0</g>']
    assert written(drawing, "lane", 0.0) == ['<g class="pawn">\'lane\' 0.0</g>']
    assert written(drawing, "lane", -0.0) == ['<g class="pawn">\'lane\' -0.0</g>']
    assert len(calls) == 4


def test_unhashable_arguments_are_drawn_afresh():
    draw, calls = counting()
    drawing = drawn_once(draw)
    assert written(drawing, [1, 2]) == written(drawing, [1, 2]) == ['<g class="pawn">[1, 2]</g>']
    assert len(calls) == 2


def test_the_context_is_part_of_the_key():
    palette = ["light"]
    calls = []

    @drawn_once(context=lambda: palette[0])
    def drawing(svg, n):
        calls.append((palette[0], n))
        svg.add("rect", cls=f"{palette[0]}-{n}")

    assert written(drawing, 1) == ['<rect class="light-1"/>']
    palette[0] = "dark"
    assert written(drawing, 1) == ['<rect class="dark-1"/>']
    assert written(drawing, 1) == ['<rect class="dark-1"/>']
    assert calls == [("light", 1), ("dark", 1)]


def test_a_text_value_is_escaped_once_and_kept_within_the_bound(monkeypatch):
    """svg.WRITTEN keeps each text value's written form (escaped once, reused by every diagram)
    until it holds WRITTEN_LIMIT of them; past the bound a new value is written but not kept."""
    from reference.core import svg
    monkeypatch.setattr(svg, "WRITTEN", {})
    assert attributes({"fill": "kept <1>"}) == 'fill="kept &lt;1&gt;"'
    assert svg.WRITTEN == {("fill", "kept <1>"): 'fill="kept &lt;1&gt;"'}
    monkeypatch.setattr(svg, "WRITTEN_LIMIT", 1)
    assert attributes({"fill": "not kept"}) == 'fill="not kept"'
    assert list(svg.WRITTEN) == [("fill", "kept <1>")]
