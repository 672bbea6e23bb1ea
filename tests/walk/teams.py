"""Teams nights in the walk: a Swiss teams and a round robin, each round a session of two tables a match.

A teams night has its own steps where a pairs night's do not fit (``TeamsNight.steps``):
the event is created on the teams' page, its teams entered one by one, each round drawn
(a Swiss one at a time, a round robin all at once) and published, which seats the round
in its own session; the tables then enter the round by their phones or the desk types
it on the round's grid, as a pairs night's; the correction and the adjustment are made on
a round session's board traveller, the event is finished, reopened and finished again on
its own pages, and the figures are the public ranking's and the matches' (IMPs and VPs),
recomputed from the results entered: IMPs by the WBF table (``rules.teams_board_imps``),
VPs by the WBF 20-VP scale as the Danish federation prints it (``rules.wbf_vp_4``). An evening
entered by import makes the event from a teams USEBIO file (``imports.import_teams``).
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.urls import reverse

from tests.walk import rules
from tests.walk.entries import Entry
from tests.walk.nights import Night, player_names
from tests.walk.walk import Walk, WalkStopped


def _n(text: str) -> Fraction:
    """A figure as a page shows it (``12,50``, ``12.5``, ``&ndash;`` for none) as a number."""
    return Fraction(text.strip().replace(",", ".").replace("\u2212", "-"))


@dataclass
class TeamsNight(Night):
    """A teams event of ``pairs // 2`` teams of four, ``boards_per_round`` boards a match."""

    form: str = "swiss"
    bye_vp: Fraction = Fraction(12)  # the event's default (EBU)

    @property
    def teams(self) -> int:
        return self.pairs // 2

    @property
    def players(self) -> int:
        return 4 * self.teams

    def allows(self, dimension: str, value: str) -> bool:
        if dimension in ("strata", "handicaps"):  # teams have neither: ranked by VPs alone
            return value == "off"
        return super().allows(dimension, value)

    def steps(self, steps: list[tuple[str, Any]], combination: Any) -> list[tuple[str, Any]]:
        own = {
            "create": self.create,
            "seat": self.seat,
            "strata and handicaps": None,
            "boards": None,  # each round's boards, as it is published (``play``)
            "start": None,  # the first draw starts the event
            "play": self.play,
            "correct": self.correct,
            "adjust": self.adjust,
            "director pages": self.director_pages,
            "finish": self.finish,
            "finish again": self.finish,
            "reopen": self.reopen,
            "results mail": None,  # a teams event mails no results (its rounds' sessions do not either)
            "exports": self.exports,
            "public pages": self.public_pages,
            "member signs in": None,  # the member's page lists pairs nights; teams events are not on it
            # Table money is charged once, at the first round's session (money's own steps know
            # it); a member's statement and analysis follow his signing in: not walked here.
            "member pays by bank": None,
            "member reads his analysis": None,
        }
        if combination.entry == "import":  # the event, its teams and its play come in by the file
            from tests.walk.imports import import_teams

            own |= {"create": import_teams, "seat": None, "play": None}
        walked = []
        for name, step in steps:
            mine = own.get(name, step)
            if mine is not None:
                walked.append((name, mine))
        return walked

    # --- Setting up ----------------------------------------------------------------------------

    def create(self, walk: Walk) -> None:
        from django.utils import timezone

        url = reverse("director:teams_new")
        form = walk.form("new teams event", url, url)
        walk.facts["date"] = timezone.localdate()
        typed = form.data(
            name=f"Walk {self.name}",
            date=walk.facts["date"].isoformat(),
            form=self.form,
            rounds=str(self.rounds or 1),
            boards_per_match=str(self.boards_per_round),
            scoring="wbf_vp",
        )
        response = walk.post("new teams event", url, typed)
        walk.facts["event"] = int(re.search(r"/teams/(\d+)/", response["Location"])[1])
        walk.session_id = None

    def event_url(self, walk: Walk) -> str:
        return reverse("director:teams_event", args=[walk.facts["event"]])

    def seat(self, walk: Walk) -> None:
        names = iter(player_names(self.players))
        event = walk.facts["event"]
        form = walk.form(
            "teams event", self.event_url(walk), reverse("director:teams_team_add", args=[event])
        )
        for number in range(1, self.teams + 1):
            players = "\n".join(next(names) for _ in range(4))
            walk.post("add team", form.action, form.data(name=f"Walkers {number}", players=players))

    # --- Play ----------------------------------------------------------------------------------

    def play(self, walk: Walk) -> None:
        """Each round: drawn (a Swiss's from the rounds before), published, its boards dealt or made,
        entered by the tables' phones or the desk's grid."""
        walk.facts["entries"] = []
        walk.facts["rounds"] = {}  # round number -> its session's id
        walk.facts["round of"] = {}  # id(entry) -> (round, table)
        event = walk.facts["event"]
        draw = reverse("director:teams_draw", args=[event])
        if self.form != "swiss":
            walk.submit("draw", self.event_url(walk), draw)
        for number in range(1, self.round_total(walk) + 1):
            if self.form == "swiss":
                walk.submit(f"draw round {number}", self.event_url(walk), draw)
            publish = reverse("director:teams_publish", args=[event, number])
            walk.submit(f"publish round {number}", self.event_url(walk), publish)
            page = walk.get("teams event", self.event_url(walk)).content.decode()
            found = re.search(rf'id="round-{number}".*?/director/sessions/(\d+)/"', page, re.S)
            if found is None:
                raise WalkStopped(f"the event page links no session of round {number}")
            walk.session_id = int(found[1])
            walk.facts["rounds"][number] = walk.session_id
            walk.facts.pop("boards", None)
            if walk.combination.boards == "dealt" and number == 1:  # the first round's: their analysis is
                # the slowest step of an evening, and the later rounds' boards are dealt the same way
                deal = walk.form("round session", walk.session_url, f"/sessions/{walk.session_id}/deal/")
                walk.post("deal", deal.action, deal.data(count=str(self.boards_per_round)))
            walk.get("round cards", reverse("director:teams_cards", args=[event, number]))
            before = len(walk.facts["entries"])
            if walk.combination.entry == "phones":
                self.play_by_phones(walk)
            else:
                self.play_by_grid(walk)
            for entry in walk.facts["entries"][before:]:
                walk.facts["round of"][id(entry)] = (number, self.table_of(entry))

    def round_total(self, walk: Walk | None) -> int:
        """A Swiss's rounds as created; a round robin's as its draw made them (teams - 1, or teams if odd)."""
        return self.rounds or 1 if self.form == "swiss" else self.teams - 1 + self.teams % 2

    @staticmethod
    def table_of(entry: Entry) -> int:
        """Pair 2t-1 sits North-South at table t (``bridge.teams.tables``)."""
        return (int(entry.ns[1]) + 1) // 2

    def direction(self, side: str) -> str:
        return ""

    def players_of(self, shown: dict[str, str]) -> tuple[str, ...]:
        return ()

    # --- Corrections, finish -----------------------------------------------------------------

    def _in_round(self, walk: Walk, entry: Entry) -> None:
        walk.session_id = walk.facts["rounds"][walk.facts["round of"][id(entry)][0]]

    def correct(self, walk: Walk) -> None:
        from tests.walk import evening

        entry = next(
            e
            for e in walk.facts["entries"]
            if isinstance(e.outcome, rules.Played) and e.outcome.contract != "Pass"
        )
        self._in_round(walk, entry)
        evening.correct(walk)  # the first played result: the same entry

    def adjust(self, walk: Walk) -> None:
        from tests.walk import evening

        self._in_round(walk, walk.facts["entries"][-1])
        evening.adjust(walk)

    def director_pages(self, walk: Walk) -> None:
        event = walk.facts["event"]
        walk.get("teams event", self.event_url(walk))
        walk.get("round lineups", reverse("director:teams_lineups", args=[event, 1]))
        walk.get("match penalties", reverse("director:teams_penalties", args=[event, 1, 1]))
        pk = walk.facts["rounds"][1]
        for name in ("session", "audit", "tables"):
            walk.get(f"round session {name}", reverse(f"director:{name}", args=[pk]))
        walk.get("round session board 1", reverse("director:board", args=[pk, 1]))

    def finish(self, walk: Walk) -> None:
        from django.core import mail

        url = reverse("director:teams_finish", args=[walk.facts["event"]])
        with walk.facts["after_commit"](execute=True):
            walk.submit("finish", url, url, confirm="yes")
        walk.facts.setdefault("letters", len(mail.outbox))
        walk.get("teams event after finish", self.event_url(walk))

    def reopen(self, walk: Walk) -> None:
        url = reverse("director:teams_reopen", args=[walk.facts["event"]])
        walk.submit("reopen", url, url, confirm="yes")

    def letters_expected(self) -> int:
        """None: a teams event mails no results today (its rounds' sessions do not mail theirs,
        which would be a pairs' Butler letter a round); a teams results mail changes this."""
        return 0

    # --- The rules' figures --------------------------------------------------------------------

    def matches(self, walk: Walk) -> dict[tuple[int, int], tuple[int, int | None]]:
        """The draw as the public page shows it: (round, match) -> (home, away or None for a bye)."""
        page = html.unescape(
            walk.get(
                "teams event", reverse("teams_event_public", args=[walk.facts["event"]]), who="public"
            ).content.decode()
        )
        drawn: dict[tuple[int, int], tuple[int, int | None]] = {}
        for number in range(1, self.round_total(walk) + 1):
            heading = re.search(rf"<h2>[^<]*\b{number}</h2>(.*?)(?=<h2>|$)", page, re.S)
            if heading is None:
                raise WalkStopped(f"the public event page has no round {number}")
            for table, home, away in re.findall(
                r"<tr>\s*<td>(\d+)</td>\s*<td>[^<]*</td>\s*<td>(\d+) [^<]*</td>\s*<td>(\d+) [^<]*</td>",
                heading[1],
            ):
                drawn[(number, int(table))] = (int(home), int(away))
        return drawn

    def expected(self, walk: Walk) -> dict[str, Any]:
        """Each match's IMPs and VPs and each team's total, from the results by the rules."""
        drawn = self.matches(walk)
        by_match: dict[tuple[int, int], dict[int, list[Any]]] = defaultdict(
            lambda: defaultdict(lambda: [None, None])
        )
        for entry in walk.facts["entries"]:
            number, table = walk.facts["round of"][id(entry)]
            at = entry.outcome if not isinstance(entry.outcome, rules.Played) else entry.ns_score()
            by_match[(number, (table + 1) // 2)][entry.board][(table + 1) % 2] = at
        matches = {}
        totals: dict[int, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
        for (number, match), boards in sorted(by_match.items()):
            home_team, away_team = drawn.get((number, match), (0, 0))
            home = away = Fraction(0)
            for first, second in boards.values():
                won_home, won_away = rules.teams_board_imps(first, second)
                home, away = home + won_home, away + won_away
            home_vp = rules.wbf_vp_4(home - away) if self.boards_per_round == 4 else None
            matches[(number, match)] = {"home": home, "away": away, "home_vp": home_vp}
            for team, mine, theirs, vp in (
                (home_team, home, away, home_vp),
                (away_team, away, home, 20 - home_vp),
            ):
                totals[team]["vp"] += vp
                totals[team]["for"] += mine
                totals[team]["against"] += theirs
        everyone = set(range(1, self.teams + 1))
        for number in range(1, self.round_total(walk) + 1):
            seated = {t for (r, _m), pair in drawn.items() if r == number for t in pair}
            for team in everyone - seated:  # a bye: the event's bye VPs
                totals[team]["vp"] += self.bye_vp
        return {"matches": matches, "teams": totals}

    def check_figures(self, walk: Walk) -> None:
        want = self.expected(walk)
        page = html.unescape(
            walk.get(
                "teams event", reverse("teams_event_public", args=[walk.facts["event"]]), who="public"
            ).content.decode()
        )
        ranking = re.search(r'<table class="teams-ranking">(.*?)</table>', page, re.S)
        cell = r'<td class="num">([^<]*)</td>'
        rows = re.findall(
            rf"<tr><td>(\d+=?)</td><td>(\d+) [^<]*</td>\s*{cell}{cell}\s*{cell}",
            ranking[1] if ranking else "",
        )
        shown = {int(team): (place, vp, imps_for, against) for place, team, vp, imps_for, against in rows}
        teams = want["teams"]
        if set(shown) != set(teams):
            walk.figure("the ranking's teams", sorted(shown), str(sorted(teams)))
        vps = {str(team): row["vp"] for team, row in teams.items()}
        places = rules.places(vps)
        for team, row in teams.items():
            if team not in shown:
                continue
            place, vp, imps_for, against = shown[team]
            walk.figure(f"team {team}'s VPs", vp, row["vp"])
            walk.figure(f"team {team}'s IMPs for", imps_for, row["for"])
            walk.figure(f"team {team}'s IMPs against", against, row["against"])
            if "=" not in places[str(team)]:  # equal VPs are parted by the tie-break, not checked here
                walk.figure(f"team {team}'s place", place, places[str(team)])
        for (number, match), row in want["matches"].items():
            section = re.search(rf"<h2>[^<]*\b{number}</h2>(.*?)(?=<h2>|$)", page, re.S)
            line = re.search(
                rf"<tr>\s*<td>{match}</td>.*?{cell}\s*{cell}\s*{cell}", section[1] if section else "", re.S
            )
            if line is None:
                walk.figure(f"round {number} match {match}", "missing", "a line")
                continue
            imps, vps = line[2].split("\u2013"), line[3].split("\u2013")
            walk.figure(f"round {number} match {match}'s home IMPs", imps[0], row["home"])
            walk.figure(f"round {number} match {match}'s away IMPs", imps[-1], row["away"])
            walk.figure(f"round {number} match {match}'s home VPs", vps[0], row["home_vp"])
            walk.figure(f"round {number} match {match}'s away VPs", vps[-1], 20 - row["home_vp"])
        self.check_round_travellers(walk)

    def check_round_travellers(self, walk: Walk) -> None:
        """Each round's boards' downloaded travellers hold the NS scores entered (once a walk)."""
        if walk.facts.get("travellers checked"):
            return
        all_entries = walk.facts["entries"]
        for number, pk in walk.facts["rounds"].items():
            walk.session_id = pk
            walk.facts["entries"] = [e for e in all_entries if walk.facts["round of"][id(e)][0] == number]
            self.check_travellers(walk)
            walk.facts.pop("travellers checked")
        walk.facts["entries"] = all_entries
        walk.facts["travellers checked"] = True

    # --- Files and public pages ----------------------------------------------------------------

    def exports(self, walk: Walk) -> None:
        event = walk.facts["event"]
        for name in ("teams_usebio", "teams_pbn"):
            url = reverse(f"director:{name}", args=[event])
            walk.keep_export(name, walk.get(name, url))
        pk = walk.facts["rounds"][1]
        for name in ("standings_csv", "standings_xlsx"):
            walk.keep_export(name, walk.get(name, reverse(name, args=[pk]), who="public"))
        for name in ("traveller_csv", "traveller_xlsx"):
            walk.keep_export(name, walk.get(name, reverse(name, args=[pk, 1]), who="public"))

    def public_pages(self, walk: Walk) -> None:
        event = walk.facts["event"]
        club = walk.facts["club"]
        walk.get("home", reverse("home"), who="public")
        walk.get("club", reverse("club", args=[club.slug]), who="public")
        walk.get("teams event", reverse("teams_event_public", args=[event]), who="public")
        walk.get("butler", reverse("teams_butler", args=[event]), who="public")
        for number in walk.facts["rounds"]:
            walk.get(f"round {number} match 1", reverse("teams_match", args=[event, number, 1]), who="public")
        pk = walk.facts["rounds"][1]
        walk.get("round session", reverse("session", args=[pk]), who="public")
        walk.get("round board 1", reverse("board", args=[pk, 1]), who="public")
