"""The SVG writer: whatever text goes in, the document parses and says exactly that text."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from tabletop_rules import SvgIds, svg_attributes, svg_escape, svg_number, svg_tag, svg_title

# What XML 1.0 can hold: the writer turns anything else into U+FFFD.
_XML_CHARS = st.characters(max_codepoint=0xFFFD).filter(lambda c: not "\ud800" <= c <= "\udfff")


def _allowed(char: str) -> bool:
    return char in "\t\n\r" or char >= " "


@given(st.text(_XML_CHARS))
def test_any_text_and_attribute_value_round_trip_through_a_parser(words: str) -> None:
    svg = svg_tag("svg", svg_title(words), svg_tag("text", svg_escape(words)), data_words=words)
    root = ET.fromstring(svg)
    expected = "".join(c if _allowed(c) else "\ufffd" for c in words)
    assert (root[0].text or "") == expected
    assert (root[1].text or "") == expected
    # A parser reads a tab or a newline in an attribute value as a space.
    assert root.get("data-words") == expected.replace("\t", " ").replace("\n", " ")


def test_escaping_covers_markup_and_quotes_and_replaces_what_xml_cannot_hold() -> None:
    assert svg_escape('<a href="x">&</a>') == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
    assert svg_escape("it's") == "it's"
    assert svg_escape("nul\x00 bell\x07 tab\t\r\n") == "nul\ufffd bell\ufffd tab\t&#13;\n"
    assert svg_escape("plain words") == "plain words"


def test_attributes_are_named_from_keywords_and_written_short() -> None:
    written = svg_attributes(
        {
            "class_": "a b",
            "stroke_width": 1.25,
            "data_actions": "0 3",
            "font-size": 9,
            "viewBox": "0 0 1 1",
            "left_out": None,
            "x": 2.0,
            "y": -0.04,
        }
    )
    assert written == (
        ' class="a b" stroke-width="1.2" data-actions="0 3" font-size="9" viewBox="0 0 1 1"'
        ' x="2" y="-0"'
    )


def test_numbers_are_written_to_a_tenth() -> None:
    assert [svg_number(v) for v in (3, 3.0, 3.04, 3.06, -2.5, 10**20)] == [
        "3",
        "3",
        "3",
        "3.1",
        "-2.5",
        "100000000000000000000",
    ]


def test_an_element_without_children_closes_itself() -> None:
    assert svg_tag("rect", width=3) == '<rect width="3"/>'
    assert svg_tag("g", "", "", id="empty") == '<g id="empty"/>'
    assert svg_tag("g", "<a/>", "<b/>") == "<g><a/><b/></g>"


def test_ids_are_unique_in_a_picture_whatever_is_asked() -> None:
    ids = SvgIds()
    given = [ids("pile"), ids("pile"), ids("pile", 2), ids("pile"), ids("card", "g1", 0)]
    assert given == ["pile", "pile-2", "pile-2-2", "pile-3", "card-g1-0"]
    assert "pile-3" in ids
    assert "pile-4" not in ids
