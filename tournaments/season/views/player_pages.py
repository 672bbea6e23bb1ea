"""A player's public page and the player search: read-only, no login."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.core.sections import sections
from tournaments.season import hooks
from tournaments.season.charts import percentage_chart
from tournaments.season.selectors import player_pages, ratings


def player(request: HttpRequest, pk: int) -> HttpResponse:
    player = player_pages.player_get(pk)
    history = player_pages.player_history(player)
    chart = percentage_chart(player_pages.history_chart_points(history))
    points, spread = ratings.rating_chart_points(player)
    rating_chart = percentage_chart(points, title=_("Rating by session"), spread=spread)
    context = {
        "player": player,
        "history": history,
        "chart": chart,
        "rating": ratings.player_rating(player),
        "rating_chart": rating_chart,
        "sections": sections(hooks.player_page(player)),
    }
    return render(request, "tournaments/season/public/player.html", context)


def player_search(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")
    context = {"query": query, "players": player_pages.players_search(query)}
    return render(request, "tournaments/season/public/player_search.html", context)
