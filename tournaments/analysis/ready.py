"""What the analysis adds to the rooms below it: the lead solves after a finish, the board
page's tables against double-dummy, the links to the players' analyses, the member's choice."""

from __future__ import annotations

from django.db.models import Q

from tournaments.analysis.models import AnalysisSharing
from tournaments.analysis.selectors.access import shared_in_public
from tournaments.analysis.selectors.evening import every_table, session_readable
from tournaments.analysis.services.leads import leads_request
from tournaments.core.models import Player
from tournaments.core.sections import Section
from tournaments.members import hooks as members
from tournaments.night import hooks as night
from tournaments.night.models import Board, Pair, Session
from tournaments.season import hooks as season


def leads_after_finish(session: Session) -> None:
    """A night finished: its leads are solved by a job of the queue."""
    leads_request(session)


def leads_after_correction(session: Session) -> None:
    """A finished night's result corrected (a lead typed again): the job solves what is new."""
    if session.is_finished:
        leads_request(session)


def board_against_double_dummy(board: Board) -> Section | None:
    """Every table's declarer against double-dummy on a finished session's dealt board."""
    if not session_readable(board.session) or not board.dd_tricks:
        return None
    rows = every_table(
        board, board.results.select_related("ns_pair", "ew_pair").order_by("ns_pair__number", "pk")
    )
    return Section("tournaments/analysis/_board_tables.html", {"board": board, "rows": rows}, order=20)


def session_analysis_links(session: Session, tables: object = ()) -> Section | None:
    """A finished session's links to the analyses its players share, and the way to one's own."""
    if not session_readable(session):
        return None
    seated = Pair.objects.filter(session=session)
    shared = (
        AnalysisSharing.objects.filter(public=True, player__erased_at__isnull=True)
        .filter(Q(player__in=seated.values("player1")) | Q(player__in=seated.values("player2")))
        .select_related("player")
    )  # one query
    players = sorted((sharing.player for sharing in shared), key=lambda player: player.public_name)
    links = [(player, session) for player in players]
    return Section("tournaments/analysis/_session_links.html", {"links": links, "session": session}, order=30)


def player_analysis_link(player: Player) -> Section | None:
    """The player's public page links his season's analysis, if he shares it."""
    if not shared_in_public(player):
        return None
    return Section("tournaments/analysis/_player_link.html", {"player": player}, order=30)


def my_player_analysis(player: Player) -> Section:
    """On his /me/ page: his finished evenings' analyses, his season, and his choice to share them."""
    played = Pair.objects.filter(Q(player1=player) | Q(player2=player)).values("session_id")
    sessions = list(Session.objects.filter(pk__in=played).order_by("-date", "-id"))
    finished = [s for s in sessions if session_readable(s)]
    sharing = AnalysisSharing.objects.filter(player=player).first()
    context = {"player": player, "sessions": finished, "public": bool(sharing and sharing.public)}
    return Section("tournaments/analysis/_my_player.html", context, order=10)


def ready() -> None:
    night.session_finished.register(leads_after_finish)
    night.session_settled.register(leads_after_correction)
    night.public_board_page.register(board_against_double_dummy)
    night.public_session_page.register(session_analysis_links)
    season.player_page.register(player_analysis_link)
    members.my_player_page.register(my_player_analysis)
