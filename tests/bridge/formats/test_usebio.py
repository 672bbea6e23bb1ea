"""USEBIO 1.2 values: written and read back equal, producers' spellings read, bad files refused by name."""

import datetime

import pytest

from tournaments.bridge.formats.usebio import (
    Adjusted,
    PairKey,
    TravellerLine,
    UsebioBoard,
    UsebioDeal,
    UsebioError,
    UsebioEvent,
    UsebioPair,
    UsebioPlayer,
    parse_adjusted,
    parse_pair_id,
    read_usebio,
    write_usebio,
)

NS1, EW1, EW2 = PairKey("", "NS", 1), PairKey("", "EW", 1), PairKey("", "EW", 2)
EVENT = UsebioEvent(
    club="Riverside & Co <Bridge>",
    description="Friday évening",
    date=datetime.date(2026, 11, 20),
    winner_type=2,
    pairs=(
        UsebioPair(NS1, (UsebioPlayer("Ann North", "1001"), UsebioPlayer("Bob North")), 1, 3.0, 75.0),
        UsebioPair(EW1, (UsebioPlayer("Gus East", "9"), UsebioPlayer("Hal East")), 1, 1.0, 25.0),
        UsebioPair(EW2, (UsebioPlayer("Ida West"), UsebioPlayer("Jo West")), 1, 1.0, 25.0),
    ),
    boards=(
        UsebioBoard(
            1,
            (
                TravellerLine(NS1, EW1, "4SX", "N", 10, "HQ", 590, 2.0, 0.0),
                TravellerLine(NS1, EW2, "PASS", "", None, "", 0, 1.0, 1.0),
                TravellerLine(
                    NS1, EW2, ns_score=None, ns_points=1.2, ew_points=0.8, adjusted=Adjusted(60, 40)
                ),
            ),
        ),
    ),
    deals=(UsebioDeal(1, "AKQJ.T98.765.432", "T98.765.432.AKQJ", "765.432.AKQJ.T98", "432.AKQJ.T98.765"),),
)


def test_write_then_read_gives_the_same_event():
    data = write_usebio(EVENT)
    assert read_usebio(data) == EVENT


def test_the_written_file_has_what_real_producers_write():
    data = write_usebio(EVENT).decode()
    head = data.splitlines()[:3]
    assert head == [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
        '<USEBIO Version="1.2">',
    ]
    for element in (
        '<EVENT EVENT_TYPE="MP_PAIRS">',
        "<CLUB_ID_NUMBER />",
        "<PROGRAM_NAME>ClubScore</PROGRAM_NAME>",
        "<WINNER_TYPE>2</WINNER_TYPE>",
        "<MPS_AWARDED_FLAG>N</MPS_AWARDED_FLAG>",
        "<DATE>20/11/2026</DATE>",
        "<PAIR_NUMBER>1NS</PAIR_NUMBER>",
        "<PAIR_NUMBER>1EW</PAIR_NUMBER>",
        "<PLACE>1</PLACE>",
        "<NATIONAL_ID_NUMBER />",
        "<SCORE>A6040</SCORE>",
        "<DIRECTION>North</DIRECTION>",
    ):
        assert element in data


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1NS", ("", 1, "NS")),  # Compscore
        ("1EW", ("", 1, "EW")),
        ("12 NS", ("", 12, "NS")),  # Scorer
        ("(A) 1 NS", ("A", 1, "NS")),  # Scorer, sections
        ("(c) 14", ("C", 14, "")),
        ("3 N-S", ("", 3, "NS")),
        ("7", ("", 7, "")),
        ("1 NE", None),
        ("one", None),
        ("", None),
    ],
)
def test_pair_numbers_are_read_as_producers_write_them(text, expected):
    assert parse_pair_id(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A6040", Adjusted(60, 40)),
        ("a5050", Adjusted(50, 50)),
        ("A6060", Adjusted(60, 60)),
        ("Adj", None),
        ("-50", None),
    ],
)
def test_artificial_adjusted_scores_are_read_as_a6040(text, expected):
    assert parse_adjusted(text) == expected


def _doc(
    body: str = "", *, date: str = "20/11/2026", event: str = 'EVENT_TYPE="MP_PAIRS"', extra: str = ""
) -> bytes:
    return (
        f'<USEBIO Version="1.2"><EVENT {event}>{extra}<DATE>{date}</DATE>'
        "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>A</PLAYER_NAME></PLAYER></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLAYER><PLAYER_NAME>B</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>"
        f"{body}</EVENT></USEBIO>"
    ).encode()


def _line(**fields: str | None) -> str:
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


def _board(*lines: str, number: int = 2) -> str:
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{''.join(lines)}</BOARD>"


