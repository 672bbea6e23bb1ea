"""Results by email (issue 35): each member's pair result after a night finishes, the record of
what was sent, the director's resend and the member's opt-out (docs/decisions.md)."""
