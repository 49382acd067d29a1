package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// dockerInstruction is one instruction of a Dockerfile: its keyword in
// upper case and its arguments, continuation lines joined.
type dockerInstruction struct{ keyword, args string }

// dockerfile reads the instructions of the Dockerfile text.
func dockerfile(text string) []dockerInstruction {
	var out []dockerInstruction
	var cur strings.Builder
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if cur.Len() == 0 && (t == "" || strings.HasPrefix(t, "#")) {
			continue
		}
		cont := strings.HasSuffix(t, "\\")
		cur.WriteString(strings.TrimSuffix(t, "\\") + " ")
		if cont {
			continue
		}
		kw, args, _ := strings.Cut(strings.TrimSpace(cur.String()), " ")
		out = append(out, dockerInstruction{strings.ToUpper(kw), strings.TrimSpace(args)})
		cur.Reset()
	}
	return out
}

// TestDockerfile: the image is built static in a stage of its own, runs on
// distroless or scratch as a user that is not root, keeps its data in the
// /data volume, and checks its health with the binary itself, whose
// health command is one pbem has and passes against a healthy service.
func TestDockerfile(t *testing.T) {
	ins := dockerfile(readFile(t, "../../Dockerfile"))
	var froms []string
	var build, user, volume, health, entry string
	for _, in := range ins {
		switch in.keyword {
		case "FROM":
			froms = append(froms, in.args)
			user = "" // a USER is the stage's own
		case "RUN":
			if strings.Contains(in.args, "go build") {
				build = in.args
			}
		case "USER":
			user = in.args
		case "VOLUME":
			volume = in.args
		case "HEALTHCHECK":
			health = in.args
		case "ENTRYPOINT":
			entry = in.args
		}
	}
	if len(froms) < 2 {
		t.Fatalf("Dockerfile has %d stages, want a build stage and a runtime stage", len(froms))
	}
	if last := froms[len(froms)-1]; !strings.HasPrefix(last, "scratch") && !strings.HasPrefix(last, "gcr.io/distroless/static") {
		t.Errorf("the runtime stage is FROM %s, want scratch or distroless/static", last)
	}
	for _, flag := range []string{"CGO_ENABLED=0", "-trimpath", "./cmd/pbem"} {
		if !strings.Contains(build, flag) {
			t.Errorf("the go build %q lacks %s", build, flag)
		}
	}
	if user == "" || regexp.MustCompile(`^(root|0)(:|$)`).MatchString(user) {
		t.Errorf("the runtime stage runs as USER %q, want a user that is not root", user)
	}
	if volume != "/data" && !strings.Contains(volume, `"/data"`) {
		t.Errorf("VOLUME %q, want /data", volume)
	}
	if !strings.Contains(entry, "/usr/local/bin/pbem") {
		t.Errorf("ENTRYPOINT %q, want the pbem binary", entry)
	}
	m := regexp.MustCompile(`CMD \["/usr/local/bin/pbem", (.*)\]$`).FindStringSubmatch(health)
	if m == nil {
		t.Fatalf("HEALTHCHECK %q does not run pbem itself", health)
	}
	var args []string
	for _, a := range strings.Split(m[1], ",") {
		args = append(args, strings.Trim(strings.TrimSpace(a), `"`))
	}
	// The same command against a service that is healthy, then one that
	// is not.
	code := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(code)
		w.Write([]byte(`{"ok":` + map[bool]string{true: "true", false: "false"}[code == 200] + `}`))
	}))
	defer srv.Close()
	for i, a := range args {
		if strings.HasPrefix(a, "http://127.0.0.1:8025") {
			args[i] = srv.URL + strings.TrimPrefix(a, "http://127.0.0.1:8025")
		}
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), args, &out, &errOut); err != nil || out.Len() != 0 {
		t.Errorf("the health check pbem %s against a healthy service = %v, printed %q; want success and silence", strings.Join(args, " "), err, out.String())
	}
	code = http.StatusServiceUnavailable
	err := run(context.Background(), args, &out, &errOut)
	if _, usage := err.(usageError); err == nil || usage || !strings.Contains(err.Error(), "503") {
		t.Errorf("the health check against a failing service = %v, want an error naming the 503 (exit 1)", err)
	}
}

// unitKeys reads a systemd unit's keys, section.Key = values in order.
func unitKeys(text string) map[string][]string {
	keys := map[string][]string{}
	section := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "["):
			section = strings.Trim(line, "[]")
		default:
			k, v, _ := strings.Cut(line, "=")
			keys[section+"."+strings.TrimSpace(k)] = append(keys[section+"."+strings.TrimSpace(k)], strings.TrimSpace(v))
		}
	}
	return keys
}

