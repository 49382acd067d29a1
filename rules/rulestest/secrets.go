package rulestest

import (
	"encoding/json"
	"strings"
)

// SecretFacts is what a rendering of a view (a picture, a web page) could
// write of secrets, as a state's Secrets gives them: each secret as it
// is, and the names in a secret written as JSON (the strings under "name"
// and "tile", at any depth, of more than three letters: "name":"bales"
// gives bales). A test looks for each in another seat's rendering.
func SecretFacts(secrets []string) []string {
	var out []string
	for _, s := range secrets {
		out = append(out, s)
		if !strings.ContainsAny(s, "{\"") {
			continue
		}
		var x any
		if json.Unmarshal([]byte("{"+strings.Trim(s, "{}")+"}"), &x) != nil {
			continue
		}
		out = append(out, jsonNames(x)...)
	}
	return out
}

// jsonNames are the strings under "name" and "tile" in a decoded JSON
// value.
func jsonNames(x any) []string {
	var out []string
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			if s, ok := v.(string); ok && (k == "name" || k == "tile") && len(s) > 3 {
				out = append(out, s)
			}
			out = append(out, jsonNames(v)...)
		}
	case []any:
		for _, v := range x {
			out = append(out, jsonNames(v)...)
		}
	}
	return out
}
