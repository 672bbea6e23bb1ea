import pytest
from tests.walk.test_walk import walked
from tests.walk.walk import Combination

pytestmark = pytest.mark.django_db

def test_look(director, club, settings, django_capture_on_commit_callbacks):
    w = walked(Combination("individual", "none", "off", "off", "phones", "en"), director, club, django_capture_on_commit_callbacks)
    for e in w.facts["entries"]:
        print(e)
