"""The API's page for directors: a club's API tokens (the API itself is at /api/v1/, clubscore.urls)."""

from django.urls import path

from tournaments.api import views as api_tokens

director = [
    path("clubs/<slug:slug>/api-tokens/", api_tokens.club_api_tokens_page, name="api_tokens"),
]
