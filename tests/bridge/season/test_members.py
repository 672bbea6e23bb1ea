"""Reading a club's member list: every member, or every bad line with its number."""

from __future__ import annotations

import codecs
from decimal import Decimal

import pytest

from tournaments.bridge.season.members import (
    MemberLine,
    MemberListError,
    decode_member_list,
    parse_member_list,
)


def test_a_member_list_with_a_header_blank_cells_and_quoted_names():
    text = (
        "Name,Federation number,Email\n"
        "Ann North,EBU 1234,ann@example.org\n\n"
        '"Smith, John",,\n'
        "Zoe  West,00789\n"
    )
    assert parse_member_list(text) == [
        MemberLine(2, "Ann North", "EBU 1234", "ann@example.org"),
        MemberLine(4, "John Smith", "", ""),  # surname first, read given name first (issue 32)
        MemberLine(5, "Zoe West", "00789", ""),
    ]


def test_every_bad_line_is_named_with_its_reason():
    text = "Ann,1,ann@x.org\n,2,\nBob,3,not-an-email\nCat,001,\nDan,4,d@x.org,12,extra\nEve,#?,\n"
    with pytest.raises(MemberListError) as refused:
        parse_member_list(text)
    assert refused.value.errors == [
        (2, "the name is empty"),
        (3, "'not-an-email' is not an email address"),
        (4, "federation number 001 is on line 1 too"),
        (5, "expected name, federation number, email, master points; found 5 columns"),
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
        (f"Ann,1,a@x.org,{LONG}", "the master points is longer than 12 characters"),
        (
            f"Ann,1,a@x.org,1,{LONG}",
            "expected name, federation number, email, master points; found 5 columns",
        ),
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
        "long-holdings",
        "long-fifth",
        "number-5000",
        "email-5000",
    ],
)
def test_a_nul_or_an_overlong_field_is_refused_naming_its_line_and_field(line, reason):
    """Refused here, before a database sees it: PostgreSQL refuses a NUL, csv a field over 131,072."""
    with pytest.raises(MemberListError) as refused:
        parse_member_list(f"Bob,2,\n{line}\nCat,3,\n")
    assert refused.value.errors == [(2, reason)]


def test_a_windows_1252_file_as_excel_writes_it_is_read():
    """Excel's "CSV" on Windows writes the ANSI code page (issue 32): é is 0xE9, ñ 0xF1."""
    data = "Name,Federation number,Email\r\nJosé Muñoz,EBU 12,jose@example.org\r\n".encode("cp1252")
    assert parse_member_list(decode_member_list(data)) == [
        MemberLine(2, "José Muñoz", "EBU 12", "jose@example.org")
    ]


EXCEL_ROWS = ["Name;Federation number;Email", "Muñoz, José;EBU 12;jose@example.org", "Zoë Ørsted;;"]
EXPECTED = [MemberLine(2, "José Muñoz", "EBU 12", "jose@example.org"), MemberLine(3, "Zoë Ørsted", "", "")]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (codecs.BOM_UTF8 + "\r\n".join(EXCEL_ROWS).encode() + b"\r\n", EXPECTED),  # "CSV UTF-8"
        ("\r\n".join(EXCEL_ROWS).encode() + b"\r\n", EXPECTED),  # UTF-8 without the mark
        ("\r\n".join(EXCEL_ROWS).encode("cp1252") + b"\r\n", EXPECTED),  # "CSV" on Windows
        ("\r\n".join(EXCEL_ROWS[:2]).encode("latin-1"), EXPECTED[:1]),  # Ø is Latin-1 too, Œ not
        ("\r\n".join(row.replace(";", "\t") for row in EXCEL_ROWS).encode("utf-16"), EXPECTED),
        ('Name,Number,Email\r\n"Muñoz, José",EBU 12,jose@example.org\r\n"Zoë Ørsted",,'.encode(), EXPECTED),
    ],
    ids=["utf8-bom", "utf8", "cp1252", "latin1", "utf16-tabs", "commas-quoted"],
)
def test_a_list_is_read_in_the_encodings_and_separators_excel_writes(data, expected):
    """Issue 32: Excel writes UTF-8 with a mark, the Windows code page, UTF-16 ("Unicode
    Text", tab-separated); European Excel separates by ``;`` as its decimal mark is ``,``."""
    assert parse_member_list(decode_member_list(data)) == expected


