"""Rate limits: token buckets, and a bounded table of them by address.

A bucket holds up to ``burst`` tokens and gains ``rate`` a second; each act
takes one, and an act without a token is refused.  Time is the caller's
``now`` (tests step it).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

__all__ = ["Bucket", "Buckets"]


@dataclass
class Bucket:
    rate: float
    burst: float
    tokens: float = -1.0
    at: float = 0.0

    def take(self, now: float) -> bool:
        """One token if there is one (True), else False."""
        if self.tokens < 0:
            self.tokens, self.at = self.burst, now
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Buckets:
    """One bucket per key (an address), at most ``size`` of them: the least recently used goes first."""

    def __init__(self, rate: float, burst: float, size: int = 10000) -> None:
        self.rate, self.burst, self.size = rate, burst, size
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str, now: float) -> bool:
        bucket = self._buckets.pop(key, None) or Bucket(self.rate, self.burst)
        self._buckets[key] = bucket
        while len(self._buckets) > self.size:
            self._buckets.popitem(last=False)
        return bucket.take(now)
