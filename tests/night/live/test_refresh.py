"""A phone's refresh and a reader's poll: 204 while nothing shown changed, fresh the moment anything does.

Each change a night sees (a table's result, a director's correction or edit, a player's
name, erasure or initials, a merge, the admin's repairs, a call for the director) is
made between two polls, and the second poll, holding the first one's stamp, must get
the new page, with each cache: each process its own, one shared, Redis.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.core.models import Player
from tournaments.night.models import Pair, Result, Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.results import ResultEntry, result_correct, result_record
from tournaments.night.services.sessions import pair_update
from tournaments.night.services.table_entry import director_call
from tournaments.season.services.players import player_merge
from tournaments.season.services.privacy import player_erase, player_initials_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club) -> Session:
    """A three-table Mitchell in play whose table 1 has played round 1 (entered at the desk):
    its phone shows the standings so far, and where its pairs go next."""
    session = seated_mitchell(club, start=True)
    for board in _boards(session, 1, 1):
        result_record(board=session.boards.get(number=board), entry=mitchell_3nt(session, 1, 1))
    return session


def _boards(session: Session, round_: int, table: int) -> list[int]:
    return sorted(movement_selectors.session_movement(session).encounter(round_, table).boards)


def _token(session: Session, table: int) -> str:
    return TableAccess.objects.get(session=session, table=table).token


def _poll(client, session: Session, since: str = "") -> tuple[int, str]:
    response = client.get(reverse("session_standings", args=[session.pk]), {"since": since} if since else {})
    return response.status_code, response.content.decode()


def _stamp(body: str) -> str:
    return re.search(r'data-stamp="([0-9a-f]+)"', body).group(1)


def _refresh(client, session: Session, since: str = "", table: int = 1) -> tuple[int, dict]:
    url = reverse("table_state", args=[_token(session, table)])
    response = client.get(url, {"since": since} if since else {})
    return response.status_code, response.json() if response.status_code == 200 else {}


def _player(name: str) -> Player:
    return Player.objects.get(name=name)


def _a_tables_result(client, session: Session, _admin) -> str:
    """Table 1 sends the first board of round 2 from its phone (settled at once in tests)."""
    board = _boards(session, 2, 1)[0]
    body = {
        "key": "refresh-key-1",
        "round": 2,
        "board": board,
        "contract": "4S",
        "declarer": "N",
        "tricks": "10",
    }
    url = reverse("table_submit", args=[_token(session, 1)])
    assert (
        client.post(url, json.dumps(body | {"lead": ""}), content_type="application/json").status_code == 201
    )
    return "4♠"  # the phone shows a contract with its suit symbol


def _a_correction(client, session: Session, _admin) -> str:
    result = Result.objects.filter(board__session=session).first()
    entry = ResultEntry(result.ns_pair, result.ew_pair, "2H", "S", "8")
    result_correct(result=result, entry=entry)
    return "2♥"


def _a_pair_edited(client, session: Session, _admin) -> str:
    pair_update(
        pair=Pair.objects.get(session=session, direction="NS", number=1),
        player_names=("Nora Newname", "South 1"),
    )
    return "Nora Newname"


def _an_erasure(client, session: Session, _admin) -> str:
    player_erase(player=_player("North 1"), user=None)
    return "Erased player"


def _initials(client, session: Session, _admin) -> str:
    player_initials_set(player=_player("North 1"), shown_by_initials=True, user=None)
    return "N. 1."


def _a_merge(client, session: Session, _admin) -> str:
    keep = Player.objects.create(name="Norah One")
    player_merge(keep=keep, duplicate=_player("North 1"), user=None)
    return "Norah One"


def _the_admin_renames(client, session: Session, admin) -> str:
    player = _player("North 1")
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    form = {"name": "Nora Adminfixed", "federation_number": "", "_save": "Save"}
    assert admin.post(url, form).status_code == 302
    return "Nora Adminfixed"


CHANGES: dict[str, Callable[..., str]] = {
    "a table's result": _a_tables_result,
    "a director's correction": _a_correction,
    "a director's edit of a pair": _a_pair_edited,
    "a player erased": _an_erasure,
    "a player shown by initials": _initials,
    "a merge": _a_merge,
    "the admin renames a player": _the_admin_renames,
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_a_poll_and_a_refresh_answer_204_until_something_shown_changes(
    client, admin_client, night, cache_mode, change
):
    status, first = _poll(client, night)
    assert status == 200
    stamp = _stamp(first)
    assert _poll(client, night, stamp) == (204, "")
    status, state = _refresh(client, night)
    assert status == 200 and state["stamp"]
    assert _refresh(client, night, state["stamp"]) == (204, {})

    shown = CHANGES[change](client, night, admin_client)

    status, fresh = _poll(client, night, stamp)
    assert status == 200 and _stamp(fresh) != stamp
    if change not in ("a table's result", "a director's correction"):  # standings show figures, not contracts
        assert shown in fresh
    status, moved = _refresh(client, night, state["stamp"])
    assert status == 200 and moved["stamp"] != state["stamp"]
    assert shown in json.dumps(moved, ensure_ascii=False)
    assert _poll(client, night, _stamp(fresh)) == (204, "")
    assert _refresh(client, night, moved["stamp"]) == (204, {})


def test_what_a_player_hid_is_not_served_from_the_cache_to_anyone(client, night, cache_mode):
    _, before = _poll(client, night)
    _, state = _refresh(client, night)
    assert "North 1" in before
    player_initials_set(player=_player("North 1"), shown_by_initials=True, user=None)
    for since in ("", _stamp(before)):  # a new reader, and one holding the old page
        status, body = _poll(client, night, since)
        assert status == 200 and "North 1" not in body and "N. 1." in body
    # The table's own phone shows the players at it by name (they sit there), freshly read.
    status, fresh = _refresh(client, night, state["stamp"])
    assert status == 200 and fresh["stamp"] != state["stamp"]


def _a_call(client, session: Session, admin) -> None:
    director_call(access=TableAccess.objects.get(session=session, table=1), round_=2)


def _no_standings_for_tables(client, session: Session, admin) -> None:
    club = session.club
    url = reverse("admin:tournaments_club_change", args=[club.pk])
    form = {
        "name": club.name,
        "slug": club.slug,
        "average_plus": 60,
        "average_minus": 40,
        "language": "en",
        "matchpoint_scale": 1,
        "_save": "Save",
        **_roles_inline_unchanged(club),
    }
    assert admin.post(url, form).status_code == 302  # table_standings (a checkbox) left unticked


def _roles_inline_unchanged(club) -> dict[str, object]:  # noqa: ANN001 - a Club
    """The club's page's inline of its volunteers' roles, posted back as it is."""
    roles = list(club.roles.order_by("pk"))
    form: dict[str, object] = {
        "roles-TOTAL_FORMS": len(roles),
        "roles-INITIAL_FORMS": len(roles),
        "roles-MIN_NUM_FORMS": 0,
        "roles-MAX_NUM_FORMS": 1000,
    }
    for index, role in enumerate(roles):
        form |= {
            f"roles-{index}-id": role.pk,
            f"roles-{index}-club": club.pk,
            f"roles-{index}-user": role.user_id,
            f"roles-{index}-role": role.role,
        }
    return form


