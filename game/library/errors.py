"""The library's one error: a request it cannot do, said in one line."""


class LibraryError(ValueError):
    """A request the library cannot do (a path that is not a file, nothing chosen); one line."""
