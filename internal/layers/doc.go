// Package layers holds the test that guards which of the module's
// packages may import which: the layers of docs/architecture.md, from the
// pure rules up to the command line.
package layers