TABLES_ONLY = {
    "a call for the director": (_a_call, lambda state: state["called"] is True),
    "the club's tables see no standings": (
        _no_standings_for_tables,
        lambda state: state["standings"] is None,
    ),
}


@pytest.mark.parametrize("change", TABLES_ONLY, ids=list(TABLES_ONLY))
def test_a_refresh_follows_what_only_the_tables_see(client, admin_client, night, cache_mode, change):
    status, state = _refresh(client, night)
    assert status == 200 and state["standings"] is not None and state["called"] is False
    make, check = TABLES_ONLY[change]
    make(client, night, admin_client)
    status, moved = _refresh(client, night, state["stamp"])
    assert status == 200 and check(moved)


def test_a_page_rendered_while_a_player_was_shown_again_is_not_kept_under_his_hidden_stamp(
    client, night, cache_mode, monkeypatch
):
    """A write between a poll's stamp and its rows: the page must not be kept under the stamp.

    North 1 is hidden; a reader's poll reads the stamp, then, before it reads the rows, the
    director shows him by name again; then hides him once more, which brings the very same
    stamp back. A page with his name kept under that stamp would be served to every reader.
    """
    from tournaments.night.selectors import public as public_selectors

    player = _player("North 1")
    player_initials_set(player=player, shown_by_initials=True, user=None)
    session_get = public_selectors.session_get
    toggled = []

    def shown_meanwhile(pk: int):
        if not toggled:
            toggled.append(True)
            player_initials_set(player=player, shown_by_initials=False, user=None)
        return session_get(pk)

    monkeypatch.setattr(public_selectors, "session_get", shown_meanwhile)
    status, raced = _poll(client, night, "a reader's old stamp")
    assert status == 200 and toggled and "North 1" in raced  # this reader read the rows once shown
    monkeypatch.setattr(public_selectors, "session_get", session_get)
    player_initials_set(player=player, shown_by_initials=True, user=None)  # the same stamp as at first
    for since in ("", "another reader's old stamp", _stamp(raced)):
        status, body = _poll(client, night, since)
        assert status == 200 and "North 1" not in body
