#!/usr/bin/env python3
"""Verify an exported pbem history, written from docs/history-format.md alone.

Usage: verify_history.py FILE [--key FINGERPRINT|FILE]

FILE is the history as exported, or gzipped (as the game-over mail attaches
it).
Checks every line's canonical form and hash (schemas 1 and 2), the left-out
lines, the chain, the seed's commitment once GameEnded reveals the seed, and
the signature line (ed25519). It does not know the games' rules, so it does
not replay the moves; its verdict says "moves not replayed" where
`pbem verify --file` says "every move replayed", and is otherwise the same
line. A refusal names the line at fault on standard error and exits 1.

Needs Python 3 and the cryptography package (Debian: python3-cryptography).
"""

import base64
import gzip
import hashlib
import io
import json
import zlib
import re
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

REDACTABLE = {
    "ConditionalSet", "MovesQueued", "DigestChanged",
    "ReminderSent", "DigestSent", "SaysGathered",
}
EVENT_KEYS = ["game", "seq", "type", "v", "time", "actor", "payload", "source", "prev", "hash"]
LEFT_KEYS = ["redacted", "game", "seq", "type", "v", "time", "actor", "body", "prev", "hash"]
LEFT_OLD_KEYS = ["redacted", "game", "seq", "type", "time", "actor", "prev", "hash"]
SIG_KEYS = ["signature", "key", "game", "hash"]
HASH1 = re.compile(r"[0-9a-f]{64}")
HASH2 = re.compile(r"h2:[0-9a-f]{64}")
TIME = re.compile(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d{0,8}[1-9])?(Z|[+-](\d\d):(\d\d))")
KEY_PREFIX = "ed25519:"
MAX_HISTORY = 256 << 20  # the most a gzipped history may unpack to
SIGNED_PREFIX = b"pbem history signature v1\n"
COMMITMENT_DOMAIN = b"pbem seed commitment v2\x00"
INT_MIN, INT_MAX = -(1 << 63), (1 << 63) - 1


class Refused(Exception):
    """The history is refused; line is the line at fault, or 0."""

    def __init__(self, line, reason):
        super().__init__(reason)
        self.line = line
        self.reason = reason


class NotCanonical(Exception):
    pass


# Canonical JSON (docs/history-format.md, "Canonical JSON").

def enc_str(s):
    if not isinstance(s, str):
        raise NotCanonical("not a string")
    out = json.dumps(s, ensure_ascii=False)
    for c, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                   ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        out = out.replace(c, esc)
    try:
        return out.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: not text
        raise NotCanonical("not text")


def enc_int(n, lo=INT_MIN, hi=INT_MAX):
    if type(n) is not int or not lo <= n <= hi:
        raise NotCanonical("not an integer in range")
    return str(n).encode()


def days_in(year, month):
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def enc_time(s):
    if not isinstance(s, str):
        raise NotCanonical("a time is a string")
    m = TIME.fullmatch(s)
    if not m:
        raise NotCanonical("not a time in its canonical form")
    y, mo, d, h, mi, sec = (int(m.group(i)) for i in range(1, 7))
    if not (1 <= mo <= 12 and 1 <= d <= days_in(y, mo) and h <= 23 and mi <= 59 and sec <= 59):
        raise NotCanonical("not a time")
    if m.group(8) != "Z":
        oh, om = int(m.group(9)), int(m.group(10))
        if oh > 23 or om > 59 or (oh == 0 and om == 0):
            raise NotCanonical("not a time offset in its canonical form")
    return enc_str(s)


def enc_hash(h, first=False):
    if not isinstance(h, str) or not (HASH1.fullmatch(h) or HASH2.fullmatch(h) or (first and h == "")):
        raise NotCanonical("not a hash")
    return enc_str(h)


