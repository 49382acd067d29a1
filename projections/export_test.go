package projections

// SetPlayerBatch makes p's rebuilds write the players' games every n
// players, so a test meets the batches' seams with a few games.
func SetPlayerBatch(p *Projector, n int) { p.playerBatch = n }
