package rules_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-games/pbem/rules"
)

// draws returns n draws of IntN(bound) from r.
func draws(r *rules.Rand, n, bound int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = r.IntN(bound)
	}
	return out
}

// randomSeed returns a seed drawn from a PCG seeded with i.
func randomSeed(i uint64) rules.Seed {
	var s rules.Seed
	r := rand.New(rand.NewPCG(i, 0x5eed))
	for k := range s {
		s[k] = byte(r.Uint32())
	}
	return s
}

func TestRandDeterministic(t *testing.T) {
	for _, seed := range []rules.Seed{{}, rules.SeedFromInt(1), rules.SeedFromInt(1 << 40), randomSeed(1), randomSeed(2)} {
		a, b := rules.NewRand(seed, "tiles"), rules.NewRand(seed, "tiles")
		if x, y := draws(&a, 50, 1000), draws(&b, 50, 1000); !slices.Equal(x, y) {
			t.Errorf("NewRand(%s, \"tiles\") drew %v, then %v", seed, x, y)
		}
	}
}

// TestRandGolden pins the draws of one seed: games replay their histories
// through these draws, so a change here changes every game in progress.
func TestRandGolden(t *testing.T) {
	r := rules.NewRand(rules.SeedFromInt(1), "tiles")
	if got, want := draws(&r, 8, 100), []int{82, 59, 56, 77, 63, 89, 17, 77}; !slices.Equal(got, want) {
		t.Errorf("NewRand(SeedFromInt(1), \"tiles\") IntN(100) = %v, want %v", got, want)
	}
	r = rules.NewRand(rules.SeedFromInt(1), "bag")
	p := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	if want := []int{3, 8, 5, 6, 2, 7, 9, 1, 0, 4}; !slices.Equal(p, want) {
		t.Errorf("NewRand(SeedFromInt(1), \"bag\") Shuffle = %v, want %v", p, want)
	}
}

func TestRandStreamsDiffer(t *testing.T) {
	tests := []struct {
		name   string
		a, b   rules.Seed
		sa, sb string
	}{
		{"streams", rules.SeedFromInt(1), rules.SeedFromInt(1), "tiles", "bag"},
		{"similar streams", rules.SeedFromInt(1), rules.SeedFromInt(1), "a", "b"},
		{"empty stream", rules.SeedFromInt(1), rules.SeedFromInt(1), "", "tiles"},
		{"seeds", rules.SeedFromInt(1), rules.SeedFromInt(2), "tiles", "tiles"},
		{"random seeds", randomSeed(1), randomSeed(2), "tiles", "tiles"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := rules.NewRand(tt.a, tt.sa), rules.NewRand(tt.b, tt.sb)
			if x, y := draws(&a, 20, 1<<30), draws(&b, 20, 1<<30); slices.Equal(x, y) {
				t.Errorf("NewRand(%s, %q) and NewRand(%s, %q) both drew %v", tt.a, tt.sa, tt.b, tt.sb, x)
			}
		})
	}
}

func TestRandCopy(t *testing.T) {
	r := rules.NewRand(randomSeed(3), "tiles")
	draws(&r, 5, 10)
	c := r // a state being copied carries its Rand along
	want := draws(&c, 20, 1000)
	if got := draws(&r, 20, 1000); !slices.Equal(got, want) {
		t.Errorf("a copy of a Rand drew %v, the original then %v; want the same future", want, got)
	}
	// Drawing from one copy leaves the other where it was.
	a := rules.NewRand(randomSeed(3), "tiles")
	b := a
	first := draws(&a, 10, 1000)
	draws(&a, 100, 1000)
	if got := draws(&b, 10, 1000); !slices.Equal(got, first) {
		t.Errorf("after drawing from a copy, the other drew %v, want %v", got, first)
	}
}

func TestRandRanges(t *testing.T) {
	r := rules.NewRand(rules.SeedFromInt(7), "dice")
	seen := map[int]bool{}
	for range 600 {
		n := r.IntN(6)
		if n < 0 || n >= 6 {
			t.Fatalf("IntN(6) = %d", n)
		}
		seen[n] = true
	}
	if len(seen) != 6 {
		t.Errorf("600 draws of IntN(6) gave only %v", seen)
	}
	deck := make([]int, 52)
	for i := range deck {
		deck[i] = i
	}
	p := slices.Clone(deck)
	r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	if slices.Equal(p, deck) || !slices.Equal(slices.Sorted(slices.Values(p)), deck) {
		t.Errorf("Shuffle of 52 cards gave %v, want a permutation", p)
	}
	defer func() {
		if recover() == nil {
			t.Error("IntN(0) did not panic")
		}
	}()
	r.IntN(0)
}

func TestSeedText(t *testing.T) {
	if got, want := rules.SeedFromInt(1).String(), strings.Repeat("0", 63)+"1"; got != want {
		t.Errorf("SeedFromInt(1).String() = %q, want %q", got, want)
	}
	if got, want := rules.SeedFromInt(0x0102).String(), strings.Repeat("0", 60)+"0102"; got != want {
		t.Errorf("SeedFromInt(0x0102).String() = %q, want %q", got, want)
	}
	for i := range uint64(20) {
		for _, seed := range []rules.Seed{rules.SeedFromInt(i), randomSeed(i)} {
			text := seed.String()
			if len(text) != 64 || strings.ToLower(text) != text {
				t.Errorf("Seed.String() = %q, want 64 lower-case hex digits", text)
			}
			for _, in := range []string{text, strings.ToUpper(text)} {
				got, err := rules.ParseSeed(in)
				if err != nil || got != seed {
					t.Errorf("ParseSeed(%q) = %s, %v; want %s", in, got, err, seed)
				}
			}
		}
	}
}

