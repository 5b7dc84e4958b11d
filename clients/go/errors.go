package locks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"
)

// A Code says what went wrong, as the TypeScript engine names it.
type Code string

// The codes of an *Error.
const (
	Held        Code = "held"        // the key stayed held (a semaphore's key, full) past the wait
	Cancelled   Code = "cancelled"   // the hold's context ended while it waited
	Closed      Code = "closed"      // the client or the server closed
	Invalid     Code = "invalid"     // an argument or an answer is not what it must be; the message says which
	InUse       Code = "in_use"      // another store has the directory (the server's own refusal)
	Lost        Code = "lost"        // the lease ran out, or the server does not know it
	Released    Code = "released"    // the lease was released already
	Busy        Code = "busy"        // the server is at one of its limits: try again later
	Unreachable Code = "unreachable" // no server answered
)

var engineCodes = map[Code]bool{Held: true, Cancelled: true, Closed: true, Invalid: true, InUse: true, Lost: true, Released: true, Busy: true, Unreachable: true}

// An Error is what went wrong with a hold, a lease or the connection: a Code a program can
// branch on (errors.Is(err, locks.ErrHeld)) and a message that names the place and the cause.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return e.Message }

// Is matches another *Error of the same code, so errors.Is(err, locks.ErrLost) works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Errors to compare with errors.Is, one per code.
var (
	ErrHeld        = &Error{Code: Held}
	ErrCancelled   = &Error{Code: Cancelled}
	ErrClosed      = &Error{Code: Closed}
	ErrInvalid     = &Error{Code: Invalid}
	ErrLost        = &Error{Code: Lost}
	ErrReleased    = &Error{Code: Released}
	ErrBusy        = &Error{Code: Busy}
	ErrUnreachable = &Error{Code: Unreachable}
)

func newError(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// errorFromWire reads a server's refusal: the engine's codes keep their names, unavailable reads
// as busy, and the wire's own codes (malformed, too_large, ...) as invalid, named in the message.
func errorFromWire(wire map[string]any) *Error {
	code, _ := wire["code"].(string)
	message, _ := wire["message"].(string)
	if engineCodes[Code(code)] {
		return &Error{Code: Code(code), Message: message}
	}
	if code == "unavailable" {
		return &Error{Code: Busy, Message: code + ": " + message}
	}
	return &Error{Code: Invalid, Message: code + ": " + message}
}

// quote writes text as JSON does, for messages: lock invoices: key "42".
func quote(text string) string {
	var out bytes.Buffer
	encoder := json.NewEncoder(&out)
	encoder.SetEscapeHTML(false)
	_ = encoder.Encode(text)
	return string(bytes.TrimRight(out.Bytes(), "\n"))
}

// formatDuration writes a time as the TypeScript engine does: 250 ms, 10 s, 1.5 s, 15 min, 1 h.
func formatDuration(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	round := func(n float64) string { return strconv.FormatFloat(math.Round(n*1000)/1000, 'f', -1, 64) }
	switch {
	case ms < 1000:
		return round(ms) + " ms"
	case math.Mod(ms, 3_600_000) == 0:
		return round(ms/3_600_000) + " h"
	case math.Mod(ms, 60_000) == 0:
		return round(ms/60_000) + " min"
	}
	return round(ms/1000) + " s"
}
