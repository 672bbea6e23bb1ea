"""PBN's lexical layer: a file's games as tag pairs and table sections, ``#`` inheritance resolved.

What the PBN 2.1 standard (Tis Veugen and Kaj G Backas, 2017) allows in import format,
section by section:

- 2.4: a ``%`` in the first column escapes the rest of the line (``% PBN 2.1``,
  ``% EXPORT``, BridgeComposer's ``%Content-type``, layout directives);
- 3: games are separated by a semi-empty line (spaces and tabs only), except inside a
  ``{...}`` comment, which may span lines; ``;`` comments run to the end of the line; a
  tag pair is four tokens (``[``, name, value, ``]``) that white space may separate or not,
  over several lines (``[Event"x"]`` and ``[`` alone on a line are both in the PBN
  Verifier's file of correct games);
- 3.4: several tag pairs on one line; "in import format, a tag pair that already
  occurred, is ignored" (the first one counts), and 3.5.3/3.6.3: [Note] tags may
  occur more than once;
- 4.8: the value ``#`` inherits the tag's value "in the nearest previous game" that has
  it (``""`` where none has), and ``##text`` gives ``text`` to this game and every later
  game that leaves the tag out, until a game redefines it; both are forbidden for
  [Dealer], [Vulnerable], [Deal], [Declarer], [Contract], [Auction] and [Play];
- 5: a section is a tag followed by its data up to the next tag, from the same line on
  (``[Play "W"]SJ``, as Baker Bridge's lessons write it): [Auction], [Play],
  and the tables (a ``...Table`` tag whose value names the columns, ``Result\\2R``);
  table elements are separated by white space, a string token ``"..."`` may hold
  spaces (a pair's names).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tournaments.bridge.text import quoted

# 3: a tag pair is four tokens, "[", the name, the value, "]", white space between them
# optional (the PBN Verifier's own test file has [Event"..."] and tokens on new lines).
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
# 4.8: each game must give these itself, so "#" and "##" may not stand for them.
NO_INHERITANCE = frozenset({"dealer", "vulnerable", "deal", "declarer", "contract", "auction", "play"})
REPEATABLE = frozenset({"note"})


class PbnError(ValueError):
    """A PBN file that cannot be read; ``line`` is the 1-based line at fault."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(f"line {line}: {problem}")
        self.line = line
        self.problem = problem


@dataclass(frozen=True)
class Tag:
    value: str
    line: int


@dataclass
class Section:
    """A section's header tag and its data: for a table, one list of elements per line."""

    name: str
    header: str
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)

    @property
    def columns(self) -> list[tuple[str, int, str]]:
        """The table's columns as (name, minimum width, alignment ``'L'``/``'R'``/``''``), per 5.2."""
        return [table_column(part) for part in self.header.split(";") if part.strip()]


def table_column(text: str) -> tuple[str, int, str]:
    """Read a table header's column: ``'Result\\2R'`` -> ``('Result', 2, 'R')``."""
    name, _, width = text.strip().partition("\\")
    match = re.fullmatch(r"(\d+)([LR]?)", width.strip().upper())
    return name.strip().lstrip("+-"), int(match[1]) if match else 0, match[2] if match else ""


@dataclass
class Game:
    """One game: its tags by lower-cased name (the first of a repeated tag) and its sections."""

    line: int
    tags: dict[str, Tag] = field(default_factory=dict)
    sections: dict[str, Section] = field(default_factory=dict)

    def get(self, name: str) -> Tag | None:
        return self.tags.get(name.lower())

    def value(self, name: str) -> str:
        tag = self.tags.get(name.lower())
        return tag.value.strip() if tag is not None else ""


def _strip_comments(text: str, line_number: int, in_brace: bool) -> tuple[str, bool]:
    """Return the line without its comments (outside quoted values) and whether a ``{`` stays open."""
    kept = []
    in_string = False
    index = 0
    while index < len(text):
        char = text[index]
        if in_brace:
            if char == "}":
                in_brace = False
        elif in_string:
            kept.append(char)
            if char == "\\" and index + 1 < len(text):
                kept.append(text[index + 1])
                index += 1
            elif char == '"':
                in_string = False
        elif char == ";":
            break
        elif char == "{":
            in_brace = True
        else:
            kept.append(char)
            if char == '"':
                in_string = True
        index += 1
    if in_string:
        raise PbnError(line_number, f"a tag value is not closed by a quote: {quoted(text.strip())}")
    return "".join(kept), in_brace


def _unescape(value: str) -> str:
    return value.replace('\\"', '"').replace("\\\\", "\\")


class _Inheritance:
    """Section 4.8's ``#`` and ``##``: the nearest previous value of each tag, and the sticky ones."""

    def __init__(self) -> None:
        self.previous: dict[str, str] = {}
        self.sticky: dict[str, str] = {}

    def resolve(self, name: str, value: str, line: int) -> str:
        key = name.lower()
        if value.startswith("#") and key in NO_INHERITANCE:
            raise PbnError(
                line, f'[{name} "{value}"]: the PBN standard forbids "#" here, each game gives its own'
            )
        if value == "#":
            return self.previous.get(key, "")
        if value.startswith("##"):
            self.sticky[key] = value[2:]
            return value[2:]
        if key in self.sticky:  # a redefinition carries on to the later games
            self.sticky[key] = value
        return value

    def finish(self, game: Game) -> None:
        """Give the game the sticky values it leaves out, and remember its values for the next ``#``."""
        for key, value in self.sticky.items():
            game.tags.setdefault(key, Tag(value, game.line))
        self.previous.update({key: tag.value for key, tag in game.tags.items()})


