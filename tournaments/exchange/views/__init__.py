"""The exchange's pages: downloads, uploads with their previews."""