def check_payload(raw):
    """raw is the payload's bytes: compact, no unescaped <, >, &, U+2028, U+2029."""
    if re.search(rb"[<>&]|\xe2\x80[\xa8\xa9]", raw):
        raise NotCanonical("the payload has a character it must escape")
    in_str, i = False, 0
    while i < len(raw):
        c = raw[i:i + 1]
        if in_str and c == b"\\":
            i += 1
        elif c == b'"':
            in_str = not in_str
        elif not in_str and c in b" \t\n\r":
            raise NotCanonical("the payload is not compact")
        i += 1


def parse_obj(line):
    """Parses a line as one JSON object, returning its fields and their order."""
    order = []

    def hook(items):  # called for the outermost object last
        order.append([k for k, _ in items])
        return dict(items)

    def no_constant(c):
        raise NotCanonical("not JSON: " + c)

    try:
        obj = json.loads(line.decode("utf-8"), object_pairs_hook=hook, parse_constant=no_constant)
    except (ValueError, NotCanonical) as e:
        raise NotCanonical("not JSON: %s" % e)
    if not isinstance(obj, dict):
        raise NotCanonical("not a JSON object")
    if len(set(order[-1])) != len(order[-1]):
        raise NotCanonical("a field twice")
    return obj, order[-1]


def sha256(b):
    return hashlib.sha256(b).hexdigest()


def header(f, body):
    return (b'{"game":' + enc_str(f["game"]) + b',"seq":' + enc_int(f["seq"], 0, (1 << 64) - 1)
            + b',"type":' + enc_str(f["type"]) + b',"v":' + enc_int(f["v"])
            + b',"time":' + enc_time(f["time"]) + b',"actor":' + enc_int(f["actor"])
            + b',"body":' + enc_str(body) + b',"prev":' + enc_hash(f["prev"], True) + b"}")


# Lines (docs/history-format.md, "Event lines", "Left-out lines").

def read_event(line):
    f, keys = parse_obj(line)
    want = [k for k in EVENT_KEYS if k != "source" or "source" in f]
    if keys != want:
        raise NotCanonical("its fields are not %s" % ", ".join(want))
    source = f.get("source")
    if source == "":
        raise NotCanonical("an empty source is left out")
    head = (b'{"game":' + enc_str(f["game"]) + b',"seq":' + enc_int(f["seq"], 0, (1 << 64) - 1)
            + b',"type":' + enc_str(f["type"]) + b',"v":' + enc_int(f["v"])
            + b',"time":' + enc_time(f["time"]) + b',"actor":' + enc_int(f["actor"]) + b',"payload":')
    tail = b""
    if source is not None:
        tail += b',"source":' + enc_str(source)
    prev_and_hash = b',"prev":' + enc_hash(f["prev"], True) + b',"hash":' + enc_hash(f["hash"]) + b"}"
    tail += prev_and_hash
    if not (line.startswith(head) and line.endswith(tail) and len(line) > len(head) + len(tail)):
        raise NotCanonical("not in its canonical form")
    payload = line[len(head):len(line) - len(tail)]
    check_payload(payload)
    try:
        same = json.loads(payload.decode("utf-8")) == f["payload"]
    except ValueError:
        same = False
    if not same:
        raise NotCanonical("not in its canonical form")
    h = f["hash"]
    if h.startswith("h2:"):
        body = b'{"payload":' + payload + (b',"source":' + enc_str(source) if source is not None else b"") + b"}"
        got = "h2:" + sha256(header(f, sha256(body)))
    else:
        got = sha256(line[:len(line) - len(prev_and_hash)] + b',"prev":' + enc_str(f["prev"]) + b"}")
    if got != h:
        raise Refused(None, "event %s has hash %s, its content hashes to %s" % (f["seq"], h[:15], got[:15]))
    return f


