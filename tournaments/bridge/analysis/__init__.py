"""A player's own evening, board by board, as plain values: his role, the field, double-dummy,
what each slip cost in matchpoints or IMPs, and the verdict (issue 50, decision 0079).

Nothing here reads the database or solves a deal: the capability ``tournaments.analysis``
gathers the stored results, the stored double-dummy tables and the stored lead solves, and
hands them in as values. Each module holds one concept:

    roles      a player's seat and role on a board (declarer, dummy, on lead, defender)
    field      what the other tables did: the most frequent contract, made counts, averages
    leads      what an opening lead cost against double-dummy, and the best leads
    rescore    the matchpoints or IMPs a hypothetical score earns against the same field
    verdicts   the rule tree that names what decided a board
    summary    the evening's averages by role and the costs by kind
"""