@pytest.mark.parametrize(
    ("name", "read"),
    [
        ("Ortiz, Olga", "Olga Ortiz"),
        ("Ortiz,Olga", "Olga Ortiz"),
        ("van der Berg,  Anne Marie ", "Anne Marie van der Berg"),
        ("King, Martin Luther, Jr.", "King, Martin Luther, Jr."),  # two commas: kept as written
        ("Ortiz,", "Ortiz,"),  # nothing after the comma to put first
    ],
)
def test_a_name_written_surname_first_is_read_given_name_first(name, read):
    assert parse_member_list(f"Name;Number\r\n{name};\r\n") == [MemberLine(2, read, "", "")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Muñoz, José;EBU 12\r\n", [MemberLine(1, "José Muñoz", "EBU 12", "")]),  # a tie: not ","
        ("Muñoz, José\tEBU 12\r\n", [MemberLine(1, "José Muñoz", "EBU 12", "")]),
        ("Ann;1\r\nBob,2\r\n", [MemberLine(1, "Ann", "1", ""), MemberLine(2, "Bob,2", "", "")]),
        (
            '"Ortiz, Olga"\r\n"Muñoz, José"\r\n',
            [MemberLine(1, "Olga Ortiz", "", ""), MemberLine(2, "José Muñoz", "", "")],
        ),
    ],
    ids=["tie-semicolon", "tie-tab", "first-line-decides", "one-quoted-column"],
)
def test_the_separator_is_the_one_the_first_line_holds_most_of(text, expected):
    assert parse_member_list(text) == expected


def test_the_first_line_decides_the_separator_and_bad_lines_are_still_named():
    """A ``;`` file's cells may hold commas; its bad lines are named as a ``,`` file's are."""
    text = f"Ann, North;1;\r\nBob;2,5;\r\nCat\x00;3;\r\n{LONG};4;\r\nDan;5;d@x.org;x\r\n"
    with pytest.raises(MemberListError) as refused:
        parse_member_list(text)
    assert refused.value.errors == [
        (2, "'2,5' is not a federation number (letters and digits, at most 20)"),
        (3, "the name holds a NUL character (byte 0x00): a member list is plain text"),
        (4, "the name is longer than 120 characters"),
        (5, "'x' is not a number of master points (digits, and a decimal point: 1234.56)"),
    ]


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"Ann;1;\r\nBob\x81;2;\r\n", "the file is not UTF-8 or Windows-1252 text (byte 12, 0x81)"),
        (codecs.BOM_UTF8 + b"Ann;1;\r\nJos\xe9;2;\r\n", "the file is not UTF-8 text (byte 15, 0xE9)"),
        (b"PK\x03\x04\x14\x00", "this is an Excel workbook, not a CSV file: save it as CSV first"),
    ],
    ids=["undefined-in-cp1252", "marked-utf8-but-not", "xlsx"],
)
def test_bytes_that_are_no_text_are_refused_naming_the_line_and_byte(data, reason):
    with pytest.raises(MemberListError) as refused:
        decode_member_list(data)
    line = 1 if data.startswith(b"PK") else 2
    assert refused.value.errors == [(line, reason)]


def test_the_master_points_column_is_a_number_or_refused_with_its_line():
    """Strata (issue 30): the holdings a member list gives; ``;`` files write a decimal comma."""
    text = (
        "name,number,email,master points\nAnn,1,,1234.5\nBob,2,,\nCat,3\n"
        "Dan,4,,12.345\nEve,5,,lots\nFay,6,,-3\n"
    )
    with pytest.raises(MemberListError) as refused:
        parse_member_list(text)
    assert refused.value.errors == [
        (5, "'12.345' is not a number of master points (digits, and a decimal point: 1234.56)"),
        (6, "'lots' is not a number of master points (digits, and a decimal point: 1234.56)"),
        (7, "'-3' is not a number of master points (digits, and a decimal point: 1234.56)"),
    ]
    members = parse_member_list("Ann;1;;1234,5\nBob;2;;\nCat;3;;0\n")
    assert [member.holdings for member in members] == [Decimal("1234.5"), None, Decimal(0)]