def read_left(line):
    """Reads a left-out line; returns its fields and whether it is bound (schema 2)."""
    f, keys = parse_obj(line)
    if f.get("redacted") is not True:
        raise NotCanonical("a left-out line says redacted true")
    bound = isinstance(f.get("hash"), str) and f["hash"].startswith("h2:")
    if keys != (LEFT_KEYS if bound else LEFT_OLD_KEYS):
        raise NotCanonical("its fields are not %s" % ", ".join(LEFT_KEYS if bound else LEFT_OLD_KEYS))
    if bound:
        if not isinstance(f["body"], str) or not HASH1.fullmatch(f["body"]):
            raise NotCanonical("its body is not a hash")
        h = header(f, f["body"])
        if line != b'{"redacted":true,' + h[1:-1] + b',"hash":' + enc_hash(f["hash"]) + b"}":
            raise NotCanonical("not in its canonical form")
        got = "h2:" + sha256(h)
        if got != f["hash"]:
            raise Refused(None, "event %s, a %s, has hash %s, what the line shows hashes to %s; it does not stand for the event it replaces"
                          % (f["seq"], f["type"], f["hash"][:15], got[:15]))
    else:
        if not isinstance(f["hash"], str) or not HASH1.fullmatch(f["hash"]):
            raise NotCanonical("its hash is not a hash of schema 1")
        canon = (b'{"redacted":true,"game":' + enc_str(f["game"]) + b',"seq":' + enc_int(f["seq"], 1, (1 << 64) - 1)
                 + b',"type":' + enc_str(f["type"]) + b',"time":' + enc_time(f["time"])
                 + b',"actor":' + enc_int(f["actor"]) + b',"prev":' + enc_hash(f["prev"], True)
                 + b',"hash":' + enc_str(f["hash"]) + b"}")
        if line != canon:
            raise NotCanonical("not in its canonical form")
    if f["type"] not in REDACTABLE:
        raise Refused(None, "a %s cannot be left out of a history" % f["type"])
    return f, bound


def b64url(s, size):
    if not isinstance(s, str) or not re.fullmatch(r"[A-Za-z0-9_-]*", s):
        return None
    try:
        b = base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))
    except ValueError:
        return None
    if len(b) != size or base64.urlsafe_b64encode(b).rstrip(b"=").decode() != s:
        return None
    return b


def parse_key(text):
    if not text.startswith(KEY_PREFIX):
        return None
    b = b64url(text[len(KEY_PREFIX):], 32)
    return None if b is None else Ed25519PublicKey.from_public_bytes(b)


def fingerprint(pub):
    raw = pub.public_bytes(Encoding.Raw, PublicFormat.Raw)
    return KEY_PREFIX + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def read_signature(line):
    f, keys = parse_obj(line)
    if keys != SIG_KEYS or not all(isinstance(f[k], str) for k in SIG_KEYS) or f["signature"] == "":
        raise NotCanonical("its fields are not %s" % ", ".join(SIG_KEYS))
    canon = b"{" + b",".join(b'"%s":' % k.encode() + enc_str(f[k]) for k in SIG_KEYS) + b"}"
    if line != canon:
        raise NotCanonical("not in its canonical form")
    return f


# The seed (docs/history-format.md, "The seed").

def commits(seed, commitment, game_id, gc):
    if not isinstance(commitment, str):
        return False
    if not commitment.startswith("v2:"):
        return commitment == sha256(seed)
    bound = [game_id, gc.get("game", ""), str(len(gc.get("variants") or []))]
    bound += list(gc.get("variants") or [])
    for p in gc.get("players") or []:
        bound += [str(p.get("seat", 0)), p.get("name", ""), p.get("address", ""), "true" if p.get("open") else "false"]
    h = hashlib.sha256(COMMITMENT_DOMAIN + seed)
    for s in bound:
        b = s.encode("utf-8")
        h.update(len(b).to_bytes(8, "big") + b)
    return commitment == "v2:" + h.hexdigest()


# Verifying (docs/history-format.md, "Verifying").

def gunzip(data):
    """Returns data unpacked when it is gzip (a history's first byte is "{",
    never gzip's 0x1f), else data itself."""
    if not data.startswith(b"\x1f\x8b"):
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as z:
            out = z.read(MAX_HISTORY + 1)
    except (OSError, EOFError, zlib.error) as e:
        raise Refused(0, "not a whole gzip file: %s" % e)
    if len(out) > MAX_HISTORY:
        raise Refused(0, "the gzip file unpacks to more than %d MiB, more than any history" % (MAX_HISTORY >> 20))
    return out


