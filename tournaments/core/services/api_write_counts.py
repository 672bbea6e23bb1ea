"""Count a token's API writes a minute in the database, which every process shares.

The API's write rate (``api/auth.count_write``) needs one count for all of a site's
processes. Without a shared cache (``CACHE_URL``) each process's local cache counted its
own, and N processes allowed N times the rate (issue 28). The database is the one thing
every process of every app server already shares, so it keeps the count: one row a
token and minute (``models.ApiWriteCount``), created by ``migrate`` like every table.

The row is added to in the database (``count = count + 1``), never read and written
back, so two processes writing at once never both read 5 and store 6. It costs an API
write one short transaction (three statements) through the SQLite write gate; nothing
else uses it (the tables' entries and the pages never count).
"""

from __future__ import annotations

from django.db.models import F

from tournaments.core.models import ApiWriteCount
from tournaments.core.services.writes import write


def api_write_count_add(*, token_id: int, minute: int) -> int:
    """Add one write to the token's ``minute`` and return that minute's count with it.

    A token's first write of a minute deletes its earlier minutes' rows, so the table
    holds about one row a token.
    """
    with write():
        row = ApiWriteCount(token_id=token_id, minute=minute)
        ApiWriteCount.objects.bulk_create([row], ignore_conflicts=True)  # another process's is as good
        minute_rows = ApiWriteCount.objects.filter(token_id=token_id, minute=minute)
        minute_rows.update(count=F("count") + 1)  # locks the row until commit: the read sees ours
        count = minute_rows.values_list("count", flat=True).get()
        if count == 1:
            ApiWriteCount.objects.filter(token_id=token_id, minute__lt=minute).delete()
    return count
