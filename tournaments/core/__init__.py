"""The core every capability stands on: clubs and players' identity, access, the write protocol.

Access is who directs which club and the clubs' API tokens; the shared pages (the home page,
a club's page, the director's home) are drawn from the parts capabilities register.
"""