def _lines(text: str) -> list[str]:
    """The file's lines, broken at CR, LF or CRLF only.

    ``str.splitlines`` also breaks at U+0085, U+2028 and the control characters 0x1C-0x1E:
    in a Latin-1 file, byte 0x85 (Windows' "…") would cut a tag value in two.
    """
    lines = re.split(r"\r\n|\r|\n", text)
    return lines[:-1] if lines and lines[-1] == "" else lines


def read_games(text: str) -> list[Game]:
    """Split a decoded file into games, resolving inheritance; raise ``PbnError`` naming the line."""
    games: list[Game] = []
    inheritance = _Inheritance()
    current: Game | None = None
    section: Section | None = None
    in_brace = False
    brace_line = 0  # where the open ``{`` comment began
    open_tag: tuple[str, int] | None = None  # a tag pair's text so far and its line: it may span lines
    for line_number, raw in enumerate(_lines(text), start=1):
        if raw.startswith("%") and not in_brace:
            continue
        was_open = in_brace
        line, in_brace = _strip_comments(raw, line_number, in_brace)
        if in_brace and (not was_open or "}" in raw):
            brace_line = line_number
        line = line.strip()
        if not line:
            if not raw.strip() and not in_brace:
                if open_tag is not None:
                    raise _unclosed_tag(*open_tag)
                if current is not None:
                    inheritance.finish(current)
                    games.append(current)
                    current, section = None, None
            continue
        where = line_number
        if open_tag is not None:
            line, where = f"{open_tag[0]} {line}", open_tag[1]
        if current is None:
            current = Game(where)
        section, open_tag = _read_line(line, where, current, section, inheritance)
    if in_brace:
        # Otherwise everything after it would vanish unread, boards included.
        raise PbnError(brace_line, "a { comment starts here and no } closes it")
    if open_tag is not None:
        raise _unclosed_tag(*open_tag)
    if current is not None:
        inheritance.finish(current)
        games.append(current)
    return games


def _unclosed_tag(text: str, line: int) -> PbnError:
    return PbnError(line, f'bad tag syntax {quoted(text)}: a tag pair [Name "value"] is not closed by ]')


def _read_line(
    line: str, line_number: int, game: Game, section: Section | None, inheritance: _Inheritance
) -> tuple[Section | None, tuple[str, int] | None]:
    """Read one line's tag pairs and section data (comments gone); return the open section and any open tag.

    A section's data follows its tag, on the same line or the next ones (``[Play "W"]SJ``),
    up to the next tag pair. A tag pair whose ``]`` is not on the line is carried on to
    the next (returned as the open tag, with its text so far).
    """
    position = 0
    while position < len(line):
        if line[position] != "[":
            end = _next_tag(line, position)
            if section is None:
                if position:  # after a tag that opens no section on this line
                    raise PbnError(
                        line_number, f'bad tag syntax {quoted(line[position:])}: write [Name "value"]'
                    )
                raise PbnError(line_number, f'expected a tag such as [Board "1"], found {quoted(line)}')
            section.rows.append((line_number, _elements(line[position:end])))
            position = end
            continue
        match = _TAG.match(line, position)
        if match is None:
            if _next_tag(line, position + 1, closing=True) == len(line):  # its "]" comes on a later line
                return section, (line[position:], line_number)
            raise PbnError(line_number, f'bad tag syntax {quoted(line[position:])}: write [Name "value"]')
        section = _read_tag(match, line_number, game, inheritance)
        position = match.end()
        while position < len(line) and line[position].isspace():
            position += 1
    return section, None


def _next_tag(line: str, start: int, *, closing: bool = False) -> int:
    """Where the next ``[`` (``closing``: ``]``) outside a quoted string is; the line's end if none."""
    wanted = "]" if closing else "["
    in_string = False
    index = start
    while index < len(line):
        char = line[index]
        if in_string:
            if char == "\\":
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == wanted:
            return index
        index += 1
    return len(line)


def _read_tag(
    match: re.Match[str], line_number: int, game: Game, inheritance: _Inheritance
) -> Section | None:
    """Read one tag pair into ``game``; return the section it opens, if any."""
    name, key = match[1], match[1].lower()
    value = inheritance.resolve(name, _unescape(match[2]), line_number)
    repeated = key in game.tags and key not in REPEATABLE
    if not repeated:
        game.tags.setdefault(key, Tag(value, line_number))
    if key in ("auction", "play") or (key.endswith("table") and key != "table"):
        # A repeated section is ignored with its data: it is read into a section not kept.
        section = Section(name, value, line_number)
        return section if repeated else game.sections.setdefault(key, section)
    return None


def _elements(line: str) -> list[str]:
    """Split a section's data line into elements: plain tokens and ``"..."`` string tokens."""
    return [_unescape(match[1]) if match[1] is not None else match[2] for match in _TOKEN.finditer(line)]
