#!/usr/bin/env python3
"""Verify an exported pbem campaign, written from docs/history-format.md alone.

Usage: verify_campaign.py FILE [--key FINGERPRINT|FILE] [--standings]

FILE is what `pbem campaign export ID --games` prints: the campaign's signed
history, then the signed history of every game whose result it records. This
verifier checks, as "A campaign's history" in docs/history-format.md says:
every history's lines, hashes, chain and signature (through verify_history.py,
beside it); every fact of the campaign in its turn; every round of a round
robin, a Swiss or a knockout drawn again from the revealed seed (a ladder's
challenges are the players' choice, and it does not draw a league's seasons:
it refuses a league); every recorded result against its game's own history;
and folds the standings. It does not know the games' rules, so it does not
replay their moves, nor break a tie on points the way a game's own rules do
(Altiplano's coins): tied seats of such a game may be in either order.

Its verdict is the line `pbem verify --campaign --file` prints. With
--standings, the standings follow as JSON, one line per player, points in
sixtieths of a point. A refusal is one line on standard error and exit 1;
a league, which it cannot check, exit 2.

Needs Python 3 and the cryptography package (Debian: python3-cryptography).
"""

import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verify_history as vh  # noqa: E402

M64 = (1 << 64) - 1
M128 = (1 << 128) - 1
POINT = 60
KINDS = ["roundrobin", "swiss", "knockout", "ladder", "league"]
TIEBREAKS = ["buchholz", "sonneborn-berger", "head-to-head", "game-score", "timeouts", "draw"]
MAX_GAMES = 300
# The games whose rules break a tie on points (docs/history-format.md,
# "Verifying a campaign", step 5): only a replay knows how.
RULES_TIEBREAK = {"altiplano"}


class Refused(Exception):
    def __init__(self, reason, line=0):
        super().__init__(reason)
        self.reason, self.line = reason, line


class Unsupported(Exception):
    """The file is of a kind this verifier cannot check: no verdict."""


# Go's math/rand/v2 PCG and Shuffle, as rules.NewRand draws (64-bit).

class PCG:
    MUL = (2549297995355413924 << 64) | 4865540595714422341
    INC = (6364136223846793005 << 64) | 1442695040888963407

    def __init__(self, seed, stream):
        h = hashlib.sha256(seed + stream.encode()).digest()
        self.state = (int.from_bytes(h[0:8], "big") << 64) | int.from_bytes(h[8:16], "big")

    def uint64(self):
        self.state = (self.state * self.MUL + self.INC) & M128
        hi, lo = self.state >> 64, self.state & M64
        hi ^= hi >> 32
        hi = (hi * 0xda942042e4dd58b5) & M64
        hi ^= hi >> 48
        return (hi * (lo | 1)) & M64

    def uint64n(self, n):
        if n & (n - 1) == 0:
            return self.uint64() & (n - 1)
        prod = self.uint64() * n
        if prod & M64 < n:
            thresh = ((1 << 64) - n) % n
            while prod & M64 < thresh:
                prod = self.uint64() * n
        return prod >> 64

    def shuffle(self, xs):
        for i in range(len(xs) - 1, 0, -1):
            j = self.uint64n(i + 1)
            xs[i], xs[j] = xs[j], xs[i]


def commitment(seed, cid):
    h = hashlib.sha256(vh.COMMITMENT_DOMAIN + seed)
    for s in ("campaign", cid):
        b = s.encode("utf-8")
        h.update(len(b).to_bytes(8, "big") + b)
    return "v2:" + h.hexdigest()


def parse_seed(text):
    if not isinstance(text, str) or len(text) != 64:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None


# Payloads, read as pbem reads them: a missing field is its zero value, a
# field of the wrong kind refuses the line.

def field(p, key, kind, default):
    v = p.get(key)
    if v is None:
        return default
    ok = {
        "str": lambda x: isinstance(x, str),
        "int": lambda x: type(x) is int,
        "bool": lambda x: isinstance(x, bool),
        "strs": lambda x: isinstance(x, list) and all(isinstance(s, str) for s in x),
        "ints": lambda x: isinstance(x, list) and all(type(i) is int for i in x),
        "bools": lambda x: isinstance(x, list) and all(isinstance(b, bool) for b in x),
        "tables": lambda x: isinstance(x, list) and all(isinstance(t, list) and all(isinstance(s, str) for s in t) for t in x),
        "obj": lambda x: isinstance(x, dict),
    }[kind]
    if not ok(v):
        raise Refused("its field %s is not what it should be" % key)
    return v


