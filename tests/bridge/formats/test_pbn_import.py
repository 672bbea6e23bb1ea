"""PBN import as the standard allows it and as real producers write it (tests/fixtures/pbn)."""

from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn

from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.pbn import PbnError, decode_pbn, read_pbn, read_pbn_bytes, read_pbn_file
from tournaments.bridge.formats.pbn.tags import read_games

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pbn"
DEAL_1 = "N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32"
DEAL_2 = "N:AQ3.A84.KJ7.QT42 J9.KT6.A82.AJ965 T7542.J7.QT4.K87 K86.Q9532.9653.3"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def game(number: int, deal: str, extra: str = "") -> str:
    return f'[Board "{number}"]\n[Deal "{deal}"]\n{extra}'


# --- What the standard allows ------------------------------------------------------------------


def test_a_repeated_tag_is_ignored_and_notes_may_repeat():
    text = game(1, DEAL_1, '[Event "first"]\n[Note "1:a"]\n[Event "second"]\n[Note "2:b"]\n[Board "7"]\n')
    [only] = read_games(text)
    assert only.value("event") == "first"
    assert only.value("board") == "1"
    assert read_pbn(text)[0].number == 1


def test_a_repeated_table_is_ignored_with_its_rows():
    table = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    text = game(1, DEAL_1, table + "1 2 3NT N 9\n" + table + "3 4 4S S 10\n")
    results = read_pbn_file(text).results.results
    assert [(result.ns_id, result.contract) for result in results] == [("1", "3NT")]


def test_hash_takes_the_nearest_previous_game_that_has_the_tag():
    text = "\n\n".join(
        [
            game(1, DEAL_1, '[Event "Monday"]\n[Site "#"]\n'),
            game(2, DEAL_2),
            game(3, DEAL_1, '[Event "#"]\n'),
        ]
    )
    games = read_games(text)
    assert games[0].value("site") == ""  # no earlier game has one: empty, as 4.8 says
    assert games[2].value("event") == "Monday"  # game 2 has none; game 1 has it


def test_double_hash_gives_every_later_game_the_value_until_redefined():
    text = "\n\n".join(
        [
            game(1, DEAL_1, '[Date "##2026.11.23"]\n'),
            game(2, DEAL_2),
            game(3, DEAL_1, '[Date "2026.11.24"]\n'),
            game(4, DEAL_2),
            game(5, DEAL_1, '[Date "#"]\n'),
        ]
    )
    assert [g.value("date") for g in read_games(text)] == [
        "2026.11.23",
        "2026.11.23",
        "2026.11.24",
        "2026.11.24",
        "2026.11.24",
    ]


@pytest.mark.parametrize("tag", ["Deal", "Dealer", "Vulnerable", "Contract"])
def test_hash_is_refused_where_the_standard_forbids_it(tag):
    text = game(1, DEAL_1, '[Dealer "N"]\n[Contract "3NT"]\n') + f'\n[Board "2"]\n[{tag} "#"]\n'
    with pytest.raises(PbnError, match=rf"\[{tag} \"#\"\]: the PBN standard forbids"):
        read_pbn(text)


# --- Character sets ----------------------------------------------------------------------------

BODY = '[Event "Caf\u00e9 \u0141\u00f3d\u017a"]\n'


@pytest.mark.parametrize(
    "declaration",
    ["%Content-type: text/x-pbn; charset=UTF-8\n", "% CHARSET UTF-8\n", "%Encoding UTF-8\n", "\ufeff"],
)
def test_a_file_that_declares_utf8_is_read_as_utf8(declaration):
    assert decode_pbn(f"% PBN 2.1\n{declaration}{BODY}".encode()).endswith(BODY)


def test_a_file_that_declares_latin1_or_nothing_is_read_as_latin1():
    body = '[Event "Caf\u00e9 \u00d6rjan"]\n'
    declared = "% PBN 2.1\n%Content-type: text/x-pbn; charset=ISO-8859-1\n" + body
    assert decode_pbn(declared.encode("latin-1")).endswith(body)
    assert decode_pbn(body.encode("latin-1")) == body


def test_prose_on_a_percent_line_is_no_declaration():
    body = '[Event "Caf\u00e9"]\n'
    assert decode_pbn(("% encoding: see the club's notes\n" + body).encode("latin-1")).endswith(body)


def test_a_file_that_declares_another_charset_is_read_in_it():
    body = '[Event "\u0141\u00f3d\u017a"]\n'
    assert decode_pbn(
        ("%Content-type: text/x-pbn; charset=ISO-8859-2\n" + body).encode("iso-8859-2")
    ).endswith(body)


@pytest.mark.parametrize(
    "data, line, problem",
    [
        (b"% CHARSET KLINGON-1\n", 1, "unknown"),
        (b'% PBN 2.1\n%Content-type: text/x-pbn; charset=UTF-8\n\n[Event "Caf\xe9"]\n', 4, "not UTF-8"),
    ],
)
def test_a_wrong_charset_declaration_is_refused_naming_its_line(data, line, problem):
    with pytest.raises(PbnError) as caught:
        decode_pbn(data)
    assert caught.value.line == line and problem in str(caught.value)


# --- Real producers' files ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, numbers",
    [
        ("bigdeal-1.0.pbn", list(range(1, 15))),
        ("bigdeal-psbridge.pbn", [1, 2, 3, 4]),
        ("bridgecomposer-hand-record.pbn", [16, 17, 18]),
        ("pary-barometer-one-game-per-table.pbn", [1, 2]),
        ("ruter-barometer-scoretable.pbn", [1]),
        ("bbo-history-pbntools.pbn", [1, 2]),
    ],
)
def test_every_real_file_gives_the_deals_endplay_reads_from_it(name, numbers):
    data = fixture(name)
    boards = read_pbn_bytes(data)
    assert [board.number for board in boards] == numbers
    theirs = {board.board_num: board.deal.to_pbn() for board in endplay_pbn.loads(decode_pbn(data))}
    assert {board.number: board.deal.pbn("N") for board in boards} == theirs


