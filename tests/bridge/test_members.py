"""Reading a club's member list: every member, or every bad line with its number."""

from __future__ import annotations

import pytest

from tournaments.bridge.members import MemberLine, MemberListError, parse_member_list


def test_a_member_list_with_a_header_blank_cells_and_quoted_names():
    text = (
        "Name,Federation number,Email\n"
        "Ann North,EBU 1234,ann@example.org\n\n"
        '"Smith, John",,\n'
        "Zoe  West,00789\n"
    )
    assert parse_member_list(text) == [
        MemberLine(2, "Ann North", "EBU 1234", "ann@example.org"),
        MemberLine(4, "Smith, John", "", ""),
        MemberLine(5, "Zoe West", "00789", ""),
    ]


def test_every_bad_line_is_named_with_its_reason():
    text = "Ann,1,ann@x.org\n,2,\nBob,3,not-an-email\nCat,001,\nDan,4,d@x.org,extra\nEve,#?,\n"
    with pytest.raises(MemberListError) as refused:
        parse_member_list(text)
    assert refused.value.errors == [
        (2, "the name is empty"),
        (3, "'not-an-email' is not an email address"),
        (4, "federation number 001 is on line 1 too"),
        (5, "expected name, federation number, email; found 4 columns"),
        (6, "'#?' is not a federation number (letters and digits, at most 20)"),
    ]


@pytest.mark.parametrize("text", ["", "name,federation number,email\n", "\n\n"])
def test_a_list_without_members_is_refused(text):
    with pytest.raises(MemberListError, match="line 1: no members"):
        parse_member_list(text)
