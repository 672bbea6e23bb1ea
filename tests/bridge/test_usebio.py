"""USEBIO 1.2 values: written and read back equal, and bad or hostile documents refused by name."""

import datetime

import pytest

from tournaments.bridge.usebio import (
    TravellerLine,
    UsebioBoard,
    UsebioError,
    UsebioEvent,
    UsebioPair,
    UsebioPlayer,
    read_usebio,
    write_usebio,
)

EVENT = UsebioEvent(
    club="Riverside & Co <Bridge>",
    description="Friday évening",
    date=datetime.date(2026, 11, 20),
    pairs=(
        UsebioPair(1, "NS", (UsebioPlayer("Ann North", "EBU123"), UsebioPlayer("Bob North")), "1", 3.0, 75.0),
        UsebioPair(1, "EW", (UsebioPlayer("Gus East", "EBU9"),), "1=", 1.0, 25.0),
    ),
    boards=(
        UsebioBoard(
            1,
            (
                TravellerLine(1, 1, "4SX", "N", 10, "HQ", 590, 2.0, 0.0),
                TravellerLine(1, 1, "PASS", "", None, "", 0, 1.0, 1.0),
            ),
        ),
    ),
)


def test_write_then_read_gives_the_same_event():
    data = write_usebio(EVENT)
    assert data.startswith(b"<?xml version='1.0' encoding='utf-8'?>")
    assert b'<USEBIO Version="1.2">' in data and b'<EVENT EVENT_TYPE="MP_PAIRS">' in data
    assert b"<DATE>20/11/2026</DATE>" in data
    assert read_usebio(data) == EVENT


def _doc(body: str, *, date: str = "20/11/2026") -> bytes:
    return (
        f'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><DATE>{date}</DATE>'
        "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>A</PLAYER_NAME></PLAYER></PAIR>"
        f"<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLAYER><PLAYER_NAME>B</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>"
        f"{body}</EVENT></USEBIO>"
    ).encode()


def _line(**fields: str) -> str:
    values = {
        "NS_PAIR_NUMBER": "1",
        "EW_PAIR_NUMBER": "2",
        "CONTRACT": "3NT",
        "PLAYED_BY": "N",
        "TRICKS": "9",
    }
    values["SCORE"] = "400"
    values.update(fields)
    inner = "".join(f"<{tag}>{value}</{tag}>" for tag, value in values.items() if value is not None)
    return f"<TRAVELLER_LINE>{inner}</TRAVELLER_LINE>"


def test_a_howell_document_reads_without_directions_and_star_as_double():
    event = read_usebio(_doc(f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>{_line(CONTRACT='4h*')}</BOARD>"))
    assert not event.is_mitchell
    assert event.boards[0].lines[0].contract == "4HX"


BOMB = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
    b"<USEBIO>&lol2;</USEBIO>"
)


@pytest.mark.parametrize(
    "data, message",
    [
        (b"<USEBIO><EVENT>", "line 1, column 15: not well-formed"),
        (b"not xml at all", "line 1, column 0"),
        (BOMB, "forbidden construct"),
        (b"<RESULTS/>", "root is <RESULTS>"),
        (b"<USEBIO/>", "no <EVENT>"),
        (_doc("", date="2026-11-20"), "<DATE> must be dd/mm/yyyy"),
        (_doc("").replace(b"MP_PAIRS", b"TEAMS"), "EVENT_TYPE='TEAMS'"),
        (_doc("").replace(b"<PAIR_NUMBER>2<", b"<PAIR_NUMBER>1<"), "pair 1 appears twice"),
        (
            _doc("").replace(b"<PLAYER_NAME>B</PLAYER_NAME>", b"<PLAYER_NAME> </PLAYER_NAME>"),
            "PAIR 2, PLAYER 1",
        ),
        (
            _doc(f"<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>{_line(SCORE='A60')}</BOARD>"),
            "BOARD 3, line 1: <SCORE>",
        ),
        (
            _doc(f"<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>{_line()}{_line(TRICKS='x')}</BOARD>"),
            "BOARD 3, line 2",
        ),
        (
            _doc(f"<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>{_line(PLAYED_BY=None)}</BOARD>"),
            "<PLAYED_BY> is missing",
        ),
        (_doc("<BOARD><BOARD_NUMBER>3</BOARD_NUMBER></BOARD>" * 2), "BOARD 3 appears twice"),
        (_doc("<BOARD><BOARD_NUMBER>0</BOARD_NUMBER></BOARD>"), "at least 1"),
    ],
)
def test_a_bad_document_is_refused_naming_what_is_wrong(data, message):
    with pytest.raises(UsebioError, match=None) as caught:
        read_usebio(data)
    assert message in str(caught.value)