def test_a_hand_record_has_no_results():
    assert read_pbn_file(decode_pbn(fixture("bridgecomposer-hand-record.pbn"))).results.results == ()


def _endplay_contracts(text: str) -> list[tuple[int, str, str, str, str]]:
    """Each game's board, seats' names, contract, declarer and tricks, as endplay reads them."""
    rows = []
    for board in endplay_pbn.loads(text):
        contract = board.contract
        strain = "NT" if contract.denom.name == "nt" else contract.denom.name[0].upper()
        penalty = {"passed": "", "undoubled": "", "doubled": "X", "redoubled": "XX"}[contract.penalty.name]
        rows.append(
            (
                board.board_num,
                board.info["North"],
                f"{contract.level}{strain}{penalty}",
                contract.declarer.name[0].upper(),
                str(contract.level + 6 + contract.result),
            )
        )
    return rows


@pytest.mark.parametrize("name", ["pary-barometer-one-game-per-table.pbn", "bbo-history-pbntools.pbn"])
def test_a_file_of_one_game_per_table_gives_every_table_result(name):
    text = decode_pbn(fixture(name))
    read = read_pbn_file(text)
    ours = [
        (result.board, result.ns_names[0], result.contract, result.declarer, result.tricks)
        for result in read.results.results
    ]
    assert ours == _endplay_contracts(text)
    assert read.results.skipped == ()


def test_pary_pairs_keep_their_numbers_and_sides():
    results = read_pbn_file(decode_pbn(fixture("pary-barometer-one-game-per-table.pbn"))).results
    assert len(results.results) == 16
    assert {results.numbers[r.ns_id] for r in results.results} == {1, 3, 5, 7, 9, 11, 13, 15}
    assert {results.numbers[r.ew_id] for r in results.results} == {2, 4, 6, 8, 10, 12, 14, 16}
    assert results.results[0].ns_names == ("Para-1",)


def test_bbo_logins_are_partnerships_numbered_in_file_order():
    results = read_pbn_file(decode_pbn(fixture("bbo-history-pbntools.pbn"))).results
    first = results.results[0]
    assert (first.ns_names, first.ew_names) == (("jaak99", "jdr9999"), ("myriam1745", "sisse1745"))
    assert (results.numbers[first.ns_id], results.numbers[first.ew_id]) == (1, 2)


def test_a_club_barometer_score_table_gives_its_rows_with_the_total_score_table_names():
    data = fixture("ruter-barometer-scoretable.pbn")
    assert "BK \u00d6rjan" in decode_pbn(data)  # Latin-1, undeclared, as PBN is by default
    read = read_pbn_file(decode_pbn(data))
    assert read.boards[0].deal == Deal.from_pbn(
        "N:J76.AK.AQJ954.J3 QT.QT8542.62.Q52 AK9543.6.K3.T986 82.J973.T87.AK74"
    )
    rows = [
        (r.ns_id, r.ew_id, r.contract, r.declarer, r.tricks, r.lead, r.ns_score) for r in read.results.results
    ]
    # The fourth row is pair 2's sit-out ("Bye"): no result.
    assert rows == [
        ("6", "5", "5HX", "E", "7", "SA", 800),
        ("7", "3", "4S", "S", "11", "CA", 450),
        ("8", "1", "4S", "S", "11", "CA", 450),
    ]
    assert read.results.results[0].ns_names == ("Player 6A", "Player 6B")
    assert read.results.numbers == {"6": 6, "5": 5, "7": 7, "3": 3, "8": 8, "1": 1}


def test_an_artificial_score_in_a_score_table_is_listed_not_read():
    table = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
    text = game(1, DEAL_1, table + "1 2 3NT N 9 400 -\n3 4 - - - ^A60 ^A40\n")
    results = read_pbn_file(text).results
    assert len(results.results) == 1
    assert results.skipped == ("line 5: board 1, pairs 3 and 4: an artificial score (^A60 ^A40)",)


def test_a_partnership_is_one_pair_whichever_seats_it_takes():
    def table(north, south, east, west):
        seats = f'[North "{north}"]\n[South "{south}"]\n[East "{east}"]\n[West "{west}"]\n'
        return game(1, DEAL_1, seats + '[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n')

    text = table("ann", "bob", "cy", "di") + "\n" + table("eve", "fay", "bob", "ann")
    first, second = read_pbn_file(text).results.results
    assert first.ns_id == second.ew_id == "ann - bob"
    assert second.ew_names == ("bob", "ann")


@pytest.mark.parametrize(
    "score, declarer, ns_score",
    [
        ("NS 620", "E", 620),
        ("EW 100", "N", -100),
        ("NS -50 EW 50", "S", -50),
        ("-100", "E", 100),
        ("+620", "S", 620),
    ],
)
def test_a_game_score_is_read_in_the_standards_five_formats(score, declarer, ns_score):
    seats = '[North "a"]\n[South "b"]\n[East "c"]\n[West "d"]\n'
    text = game(
        1, DEAL_1, seats + f'[Contract "4H"]\n[Declarer "{declarer}"]\n[Result "10"]\n[Score "{score}"]\n'
    )
    assert read_pbn_file(text).results.results[0].ns_score == ns_score
