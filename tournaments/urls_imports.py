"""Routes of the imports pages."""

from django.urls import path  # noqa: F401

app_name = "imports"
urlpatterns: list = []
