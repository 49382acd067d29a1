package organiser_test

import (
	"bytes"
	"encoding/json"
)

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func bytesLines(b []byte) [][]byte { return bytes.Split(bytes.TrimRight(b, "\n"), []byte("\n")) }