def check_places(places, n):
    if len(places) != n:
        return "%d places for %d seats" % (len(places), n)
    for i, p in enumerate(places):
        above = sum(1 for q in places if q < p)
        if p != above + 1:
            return "seat %d has place %d, but %d seats placed ahead of it" % (i, p, above)
    return None


def go_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def table_points(places, place_points):
    out = []
    for p in places:
        if not place_points:
            out.append(sum(POINT if p < q else POINT // 2 if p == q else 0 for q in places) - POINT // 2)
            continue
        tied = places.count(p)
        total = sum(place_points[k - 1] * POINT for k in range(p, p + tied) if 1 <= k <= len(place_points))
        out.append(go_div(total, tied))
    return out


def pair_points(places, i, j):
    return POINT if places[i] < places[j] else POINT // 2 if places[i] == places[j] else 0


def winner(places):
    w = -1
    for s, p in enumerate(places):
        if p == 1:
            w = s
    return w


def circle_schedule(n, cycles):
    if n < 2:
        return None
    m = n + n % 2

    def table(a, b, cy):
        if a >= n:
            return [b]
        if b >= n:
            return [a]
        return [b, a] if cy % 2 == 1 else [a, b]

    out = []
    for cy in range(cycles):
        for r in range(m - 1):
            def pos(i):
                return (i + r) % (m - 1)
            first, second = m - 1, pos(0)
            if r % 2 == 0:
                first, second = second, first
            rnd = [table(first, second, cy)]
            for i in range(1, m // 2):
                rnd.append(table(pos(i), pos(m - 1 - i), cy))
            out.append(rnd)
    return out


def combination_schedule(n, k, cycles):
    if n < k or k < 2:
        if 2 <= n < k:
            k = n
        else:
            return None
    combos = []

    def build(start, cur):
        if len(cur) == k:
            combos.append(list(cur))
            return
        for i in range(start, n):
            build(i + 1, cur + [i])
    build(0, [])
    if len(combos) * cycles > MAX_GAMES:
        return None
    seat_sum, firsts = [0] * n, [0] * n
    out = []
    for _ in range(cycles):
        left = [list(c) for c in combos]
        while left:
            used = [False] * n
            rnd, rest = [], []
            for t in left:
                if any(used[p] for p in t):
                    rest.append(t)
                    continue
                for p in t:
                    used[p] = True
                seats = sorted(t, key=lambda p: (firsts[p], -seat_sum[p]))
                for s, p in enumerate(seats):
                    seat_sum[p] += s
                firsts[seats[0]] += 1
                rnd.append(seats)
            out.append(rnd)
            left = rest
    return out


def bracket_order(size):
    seeds = [1]
    while len(seeds) < size:
        seeds = [x for s in seeds for x in (s, 2 * len(seeds) + 1 - s)]
    return seeds


class Campaign:
    """The campaign folded from its facts, as docs/history-format.md says."""

    def __init__(self, cid):
        self.id = cid
        self.created = None
        self.commitment = ""
        self.seed = None
        self.players, self.withdrawn, self.left_after = [], {}, {}
        self.rounds, self.games, self.ladder = [], [], []
        self.closed = False

    # Options.
    def opt(self, key, default):
        v = self.created["options"].get(key)
        return default if v in (None, 0, [], "", False) else v

    def table_size(self):
        return self.opt("table", 2)

    def active(self):
        return [p for p in self.players if p not in self.withdrawn]

    def running(self):
        return [g for g in self.games if g["result"] is None]

    def unstarted(self):
        started = {(g["round"], g["table"]) for g in self.games}
        return [(r + 1, t + 1, seats) for r, rnd in enumerate(self.rounds)
                for t, seats in enumerate(rnd["tables"]) if (r + 1, t + 1) not in started]

    def schedule(self):
        n, k, cycles = len(self.players), self.table_size(), max(self.opt("rounds", 0), 1)
        return circle_schedule(n, cycles) if k == 2 else combination_schedule(n, k, cycles)

    def swiss_rounds(self):
        r = self.opt("rounds", 0)
        return r if r > 0 else max((max(len(self.players), 2) - 1).bit_length(), 1)

    def over(self):
        if self.created is None or self.running() or self.unstarted():
            return False
        kind = self.created["kind"]
        if kind == "ladder":
            return self.closed
        if kind == "knockout":
            return bool(self.rounds) and len(self.knockout_alive()) <= 1
        if kind == "swiss":
            return bool(self.rounds) and (len(self.rounds) >= self.swiss_rounds() or len(self.active()) < 2)
        return bool(self.rounds) and (len(self.rounds) >= len(self.schedule() or []) or len(self.active()) < 2)

    def game(self, gid):
        for g in self.games:
            if g["game"] == gid:
                return g
        return None

    # The facts.
    def apply(self, typ, p):
        if (typ == "CampaignCreated") != (self.created is None):
            raise Refused("a campaign begins with CampaignCreated, and only once")
        if self.seed is not None:
            raise Refused("the campaign is over: its seed was revealed")
        handler = {
            "CampaignCreated": self.create, "PlayerEntered": lambda p: self.enter(field(p, "player", "str", "")),
            "PlayerWithdrew": self.withdrew, "PairingSeedCommitted": self.committed,
            "RoundPaired": self.pair, "CampaignGameStarted": self.start, "GameResultRecorded": self.result,
            "OrganiserDecided": self.decide, "PairingSeedRevealed": self.reveal,
        }.get(typ)
        if typ == "SeasonStarted":
            raise Unsupported("this verifier does not fold a league's seasons")
        if handler is None:
            raise Refused("no fact of type %s" % typ)
        handler(p)

    def create(self, p):
        kind = field(p, "kind", "str", "")
        opts = field(p, "options", "obj", {})
        for k, kd in (("table", "int"), ("rounds", "int"), ("placePoints", "ints"), ("reach", "int"),
                      ("tiebreaks", "strs"), ("division", "int"), ("promote", "int"), ("seasons", "int"),
                      ("deadline", "str"), ("autoPair", "bool")):
            field(opts, k, kd, None)
        self.created = {"kind": kind, "game": field(p, "game", "str", ""), "options": opts}
        if kind not in KINDS:
            raise Refused("no kind of campaign %r" % kind)
        if kind == "league":
            raise Unsupported("this verifier does not fold a league's seasons")
        t, any_size = self.table_size(), kind == "roundrobin"
        if t < 2 or t > 5 or (t != 2 and not any_size):
            raise Refused("a %s plays at tables of %s, not %d" % (kind, "2 to 5" if any_size else "2", t))
        if kind == "ladder" and self.opt("autoPair", False):
            raise Refused("a ladder has no rounds to pair")
        for name in self.opt("tiebreaks", []):
            if name not in TIEBREAKS:
                raise Refused("no tiebreak %r" % name)
        for e in field(p, "entries", "strs", []):
            self.enter(e)

    def enter(self, player):
        if player == "":
            raise Refused("a player without a name")
        if player in self.players:
            raise Refused("%s entered already" % player)
        if self.rounds and self.created["kind"] != "ladder":
            raise Refused("entries closed when round 1 was paired")
        self.players.append(player)
        self.ladder.append(player)

    def withdraw(self, player, why):
        if player not in self.players:
            raise Refused("%s never entered" % player)
        if player in self.withdrawn:
            raise Refused("%s left already" % player)
        self.withdrawn[player] = why
        self.left_after[player] = len(self.rounds)
        self.ladder = [q for q in self.ladder if q != player]

    def withdrew(self, p):
        reason = field(p, "reason", "str", "")
        self.withdraw(field(p, "player", "str", ""), "withdrew: " + reason if reason else "withdrew")

    def committed(self, p):
        if self.commitment:
            raise Refused("the seed was committed to before")
        self.commitment = field(p, "commitment", "str", "")

    def pair(self, p):
        rnd = {"round": field(p, "round", "int", 0), "tables": field(p, "tables", "tables", []) or [],
               "byes": field(p, "byes", "strs", []) or []}
        kind = self.created["kind"]
        if rnd["round"] != len(self.rounds) + 1:
            raise Refused("round %d paired where round %d comes" % (rnd["round"], len(self.rounds) + 1))
        if not self.commitment:
            raise Refused("a round paired before the seed was committed to")
        if self.over():
            raise Refused("the campaign is over")
        if kind != "ladder" and self.running():
            raise Refused("round %d paired while games of the round before run" % rnd["round"])
        active, seen = set(self.active()), set()
        if not rnd["tables"] and kind != "roundrobin":
            raise Refused("round %d has no table" % rnd["round"])
        for t in rnd["tables"]:
            if len(t) < 2 or len(t) > self.table_size():
                raise Refused("a table of %d" % len(t))
        for q in [q for t in rnd["tables"] for q in t] + rnd["byes"]:
            if q not in active:
                raise Refused("%s is not in the campaign" % q)
            if q in seen:
                raise Refused("%s is paired twice" % q)
            seen.add(q)
        if kind == "ladder":
            self.check_challenge(rnd)
        self.rounds.append(rnd)

    def check_challenge(self, rnd):
        if len(rnd["tables"]) != 1 or len(rnd["tables"][0]) != 2 or rnd["byes"]:
            raise Refused("a ladder's round is one challenge")
        ch, de = rnd["tables"][0]
        busy = [g["seats"] for g in self.running()] + [u[2] for u in self.unstarted()]
        if any(ch in s or de in s for s in busy):
            raise Refused("%s or %s plays a challenge already" % (ch, de))
        pc = self.ladder.index(ch) if ch in self.ladder else -1
        pd = self.ladder.index(de) if de in self.ladder else -1
        reach = self.opt("reach", 3)
        if reach < 0:
            reach = 3
        if pc < 0 or pd < 0 or pd >= pc or pc - pd > reach:
            raise Refused("%s may not challenge %s" % (ch, de))

    def start(self, p):
        gid, r, t = field(p, "game", "str", ""), field(p, "round", "int", 0), field(p, "table", "int", 0)
        seats = field(p, "seats", "strs", []) or []
        if r < 1 or r > len(self.rounds):
            raise Refused("game %s in round %d, which was not paired" % (gid, r))
        tables = self.rounds[r - 1]["tables"]
        if t < 1 or t > len(tables) or tables[t - 1] != seats:
            raise Refused("game %s does not seat table %d of round %d" % (gid, t, r))
        if self.game(gid) is not None or not any(u[0] == r and u[1] == t for u in self.unstarted()):
            raise Refused("game %s or table %d of round %d started before" % (gid, t, r))
        self.games.append({"game": gid, "round": r, "table": t, "seats": seats, "result": None, "adjudicated": False})

    def result(self, p):
        res = {"game": field(p, "game", "str", ""), "seq": field(p, "seq", "int", 0), "hash": field(p, "hash", "str", ""),
               "places": field(p, "places", "ints", []) or [], "scores": field(p, "scores", "ints", []) or [],
               "moves": field(p, "moves", "ints", []) or [], "timeouts": field(p, "timeouts", "ints", []) or [],
               "abandoned": field(p, "abandoned", "bools", []) or [], "reason": field(p, "reason", "str", "")}
        g = self.game(res["game"])
        if g is None:
            raise Refused("game %s is not the campaign's" % res["game"])
        if g["result"] is not None:
            raise Refused("game %s has its result already" % res["game"])
        if not res["hash"]:
            raise Refused("game %s's result names no final hash" % res["game"])
        n = len(g["seats"])
        why = check_places(res["places"], n)
        if why:
            raise Refused("game %s: %s" % (res["game"], why))
        if any(len(res[k]) != n for k in ("scores", "moves", "timeouts", "abandoned")):
            raise Refused("game %s: a result of %d seats" % (res["game"], n))
        g["result"] = res
        self.settled(g)

    def decide(self, p):
        d, reason = field(p, "decision", "str", ""), field(p, "reason", "str", "")
        if not reason:
            raise Refused("a decision without its reason")
        if d == "disqualify":
            self.withdraw(field(p, "player", "str", ""), "disqualified: " + reason)
        elif d == "adjudicate":
            gid = field(p, "game", "str", "")
            g = self.game(gid)
            if g is None or g["result"] is not None:
                raise Refused("game %s is not a running game of the campaign" % gid)
            n, places = len(g["seats"]), field(p, "places", "ints", []) or []
            why = check_places(places, n)
            if why:
                raise Refused("game %s: %s" % (gid, why))
            g["result"] = {"game": gid, "places": places, "scores": [0] * n, "moves": [0] * n,
                           "timeouts": [0] * n, "abandoned": [False] * n, "reason": "adjudicate"}
            g["adjudicated"] = True
            self.settled(g)
        elif d == "close":
            if self.created["kind"] != "ladder":
                raise Refused("only a ladder is closed by its organiser")
            self.closed = True
        else:
            raise Refused("no decision %r" % d)

    def reveal(self, p):
        if not self.over():
            raise Refused("the seed is revealed only once the campaign is over")
        seed = parse_seed(field(p, "seed", "str", ""))
        if seed is None:
            raise Refused("the seed revealed is not 64 hex digits")
        if commitment(seed, self.id) != self.commitment:
            raise Refused("the seed revealed is not the one committed to")
        self.seed = seed

    def settled(self, g):
        r = g["result"]
        if self.created["kind"] != "ladder" or len(g["seats"]) != 2 or r["places"][0] >= r["places"][1]:
            return
        ch, de = g["seats"]
        if ch not in self.ladder or de not in self.ladder:
            return
        pc, pd = self.ladder.index(ch), self.ladder.index(de)
        if pd > pc:
            return
        del self.ladder[pc]
        self.ladder.insert(pd, ch)

    # The pairings, drawn from the seed.
    def draw_order(self, seed):
        order = list(self.players)
        PCG(seed, "campaign order").shuffle(order)
        return order

    def next_round(self, seed):
        kind = self.created["kind"]
        if kind == "ladder" or self.over() or self.running() or self.unstarted():
            raise Refused("no round to pair now")
        n = len(self.rounds) + 1
        if kind == "roundrobin":
            sched = self.schedule()
            if sched is None:
                raise Refused("more than %d games" % MAX_GAMES)
            tables, byes = self.seat(sched[n - 1], self.draw_order(seed))
        elif kind == "swiss":
            tables, byes = self.pair_swiss(seed)
        else:
            tables, byes = self.pair_knockout(seed, n)
        if not tables and kind != "roundrobin":
            raise Refused("nobody left to play in round %d" % n)
        return {"round": n, "tables": tables, "byes": byes}

    def seat(self, rnd, order):
        tables, byes = [], []
        for t in rnd:
            seats = [order[i] for i in t if i < len(order) and order[i] not in self.withdrawn]
            if len(seats) >= 2:
                tables.append(seats)
            else:
                byes += seats
        return tables, byes

    def points(self):
        pts = {}
        for g in self.games:
            if g["result"] is None:
                continue
            for s, v in enumerate(table_points(g["result"]["places"], self.opt("placePoints", []))):
                pts[g["seats"][s]] = pts.get(g["seats"][s], 0) + v
        if self.created["kind"] == "swiss":
            win = table_points([1, 2], self.opt("placePoints", []))[0]
            for q, n in self.byes().items():
                pts[q] = pts.get(q, 0) + n * win
        return pts

    def byes(self):
        m = {}
        for r in self.rounds:
            for q in r["byes"]:
                m[q] = m.get(q, 0) + 1
        return m

    def met(self):
        m = {}
        for r in self.rounds:
            for t in r["tables"]:
                for i in range(len(t)):
                    for j in range(i + 1, len(t)):
                        k = tuple(sorted((t[i], t[j])))
                        m[k] = m.get(k, 0) + 1
        return m

    def pair_swiss(self, seed):
        pts = self.points()
        rank = {q: i for i, q in enumerate(self.draw_order(seed))}
        players = sorted(self.active(), key=lambda q: (-pts.get(q, 0), rank[q]))
        met, byes = self.met(), self.byes()
        candidates = [[]]
        if len(players) % 2 == 1:
            candidates = [[q] for q in reversed(players) if byes.get(q, 0) == 0]
            candidates += [[q] for q in reversed(players) if byes.get(q, 0) > 0]
        for repeats in (False, True):
            for b in candidates:
                rest = [q for q in players if q not in b]
                budget = [200000]
                pairs = match_swiss(rest, met, repeats, budget)
                if pairs is not None:
                    return self.seat_pairs(pairs), b
        raise Refused("the Swiss cannot be paired")

    def seat_pairs(self, pairs):
        balance, last = {}, {}
        for r in self.rounds:
            for t in r["tables"]:
                for s, q in enumerate(t):
                    balance[q] = balance.get(q, 0) + (1 if s == 0 else -1)
                    last[q] = 1 if s == 0 else -1
        out = []
        for a, b in pairs:
            ba, bb, la, lb = balance.get(a, 0), balance.get(b, 0), last.get(a, 0), last.get(b, 0)
            if bb < ba or (bb == ba and lb < la):
                a, b = b, a
            out.append([a, b])
        return out

    def pair_knockout(self, seed, rnd):
        slots = self.knockout_slots(seed, rnd)
        tables, byes = [], []
        for i in range(0, len(slots) - 1, 2):
            a = "" if slots[i] in self.withdrawn else slots[i]
            b = "" if slots[i + 1] in self.withdrawn else slots[i + 1]
            if a and b:
                tables.append([a, b])
            elif a + b:
                byes.append(a + b)
        return tables, byes

    def knockout_slots(self, seed, rnd):
        order = self.draw_order(seed)
        size = 1
        while size < len(order):
            size *= 2
        slots = [order[s - 1] if s <= len(order) else "" for s in bracket_order(size)]
        for r in range(1, rnd):
            nxt = []
            for i in range(len(slots) // 2):
                a, b = slots[2 * i], slots[2 * i + 1]
                w = self.table_winner(r, a, b) if a and b else ""
                if not w and r <= len(self.rounds):
                    w = next((q for q in self.rounds[r - 1]["byes"] if q and q in (a, b)), "")
                nxt.append(w)
            slots = nxt
        return slots

    def table_winner(self, rnd, a, b):
        for g in self.games:
            if g["round"] == rnd and g["result"] is not None and a in g["seats"] and b in g["seats"]:
                return g["seats"][winner(g["result"]["places"])]
        return ""

    def knockout_alive(self):
        return [q for q in self.active() if not any(
            q in g["seats"] and g["result"] is not None and winner(g["result"]["places"]) != g["seats"].index(q)
            for g in self.games)]

    # The standings.
    def standings(self):
        kind, pts = self.created["kind"], self.points()
        out = []
        for q in self.players:
            out.append({"player": q, "rank": 0, "points": pts.get(q, 0), "played": 0, "byes": 0,
                        "ladder": self.ladder.index(q) + 1 if kind == "ladder" and q in self.ladder else 0,
                        "out": 0, "buchholz": 0, "sonnebornBerger": 0, "gameScore": 0, "timeouts": 0,
                        "withdrawn": self.withdrawn.get(q, "")})
        by = {s["player"]: s for s in out}
        for q, n in self.byes().items():
            by[q]["byes"] = n
        for g in self.games:
            r = g["result"]
            if r is None:
                continue
            for s, q in enumerate(g["seats"]):
                st = by[q]
                st["played"] += 1
                st["gameScore"] += r["scores"][s]
                st["timeouts"] += r["timeouts"][s]
                if kind == "knockout" and winner(r["places"]) != s:
                    st["out"] = g["round"]
                for o, q2 in enumerate(g["seats"]):
                    if o != s:
                        st["buchholz"] += pts.get(q2, 0)
                        st["sonnebornBerger"] += go_div(pair_points(r["places"], s, o) * pts.get(q2, 0), POINT)
        if kind == "knockout":
            for st in out:
                if st["player"] in self.left_after and st["out"] == 0:
                    st["out"] = self.left_after[st["player"]] + 1
        self.rank(out)
        return out

    def primary(self, s):
        kind = self.created["kind"]
        if kind == "ladder":
            return (s["ladder"] or 1 << 30,)
        if kind == "knockout":
            return (-(s["out"] or 1 << 30), -s["points"])
        return (-s["points"],)

    def tiebreak(self, tb, s, tied):
        if tb == "buchholz":
            return s["buchholz"]
        if tb == "sonneborn-berger":
            return s["sonnebornBerger"]
        if tb == "game-score":
            return s["gameScore"]
        if tb == "timeouts":
            return -s["timeouts"]
        if tb == "head-to-head":
            v = 0
            for g in self.games:
                if g["result"] is None or s["player"] not in g["seats"]:
                    continue
                i = g["seats"].index(s["player"])
                v += sum(pair_points(g["result"]["places"], i, o) for o, q in enumerate(g["seats"]) if o != i and q in tied)
            return v
        if tb == "draw" and self.seed is not None:
            h = hashlib.sha256(self.seed + b"campaign draw\x00" + s["player"].encode("utf-8")).digest()
            return -(int.from_bytes(h[:8], "big") >> 1)
        return 0

    def rank(self, out):
        out.sort(key=self.primary)
        groups = []
        for i in range(len(out)):
            if i > 0 and self.primary(out[i - 1]) == self.primary(out[i]):
                groups[-1].append(i)
            else:
                groups.append([i])
        for tb in self.opt("tiebreaks", []) or TIEBREAKS:
            nxt = []
            for g in groups:
                if len(g) == 1:
                    nxt.append(g)
                    continue
                lines = [out[i] for i in g]
                names = [s["player"] for s in lines]
                val = {s["player"]: self.tiebreak(tb, s, names) for s in lines}
                lines.sort(key=lambda s: -val[s["player"]])
                for k, i in enumerate(g):
                    out[i] = lines[k]
                    if k > 0 and val[lines[k - 1]["player"]] == val[lines[k]["player"]]:
                        nxt[-1].append(i)
                    else:
                        nxt.append([i])
            groups = nxt
        for g in groups:
            for i in g:
                out[i]["rank"] = g[0] + 1


def match_swiss(players, met, repeats, budget):
    if not players:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    a = players[0]
    for j in range(1, len(players)):
        b = players[j]
        if not repeats and met.get(tuple(sorted((a, b))), 0) > 0:
            continue
        pairs = match_swiss(players[1:j] + players[j + 1:], met, repeats, budget)
        if pairs is not None:
            return [(a, b)] + pairs
    return None


def score_text(s):
    neg = ""
    if s < 0:
        neg, s = "-", -s
    whole, frac = s // POINT, s % POINT
    if frac == 0:
        return neg + str(whole)
    if frac == 30:
        return neg + ("½" if whole == 0 else "%d½" % whole)
    return neg + "%.2f" % (s / POINT)


# A game's result from its own history (docs/history-format.md, "Verifying
# a campaign", step 5).

def result_of(evs, rules_name):
    created, ended = evs[0]["payload"], evs[-1]["payload"]
    n = len(created.get("players") or [])
    scores = ended.get("scores") or []
    moves, timeouts, abandoned, resigned = [0] * n, [0] * n, set(), []
    for e in evs:
        p = e["payload"] if isinstance(e.get("payload"), dict) else {}
        seat = p.get("seat", 0)
        if type(seat) is not int or not 0 <= seat < n:
            continue
        if e["type"] == "MovePlayed":
            if p.get("timeout") is True:
                timeouts[seat] += 1
            else:
                moves[seat] += 1
        elif e["type"] == "SeatAbandoned":
            abandoned.add(seat)
        elif e["type"] == "PlayerReplaced":
            abandoned.discard(seat)
        elif e["type"] == "PlayerResigned":
            resigned.append(seat)

    def key(s):
        if s in resigned:
            return (len(resigned) - resigned.index(s), 0)
        return (0, -scores[s])
    places = [1 + sum(1 for o in range(len(scores)) if key(o) < key(s)) for s in range(len(scores))]
    return {"game": evs[0]["game"], "seq": evs[-1]["seq"], "hash": evs[-1]["hash"], "places": places,
            "scores": scores, "moves": moves, "timeouts": timeouts,
            "abandoned": [s in abandoned for s in range(n)], "reason": ended.get("reason", "")}, \
        rules_name in RULES_TIEBREAK and len({scores[s] for s in range(len(scores)) if s not in resigned}) < len(scores) - len(resigned)


def places_agree(got, want, tie_by_rules):
    """Places agree: exactly, or, where the rules break ties only a replay
    knows, every seat within the places its score's group covers."""
    if not tie_by_rules or len(got) != len(want):
        return got == want
    return all(want[s] <= got[s] < want[s] + want.count(want[s]) for s in range(len(want)))


# The file.

def split(lines):
    """Splits the file into histories: (first line number, lines)."""
    parts, cur, first, cur_game = [], [], 0, None
    for i, raw in enumerate(lines):
        n = i + 1
        line = raw.rstrip(b"\r")
        if line.startswith(b'{"redacted":'):
            raise Refused("a line left out: a campaign's export holds every line whole", n)
        if line.startswith(b'{"signature":'):
            if not cur:
                raise Refused("a signature of no history", n)
            parts.append((first, cur + [raw]))
            cur, cur_game = [], None
            continue
        try:
            game = json.loads(line.decode("utf-8")).get("game")
        except (ValueError, AttributeError):
            game = None
        if cur and game is not None and game != cur_game:
            parts.append((first, cur))
            cur = []
        if not cur:
            first, cur_game = n, game
        cur.append(raw)
    if cur:
        parts.append((first, cur))
    if not parts:
        raise Refused("no events", 1)
    return parts


def check_history(first, lines, kind):
    try:
        return vh.verify_lines(lines, kind)
    except vh.Refused as e:
        whose = "campaign" if kind == "CampaignCreated" else "game"
        raise Refused("in %s's history: %s" % (whose, e.reason), first - 1 + e.line if e.line else 0)


def verify(data):
    lines = data.rstrip(b"\r\n").split(b"\n")
    if lines == [b""]:
        lines = []
    parts = split(lines)
    head = check_history(parts[0][0], parts[0][1], "CampaignCreated")
    cid, evs = head["game"], head["evs"]
    for e in evs:
        if e["v"] != 1 or e["actor"] != -1 or not e["hash"].startswith("h2:") or ("source" in e and e["type"] != "CampaignCreated"):
            raise Refused("in campaign %s's history: event %d is not as a campaign's event is" % (cid, e["seq"]), e["seq"])
    # The seed, if revealed, draws every round again as the facts fold.
    seed = None
    for e in evs:
        if e["type"] == "PairingSeedRevealed":
            seed = parse_seed(e["payload"].get("seed") if isinstance(e["payload"], dict) else None)
    c = Campaign(cid)
    for e in evs:
        p = e["payload"] if isinstance(e["payload"], dict) else {}
        try:
            if e["type"] == "RoundPaired" and seed is not None and c.created is not None and c.created["kind"] != "ladder":
                want = c.next_round(seed)
                got = {"round": p.get("round"), "tables": p.get("tables") or [], "byes": p.get("byes") or []}
                if got != want:
                    raise Refused("round %s was paired %s, the seed pairs it %s" % (p.get("round"), got["tables"], want["tables"]))
            c.apply(e["type"], p)
        except Refused as r:
            raise Refused("in campaign %s's history, event %d (%s): %s" % (cid, e["seq"], e["type"], r.reason))
    games = {}
    for first, glines in parts[1:]:
        g = check_history(first, glines, "GameCreated")
        gid = g["game"]
        if gid in games:
            raise Refused("lines %d to %d: game %s's history is in the file twice" % (first, first + len(glines) - 1, gid))
        if c.game(gid) is None:
            raise Refused("lines %d to %d: game %s is not a game of campaign %s" % (first, first + len(glines) - 1, gid, cid))
        games[gid] = (first, glines, g)
    results = 0
    for cg in c.games:
        if cg["result"] is None or cg["adjudicated"]:
            continue
        gid = cg["game"]
        if gid not in games:
            raise Refused("game %s has a result, but its history is not in the file" % gid)
        first, glines, g = games[gid]
        where = "lines %d to %d: game %s" % (first, first + len(glines) - 1, gid)
        if head["signer"] is not None and g["signer"] != head["signer"]:
            raise Refused("%s is not signed by the key that signed the campaign" % where)
        if g["evs"][-1]["type"] != "GameEnded":
            raise Refused("%s's history has not ended" % where)
        gc = g["evs"][0]["payload"]
        if gc.get("campaign") != cid or gc.get("round") != cg["round"] or gc.get("table") != cg["table"]:
            raise Refused("%s says it plays campaign %r round %r table %r, not campaign %s round %d table %d"
                          % (where, gc.get("campaign"), gc.get("round"), gc.get("table"), cid, cg["round"], cg["table"]))
        want, tie_by_rules = result_of(g["evs"], gc.get("game"))
        got = cg["result"]
        same = all(got[k] == want[k] for k in want if k != "places") and places_agree(got["places"], want["places"], tie_by_rules)
        if not same:
            raise Refused("game %s's result says places %s, scores %s, ending at event %d; its own history says places %s, scores %s, ending at event %d"
                          % (gid, got["places"], got["scores"], got["seq"], want["places"], want["scores"], want["seq"]))
        results += 1
    return {"campaign": c, "events": len(evs), "results": results, "from_file": results,
            "signer": head["signer"], "sig_line": parts[0][0] - 1 + head["sig_line"] if head["sig_line"] else 0,
            "pairings": seed is not None}


def verdict(f, trusted, whose):
    signer, c = f["signer"], f["campaign"]
    if signer is None and trusted:
        raise Refused("the campaign's history carries no signature, so it cannot be shown to come from %s %s" % (whose, trusted))
    if signer is not None and trusted and signer != trusted:
        raise Refused("the history was not signed by the key trusted: it is signed by key %s, not by %s %s; it did not come from there"
                      % (signer, whose, trusted), f["sig_line"])
    if signer is not None and trusted is not None:
        v = ["ok: campaign %s, %d events, hash chain intact" % (c.id, f["events"])]
    else:
        v = ["chain intact; origin not checked: campaign %s, %d events" % (c.id, f["events"])]
    r = "%d results match their games' own histories" % f["results"]
    if f["from_file"]:
        r += " (%d of them in the file, each verified)" % f["from_file"]
    v.append(r)
    if f["pairings"]:
        v.append("every round paired again from the seed as recorded")
    else:
        v.append("the seed stays secret until the campaign is over, so the pairings can be drawn again only then")
    st = c.standings()
    if st:
        v.append("standings folded: %s first with %s" % (st[0]["player"], score_text(st[0]["points"])))
    if signer is None:
        v.append("the history carries no signature (exports made before histories were signed lack it), so anyone could have made it")
    elif trusted is None:
        v.append("signed by key %s, but there is no trusted key to check it against (give --key FINGERPRINT)" % signer)
    else:
        v.append("signed by %s %s" % (whose, trusted))
    return "; ".join(v)


def main(argv):
    args, trusted, whose, standings = [], None, "", False
    it = iter(argv)
    for a in it:
        if a == "--key":
            a = next(it, None)
            if a is None:
                break
            trusted, whose = vh.trusted_key(a)
        elif a.startswith("--key="):
            trusted, whose = vh.trusted_key(a[len("--key="):])
        elif a == "--standings":
            standings = True
        else:
            args.append(a)
    if len(args) != 1:
        print("usage: verify_campaign.py FILE [--key FINGERPRINT|FILE] [--standings]", file=sys.stderr)
        return 2
    path = args[0]
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        print("verify_campaign: %s" % e, file=sys.stderr)
        return 1
    try:
        f = verify(data)
        print(verdict(f, trusted, whose))
    except Refused as e:
        where = "line %d: " % e.line if e.line else ""
        print("verify_campaign: %s: %s%s" % (path, where, e.reason), file=sys.stderr)
        return 1
    except Unsupported as e:
        print("verify_campaign: %s: cannot check: %s" % (path, e), file=sys.stderr)
        return 2
    if standings:
        for s in f["campaign"].standings():
            print(json.dumps(s, ensure_ascii=False, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
