"""The core's view helpers: who may open a director's page."""
