"""Bank files read as the banks write them: CSV (Excel's encodings, decimal commas), OFX, MT940.

Pure functions: no database. The real files are in tests/fixtures/money/ (README.md names
their sources and licences); the CSVs are written here in each bank's own columns.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from tournaments.money.bankfiles import BankFileError, BankLine, line_keys, read_bank_file
from tournaments.money.bankfiles.lines import parse_amount
from tournaments.money.bankfiles.matching import MatchedBy, Payer, match_line

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "money"

# ING (the Netherlands) "Af Bij" export: ; separated, quoted, decimal commas, Windows-1252.
ING_CSV = (
    '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";'
    '"Mutatiesoort";"Mededelingen"\r\n'
    '"20261124";"J. Dupré";"NL20INGB0001234567";"NL91ABNA0417164300";"GT";"Bij";"20,00";'
    '"Online bankieren";"Lidnummer 4711 tafelgeld"\r\n'
    '"20261124";"Café de Brug";"NL20INGB0001234567";"";"BA";"Af";"1.234,50";"Betaalautomaat";"Zaalhuur"\r\n'
).encode("cp1252")

# A German Sparkasse CSV-CAMT export: UTF-8 with a byte order mark, ; separated, day-first dates.
SPARKASSE_CSV = (
    "\ufeffAuftragskonto;Buchungstag;Valutadatum;Buchungstext;Verwendungszweck;"
    "Beguenstigter/Zahlungspflichtiger;Kontonummer/IBAN;Betrag;Waehrung\r\n"
    "DE44500105175407324931;24.11.26;24.11.26;GUTSCHR. UEBERW.;Tischgeld November;Jürgen Müller;"
    "DE02120300000000202051;12,50;EUR\r\n"
    "DE44500105175407324931;25.11.26;25.11.26;LASTSCHRIFT;Miete Clubraum;Stadtwerke;DE021;-1.234,50;EUR\r\n"
).encode("utf-8")

# A UK bank (Barclays-style): , separated, day/month/year, money in and out in two columns.
UK_CSV = (
    b"Account,Sort code,Statement period\r\n"
    b"12345678,20-00-00,November 2026\r\n"
    b"\r\n"
    b"Date,Description,Reference,Paid in,Paid out,Balance\r\n"
    b'24/11/2026,BANK GIRO CREDIT,"SMITH J  CS-0042",20.00,,"1,020.00"\r\n'
    b'25/11/2026,DIRECT DEBIT,HALL HIRE,,"1,200.00",-180.00\r\n'
)

OFX2 = b"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<DTSERVER>20261130120000</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<STMTRS><CURDEF>GBP</CURDEF>
<BANKACCTFROM><BANKID>200000</BANKID><ACCTID>12345678</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261101</DTSTART><DTEND>20261130</DTEND>
<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261124</DTPOSTED><TRNAMT>20.00</TRNAMT>
<FITID>202611240001</FITID><NAME>SMITH J</NAME><MEMO>CS-0042 TABLE MONEY</MEMO></STMTTRN>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261125</DTPOSTED><TRNAMT>-1200.00</TRNAMT>
<FITID>202611250001</FITID><NAME>HALL HIRE</NAME></STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>-180.00</BALAMT><DTASOF>20261130</DTASOF></LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
"""


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("12,50", "12.50"),
        ("1.234,50", "1234.50"),
        ("1,234.50", "1234.50"),
        ("1 234,50", "1234.50"),
        ("-12.50", "-12.50"),
        ("12.50-", "-12.50"),
        ("(12.50)", "-12.50"),
        ("€ 20,00", "20.00"),
        ("EUR 3.00", "3.00"),
        ("20", "20.00"),
        ("12,5", "12.50"),
        ("1.234.567,89", "1234567.89"),
    ],
    ids=lambda value: str(value),
)
def test_an_amount_is_read_as_banks_write_it(text: str, amount: str) -> None:
    assert parse_amount(text, line=3) == Decimal(amount)


@pytest.mark.parametrize("text", ["abc", "1.2.3", "12.345,678", "1e5", "999999999999,00", ""], ids=repr)
def test_an_amount_that_is_none_is_refused_naming_the_line(text: str) -> None:
    with pytest.raises(BankFileError, match="^Line 7: "):
        parse_amount(text, line=7)


def test_an_ing_csv_in_windows_1252_with_decimal_commas_and_af_bij() -> None:
    statement = read_bank_file(ING_CSV)
    assert statement.format == "csv"
    paid, rent = statement.lines
    assert (paid.line, paid.date, paid.amount, paid.name) == (
        2,
        datetime.date(2026, 11, 24),
        Decimal("20.00"),
        "J. Dupré",
    )
    assert paid.description == "Lidnummer 4711 tafelgeld"
    assert (rent.amount, rent.name) == (Decimal("-1234.50"), "Café de Brug")


