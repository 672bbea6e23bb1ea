"""Keep matchpoints, IMPs and standings in step with the results: one module per job.

- ``settle``: a result's write marks its board (``scores_pending``); a settle rescores
  the marked boards and the standings (``scores_settle``, ``scores_settle_locked``).
- ``board``: rescore a board's stored results and write what changed (the figures are
  worked out by ``tournaments.night.figures``: matchpoints, Neuberg, IMPs, adjusted and
  assigned scores, Average-plus); the session's full board for Neuberg.
- ``totals``: the pairs' totals, summed by the database or moved by a settle's changes.
- ``standings``: rank the pairs and write their standings.
- ``method``: change a session's scoring method or a club's Average-plus/minus, and rescore.

All are derived data: every service that writes a result marks its board and settles in
the same transaction, so a reader never sees a result without its matchpoints; a table's
entry is settled once the tables' sends pause (``services.settle_soon``), so the entries
of tables sending at once share one settle, and meanwhile the table's traveller works its
board out in memory (``board_figures.board_scored_unsaved``).

Every board is matchpointed whatever the session's scoring method; an IMP-pairs session
(cross-IMPs or Butler) also gets each result's IMPs and ranks its pairs by IMPs a board.
Callers import from the job's module (``services.scoring.settle``), which names the job.
"""