def verify(data):
    """Returns the facts the verdict states, or raises Refused."""
    data = gunzip(data)
    lines = data.rstrip(b"\r\n").split(b"\n")
    if lines == [b""]:
        lines = []
    return verify_lines(lines)


def verify_lines(lines, first="GameCreated"):
    """Verifies one history, given as its lines (numbered from 1 here), whose
    line 1 must be of type first; returns the facts the verdict states, the
    events among them, or raises Refused."""
    evs, left, left_old, old_hashes, sig_line = [], 0, 0, 0, 0
    for i, raw in enumerate(lines):
        n = i + 1
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(n, "not UTF-8 text")
        line = raw.rstrip(b"\r")
        try:
            if line.startswith(b'{"signature":'):
                read_signature(line)
                if n < len(lines):
                    raise Refused(n + 1, "a line after the history's signature")
                sig_line = n
                break
            if line.startswith(b'{"redacted":'):
                f, bound = read_left(line)
                if bound:
                    left += 1
                else:
                    left_old += 1
                    old_hashes += 1
            else:
                f = read_event(line)
                if not f["hash"].startswith("h2:"):
                    old_hashes += 1
        except NotCanonical as e:
            raise Refused(n, "not a line of a history in its canonical form (altered?): %s" % e)
        except Refused as e:
            raise Refused(e.line or n, e.reason)
        if not evs and f["type"] != first:
            raise Refused(n, "the history begins with a %s, not a %s" % (f["type"], first))
        if evs:
            before = evs[-1]
            if before["type"] == "GameEnded":
                raise Refused(n, "event %s (%s) after the game ended" % (f["seq"], f["type"]))
            if before["hash"].startswith("h2:") and not f["hash"].startswith("h2:"):
                raise Refused(n, "event %s has a hash of schema 1 after one of schema 2" % f["seq"])
        game = evs[0]["game"] if evs else f["game"]
        if f["game"] != game:
            raise Refused(n, "event %s belongs to game %r" % (f["seq"], f["game"]))
        if f["seq"] != n:
            raise Refused(n, "event %s where event %d belongs" % (f["seq"], n))
        if f["prev"] != (evs[-1]["hash"] if evs else ""):
            raise Refused(n, "event %s has prev %s, the event before hashes to %s"
                          % (f["seq"], f["prev"][:15], (evs[-1]["hash"] if evs else "")[:15]))
        evs.append(f)
    if not evs:
        raise Refused(1, "the history is empty")
    game, last = evs[0]["game"], evs[-1]
    facts = {"game": game, "events": len(evs), "left": left, "left_old": left_old,
             "old_hashes": old_hashes, "signer": None, "sig_line": sig_line, "evs": evs}
    if sig_line:
        sig = read_signature(lines[sig_line - 1].rstrip(b"\r"))
        key = parse_key(sig["key"])
        if key is None:
            raise Refused(sig_line, "%r is not a key fingerprint" % sig["key"])
        if sig["game"] != game or sig["hash"] != last["hash"]:
            raise Refused(sig_line, "the signature does not match the history: it signs game %s ending in hash %s, the history is game %s ending in %s"
                          % (sig["game"], sig["hash"][:15], game, last["hash"][:15]))
        s = b64url(sig["signature"], 64)
        try:
            if s is None:
                raise InvalidSignature()
            key.verify(s, SIGNED_PREFIX + game.encode("utf-8") + b"\n" + last["hash"].encode("utf-8"))
        except InvalidSignature:
            raise Refused(sig_line, "the signature does not match the history: key %s did not make this signature over game %s" % (sig["key"], game))
        facts["signer"] = sig["key"]
    if last["type"] == "GameEnded":
        if "payload" not in last or not isinstance(last["payload"], dict):
            raise Refused(len(evs), "GameEnded has no payload")
        seed = last["payload"].get("seed")
        if not isinstance(seed, str) or not re.fullmatch(r"[0-9a-fA-F]{64}", seed):
            raise Refused(len(evs), "the revealed seed is not 64 hex digits")
        gc = evs[0].get("payload")
        if not isinstance(gc, dict) or not commits(bytes.fromhex(seed), gc.get("commitment"), game, gc):
            raise Refused(1, "the revealed seed does not match the commitment of game %s" % game)
        scores = last["payload"].get("scores") or []
        facts["seed"], facts["scores"] = seed.lower(), scores
    return facts