def test_a_sparkasse_csv_with_a_byte_order_mark_and_thousands() -> None:
    paid, rent = read_bank_file(SPARKASSE_CSV).lines
    assert (paid.date, paid.amount, paid.currency, paid.name) == (
        datetime.date(2026, 11, 24),
        Decimal("12.50"),
        "EUR",
        "Jürgen Müller",
    )
    assert paid.description == "Tischgeld November"
    assert rent.amount == Decimal("-1234.50")


def test_a_uk_csv_with_lines_above_its_header_and_paid_in_and_out() -> None:
    paid, hire = read_bank_file(UK_CSV).lines
    assert (paid.line, paid.date, paid.amount, paid.reference) == (
        5,
        datetime.date(2026, 11, 24),
        Decimal("20.00"),
        "SMITH J CS-0042",
    )
    assert hire.amount == Decimal("-1200.00")


def test_an_ofx_1_file_from_a_bank() -> None:
    statement = read_bank_file((FIXTURES / "ofxparse_bank_medium.ofx").read_bytes())
    assert statement.format == "ofx"
    assert [line.amount for line in statement.lines] == [
        Decimal("-6.60"),
        Decimal("-316.67"),
        Decimal("-22.00"),
    ]
    first = statement.lines[0]
    assert (first.date, first.currency, first.bank_id, first.name) == (
        datetime.date(2009, 4, 1),
        "CAD",
        "0000123456782009040100001",
        "MCDONALD'S #112",
    )


def test_an_ofx_2_xml_file() -> None:
    paid, hire = read_bank_file(OFX2).lines
    assert (paid.amount, paid.currency, paid.name, paid.description, paid.account) == (
        Decimal("20.00"),
        "GBP",
        "SMITH J",
        "CS-0042 TABLE MONEY",
        "12345678",
    )
    assert hire.amount == Decimal("-1200.00")


def test_an_mt940_file_of_two_statements_from_abn_amro() -> None:
    statement = read_bank_file((FIXTURES / "abnamro.sta").read_bytes())
    assert statement.format == "mt940"
    assert len(statement.lines) == 10
    first = statement.lines[0]
    assert (first.line, first.date, first.amount, first.currency, first.account) == (
        8,
        datetime.date(2011, 5, 24),
        Decimal("-9.00"),
        "EUR",
        "517852257",
    )
    assert first.description.startswith("GIRO 428428 KPN - DIGITENNE")
    assert statement.lines[-1].amount == Decimal("-15.00")


def test_a_sepa_mt940_line_gives_the_payers_name_and_purpose() -> None:
    text = (
        ":20:STARTUMS\r\n:25:50880050/0194778300888\r\n:28C:00004/00001\r\n:60F:C261123EUR100,00\r\n"
        ":61:2611241124CR20,00NTRFNONREF//0724710290658244\r\n"
        ":86:166?00GUTSCHRIFT?100399?20SVWZ+CS-0042 Tischgeld?30PBNKDEFF100?31DE42100100100043921105"
        "?32Renate Richter\r\n:62F:C261124EUR120,00\r\n-\r\n"
    )
    (line,) = read_bank_file(text.encode()).lines
    assert (line.line, line.amount, line.name) == (5, Decimal("20.00"), "Renate Richter")
    assert "CS-0042 Tischgeld" in line.description


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "The file is empty."),
        (b"PK\x03\x04rest of a zip", "spreadsheet workbook"),
        (b"%PDF-1.7 ...", "This is a PDF"),
        (b"<html><body>Your statement</body></html>", "not a bank statement we can read"),
        (
            b"name,federation number,email\r\nAnn North,123,ann@example.com\r\n",
            "not a bank statement we can read",
        ),
        (ING_CSV[: ING_CSV.rindex(b'"1.234')], "Line 3 is cut short"),
        (UK_CSV.replace(b"24/11/2026", b"2026-31-11"), "Line 5: '2026-31-11' is not a date"),
        (
            UK_CSV.replace(b"20.00,,", b"20.00,5.00,"),
            "Line 5 needs an amount in exactly one of paid in and paid out",
        ),
        (ING_CSV.replace(b'"20,00"', b'"twenty"'), "Line 2: 'twenty' is not an amount"),
        (OFX2[: OFX2.index(b"<STMTTRN><TRNTYPE>DEBIT")], "The OFX file cannot be read"),
        (OFX2.replace(b"<TRNAMT>20.00</TRNAMT>", b"<TRNAMT>lots</TRNAMT>"), "The OFX file cannot be read"),
    ],
    ids=[
        "empty",
        "workbook",
        "pdf",
        "html",
        "member-list",
        "csv-cut",
        "date",
        "in-and-out",
        "amount",
        "ofx-cut",
        "ofx-amount",
    ],
)
def test_a_bad_file_is_refused_whole_saying_why(data: bytes, message: str) -> None:
    with pytest.raises(BankFileError, match=message.replace("(", r"\(")):
        read_bank_file(data)


