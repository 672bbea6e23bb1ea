"""Each kind of night a club runs, as the walk sets it up, plays it and recomputes it.

A ``Night`` says what the new-session form is given, how the pairs are seated, how many
boards are dealt, how the tables' phones and the desk's grid bring the results in, and
how its figures follow from the results by the rules (``rules.py``). A new kind of night
joins the walk as one more entry of ``NIGHTS`` (and its name in ``dimensions.NIGHTS``).
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.urls import reverse

from tests.walk import rules
from tests.walk.entries import Entry, key_of, read_csv, result_for
from tests.walk.walk import Walk, WalkStopped

Key = tuple[str, str]
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon")
NAMES += ("Kim", "Lou", "Max", "Ned", "Oda", "Pip", "Quin", "Rob", "Sue", "Tom")


def player_names(count: int) -> list[str]:
    return [f"{NAMES[index % len(NAMES)]} Walker{index + 1}" for index in range(count)]


@dataclass
class Night:
    """A pairs night scored by matchpoints over one field (a Howell), with its movement's tables."""

    name: str
    movement: str
    tables: int
    pairs: int
    boards_per_round: int = 2
    rounds: int | None = None
    scoring: str = "mp"
    extra: dict[str, str] = field(default_factory=dict)
    entries: tuple[str, ...] = ("phones", "grid")  # how its results may come in
    counts_artificial: bool = True  # an artificial adjusted score counts in the standings

    @property
    def players(self) -> int:
        return 2 * self.pairs

    def allows(self, dimension: str, value: str) -> bool:
        """Whether a club can run this night with ``value`` of ``dimension`` (its entries offered)."""
        return dimension != "entry" or value in self.entries

    def steps(self, steps: list[tuple[str, Any]], combination: Any) -> list[tuple[str, Any]]:
        """The evening's steps for this night: ``evening.STEPS`` as they are, but a night whose
        evening differs (a teams event) puts its own in their places (by the step's name) and
        leaves out what it has not. An evening entered by import makes its session by the
        import (``imports.import_evening``) in place of creating, seating, the boards, the
        start and the play."""
        if combination.entry != "import":
            return steps
        from tests.walk.imports import import_evening

        own = {"create": import_evening, "seat": None, "boards": None, "start": None, "play": None}
        return [(name, own.get(name, step)) for name, step in steps if own.get(name, step) is not None]

    def letters_expected(self) -> int:
        """The results letters the first finish sends: one a player."""
        return self.players

    # --- Setting up ----------------------------------------------------------------------------

    @property
    def create_fields(self) -> dict[str, str]:
        return {
            "movement": self.movement,
            "tables": str(self.tables),
            "boards_per_round": str(self.boards_per_round),
            "rounds": "" if self.rounds is None else str(self.rounds),
            "scoring": self.scoring,
            **self.extra,
        }

    def after_create(self, walk: Walk) -> None:
        """Anything the session page asks before the pairs (the sections of a sectioned night)."""

    def seat(self, walk: Walk) -> None:
        """Seat the pairs one by one with the session page's Add pair form (read once: the page
        after each pair offers the same form again)."""
        names = iter(player_names(self.players))
        form = walk.form(
            "session page", walk.session_url, reverse("director:pair_add", args=[walk.session_id])
        )
        for typed in self.pairs_typed():
            walk.post("add pair", form.action, form.data(player1=next(names), player2=next(names), **typed))

    def pairs_typed(self) -> list[dict[str, str]]:
        """What the Add pair form is given besides the names, a pair at a time."""
        return [self.pair_fields(index) for index in range(self.pairs)]

    def pair_fields(self, index: int) -> dict[str, str]:
        return {}

    def board_count(self, walk: Walk) -> int:
        if "boards" not in walk.facts:
            # The boards step's count is the movement's boards (its "Set" form starts with it).
            form = walk.form("session page", walk.session_url, f"/sessions/{walk.session_id}/boards/")
            walk.facts["boards"] = int(form.fields["count"][0])
        return walk.facts["boards"]

    # --- Play ----------------------------------------------------------------------------------

    def direction(self, side: str) -> str:
        """The direction in a pair's key: a Mitchell's pairs are NS or EW for the night, a Howell's not."""
        return ""

    def grid_key(self, text: str, column: str) -> Key:
        return key_of(text, self.direction(column))

    def tokens(self, walk: Walk) -> list[str]:
        """The tables' links, as the director's Tables page lists them for the table cards."""
        page = walk.get("tables", reverse("director:tables", args=[walk.session_id])).content.decode()
        tokens = list(dict.fromkeys(re.findall(r"/table/([A-Za-z0-9_-]{8,})/", page)))
        if not tokens:
            raise WalkStopped("the Tables page lists no table link")
        return tokens

    def round_count(self, walk: Walk, state: dict[str, Any]) -> int:
        return int(state["rounds"])

    def before_play(self, walk: Walk) -> None:
        """What the director does once play has started, before the first result (a Swiss draws)."""

    def play_by_phones(self, walk: Walk) -> None:
        tokens = self.tokens(walk)
        for token in tokens:
            walk.get("phone page", reverse("table_entry", args=[token]), who="phone")
        first = walk.phone_json("phone state", reverse("table_state", args=[tokens[0]]), status=200)
        rounds = self.round_count(walk, first)
        for number in range(1, rounds + 1):
            for token in tokens:
                self.phone_round(walk, token, number)
            self.between_rounds(walk, number)
        for token in tokens:  # the last round's card: standings, nobody moves
            walk.phone_json("phone after play", reverse("table_state", args=[token]), status=200)

    def phone_round(self, walk: Walk, token: str, number: int) -> None:
        state = walk.phone_json("phone state", reverse("table_state", args=[token]), status=200)
        entry = next((r for r in state["table_rounds"] if r["number"] == number), None)
        if entry is None or entry["sits_out"]:
            return
        table = state["table"]
        ns = key_of(entry["ns"]["label"], self.direction("NS"))
        ew = key_of(entry["ew"]["label"], self.direction("EW"))
        for board in entry["boards"]:
            if board["entered"] is not None:
                continue
            played = result_for(board["number"], table)
            body = {
                "key": f"walk-{token[:6]}-{number}-{board['number']}",
                "round": number,
                "board": board["number"],
                "contract": played.contract,
                "declarer": played.declarer,
                "tricks": "" if played.contract == "Pass" else str(played.tricks),
                "lead": "",
            }
            walk.phone_json("phone submit", reverse("table_submit", args=[token]), body, status=201)
            walk.facts["entries"].append(
                Entry(
                    board["number"],
                    ns,
                    ew,
                    played,
                    self.players_of(entry["ns"]),
                    self.players_of(entry["ew"]),
                )
            )

    def players_of(self, shown: dict[str, str]) -> tuple[str, ...]:
        """The players of a side as the phone names them (an individual's: ``N Ann · S Bob``)."""
        return tuple(part.strip().split(" ", 1)[-1] for part in shown["names"].split("·"))

    def between_rounds(self, walk: Walk, number: int) -> None:
        """What the director does once a round is in (a Swiss draws the next)."""

    def play_by_grid(self, walk: Walk) -> None:
        """The desk types each table's round from its paper traveller, table after table."""
        url = self.first_grid(walk)
        seen = 0
        while "/grid/" in url and seen < 200:
            seen += 1
            round_, table = map(int, re.search(r"/rounds/(\d+)/tables/(\d+)/grid/", url).groups())
            self.grid_round(walk, url, round_, table)
            url = walk.facts.pop("next_url")
            if "/grid/" not in url and self.more_rounds(walk, round_):  # a Swiss's next round, drawn
                url = reverse("director:round_traveller", args=[walk.session_id, round_ + 1, 1])

    def first_grid(self, walk: Walk) -> str:
        """Round 1's first table's grid, by the link of the session page's movement chart."""
        page = walk.get("session page", walk.session_url).content.decode()
        found = re.search(rf"/director/sessions/{walk.session_id}/rounds/1/tables/(\d+)/", page)
        if found is None:
            raise WalkStopped("the session page links no table of round 1")
        return reverse("director:round_traveller", args=[walk.session_id, 1, int(found[1])])

    def more_rounds(self, walk: Walk, round_: int) -> bool:
        return False

    def grid_round(self, walk: Walk, url: str, round_: int, table: int) -> None:
        form = walk.form("round grid", url, url)
        typed: dict[str, str] = {}
        for index in range(int(form.fields["lines"][0])):
            board = int(form.fields[f"l{index}-board"][0])
            ns, ew = form.fields[f"l{index}-ns"][0], form.fields[f"l{index}-ew"][0]
            played = result_for(board, table)
            typed[f"l{index}-contract"] = played.grid_text()
            walk.facts["entries"].append(
                Entry(board, self.grid_key(ns, "NS"), self.grid_key(ew, "EW"), played)
            )
        response = walk.post("round grid", url, form.data(**typed))
        walk.facts["next_url"] = response["Location"]

    # --- The rules' figures --------------------------------------------------------------------

    def fields_of(self, key: Key) -> str:
        """The field a pair is ranked in: one for a Howell, NS and EW for a Mitchell."""
        return ""

    def members(self, entry: Entry, side: str) -> list[Key]:
        """Who a side's figure on a board counts for: its pair (an individual: its two players)."""
        return [entry.ns if side == "NS" else entry.ew]

    def expected(self, walk: Walk) -> dict[Key, dict[str, Any]]:
        """Each pair's percentage, matchpoints, boards and place, from the entries by the rules."""
        entries: list[Entry] = walk.facts["entries"]
        by_board: dict[int, list[Entry]] = defaultdict(list)
        for entry in entries:
            by_board[entry.board].append(entry)
        largest = max(len(group) for group in by_board.values())
        board_pct: dict[Key, dict[int, Fraction]] = defaultdict(dict)
        board_mp: dict[Key, dict[int, Fraction]] = defaultdict(dict)
        artificial: list[tuple[Entry, int]] = []
        for number, group in by_board.items():
            full = max(len(group), largest)
            real = [e for e in group if isinstance(e.outcome, rules.Played)]
            pcts = rules.scaled_percentages([e.ns_score() for e in real], full) if real else []
            for entry, pct in zip(real, pcts, strict=True):
                for side, mine in (("NS", pct), ("EW", 100 - pct)):
                    for key in self.members(entry, side):
                        board_pct[key][number] = mine
                        board_mp[key][number] = mine * (full - 1) / 100
            artificial += [(e, full) for e in group if not isinstance(e.outcome, rules.Played)]
        others = {key: rules.mean(figures.values()) for key, figures in board_pct.items() if figures}
        for entry, full in artificial if self.counts_artificial else ():
            ns_pct, ew_pct = entry.outcome  # type: ignore[misc]
            for side, given in (("NS", ns_pct), ("EW", ew_pct)):
                for key in self.members(entry, side):
                    mine = Fraction(given)
                    if given == 60 and key in others:  # Law 12C2: at least Average-plus, or his own mean
                        mine = max(mine, others[key])
                    board_pct[key][entry.board] = mine
                    board_mp[key][entry.board] = mine * (full - 1) / 100
        if "board_pct" in walk.facts:  # a Swiss asks for them, to score its matches
            walk.facts["board_pct"] = board_pct
        table: dict[Key, dict[str, Any]] = {
            key: {
                "percentage": rules.mean(figures.values()),
                "matchpoints": sum(board_mp[key].values(), Fraction(0)),
                "boards": len(figures),
            }
            for key, figures in board_pct.items()
        }
        for field_name in {self.fields_of(key) for key in table}:
            members = {
                key: row["percentage"] for key, row in table.items() if self.fields_of(key) == field_name
            }
            for key, place in rules.places({"/".join(k): v for k, v in members.items()}).items():
                table[tuple(key.split("/"))]["place"] = place  # type: ignore[index]
        return table

    def csv_key(self, row: dict[str, str]) -> Key:
        return key_of(row["Pair"], self.direction("NS") and row["Pair"].split()[-1])

    def check_figures(self, walk: Walk) -> None:
        expected = self.expected(walk)
        response = walk.get("standings CSV", reverse("standings_csv", args=[walk.session_id]), who="public")
        walk.keep_export("standings CSV", response)
        rows = read_csv(response)
        shown = {self.csv_key(row): row for row in rows}
        if set(shown) != set(expected):
            walk.figure("the standings' pairs", sorted(shown), str(sorted(expected)))
        for key, want in expected.items():
            row = shown.get(key)
            if row is None:
                continue
            who = f"{' '.join(key).strip()}"
            walk.figure(f"{who}'s %", row["%"], want["percentage"])
            if "MP" in row:  # a barometer's standings are by rounds: percentages only
                walk.figure(f"{who}'s matchpoints", row["MP"], want["matchpoints"], places=1)
            walk.figure(f"{who}'s boards", row["Boards"], str(want["boards"]))
            walk.figure(f"{who}'s place", row["Rank"], want["place"])
        self.check_travellers(walk)

    def check_travellers(self, walk: Walk) -> None:
        """Each result's North-South score on the boards' downloaded travellers (once a walk: a
        reopen changes no score)."""
        if walk.facts.get("travellers checked"):
            return
        walk.facts["travellers checked"] = True
        entries: list[Entry] = walk.facts["entries"]
        for number in sorted({e.board for e in entries}):
            url = reverse("traveller_csv", args=[walk.session_id, number])
            rows = read_csv(walk.get("traveller CSV", url, who="public"))
            scores = sorted(
                str(e.ns_score())
                for e in entries
                if e.board == number and isinstance(e.outcome, rules.Played)
            )
            shown = sorted(
                row["NS score"]
                for row in rows
                if row["NS score"] not in ("", None)
                and row["Contract"] not in ("",)
                and not row["Contract"].startswith("A")
            )
            walk.figure(f"board {number}'s NS scores", " ".join(shown), " ".join(scores))

    def public_extra(self, walk: Walk) -> None:
        """Public pages of this kind of night beyond every night's."""


