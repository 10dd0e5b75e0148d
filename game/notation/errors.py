"""The notation errors: all ValueErrors that quote the bad input."""


class NotationError(ValueError):
    """Text that cannot be read as the notation it claims to be."""
