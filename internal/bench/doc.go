// Package bench measures pbem against the JetStream it runs on: the rules
// on one core, the command side, the whole mail pipeline, rebuilding the
// read models, growth to many games, and a three-node cluster. Every
// figure is given next to a raw JetStream figure measured in the same run
// with the same durability (every write synced), so a report from a busy
// machine still says how much of the cost is pbem's own; the pipeline's
// moves are played again with mail without pictures (no_pictures), so
// the report says what the pictures cost.
//
// "pbem-bench" (cmd/pbem-bench) and "make bench" run it; docs/benchmarks.md holds the last
// report.
package bench
