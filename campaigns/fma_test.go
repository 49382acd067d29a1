package campaigns_test

import (
	"os"
	"os/exec"
	"regexp"
	"testing"
)

// fused matches arm64's fused multiply-add instructions in the
// compiler's assembly listing.
var fused = regexp.MustCompile(`(?m)\bF(N?M(ADD|SUB))[SD]\b`)

// TestNoFusedMultiplyAdd compiles the package for arm64 and fails when
// the compiler fused a multiply and an add anywhere in it: a fused
// operation rounds once where amd64 rounds twice, so ratings would
// differ in their last digits between machines. Every product is
// converted explicitly (float64(x*y)) to prevent it.
func TestNoFusedMultiplyAdd(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the package for arm64")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command(gobin, "build", "-o", os.DevNull, "-gcflags=-S", ".")
	cmd.Env = append(os.Environ(), "GOARCH=arm64", "GOOS=linux", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build for arm64: %v\n%s", err, out)
	}
	if len(out) < 1000 {
		t.Fatalf("the assembly listing is %d bytes, want the package's", len(out))
	}
	for _, m := range fused.FindAll(out, 5) {
		t.Errorf("the arm64 build fuses a multiply and an add: %s", m)
	}
}
