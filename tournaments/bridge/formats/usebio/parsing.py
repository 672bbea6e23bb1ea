"""The XML of a USEBIO file, parsed safely, with the line where each element starts.

The file comes from another program, so it is parsed with defusedxml: entity
declarations and external references are refused (a "billion laughs" cannot expand),
while the ``DOCTYPE`` line real files carry is allowed, and never fetched. A file with no
encoding declaration that is not UTF-8 is an older scorer's Latin-1. The lines let an
error say where in the file the director should look, as the legacy import's do.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, ParseError

from tournaments.bridge.formats.usebio.values import UsebioError


def _element_lines(data: bytes, root: Element) -> dict[int, int]:
    """Each element's line in the file, by ``id``: expat reports where each start tag is.

    Run only once defusedxml has accepted the file (no entities, nothing external), and
    elements start in the same order as ``root.iter()`` walks them.
    """
    import xml.parsers.expat

    starts: list[int] = []
    parser = xml.parsers.expat.ParserCreate()
    parser.StartElementHandler = lambda name, attributes: starts.append(parser.CurrentLineNumber)
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError:
        return {}
    return {id(element): line for element, line in zip(root.iter(), starts, strict=False)}


def parse_xml(data: bytes) -> tuple[Element, dict[int, int]]:
    """Parse a file from another program safely; return its root and each element's line."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    head = data[:200].lower()
    if b"encoding" not in head.split(b"?>")[0]:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:  # no declaration and not UTF-8: an older scorer's Latin-1
            data = data.decode("latin-1").encode("utf-8")
    try:
        root = fromstring(data)
    except ParseError as error:
        line, column = error.position
        raise UsebioError(f"line {line}, column {column}: not well-formed XML ({error.msg})", line) from None
    except DefusedXmlException as error:
        raise UsebioError(f"refused: the XML uses a forbidden construct ({type(error).__name__})") from None
    return root, _element_lines(data, root)


def event_element(root: Element) -> Element:
    """A USEBIO document's first ``EVENT``, or ``UsebioError`` if the document has none."""
    event = root.find("EVENT") if root.tag == "USEBIO" else None
    if event is None:
        raise UsebioError("no <USEBIO> document with an <EVENT>")
    return event
