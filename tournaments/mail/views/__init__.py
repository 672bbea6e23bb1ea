"""The pages of results by email: the director's record and resend, the member's opt-out."""
