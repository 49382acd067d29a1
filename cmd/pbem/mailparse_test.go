package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-games/pbem/mail"
)

func TestMailParse(t *testing.T) {
	t.Setenv("PBEM_MAILBOX", "games@pbem.example.org")
	t.Setenv("PBEM_SECRET", "s3cret")
	tokens := mail.Tokens{Secret: []byte("s3cret")}
	dir := t.TempDir()
	write := func(name, raw string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(raw), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := tokens.ReplyTo("games@pbem.example.org", "k7q2mx", 1)
	tests := []struct {
		name, raw string
		token     string
		seat      int
		commands  []string
		automatic bool
	}{
		{"valid", "From: Bea <bea@example.net>\nTo: " + good + "\nSubject: Re: your turn\n\nE5\nsay hi\n\nOn Mon, pbem wrote:\n> E7\n", "valid", 1, []string{"E5", "say hi"}, false},
		{"forged", "From: bea@example.net\nTo: games+k7q2mx.0.abcdefghij@pbem.example.org\n\nE5\n", "invalid: ", 0, []string{"E5"}, false},
		{"auto", "From: bea@example.net\nTo: " + good + "\nAuto-Submitted: auto-replied\n\nI am away\n", "valid", 1, []string{"I am away"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := mustPbem(t, dir, "mail", "parse", write(tt.name+".eml", tt.raw))
			var got struct {
				From      string
				Game      string
				Seat      *int
				Token     string
				Commands  []string
				Automatic bool
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("pbem mail parse printed %q: %v", out, err)
			}
			if got.From != "bea@example.net" || got.Game != "k7q2mx" || got.Seat == nil || *got.Seat != tt.seat {
				t.Errorf("from %q game %q seat %v, want bea@example.net, k7q2mx, %d", got.From, got.Game, got.Seat, tt.seat)
			}
			if len(got.Token) < len(tt.token) || got.Token[:len(tt.token)] != tt.token {
				t.Errorf("token = %q, want %q…", got.Token, tt.token)
			}
			if len(got.Commands) != len(tt.commands) || got.Automatic != tt.automatic {
				t.Errorf("commands %q automatic %v, want %q %v", got.Commands, got.Automatic, tt.commands, tt.automatic)
			}
		})
	}
}
