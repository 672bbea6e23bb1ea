"""The core every capability stands on: clubs, players' identity, access, the write protocol."""