def trusted_key(arg):
    """Returns the trusted key's fingerprint and whose it is, from --key."""
    if arg.startswith(KEY_PREFIX):
        if parse_key(arg.strip()) is None:
            raise SystemExit("verify_history: %r is not a key fingerprint" % arg)
        return arg.strip(), "the key given"
    try:
        text = open(arg, encoding="utf-8").read().strip()
    except OSError as e:
        raise SystemExit("verify_history: --key: %s" % e)
    if text.startswith(KEY_PREFIX):
        if parse_key(text) is None:
            raise SystemExit("verify_history: --key %s holds no key fingerprint" % arg)
        return text, "the key in " + arg
    if re.fullmatch(r"[0-9a-fA-F]{64}", text):
        return fingerprint(Ed25519PrivateKey.from_private_bytes(bytes.fromhex(text)).public_key()), "the key in " + arg
    raise SystemExit("verify_history: --key %s holds neither a key fingerprint (ed25519:…) nor a signing key" % arg)


def verdict(f, trusted, whose):
    signer = f["signer"]
    if signer is None and trusted:
        raise Refused(0, "the history carries no signature, so it cannot be shown to come from %s %s" % (whose, trusted))
    if signer is not None and trusted and signer != trusted:
        raise Refused(f["sig_line"], "the history was not signed by the key trusted: it is signed by key %s, not by %s %s; it did not come from there"
                      % (signer, whose, trusted))
    checked = signer is not None and trusted is not None
    if not checked:
        c = ["chain intact; origin not checked: game %s, %d events" % (f["game"], f["events"])]
    elif f["left_old"]:
        c = ["chain intact; lines left out the old way not checked: game %s, %d events" % (f["game"], f["events"])]
    else:
        c = ["ok: game %s, %d events, hash chain intact" % (f["game"], f["events"])]
    if f["old_hashes"]:
        c.append("events 1 to %d carry hashes of schema 1, which do not bind what a line leaving one out shows" % f["old_hashes"])
    if f["left"]:
        c.append("%d events left out, each bound by its hash to its type, actor, time and payload" % f["left"])
    if f["left_old"]:
        c.append("%d events left out the old way, bound by no hash to the type, actor and time shown: each could stand for any event" % f["left_old"])
    if "seed" in f:
        c += ["seed %s matches the commitment" % f["seed"], "moves not replayed",
              "final scores " + ", ".join(str(s) for s in f["scores"])]
    else:
        c.append("the seed stays secret until the game ends, so the moves can be replayed only then")
    if signer is None:
        c.append("the history carries no signature (exports made before histories were signed lack it), so anyone could have made it")
    elif trusted is None:
        c.append("signed by key %s, but there is no trusted key to check it against (give --key FINGERPRINT)" % signer)
    else:
        c.append("signed by %s %s" % (whose, trusted))
    return "; ".join(c)


def main(argv):
    args, trusted, whose = [], None, ""
    it = iter(argv)
    for a in it:
        if a == "--key":
            a = next(it, None)
            if a is None:
                break
            trusted, whose = trusted_key(a)
        elif a.startswith("--key="):
            trusted, whose = trusted_key(a[len("--key="):])
        else:
            args.append(a)
    if len(args) != 1:
        print("usage: verify_history.py FILE [--key FINGERPRINT|FILE]", file=sys.stderr)
        return 2
    path = args[0]
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        print("verify_history: %s" % e, file=sys.stderr)
        return 1
    try:
        print(verdict(verify(data), trusted, whose))
    except Refused as e:
        where = "line %d: " % e.line if e.line else ""
        print("verify_history: %s: %s%s" % (path, where, e.reason), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
