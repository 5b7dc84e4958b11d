package locks

import (
	"encoding/json"
	"strconv"
)

// A field is one field of a request: its name and its JSON text.
type field struct{ name, json string }

// frameOf is one request as the wire writes it: a JSON object, its id first, and a newline.
func frameOf(id int64, fields []field) []byte {
	frame := make([]byte, 0, 64+16*len(fields))
	frame = append(frame, `{"id":`...)
	frame = strconv.AppendInt(frame, id, 10)
	for _, f := range fields {
		frame = append(frame, ',', '"')
		frame = append(frame, f.name...)
		frame = append(frame, '"', ':')
		frame = append(frame, f.json...)
	}
	return append(frame, '}', '\n')
}

// jsonText is a string as JSON writes it, quotes included.
func jsonText(s string) string {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x20 || b == '"' || b == '\\' || b >= 0x7f {
			text, _ := json.Marshal(s)
			return string(text)
		}
	}
	return `"` + s + `"`
}
