"""Routes of the director pages."""

from django.urls import path  # noqa: F401

app_name = "director"
urlpatterns: list = []
