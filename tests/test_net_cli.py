"""checkers-server's command line, and the invitation a player pastes."""

import pytest

from game.net.cli import main, reach_words
from game.net.invite import InviteError, read_invite


def test_the_loopback_says_it_is_this_computer_only_and_another_address_says_how_to_be_reached():
    (line,) = reach_words("127.0.0.1", 8765, False)
    assert "this computer only" in line and "ws://127.0.0.1:8765" in line
    words = " ".join(reach_words("0.0.0.0", 8765, False))
    assert "forward TCP port 8765" in words and "unencrypted" in words
    assert "wss://" in " ".join(reach_words("192.0.2.7", 443, True)) and "unencrypted" not in " ".join(
        reach_words("192.0.2.7", 443, True))


def test_tls_needs_a_certificate_and_a_key_that_can_be_read(tmp_path, capsys):
    assert main(["--cert", str(tmp_path / "c.pem")]) == 2
    assert "both --cert and --key" in capsys.readouterr().err
    (tmp_path / "c.pem").write_text("not a certificate")
    assert main(["--cert", str(tmp_path / "c.pem"), "--key", str(tmp_path / "c.pem")]) == 2
    assert "cannot use the certificate" in capsys.readouterr().err
    assert main(["--port", "70000"]) == 2


@pytest.mark.parametrize("text,url,code", [
    ("ws://192.168.1.20:8765/K7M2QX", "ws://192.168.1.20:8765", "K7M2QX"),
    ("  192.168.1.20:9000 k7m2qx ", "ws://192.168.1.20:9000", "K7M2QX"),
    ("club.example.org K7M2QX", "ws://club.example.org:8765", "K7M2QX"),
    ("wss://[::1]:443/K7M2QX", "wss://[::1]:443", "K7M2QX"),
])
def test_an_invitation_is_read_however_it_was_pasted_or_typed(text, url, code):
    invite = read_invite(text)
    assert (invite.url, invite.code) == (url, code)
    assert read_invite(str(invite)) == invite


@pytest.mark.parametrize("text", ["", "K7M2QX", "ws://host/K7M2Q", "ws://host/K7M2QO", "ws://host:0/K7M2QX",
                                  "ws://host:99999/K7M2QX", "http://host/K7M2QX", "x" * 400, "ws://ho st/K7M2QX"])
def test_a_bad_invitation_is_refused_in_one_line(text):
    with pytest.raises(InviteError) as e:
        read_invite(text)
    assert "\n" not in str(e.value)


def test_the_server_loads_the_rules_and_the_clocks_but_not_the_engine_or_the_store():
    # the server's process holds only what it uses: a Match (and the engine, 9 MB of it) is never imported
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, game.net.cli, game.net.server\n"
            "print(' '.join(sorted({m.split('.')[1] for m in sys.modules if m.startswith('game.')})))")
    r = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parent.parent,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["controller", "lazy", "net", "rules", "textfile"]
