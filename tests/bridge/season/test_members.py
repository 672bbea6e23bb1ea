"""Reading a club's member list: every member, or every bad line with its number."""

from __future__ import annotations

import pytest

from tournaments.bridge.season.members import MemberLine, MemberListError, parse_member_list


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


LONG = "x" * 500_000  # past the csv module's field limit (131,072), within the 1 MB a list may be


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("Ann\x00North,1,", "the name holds a NUL character (byte 0x00): a member list is plain text"),
        (
            "Ann,1\x00,",
            "the federation number holds a NUL character (byte 0x00): a member list is plain text",
        ),
        ("Ann,1,a\x00@x.org", "the email holds a NUL character (byte 0x00): a member list is plain text"),
        (f"{LONG},1,", "the name is longer than 120 characters"),
        (f'"{LONG}",1,', "the name is longer than 120 characters"),
        (f"Ann,{LONG},", "the federation number is longer than 20 characters"),
        (f"Ann,1,{LONG}@x.org", "the email is longer than 254 characters"),
        (f"Ann,1,a@x.org,{LONG}", "expected name, federation number, email; found 4 columns"),
        ("Ann," + "9" * 5_000 + ",", "the federation number is longer than 20 characters"),
        ("Ann,1," + "a" * 5_000 + "@x.org", "the email is longer than 254 characters"),
    ],
    ids=[
        "nul-name",
        "nul-number",
        "nul-email",
        "long-name",
        "long-quoted-name",
        "long-number",
        "long-email",
        "long-fourth",
        "number-5000",
        "email-5000",
    ],
)
def test_a_nul_or_an_overlong_field_is_refused_naming_its_line_and_field(line, reason):
    """Refused here, before a database sees it: PostgreSQL refuses a NUL, csv a field over 131,072."""
    with pytest.raises(MemberListError) as refused:
        parse_member_list(f"Bob,2,\n{line}\nCat,3,\n")
    assert refused.value.errors == [(2, reason)]