func TestParseSeedErrors(t *testing.T) {
	good := randomSeed(1).String()
	for _, in := range []string{"", "00", good[:63], good[:62], good + "00", "zz" + good[2:], " " + good, good + "\n", "0x" + good[2:]} {
		if s, err := rules.ParseSeed(in); err == nil {
			t.Errorf("ParseSeed(%q) = %s, want an error", in, s)
		} else if !strings.Contains(err.Error(), "64 hex digits") {
			t.Errorf("ParseSeed(%q) = error %q, want it to ask for 64 hex digits", in, err)
		}
	}
}

func TestCommitment(t *testing.T) {
	// The SHA-256 of 32 zero bytes.
	if got, want := (rules.Seed{}).Commitment(), "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"; got != want {
		t.Errorf("Seed{}.Commitment() = %s, want %s", got, want)
	}
	for i := range uint64(10) {
		seed := randomSeed(i)
		sum := sha256.Sum256(seed[:])
		if got, want := seed.Commitment(), hex.EncodeToString(sum[:]); got != want {
			t.Errorf("%s.Commitment() = %s, want %s", seed, got, want)
		}
		// A player checks the commitment from the revealed text.
		b, _ := hex.DecodeString(seed.String())
		if sum2 := sha256.Sum256(b); hex.EncodeToString(sum2[:]) != seed.Commitment() {
			t.Errorf("the SHA-256 of the bytes of %s is not its Commitment", seed)
		}
	}
}

func TestIllegal(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{rules.Illegal("you may take 1 to %d stones, not %d", 3, 5), "you may take 1 to 3 stones, not 5"},
		{rules.Illegal("%q is not a move", "xyzzy"), `"xyzzy" is not a move`},
		{rules.Illegal("it is not your turn"), "it is not your turn"},
		{rules.Illegal("100%% sure"), "100% sure"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Illegal(...).Error() = %q, want %q", got, tt.want)
		}
		if !errors.Is(tt.err, rules.ErrIllegal) {
			t.Errorf("errors.Is(Illegal(%q), ErrIllegal) = false", tt.want)
		}
		wrapped := fmt.Errorf("seat 1: %w", tt.err)
		if !errors.Is(wrapped, rules.ErrIllegal) {
			t.Errorf("errors.Is(%q, ErrIllegal) = false for a wrapped Illegal", wrapped)
		}
	}
	for _, err := range []error{errors.New("illegal move"), fmt.Errorf("x"), nil} {
		if errors.Is(err, rules.ErrIllegal) {
			t.Errorf("errors.Is(%v, ErrIllegal) = true", err)
		}
	}
	if !errors.Is(fmt.Errorf("parse: %w", rules.ErrIllegal), rules.ErrIllegal) {
		t.Error("an error wrapping ErrIllegal itself does not match it")
	}
}

func TestSetupHas(t *testing.T) {
	s := rules.Setup{Seats: 2, Variants: []string{"tactical", "fast"}}
	for name, want := range map[string]bool{"tactical": true, "fast": true, "slow": false, "": false, "Fast": false} {
		if got := s.Has(name); got != want {
			t.Errorf("Setup%v.Has(%q) = %v, want %v", s.Variants, name, got, want)
		}
	}
}

// TestRandUsesWholeSeed checks that seeds differing anywhere draw
// differently, even where two words of one seed are equal.
func TestRandUsesWholeSeed(t *testing.T) {
	var a, b rules.Seed
	for i := range 8 {
		b[i], b[16+i] = 0x5a, 0x5a // equal words that cancel out under XOR
	}
	ra, rb := rules.NewRand(a, "tiles"), rules.NewRand(b, "tiles")
	if draws(&ra, 8, 1000) == nil || slices.Equal(draws(&ra, 8, 1000), draws(&rb, 8, 1000)) {
		t.Errorf("NewRand of two different seeds draws the same")
	}
}

// TestCommitmentTo checks the commitment bound to a game: marked "v2:",
// different for every list bound (lengths keep "ab","c" from "a","bc"),
// and Commits tells both kinds of commitment apart.
func TestCommitmentTo(t *testing.T) {
	seed := rules.SeedFromInt(7)
	c := seed.CommitmentTo("abc234", "Ana", "Bea")
	if !strings.HasPrefix(c, rules.CommitmentV2) || len(c) != len(rules.CommitmentV2)+64 {
		t.Fatalf("CommitmentTo = %q, want v2: and 64 hex digits", c)
	}
	for _, other := range [][]string{{"abc234", "Bea", "Ana"}, {"xyz789", "Ana", "Bea"}, {"abc234", "AnaB", "ea"}, {"abc234", "Ana", "Bea", ""}} {
		if seed.CommitmentTo(other...) == c {
			t.Errorf("CommitmentTo(%q) = CommitmentTo(abc234, Ana, Bea)", other)
		}
	}
	if !seed.Commits(c, "abc234", "Ana", "Bea") || seed.Commits(c, "xyz789", "Ana", "Bea") || rules.SeedFromInt(8).Commits(c, "abc234", "Ana", "Bea") {
		t.Error("Commits does not check a v2 commitment against its seed and game")
	}
	if !seed.Commits(seed.Commitment(), "anything") || rules.SeedFromInt(8).Commits(seed.Commitment()) {
		t.Error("Commits does not check an old commitment, the seed's SHA-256, against the seed alone")
	}
}
