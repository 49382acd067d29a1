# pbem: the two commands a new machine needs are "make run" and "make test".
GO ?= go
export GOFLAGS ?= -mod=mod

.PHONY: run test vet build bench mailservers browser torture fuzz release mutants

# Play a whole Atacama game by mail between two bots: pbem, an IMAP and an
# SMTP server all run in the process on loopback, with NATS JetStream
# embedded (data in a fresh directory of its own each run, removed at the
# end); the mail exchange is printed, then verified. Any number of runs in a
# row each play a new game.
run:
	$(GO) run ./cmd/pbem demo

build:
	$(GO) build -o bin/pbem ./cmd/pbem

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { gofmt -l .; echo "gofmt: the files above need formatting"; exit 1; }

# The tests play a game through a real Dovecot and Postfix on loopback:
# this installs (as root, from Debian's packages) and starts them, or says
# why it cannot, and those tests then skip with that reason.
mailservers:
	@bash scripts/mailservers.sh start

# The tests of the games' web pages drive a real chromium: this installs
# it (as root, from Debian's packages) where it is missing, or says why it
# cannot, and those tests then skip with that reason.
browser:
	@bash scripts/browser.sh start

test: vet mailservers browser
	$(GO) test -count=1 -timeout 15m ./...

# Kill "pbem serve" with SIGKILL 500 times (PBEM_TORTURE_KILLS) at random
# moments (PBEM_TORTURE_SEED) while bots play by mail, then check that no
# move was lost or applied twice and every mail arrived with one content.
# They last minutes, so make test leaves them here (they skip there); CI
# runs them with 50 kills and 8 disturbances.
# Then the same club against three processes on a three-node NATS cluster,
# disturbed 60 times (PBEM_CLUSTER_KILLS): processes and nodes killed with
# SIGKILL, processes stopped past their lease. Last, 24 pairs of players
# (PBEM_LOAD_PAIRS) at once through the real Dovecot and Postfix for a
# minute, Postfix restarted in the middle.
torture: mailservers
	PBEM_TORTURE_KILLS=$${PBEM_TORTURE_KILLS:-500} $(GO) test -count=1 -timeout 90m -run 'TestTorture$$' -v ./internal/postoffice/
	PBEM_CLUSTER_KILLS=$${PBEM_CLUSTER_KILLS:-60} $(GO) test -count=1 -timeout 30m -run 'TestClusterTorture$$' -v ./internal/postoffice/
	PBEM_LOAD_PAIRS=$${PBEM_LOAD_PAIRS:-24} $(GO) test -count=1 -timeout 10m -run 'TestDovecotPostfixLoad$$' -v ./internal/postoffice/

# Measure pbem against raw JetStream on this machine: the rules, the
# command side, the whole mail pipeline, rebuilding the read models,
# growth to a million games and a three-node cluster (one, two and three
# pbem processes, a node killed); prints the figures and writes
# docs/benchmarks.md. About thirty minutes on two cores; the million
# games' histories go to a temporary directory.
bench:
	$(GO) run ./cmd/pbem-bench --out docs/benchmarks.md

# Every fuzz target for a bounded number of inputs, about ten seconds each
# on two cores, after the seed corpora in testdata/ have run as plain tests
# in make test. CI runs it. The budgets are counts, not durations: Go 1.26's
# fuzzer can fail a run whose -fuzztime duration ends while a worker is
# still busy (go.dev/issue/75804, fixed in Go 1.27). FUZZTIME=30s or
# FUZZTIME=1000000x sets one budget for every target.
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(or $(FUZZTIME),5000x) ./mail
	$(GO) test -run '^$$' -fuzz '^FuzzParseTag$$' -fuzztime $(or $(FUZZTIME),40000x) ./mail
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(or $(FUZZTIME),150000x) ./rules/atacama
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(or $(FUZZTIME),120000x) ./rules/altiplano
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(or $(FUZZTIME),100000x) ./rules/archipelago

# Mutation testing of the packages in MUTANTS_PACKAGES by their own tests
# (gremlins, pinned below): each package's code is mutated one change at a
# time and its tests run; a mutant its tests do not notice "lived". Prints
# each package's efficacy (killed / (killed + lived)) and mutant coverage
# (the share of mutants on lines the package's own tests reach). Not part
# of make test: it takes long (see docs/architecture.md).
#
# One package at a time, one worker. gremlins mutates a folder and those
# under it, and gathers coverage with the tests of all of them: each
# package is measured in a scratch copy of the tree where the tests of its
# subfolders are left out (a subpackage is listed itself to be measured),
# so the coverage run is the package's own tests, whose time, times the
# coefficient, is each mutant's timeout. Each mutant's run compiles and
# links the test binary again, most of its time: vet and DWARF are left
# out, and -count=1 makes the coverage run run the tests rather than read
# them from the cache.
GREMLINS_VERSION = v0.6.0
MUTANTS_PACKAGES ?= projections games games/letters games/locale games/commands games/notice games/mailroom games/mailroom/budget
MUTANTS_TIMEOUT_COEFFICIENT ?= 15
mutants:
	$(GO) install github.com/go-gremlins/gremlins/cmd/gremlins@$(GREMLINS_VERSION)
	@set -e; gremlins="$$($(GO) env GOPATH)/bin/gremlins"; \
	for p in $(MUTANTS_PACKAGES); do \
		echo "== mutants of $$p"; \
		tree=$$(mktemp -d); \
		tar -C . --exclude=./.git -cf - . | tar -C "$$tree" -xf -; \
		find "$$tree/$$p" -mindepth 2 -name '*_test.go' -delete; \
		(cd "$$tree" && GOFLAGS="$(GOFLAGS) -count=1 -vet=off -ldflags=-w" "$$gremlins" unleash --workers 1 \
			--timeout-coefficient $(MUTANTS_TIMEOUT_COEFFICIENT) --exclude-files / ./$$p) || status=$$?; \
		rm -rf "$$tree"; \
		[ -z "$$status" ] || exit $$status; \
	done

# Static binaries for every platform a club runs pbem on, in dist/, with
# SHA256SUMS, the SPDX SBOM of the modules linked in (from the binary's
# own build information) and the release notes of the version from
# CHANGELOG.md, printed at the end. The version and revision are what the
# Go toolchain stamps from git (tag the commit vX.Y.Z first); nothing is
# stamped by hand, and a build from a git worktree, where the toolchain
# stamps nothing, says so. No network beyond the module proxy.
RELEASE_PLATFORMS ?= linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64
# The binary the SBOM and the notes are read from (its build information
# is every platform's).
RELEASE_FIRST = dist/pbem-$(subst /,-,$(word 1,$(RELEASE_PLATFORMS)))
release:
	rm -rf dist && mkdir -p dist
	@set -e; for p in $(RELEASE_PLATFORMS); do \
		os=$${p%/*}; arch=$${p#*/}; ext=; [ "$$os" = windows ] && ext=.exe; \
		echo "build dist/pbem-$$os-$$arch$$ext"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -buildvcs=auto -ldflags='-s -w' \
			-o dist/pbem-$$os-$$arch$$ext ./cmd/pbem; \
	done
	$(GO) run ./internal/release sbom $(RELEASE_FIRST) > dist/pbem.spdx.json
	$(GO) run ./internal/release notes --changelog CHANGELOG.md $(RELEASE_FIRST) > dist/RELEASE_NOTES.md
	cp LICENSE NOTICE dist/
	$(GO) run ./internal/release sums $$(ls dist/* | grep -v SHA256SUMS) > dist/SHA256SUMS
	@echo; cat dist/RELEASE_NOTES.md; echo; cat dist/SHA256SUMS
