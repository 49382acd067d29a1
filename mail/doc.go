// Package mail is pbem's mail side: reading the game mailbox over IMAP,
// parsing and authenticating what players write, and sending what pbem has
// to say over SMTP.
//
// A player answers the mail that says it is their turn. The reply address
// carries the game, the seat and a token made with the service's secret
// (see [Tokens] and [ParseTag]), so a reply can be routed without trusting
// anything the player typed. [Parse] reads one raw mail into a [Parsed]:
// its identifiers and addresses, the player's own words with quotes and
// signatures cut, the command lines in them, whether the mail was sent
// by a machine rather than a person, and what the receiving server said
// about its authentication.
//
// This package reads and writes mail only: whether a command is a legal
// move is for the rules to say, never for this package.
package mail
