"""The steps of an evening, each a thing a director, a table or a player does through the site.

``STEPS`` is the walk in order; a later capability joins it by adding a step here (or a
value to a dimension in ``dimensions.py``). A step reads what it needs from the pages
(the forms' fields, the links a page offers), sends what a user sends, and records in
``walk.facts`` what the rules need to recompute the evening: every result entered, with
its board and the two pairs as the site named them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from tests.walk import bank, entries_step, money, push, rules
from tests.walk.analysis import member_reads_his_analysis
from tests.walk.bookings import programme
from tests.walk.entries import Entry
from tests.walk.forms import form_posting_to
from tests.walk.imports import reimport_individual
from tests.walk.nights import NIGHTS, Night, player_names
from tests.walk.walk import Walk, WalkStopped

HOLDINGS = ("1200", "650", "80", "300", "20", "900")  # strata A (500+), B (100-500), C (below 100)


def night_of(walk: Walk) -> Night:
    return NIGHTS[walk.combination.night]


# --- The steps -----------------------------------------------------------------------------------


def club_settings(walk: Walk) -> None:
    club = walk.facts["club"]
    url = reverse("director:club_settings", args=[club.slug])
    form = walk.form("club settings", url, url)
    federation = {"none": ""}.get(walk.combination.federation, walk.combination.federation)
    data = form.data(federation=federation, language=walk.language, table_standings="on")
    data.pop("table_entry_lead", None)
    walk.post("club settings", url, data)


def members(walk: Walk) -> None:
    """The club's member list: every player of the night, with an address (the results mail) and
    master points held (the strata by holdings), imported through its preview."""
    club = walk.facts["club"]
    url = reverse("director:members", args=[club.slug])
    night = night_of(walk)
    lines = [
        f"{name},{index + 1000},walker{index}@example.org,{HOLDINGS[index % len(HOLDINGS)]}"
        for index, name in enumerate(player_names(night.players))
    ]
    upload = SimpleUploadedFile("members.csv", "\n".join(lines).encode())
    preview = walk.post("member list", url, {"file": upload}, status=200).content.decode()
    confirm = form_posting_to(preview, url, reverse("director:members_confirm", args=[club.slug]))
    walk.post("member list confirm", confirm.action, confirm.data())


def create(walk: Walk) -> None:
    url = reverse("director:session_new")
    form = walk.form("new session", url, url)
    night = night_of(walk)
    walk.facts["date"] = timezone.localdate()  # tonight, typed as ISO (every language's form reads it)
    typed = form.data(name=f"Walk {night.name}", date=walk.facts["date"].isoformat(), **night.create_fields)
    response = walk.post("new session", url, typed)
    walk.session_id = int(re.search(r"/sessions/(\d+)/", response["Location"])[1])
    night.after_create(walk)


def seat(walk: Walk) -> None:
    night_of(walk).seat(walk)


def strata_and_handicaps(walk: Walk) -> None:
    if walk.combination.handicaps == "on":
        url = reverse("director:session_handicaps", args=[walk.session_id])
        form = walk.form("handicaps", url, url)
        players = sorted(name for name in form.names if name.startswith("player_"))
        figures = {name: str(Fraction(index % 5 - 2)) for index, name in enumerate(players)}
        walk.post("handicaps", url, form.data(handicapped="on", **figures))
        walk.facts["handicaps"] = figures
    if walk.combination.strata == "on":
        url = reverse("director:session_strata", args=[walk.session_id])
        form = walk.form("strata", url, url)
        walk.post("strata", url, form.data(strata_basis="holdings", limit_b="500", limit_c="100"))


def boards(walk: Walk) -> None:
    """The movement's boards: dealt by ClubScore (their hands, par and double-dummy analysis on
    the pages), or made for cards the club dealt by hand (the boards step's count)."""
    count = night_of(walk).board_count(walk)
    if walk.combination.boards == "dealt":
        deal = walk.form("session page", walk.session_url, f"/sessions/{walk.session_id}/deal/")
        walk.post("deal", deal.action, deal.data(count=str(count)))
    else:
        made = walk.form("session page", walk.session_url, f"/sessions/{walk.session_id}/boards/")
        walk.post("boards", made.action, made.data(count=str(count)))


def start(walk: Walk) -> None:
    url = reverse("director:state_confirm", args=[walk.session_id, "start"])
    walk.submit("start play", url, reverse("director:state", args=[walk.session_id]))


def play(walk: Walk) -> None:
    walk.facts["entries"] = []
    night = night_of(walk)
    night.before_play(walk)
    if walk.combination.entry == "phones":
        night.play_by_phones(walk)
    else:
        night.play_by_grid(walk)


def correct(walk: Walk) -> None:
    """The director corrects a result on the board's traveller grid: one trick fewer."""
    entries: list[Entry] = walk.facts["entries"]
    entry = next(e for e in entries if isinstance(e.outcome, rules.Played) and e.outcome.contract != "Pass")
    played = entry.outcome
    assert isinstance(played, rules.Played)
    corrected = rules.Played(played.contract, played.declarer, played.tricks - 1)
    _grid_line(walk, entry, corrected.grid_text())
    entry.outcome = corrected


def adjust(walk: Walk) -> None:
    """The director gives a table Average-plus / Average-minus (A60/40) on the traveller grid."""
    entries: list[Entry] = walk.facts["entries"]
    entry = entries[-1]
    _grid_line(walk, entry, "A60/40")
    entry.outcome = (60, 40)


def _grid_line(walk: Walk, entry: Entry, text: str) -> None:
    url = reverse("director:board_traveller", args=[walk.session_id, entry.board])
    form = walk.form("traveller grid", url, url)
    lines = int(form.fields["lines"][0])
    night = night_of(walk)
    for index in range(lines):
        ns = form.fields.get(f"l{index}-ns", [""])[0]
        ew = form.fields.get(f"l{index}-ew", [""])[0]
        if ns and night.grid_key(ns, "NS") == entry.ns and night.grid_key(ew, "EW") == entry.ew:
            walk.post("traveller grid", url, form.data(**{f"l{index}-contract": text}))
            return
    raise WalkStopped(f"board {entry.board}'s traveller has no line {entry.ns} v {entry.ew}")


def finish(walk: Walk) -> None:
    """Finish; what waits for the finish to commit (the results mail) is sent as it would be."""
    url = reverse("director:state_confirm", args=[walk.session_id, "finish"])
    with walk.facts["after_commit"](execute=True):
        walk.submit("finish", url, reverse("director:state", args=[walk.session_id]))
    walk.facts.setdefault("letters", len(mail.outbox))
    walk.get("session page after finish", walk.session_url)


def reopen(walk: Walk) -> None:
    url = reverse("director:state_confirm", args=[walk.session_id, "reopen"])
    walk.submit("reopen", url, reverse("director:state", args=[walk.session_id]))


def figures(walk: Walk) -> None:
    """Every figure of the standings download against the rules' recomputation."""
    night_of(walk).check_figures(walk)


def results_mail(walk: Walk) -> None:
    """The director's page of the results mail the first finish sent (counted by ``finish``)."""
    walk.get("results mail", reverse("director:mail_session", args=[walk.session_id]))


def awards(walk: Walk) -> None:
    club = walk.facts["club"]
    walk.get("master points", reverse("director:master_points", args=[club.slug]))
    month = f"?month={walk.facts['date']:%Y-%m}"  # the night's month, as the page asks it
    if walk.combination.federation == "abf":
        url = reverse("director:master_points_abf", args=[club.slug]) + month
        walk.keep_export("ABF file", walk.get("ABF file", url))
    if walk.combination.federation == "acbl":
        url = reverse("director:master_points_acbl", args=[club.slug]) + month
        walk.keep_export("ACBL report", walk.get("ACBL report", url))


def exports(walk: Walk) -> None:
    """Every file the session downloads: the public spreadsheets, the hand records, PBN, LIN, USEBIO."""
    pk = walk.session_id
    for name in ("standings_csv", "standings_xlsx"):
        walk.keep_export(name, walk.get(name, reverse(name, args=[pk]), who="public"))
    for number in sorted({1, night_of(walk).board_count(walk)}):  # the first board and the last
        for name in ("traveller_csv", "traveller_xlsx"):
            walk.keep_export(
                f"{name} {number}", walk.get(name, reverse(name, args=[pk, number]), who="public")
            )
    # Boards made for hand-dealt cards have no hands: their deal files answer 404 (not a 500).
    hands = 200 if walk.combination.boards == "dealt" else None
    walk.keep_export(
        "session LIN", walk.get("session LIN", reverse("session_lin", args=[pk]), who="public", status=hands)
    )
    for name in ("pbn_download", "lin_download"):
        response = walk.get(name, reverse(f"director:exchange:{name}", args=[pk]), status=None)
        if response.status_code == 200:
            walk.keep_export(name, response)
    usebio = walk.get("usebio_download", reverse("director:exchange:usebio_download", args=[pk]))
    # Kept for the internal numbers' check less its master points, an amount in the scale's
    # units (an ACBL 1.02 is written 102), not a pair's or table's number.
    text = re.sub(r"<MASTER_POINTS_AWARDED>\d+</MASTER_POINTS_AWARDED>", "", usebio.content.decode())
    walk._keep_public("usebio_download", text)
    if walk.combination.night == "individual":  # an INDIVIDUAL file (decision 83), imported back
        reimport_individual(walk, usebio.content)


def public_pages(walk: Walk) -> None:
    """What a player reads after the evening: the club, the session, standings, boards, pairs."""
    pk = walk.session_id
    club = walk.facts["club"]
    walk.get("home", reverse("home"), who="public")
    walk.get("club", reverse("club", args=[club.slug]), who="public")
    page = walk.get("session", reverse("session", args=[pk]), who="public").content.decode()
    walk.get("standings", reverse("session_standings", args=[pk]), who="public")
    walk.get("hand records", reverse("hand_records", args=[pk]), who="public")
    for number in range(1, night_of(walk).board_count(walk) + 1):
        walk.get(f"board {number}", reverse("board", args=[pk, number]), who="public")
    for pair in sorted(set(re.findall(rf"/session/{pk}/pair/(\d+)/", page)))[:2]:
        walk.get(f"pair {pair}", reverse("pair", args=[pk, int(pair)]), who="public")
    night_of(walk).public_extra(walk)


def director_pages(walk: Walk) -> None:
    """The director's pages of the evening, read for English and for 500s."""
    pk = walk.session_id
    page = walk.get("director session", reverse("director:session", args=[pk])).content.decode()
    for name in ("audit", "table_cards", "pair_cards", "tables"):
        url = reverse(f"director:{name}", args=[pk])
        # An imported evening has no movement of ClubScore's: its tables' pages are read when
        # the session page offers them (and must then answer).
        if walk.combination.entry != "import" or f'"{url}' in page:
            walk.get(f"director {name}", url)
    walk.get("director board 1", reverse("director:board", args=[pk, 1]))


SIGN_IN_LINK = re.compile(r"https?://\S+/members/sign-in/(\S+)/")


def member_signs_in(walk: Walk) -> None:
    """A member who played asks for a sign-in link, follows the one the outbox holds, and finds
    the evening among his results on ``/me/``: a percentage and a place, in his language."""
    pk = walk.session_id
    email = "walker0@example.org"  # the first player of the member list, who played
    sent = len(mail.outbox)
    walk.post("member sign-in", reverse("member_sign_in"), {"email": email}, who="member", status=200)
    letters = [m for m in mail.outbox[sent:] if m.to == [email]]
    token = SIGN_IN_LINK.search(letters[0].body) if len(letters) == 1 else None
    if token is None:
        raise WalkStopped(f"member sign-in: {len(letters)} letters to {email}, not one with a link")
    link = walk.get(
        "member sign-in link", reverse("member_sign_in_link", args=[token[1]]), who="member", status=302
    )
    if link["Location"] != reverse("my_club"):
        raise WalkStopped(f"member sign-in link: sent to {link['Location']}, not {reverse('my_club')}")
    home = walk.get("my club", reverse("my_club"), who="member").content.decode()
    players = sorted(set(re.findall(r'href="/me/players/(\d+)/"', home)))
    if len(players) != 1:
        raise WalkStopped(f"my club: {len(players)} players of the member listed, not his one")
    page = walk.get("my results", reverse("my_player", args=[int(players[0])]), who="member").content.decode()
    row = re.search(rf'<a href="/session/{pk}/">[^<]*</a>.*?</tr>', page, re.S)
    if row is None:
        raise WalkStopped(f"my results: the evening (/session/{pk}/) is not among the member's results")
    figures = re.findall(r'<td class="num[^"]*">([^<]*)</td>', row[0])
    if (
        len(figures) != 2
        or not re.fullmatch(r"-?\d+[.,]\d\d", figures[0])
        or not re.search(r"\d", figures[1])
    ):
        raise WalkStopped(f"my results: the evening shows {figures}, not a percentage and a place")


Step = tuple[str, Callable[[Walk], None]]
STEPS: list[Step] = [
    ("club settings", club_settings),
    ("members", members),
    ("programme", programme),
    ("create", create),
    ("seat", seat),
    ("strata and handicaps", strata_and_handicaps),
    ("boards", boards),
    ("start", start),
    ("play", play),
    ("correct", correct),
    ("adjust", adjust),
    ("pages told", push.pages_told),
    ("director pages", director_pages),
    ("table money", money.table_money),
    ("finish", finish),
    ("table money charged", money.table_money_charged),
    ("figures", figures),
    ("reopen", reopen),
    ("finish again", finish),
    ("table money once", money.table_money_once),
    ("figures again", figures),
    ("results mail", results_mail),
    ("awards", awards),
    ("exports", exports),
    ("public pages", public_pages),
    ("member signs in", member_signs_in),
    ("member pays by bank", bank.member_pays_by_bank),
    ("entries", entries_step.entries),
    ("member reads his analysis", member_reads_his_analysis),
]
