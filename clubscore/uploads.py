"""An upload handler that stops storing a file beyond the largest any form accepts.

Django receives a whole request body before a form can look at a file's size, and
spools a large file to disk: a 50 MB score file once took the worker a minute and 1.6 GB.
This handler comes first: past ``UPLOAD_FILE_MAX_BYTES`` it keeps counting the file's
bytes but passes none on, and hands the form an empty stand-in of the counted size, so
the form's own size check answers "The file is 52.0 MB; the limit is 5 MB" and nothing
big is kept in memory or on disk.
"""

from __future__ import annotations

import io

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.core.files.uploadhandler import FileUploadHandler


class OversizedUpload(UploadedFile):
    """A file that was too large to keep: its name and real size, and no content."""

    def __init__(self, name: str | None, content_type: str | None, size: int, charset: str | None) -> None:
        super().__init__(io.BytesIO(), name, content_type, size, charset)


class SizeLimitUploadHandler(FileUploadHandler):
    """Count each uploaded file's bytes; drop a file's data past the site's upload limit."""

    def new_file(self, *args, **kwargs) -> None:
        super().new_file(*args, **kwargs)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        self.received += len(raw_data)
        return None if self.received > settings.UPLOAD_FILE_MAX_BYTES else raw_data

    def file_complete(self, file_size: int) -> UploadedFile | None:
        if self.received <= settings.UPLOAD_FILE_MAX_BYTES:
            return None  # the next handler (memory or temporary file) has it all
        return OversizedUpload(self.file_name, self.content_type, self.received, self.charset)
