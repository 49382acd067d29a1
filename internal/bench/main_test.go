package bench

import (
	"os"
	"testing"
)

// TestMain runs the tests, or, started again by the pipeline, its mail
// host.
func TestMain(m *testing.M) {
	ServeMailHostIfAsked()
	os.Exit(m.Run())
}
