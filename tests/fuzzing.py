"""Seeded mutation of sample texts, shared by the readers' fuzz tests."""


def mutate(rng, text, pieces, edits=4, repeat=1):
    """``text`` with 1..``edits`` random edits: delete a character, insert or overwrite
    with one of ``pieces``, or copy a stretch of the text elsewhere (up to ``repeat`` times
    over, which makes long runs of digits, commas and rows)."""
    chars = list(text)
    for _ in range(rng.randint(1, edits)):
        op = rng.randrange(4)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars[i:i] = rng.choice(pieces)
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(pieces)
        else:
            j = rng.randrange(len(chars) + 1)
            chars[i:i] = chars[j:j + rng.randint(1, 10 if repeat == 1 else 20)] * rng.randint(1, repeat)
    return "".join(chars)