@dataclass
class Mitchell(Night):
    def pair_fields(self, index: int) -> dict[str, str]:
        return {"direction": "NS" if index % 2 == 0 else "EW", "number": str(index // 2 + 1)}

    def direction(self, side: str) -> str:
        return side

    def grid_key(self, text: str, column: str) -> Key:
        return key_of(text, column)

    def fields_of(self, key: Key) -> str:
        return key[0]

    def csv_key(self, row: dict[str, str]) -> Key:
        """``1 NS``, ``A1 NS`` or ``NS A1`` (``EO``, ``OW``, ``WE`` in other languages)."""
        words = row["Pair"].split()
        number = next(word for word in words if re.fullmatch(r"[A-Z]?\d+", word))
        side = next(word for word in words if word != number)
        return ("NS" if side.upper().startswith("N") else "EW", number)


@dataclass
class Sections(Mitchell):
    """Two Mitchell sections of different sizes (A four tables, B three), matchpointed across the field."""

    sections: tuple[tuple[str, int], ...] = (("A", 4), ("B", 3))

    def after_create(self, walk: Walk) -> None:
        spec = ", ".join(f"Mitchell {tables}" for _letter, tables in self.sections)
        walk.submit(
            "sections",
            walk.session_url,
            reverse("director:sections", args=[walk.session_id]),
            **{"sections-sections": spec, "sections-boards_per_round": str(self.boards_per_round)},
        )

    def pairs_typed(self) -> list[dict[str, str]]:
        return [
            {"section": letter, "direction": direction, "number": str(table)}
            for letter, tables in self.sections
            for table in range(1, tables + 1)
            for direction in ("NS", "EW")
        ]


@dataclass
class Individual(Night):
    """An individual: each player a new partner every round, ranked alone (his partnerships' boards).

    Its standings are the public individual standings page's (the pairs' download ranks the
    round's partnerships, issue 45 item 2), where an artificial adjusted score has no
    matchpoints and is not counted (the page says so)."""

    counts_artificial: bool = False

    @property
    def players(self) -> int:
        return 4 * self.tables

    def seat(self, walk: Walk) -> None:
        url = reverse("director:individual_players", args=[walk.session_id])
        walk.submit("individual players", url, url, players="\n".join(player_names(self.players)))

    def members(self, entry: Entry, side: str) -> list[Key]:
        return [("", name) for name in (entry.ns_players if side == "NS" else entry.ew_players)]

    def check_figures(self, walk: Walk) -> None:
        expected = self.expected(walk)
        url = reverse("individual_standings", args=[walk.session_id])
        page = walk.get("individual standings", url, who="public").content.decode()
        table = re.search(r'<table id="individual-standings".*?</table>', page, re.S)
        cell, number = r"<td>(.*?)</td>", r'<td class="num">(.*?)</td>'
        row = rf'<tr>{cell}{cell}<td class="names">(.*?)</td>{number}{number}{number}</tr>'
        rows = re.findall(row, table.group(0)) if table else []
        shown = {
            ("", html.unescape(name)): (place, boards, pct) for place, _n, name, boards, _mp, pct in rows
        }
        if set(shown) != set(expected):
            walk.figure("the individual standings' players", sorted(shown), str(sorted(expected)))
        for key, want in expected.items():
            if key not in shown:
                continue
            place, boards, pct = shown[key]
            walk.figure(f"{key[1]}'s %", pct, want["percentage"])
            walk.figure(f"{key[1]}'s boards", boards, str(want["boards"]))
            walk.figure(f"{key[1]}'s place", place, want["place"])
        self.check_travellers(walk)


@dataclass
class ImpPairs(Night):
    """A Howell scored by cross-IMPs: each result against every other of the board, ranked by
    IMPs a board; an artificial Average-plus is +3 IMPs and Average-minus -3 (EBU practice)."""

    scoring: str = "cross_imps"

    def expected(self, walk: Walk) -> dict[Key, dict[str, Any]]:
        entries: list[Entry] = walk.facts["entries"]
        imps: dict[Key, list[Fraction]] = defaultdict(list)
        for number in sorted({e.board for e in entries}):
            group = [e for e in entries if e.board == number]
            real = [e for e in group if isinstance(e.outcome, rules.Played)]
            for entry, won in zip(real, rules.cross_imps([e.ns_score() for e in real]), strict=True):
                imps[entry.ns].append(won)
                imps[entry.ew].append(-won)
            for entry in group:
                if not isinstance(entry.outcome, rules.Played):
                    ns_pct, ew_pct = entry.outcome
                    imps[entry.ns].append(Fraction(3 if ns_pct > 50 else -3 if ns_pct < 50 else 0))
                    imps[entry.ew].append(Fraction(3 if ew_pct > 50 else -3 if ew_pct < 50 else 0))
        table = {
            key: {"imps": sum(won, Fraction(0)), "per_board": rules.mean(won), "boards": len(won)}
            for key, won in imps.items()
        }
        for key, place in rules.places({"/".join(k): row["per_board"] for k, row in table.items()}).items():
            table[tuple(key.split("/"))]["place"] = place  # type: ignore[index]
        return table

    def check_figures(self, walk: Walk) -> None:
        expected = self.expected(walk)
        url = reverse("standings_csv", args=[walk.session_id])
        response = walk.get("standings CSV", url, who="public")
        walk.keep_export("standings CSV", response)
        shown = {self.csv_key(row): row for row in read_csv(response)}
        if set(shown) != set(expected):
            walk.figure("the standings' pairs", sorted(shown), str(sorted(expected)))
        for key, want in expected.items():
            row = shown.get(key)
            if row is None:
                continue
            who = " ".join(key).strip()
            walk.figure(f"{who}'s IMPs", row["IMPs"], want["imps"])
            walk.figure(f"{who}'s IMPs a board", row["IMPs/board"], want["per_board"])
            walk.figure(f"{who}'s boards", row["Boards"], str(want["boards"]))
            walk.figure(f"{who}'s place", row["Rank"], want["place"])
        self.check_travellers(walk)


@dataclass
class Swiss(Night):
    """A Swiss pairs: each round drawn by the director once the last is in, each table a match
    whose share of the matchpoints is its share of 20 VPs (60% gives 12.00 to 8.00)."""

    def round_count(self, walk: Walk, state: dict[str, Any]) -> int:
        return self.rounds or 1

    def before_play(self, walk: Walk) -> None:
        self.draw(walk, 1)

    def draw(self, walk: Walk, number: int) -> None:
        walk.submit(
            "draw round",
            walk.session_url,
            reverse("director:swiss_round", args=[walk.session_id]),
            round=str(number),
        )

    def between_rounds(self, walk: Walk, number: int) -> None:
        if number < (self.rounds or 1):
            self.draw(walk, number + 1)

    def more_rounds(self, walk: Walk, round_: int) -> bool:
        if round_ >= (self.rounds or 1):
            return False
        self.draw(walk, round_ + 1)
        return True

    def expected(self, walk: Walk) -> dict[Key, dict[str, Any]]:
        table = super().expected(walk)
        entries: list[Entry] = walk.facts["entries"]
        pct = self.board_percentages(walk)
        vps: dict[Key, Fraction] = defaultdict(Fraction)
        matches = {(e.ns, e.ew, (e.board - 1) // self.boards_per_round) for e in entries}
        for ns, ew, _round in matches:
            boards = [e.board for e in entries if (e.ns, e.ew) == (ns, ew)]
            share = rules.mean(pct[ns][b] for b in boards)
            cents = int(share * 20 + Fraction(1, 2))
            vps[ns] += Fraction(cents, 100)
            vps[ew] += Fraction(2000 - cents, 100)
        for key in table:
            table[key]["vps"] = vps[key]
        for key, place in rules.places({"/".join(k): v for k, v in vps.items()}).items():
            table[tuple(key.split("/"))]["place"] = place  # type: ignore[index]
        return table

    def board_percentages(self, walk: Walk) -> dict[Key, dict[int, Fraction]]:
        """Each pair's percentage on each board, as ``expected`` works them out."""
        walk.facts["board_pct"] = {}
        super().expected(walk)
        return walk.facts.pop("board_pct")

    def check_figures(self, walk: Walk) -> None:
        super().check_figures(walk)
        expected = self.expected(walk)
        rows = read_csv(
            walk.get("standings CSV", reverse("standings_csv", args=[walk.session_id]), who="public")
        )
        for row in rows:
            key = self.csv_key(row)
            if key in expected:
                walk.figure(f"{' '.join(key).strip()}'s VPs", row["VPs"], expected[key]["vps"])


IMPORTED = ("phones", "grid", "import")  # a night whose results the walk can write as a scorer's file
NIGHTS: dict[str, Night] = {
    "mitchell": Mitchell("mitchell", "mitchell", tables=3, pairs=6, rounds=3, entries=IMPORTED),
    "howell": Night("howell", "howell", tables=2, pairs=4, entries=IMPORTED),
    "sections": Sections("sections", "mitchell", tables=4, pairs=14, boards_per_round=1, entries=IMPORTED),
    "individual": Individual("individual", "individual", tables=3, pairs=6, rounds=3, entries=("phones",)),
    "barometer": Night("barometer", "barometer", tables=2, pairs=4, rounds=3),
    "swiss": Swiss("swiss", "swiss", tables=2, pairs=4, rounds=3),
    "imps": ImpPairs("imps", "howell", tables=2, pairs=4, entries=IMPORTED),
}

from tests.walk.teams import TeamsNight  # noqa: E402  (a teams night is a Night: defined after it)

NIGHTS["teams_swiss"] = TeamsNight(
    "teams_swiss", "teams", tables=4, pairs=8, boards_per_round=4, rounds=2, entries=IMPORTED
)
NIGHTS["teams_robin"] = TeamsNight(
    "teams_robin", "teams", tables=2, pairs=6, boards_per_round=4, form="round_robin", entries=IMPORTED
)