// TestSystemdUnit: the unit runs pbem serve sandboxed under a user of its
// own with its data in its state directory, restarts it when it fails, and
// checks the configuration before it starts; every pbem command it runs is
// one pbem has. (scripts/check-unit.sh has systemd verify it, where systemd
// is installed.)
func TestSystemdUnit(t *testing.T) {
	keys := unitKeys(readFile(t, "../../deploy/pbem.service"))
	for key, want := range map[string]string{
		"Service.DynamicUser":     "yes",
		"Service.StateDirectory":  "pbem",
		"Service.ProtectSystem":   "strict",
		"Service.NoNewPrivileges": "yes",
		"Service.Restart":         "on-failure",
		"Service.PrivateTmp":      "yes",
		"Service.ProtectHome":     "yes",
		"Service.Environment":     "PBEM_DATA=/var/lib/pbem",
		"Install.WantedBy":        "multi-user.target",
	} {
		if got := keys[key]; len(got) != 1 || got[0] != want {
			t.Errorf("deploy/pbem.service: %s = %q, want %q", key, got, want)
		}
	}
	if v := keys["Service.CapabilityBoundingSet"]; len(v) != 1 || v[0] != "" {
		t.Errorf("deploy/pbem.service: CapabilityBoundingSet = %q, want none", v)
	}
	for _, key := range []string{"Service.ExecStart", "Service.ExecStartPre"} {
		for _, line := range keys[key] {
			f := strings.Fields(line)
			if len(f) < 2 || f[0] != "/usr/local/bin/pbem" {
				t.Errorf("deploy/pbem.service: %s=%s does not run /usr/local/bin/pbem", key, line)
				continue
			}
			if _, err := lookup(f[1]); err != nil {
				t.Errorf("deploy/pbem.service: %s=%s: %v", key, line, err)
			}
		}
	}
	if got := keys["Service.ExecStart"]; len(got) != 1 || !strings.Contains(got[0], " serve ") {
		t.Errorf("deploy/pbem.service: ExecStart = %q, want pbem serve", got)
	}
	// The nightly backup shares the service's dynamic user and data, and
	// runs a backup command pbem takes, flags and all.
	backup := unitKeys(readFile(t, "../../deploy/pbem-backup.service"))
	for key, want := range map[string]string{"Service.DynamicUser": "yes", "Service.User": "pbem", "Service.Environment": "PBEM_DATA=/var/lib/pbem", "Service.Type": "oneshot"} {
		if got := backup[key]; len(got) != 1 || got[0] != want {
			t.Errorf("deploy/pbem-backup.service: %s = %q, want %q", key, got, want)
		}
	}
	exec := backup["Service.ExecStart"]
	if len(exec) != 1 || !strings.HasPrefix(exec[0], "/usr/local/bin/pbem backup ") || !strings.Contains(exec[0], "--passphrase-file") || !strings.Contains(exec[0], "--keep") {
		t.Fatalf("deploy/pbem-backup.service: ExecStart = %q, want an encrypted pbem backup with --keep", exec)
	}
	args := append(strings.Fields(strings.TrimPrefix(exec[0], "/usr/local/bin/pbem ")), "--pbem-test-not-a-flag")
	if _, err := pbem(t, t.TempDir(), args...); err == nil || !strings.Contains(err.Error(), "not defined: -pbem-test-not-a-flag") {
		t.Errorf("deploy/pbem-backup.service runs pbem %s, which pbem does not take: %v", strings.Join(args[:len(args)-1], " "), err)
	}
	if timer := unitKeys(readFile(t, "../../deploy/pbem-backup.timer")); len(timer["Timer.OnCalendar"]) != 1 || timer["Timer.Persistent"][0] != "true" {
		t.Errorf("deploy/pbem-backup.timer: %v, want a calendar and Persistent=true", timer)
	}
}

// TestCompose: the compose example runs pbem on three NATS nodes that
// route to each other, with three replicas of the histories.
func TestCompose(t *testing.T) {
	compose := readFile(t, "../../deploy/compose.yaml")
	conf := readFile(t, "../../deploy/nats.conf")
	for _, node := range []string{"nats1", "nats2", "nats3"} {
		if !strings.Contains(compose, "\n  "+node+":\n") || !strings.Contains(conf, "nats://"+node+":6222") || !strings.Contains(compose, "nats://"+node+":4222") {
			t.Errorf("deploy/compose.yaml or nats.conf lacks the node %s, its route or pbem's connection to it", node)
		}
	}
	for _, want := range []string{"--replicas=3", "pbem-data:/data", "- serve"} {
		if !strings.Contains(compose, want) {
			t.Errorf("deploy/compose.yaml lacks %q", want)
		}
	}
	for _, want := range []string{"jetstream", "max_payload: 8MB", "max_file_store", "server_name: $NATS_NAME"} {
		if !strings.Contains(conf, want) {
			t.Errorf("deploy/nats.conf lacks %q", want)
		}
	}
}
