"""A player's own evening and season: where each board was won or lost, and what it cost (issue 50).

The rules are ``tournaments.bridge.analysis``; this capability stores the lead solves
(``models.LeadSolve``, worked out by a job of the queue once per board, leader and
strain), keeps each player's choice to show his analysis to the public
(``models.AnalysisSharing``), reads a finished session's boards for a player
(``selectors``), and serves the pages (``views``). Decisions 0079 and 0080.
"""
