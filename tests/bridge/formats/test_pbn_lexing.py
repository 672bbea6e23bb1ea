"""PBN's lexical rules, as the standard states them and as its own Verifier's file of correct games uses them.

Comments (PBN 2.1, section 3): ``;`` to the end of the line; ``{`` to the next ``}``, over
as many lines as it takes; a ``%`` in the first column escapes its line, outside a
comment. Tag pairs (3): four tokens, ``[``, the name, the value, ``]``, with or without
white space between them, over several lines if need be. Sections (5): a tag's data
follows it, on its own line or on the next ones. Real files: the PBN Verifier's test file
of correct games (Tis Veugen's, copyright-free) and a Baker Bridge lesson whose comment
over many lines is followed by ``[Play "W"]SJ`` (tests/fixtures/pbn/README.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.bridge.formats.pbn import PbnError, decode_pbn, pbn_events, read_pbn_bytes, read_pbn_file
from tournaments.bridge.formats.pbn.tags import read_games

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pbn"
DEAL = "N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32"


@pytest.mark.parametrize(
    "text, tags, rows",
    [
        # ; runs to the end of the line, outside a quoted value
        ('[Event "a;b"] ; rest of line [Site "x"]\n', {"event": "a;b"}, []),
        # { } on one line, and two of them, around and between tags
        ('{one} [Event "e"] {two} {three}\n', {"event": "e"}, []),
        # { } over lines, with a blank line, a tag, a quote, a ; and a % line inside
        ('[Event "e"]\n{ a\n\n[Site "x"] "q ; r\n% s\n}\n[Site "y"]\n', {"event": "e", "site": "y"}, []),
        # a { inside a quoted value is not a comment, nor a } that follows
        ('[Event "{not a comment}"]\n', {"event": "{not a comment}"}, []),
        # a { inside a ; comment opens nothing
        ('[Event "e"] ; see {below\n[Site "s"]\n', {"event": "e", "site": "s"}, []),
        # % in the first column escapes the line; elsewhere it is text
        ('% [Event "escaped"]\n[Event "e"]\n', {"event": "e"}, []),
        # the comment closes mid-line and a tag follows
        ('{ a\nb }[Event "e"]\n', {"event": "e"}, []),
        # a comment between the calls of a section, over two lines
        ('[Auction "N"]\n1S Pass {a\nb} 2S Pass\n', {"auction": "N"}, [["1S", "Pass"], ["2S", "Pass"]]),
        # no white space between the name and the value
        ('[Event"no space"]\n', {"event": "no space"}, []),
        # white space after [ and before ]
        ('[   Event "spaces"   ]\n', {"event": "spaces"}, []),
        # the four tokens on four lines
        (
            ' [\n   Event\n         "use new lines"\n                         ]\n',
            {"event": "use new lines"},
            [],
        ),
        # two tags on one line
        ('[Event "my event"] [Date "1998.03.21"]\n', {"event": "my event", "date": "1998.03.21"}, []),
        # a section's data on its tag's line, and the next tag after it
        ('[Play "W"]SJ HK [Event "e"]\n', {"play": "W", "event": "e"}, [["SJ", "HK"]]),
        # CR line ends (old Mac) and CRLF read as LF
        ('[Event "e"]\r{ a\r b }\r[Site "s"]\r', {"event": "e", "site": "s"}, []),
        ('[Event "e"]\r\n{ a\r\n\r\n b }\r\n[Site "s"]\r\n', {"event": "e", "site": "s"}, []),
    ],
)
def test_comments_tags_and_sections_are_read_as_the_standard_says(text, tags, rows):
    [game] = read_games(text)
    assert {name: tag.value for name, tag in game.tags.items()} == tags
    assert [elements for section in game.sections.values() for _, elements in section.rows] == rows


@pytest.mark.parametrize(
    "text, line, problem",
    [
        ('[Event "e"]\n{ never\nclosed\n', 2, "no } closes it"),
        ('[\n Event\n "e"\n', 1, "not closed by ]"),  # the tag's ] never comes
        ('[Event\n\n"e"]\n', 1, "not closed by ]"),  # a blank line ends the game, and the tag
        ('[Event "e"] junk\n', 1, "bad tag syntax 'junk'"),  # [Event] opens no section
        ('[Event] [Site "s"]\n', 1, "bad tag syntax"),
        ("{ a }\nSJ\n", 2, "expected a tag"),
    ],
)
def test_what_the_standard_does_not_allow_is_refused_naming_its_line(text, line, problem):
    with pytest.raises(PbnError) as caught:
        read_games(text)
    assert caught.value.line == line
    assert problem in str(caught.value)


def test_the_pbn_verifiers_file_of_correct_games_is_read_whole():
    # Tis Veugen's test file for his PBN Verifier: "The file does not contain errors against
    # the PBN standard 1.0". It was refused at game 20, [Event"No space after 'event'"].
    text = decode_pbn((FIXTURES / "pbn-verifier-correct-1.0.pbn").read_bytes())
    games = read_games(text)
    assert len(games) == 31
    assert [games[n].value("event") for n in (19, 20, 21)] == [
        "No space after 'event'",
        "Spaces after '[' and before ']'",
        "use new lines",
    ]
    commented = games[24]  # game 25, "Test of comment": a comment beside every tag and call
    assert [commented.value(name) for name in ("west", "event", "east")] == [
        "Podgor",
        "test comment",
        "Kalish",
    ]
    auction = [elements for _, elements in commented.sections["auction"].rows]
    assert auction[0] == ["-", "1D", "1S", "3H", "?!", "$13", "=1="]  # {A1} {A2} ... gone
    assert len(commented.sections["play"].rows) == 8
    first = games[0]  # a 13-line diagram in a { } comment between [Result] and [Auction]
    assert first.value("result") == "9" and len(first.sections["auction"].rows) == 4
    assert [event.name for event in pbn_events(text)][0] == (
        "International Amsterdam Airport Schiphol Bridgetournament"
    )


def test_a_lesson_whose_play_follows_a_long_comment_on_its_tags_line_is_read():
    # Baker Bridge's lessons: a commentary of many lines, blank ones and [NEXT] directives
    # included, closed by }, then [Play "W"]SJ. It was refused on that line, "bad tag syntax 'SJ'".
    data = (FIXTURES / "baker-bridge-establishment.pbn").read_bytes()
    games = read_games(decode_pbn(data))
    assert [[elements for _, elements in game.sections["play"].rows] for game in games] == [
        [["SJ"]],
        [["S6"]],
    ]
    assert "Just don't foul up" not in str([game.tags for game in games])  # the commentary is a comment
    text = decode_pbn(data)
    first = text[: text.index("[Event", text.index("[Event") + 1)]  # the first game, whole
    assert [board.number for board in read_pbn_file(first).boards] == [1]
    # A lesson's board 2 is dealt by South: refused by its dealer now, as ClubScore refuses
    # any board whose dealer is not its number's (docs/decisions.md), not by the comment.
    with pytest.raises(PbnError, match="line 63: board 2 is dealt by E, not S"):
        read_pbn_bytes(data)