@pytest.mark.parametrize(
    "event, extra, expected",
    [
        ('EVENT_TYPE="MP_PAIRS"', "", "MP_PAIRS"),  # Compscore
        ('EVENT_TYPE="PAIRS"', "", "MP_PAIRS"),  # Scorer, USEBIO 1.3
        ('EVENT_TYPE="PAIRS"', "<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>", "CROSS_IMP"),
        ('EVENT_TYPE="PAIRS"', "<BOARD_SCORING_METHOD>BUTLER_IMPS</BOARD_SCORING_METHOD>", "BUTLER_PAIRS"),
        ('EVENT_TYPE="PAIRS"', "<BOARD_SCORING_METHOD>BUTLER</BOARD_SCORING_METHOD>", "BUTLER_PAIRS"),
        ('EVENT_TYPE="CROSS_IMP"', "", "CROSS_IMP"),  # Compscore, Cobalt
        ('EVENT_TYPE="CROSS_IMPS"', "", "CROSS_IMP"),  # ClubScore before
        ('EVENT_TYPE="BUTLER_PAIRS"', "", "BUTLER_PAIRS"),
    ],
)
def test_event_types_are_read_as_producers_spell_them(event, extra, expected):
    assert read_usebio(_doc(event=event, extra=extra)).event_type == expected


@pytest.mark.parametrize(
    "fields, expected",
    [
        ({"CONTRACT": "4h*"}, ("4HX", "N", 9)),
        ({"CONTRACT": "4Cx"}, ("4CX", "N", 9)),  # Scorer
        ({"CONTRACT": "3N", "PLAYED_BY": "South"}, ("3NT", "S", 9)),
        ({"CONTRACT": "NP", "TRICKS": "0", "SCORE": "0"}, ("PASS", "", None)),  # Scorer's passed board
        ({"CONTRACT": "PASS", "PLAYED_BY": None, "TRICKS": None, "SCORE": "0"}, ("PASS", "", None)),
    ],
)
def test_contracts_are_read_as_producers_write_them(fields, expected):
    line = read_usebio(_doc(_board(_line(**fields)))).boards[0].lines[0]
    assert (line.contract, line.declarer, line.tricks) == expected


def test_an_adjusted_line_needs_no_contract():
    line = (
        read_usebio(_doc(_board(_line(CONTRACT=None, PLAYED_BY=None, TRICKS=None, SCORE="A6040"))))
        .boards[0]
        .lines[0]
    )
    assert (line.adjusted, line.ns_score, line.contract) == (Adjusted(60, 40), None, "")


def test_the_doctype_line_and_an_undeclared_latin1_file_are_read():
    doctype = (
        b'<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
    )
    assert read_usebio(doctype + _doc()).date == datetime.date(2026, 11, 20)
    latin1 = _doc().replace(b"<PLAYER_NAME>A<", "<PLAYER_NAME>Zoë<".encode("latin-1"))
    assert read_usebio(latin1).pairs[0].players[0].name == "Zoë"


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
        (_doc(date="November 20"), "<DATE> must be dd/mm/yyyy"),
        (
            _doc(event='EVENT_TYPE="AGGREGATE"'),
            "ClubScore reads pairs events (MP_PAIRS or PAIRS, CROSS_IMP, BUTLER_PAIRS), teams events"
            " (SWISS_TEAMS, TEAMS) and INDIVIDUAL, not AGGREGATE",
        ),
        (_doc(event='EVENT_TYPE="PAIRS"', extra="<BOARD_SCORING_METHOD>PAB</BOARD_SCORING_METHOD>"), "'PAB'"),
        (_doc().replace(b"<PAIR_NUMBER>2<", b"<PAIR_NUMBER>1<"), "pair 1 appears twice"),
        (_doc().replace(b"<PAIR_NUMBER>2<", b"<PAIR_NUMBER>2X<"), "'2X' is not a pair number"),
        (
            _doc().replace(
                b"<PLAYER_NAME>B</PLAYER_NAME>",
                b"<PLAYER_NAME>B</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>C</PLAYER_NAME></PLAYER>"
                b"<PLAYER><PLAYER_NAME>D</PLAYER_NAME>",
            ),
            "PAIR 2: a pair has one or two <PLAYER>s with a <PLAYER_NAME>, not 3",
        ),
        (_doc(_board(_line(SCORE="Adj"))), "BOARD 2, line 1: <SCORE> 'Adj' is neither"),
        (_doc(_board(_line(), _line(TRICKS="x"))), "BOARD 2, line 2: <TRICKS>"),
        (_doc(_board(_line(TRICKS="14"))), "<TRICKS> 14 is above 13"),
        (_doc(_board(_line(PLAYED_BY=None))), "<PLAYED_BY> is missing"),
        (_doc(_board(_line(CONTRACT="8NT", SCORE=None))), "<CONTRACT> '8NT' is not a contract"),
        (_doc(_board(_line(EW_PAIR_NUMBER="9"))), "BOARD 2, line 1: EW pair '9' is not a participant"),
        (_doc(_board(number=3) * 2), "BOARD 3 appears twice"),
        (_doc(_board(number=0)), "must be at least 1, not 0"),
        (_doc(_board(number=3_000_000)), "BOARD 1: <BOARD_NUMBER> 3000000 is above 999"),
        (_doc(extra='<SESSION SESSION_ID="1"/><SESSION SESSION_ID="2"/>'), "2 <SESSION>s"),
    ],
)
def test_a_bad_document_is_refused_naming_what_is_wrong(data, message):
    with pytest.raises(UsebioError) as caught:
        read_usebio(data)
    assert message in str(caught.value)