def test_an_mt940_file_cut_short_is_refused_naming_its_last_statement() -> None:
    data = (FIXTURES / "abnamro.sta").read_bytes()
    cut = data[: data.rindex(b":62M:")]
    with pytest.raises(BankFileError, match="cut short: the statement from line 35 has no closing balance"):
        read_bank_file(cut)


def test_a_refusal_carries_its_english_sentence_for_the_catalogues() -> None:
    with pytest.raises(BankFileError) as refused:
        read_bank_file(ING_CSV.replace(b'"20,00"', b'"twenty"'))
    assert refused.value.template == "Line %(line)d: %(value)s is not an amount (write 12.50 or 12,50)."
    assert refused.value.params == {"line": 2, "value": "'twenty'"}


def _line(**fields: object) -> BankLine:
    base: dict[str, object] = {"line": 2, "date": datetime.date(2026, 11, 24), "amount": Decimal("20.00")}
    return BankLine(**{**base, **fields})  # type: ignore[arg-type]


def test_a_statement_read_twice_gives_the_same_keys_and_equal_lines_get_their_own() -> None:
    twice = [
        _line(reference="CS-0042"),
        _line(line=3, reference="CS-0042"),
        _line(line=4, reference="CS-0043"),
    ]
    keys = line_keys(twice)
    assert len(set(keys)) == 3
    assert line_keys(twice) == keys
    # A later statement holding the first payment again finds its key: the line number is no part of it.
    assert line_keys([_line(line=9, reference="CS-0042")]) == keys[:1]
    # The file's own id decides where there is one.
    assert line_keys([_line(bank_id="F1", amount=Decimal("5"))]) == line_keys([_line(bank_id="F1", line=8)])


SMITH = Payer(1, "John Smith", ("CS-0042", "EBU123456"))
SMYTHE = Payer(2, "Olga Ortiz", ("CS-0043",))
DUPRE = Payer(3, "Jean Dupré", ("4711",))
JUNIOR = Payer(4, "Tom Smith", ("CS-0044",))
PAYERS = [SMITH, SMYTHE, DUPRE, JUNIOR]


@pytest.mark.parametrize(
    ("line", "payer", "by"),
    [
        (_line(reference="CS-0042"), SMITH, MatchedBy.REFERENCE),
        (_line(description="table money cs 0042 november"), SMITH, MatchedBy.REFERENCE),
        (_line(description="EBU 123456"), SMITH, MatchedBy.REFERENCE),
        (_line(name="J. Dupre", description="Lidnummer 4711 tafelgeld"), DUPRE, MatchedBy.REFERENCE),
        (_line(name="ORTIZ O"), SMYTHE, MatchedBy.NAME),
        (_line(name="Olga Ortiz"), SMYTHE, MatchedBy.NAME),
        (_line(name="JEAN DUPRE"), DUPRE, MatchedBy.NAME),
        (_line(name="A Stranger", reference="GIFT"), None, MatchedBy.NONE),
        (_line(description="CS-00421"), None, MatchedBy.NONE),
        (_line(description="paid 42 euro"), None, MatchedBy.NONE),
        (_line(name="John Smith", amount=Decimal("-20.00")), None, MatchedBy.NONE),
    ],
    ids=["ref", "ref-spaced", "federation", "member-number", "initial", "name", "accents", "nobody",
         "longer-ref", "short-number", "money-out"],
)  # fmt: skip
def test_a_line_is_matched_by_reference_then_name(line: BankLine, payer: Payer | None, by: MatchedBy) -> None:
    match = match_line(line, PAYERS)
    assert (match.payer, match.by) == (payer, by)


def test_two_members_fitting_a_name_are_no_match_but_named_for_the_treasurer() -> None:
    match = match_line(_line(name="SMITH"), PAYERS)
    assert match.payer is None and match.ambiguous is False  # a surname alone fits nobody
    match = match_line(_line(name="J SMITH T SMITH"), PAYERS)
    assert match.payer is None
    assert match.candidates == ("John Smith", "Tom Smith")
