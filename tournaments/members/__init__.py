"""Members who sign in: a one-time link to the email a club keeps for them, and their own "My club" pages."""