def test_an_error_names_the_files_line():
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "fixtures" / "usebio" / "compscore-mp-mitchell.xml"
    text = path.read_text()
    at = text.index("<SCORE>", text.index("<BOARD_NUMBER>2</BOARD_NUMBER>"))
    broken = text[:at] + "<SCORE>Adj" + text[at + len("<SCORE>") :]
    with pytest.raises(UsebioError) as caught:
        read_usebio(broken.encode())
    assert caught.value.line == text[:at].count("\n") + 1
    assert str(caught.value).startswith("BOARD 2, line 1: <SCORE> 'Adj")
    with pytest.raises(UsebioError) as caught:
        read_usebio(b"<USEBIO>\n<EVENT>\n</USEBIO>")
    assert caught.value.line == 3


HAND = (
    "<HAND><DIRECTION>{}</DIRECTION><SPADES>{}</SPADES><HEARTS>{}</HEARTS>"
    "<DIAMONDS>{}</DIAMONDS><CLUBS>{}</CLUBS></HAND>"
)
NESTED = (
    '<?xml version="1.0" encoding="iso-8859-1"?>\n'
    '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
    '<USEBIO Version="1.2"><CLUB><CLUB_NAME>Test</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>'
    '<EVENT EVENT_TYPE="PAIRS"><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>'
    "<EVENT_DESCRIPTION>Monday Pairs</EVENT_DESCRIPTION><DATE>18/11/2024</DATE><WINNER_TYPE>1</WINNER_TYPE>"
    '<SESSION SESSION_ID="1"><SECTION SECTION_ID="A"><PARTICIPANTS>'
    "<PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PERCENTAGE>50</PERCENTAGE><PLACE>1</PLACE>"
    "<PLAYER><PLAYER_NAME>Alice Smith</PLAYER_NAME></PLAYER>"
    "<PLAYER><PLAYER_NAME>Bob Jones</PLAYER_NAME></PLAYER></PAIR>"
    "<PAIR><PAIR_NUMBER>1EW</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PERCENTAGE>50</PERCENTAGE><PLACE>1</PLACE>"
    "<PLAYER><PLAYER_NAME>Eve Green</PLAYER_NAME></PLAYER>"
    "<PLAYER><PLAYER_NAME>Frank Black</PLAYER_NAME></PLAYER></PAIR>"
    "</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
    + HAND.format("North", "AKQJ", "T98", "765", "432")
    + HAND.format("East", "T98", "765", "432", "AKQJ")
    + HAND.format("South", "765", "432", "AKQJ", "T98")
    + HAND.format("West", "432", "AKQJ", "T98", "765")
    + "<TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER><CONTRACT/>"
    "<PLAYED_BY/><LEAD/><TRICKS/><SCORE>0</SCORE></TRAVELLER_LINE></BOARD>"
    "<BOARD><BOARD_NUMBER>2</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>"
    "<EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>9</TRICKS>"
    "</TRAVELLER_LINE></BOARD></SECTION></SESSION></EVENT></USEBIO>"
)


def test_a_single_session_and_section_hands_in_the_boards_and_a_board_not_played_are_read():
    event = read_usebio(NESTED.encode("latin-1"))
    assert [pair.label for pair in event.pairs] == ["1 NS", "1 EW"]  # one section is no section
    assert event.deals == (
        UsebioDeal(1, "AKQJ.T98.765.432", "T98.765.432.AKQJ", "765.432.AKQJ.T98", "432.AKQJ.T98.765"),
    )
    not_played, played = event.boards[0].lines[0], event.boards[1].lines[0]
    assert (not_played.played, not_played.contract, not_played.ns_score) == (False, "", None)
    assert (played.played, played.contract, played.declarer, played.tricks, played.ns_score) == (
        True,
        "4S",
        "E",
        9,
        None,
    )


@pytest.mark.parametrize(
    "place, percentage, date, expected",
    [
        ("2", "54.32", "20/11/2026", (2, 54.32)),
        ("2=", "54,32", "20-11-2026", (2, 54.32)),
        ("=2", "54.32%", "2026-11-20", (2, 54.32)),
        ("2nd", "54.32", "20.11.2026", (2, 54.32)),
        ("", "", "20/11/26", (None, None)),
    ],
)
def test_places_percentages_and_dates_are_read_as_scorers_write_them(place, percentage, date, expected):
    doc = _doc(date=date).replace(
        b"<PAIR_NUMBER>1</PAIR_NUMBER>",
        f"<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>{place}</PLACE><PERCENTAGE>{percentage}</PERCENTAGE>".encode(),
    )
    event = read_usebio(doc)
    assert (event.pairs[0].place, event.pairs[0].percentage) == expected
    assert event.date == datetime.date(2026, 11, 20)
