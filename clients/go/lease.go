package locks

import (
	"context"
	"strconv"
	"sync"
	"time"
)

// A Lease is the right to one key of a lock (or one of a semaphore key's places) until it is
// released or runs out. A lock's lease has a Fence, larger than every earlier lease's; a
// semaphore's has the zero Fence. When the lease is lost, Done is closed and the context Hold
// gave the function is cancelled, before the key can go to anyone else (LOCK-04).
type Lease struct {
	// ID names the lease in renewals and releases: a random UUID the server gave.
	ID string
	// Key is the key held.
	Key string
	// Fence is the lease's fence; zero for a semaphore's lease.
	Fence Fence

	link *link
	// epoch is the epoch of the server that gave it: a server of another epoch knows nothing of it.
	epoch     string
	place     string
	fenceText string
	mu        sync.Mutex
	state     int // held, released or lost
	lostErr   *Error
	done      chan struct{}
	onLost    []func(error)
	ttl       time.Duration
	expiresAt float64 // the server clock's ms
	runsOutAt float64 // the client clock's ms (localExpiry)
	renewAt   float64 // the client clock's ms
	timer     *time.Timer
	renewing  bool
}

const (
	held = iota
	released
	lost
)

// ExpiresAt is when the lease runs out unless renewed, on the server's clock.
func (l *Lease) ExpiresAt() time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return time.UnixMilli(int64(l.expiresAt))
}

// Lost reports whether the lease ran out, was ended, or its client or server closed.
func (l *Lease) Lost() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state == lost
}

// Err is why the lease was lost (an *Error with code Lost or Closed), or nil while it is not.
func (l *Lease) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lostErr == nil {
		return nil
	}
	return l.lostErr
}

// Done is closed when the lease is lost; never for a lease released.
func (l *Lease) Done() <-chan struct{} { return l.done }

// OnLost calls f with the reason when the lease is lost, before its key can go to anyone else.
func (l *Lease) OnLost(f func(error)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.onLost = append(l.onLost, f)
}

// Renew makes the lease last ttl from now (its TTL so far when ttl is 0). It fails with Lost once
// the lease ran out and Released after a release.
func (l *Lease) Renew(ctx context.Context, ttl time.Duration) error {
	if ttl == 0 {
		l.mu.Lock()
		ttl = l.ttl
		l.mu.Unlock()
	} else if err := checkTTL(l.place, ttl); err != nil {
		return err
	}
	l.mu.Lock()
	switch l.state {
	case released:
		l.mu.Unlock()
		return newError(Released, "%s: lease %s was released; a renewal cannot take the key back", l.place, l.ID)
	case lost:
		l.mu.Unlock()
		return newError(Lost, "%s: lease %s was lost before this renewal", l.place, l.ID)
	}
	l.mu.Unlock()
	body := []field{{"method", `"renew"`}, {"leaseId", jsonText(l.ID)}, {"ttl", strconv.FormatInt(ttl.Milliseconds(), 10)}}
	if l.fenceText != "" {
		body = append(body, field{"fence", `"` + l.fenceText + `"`})
	}
	c := l.link.call(body, inf, nil)
	var a answer
	select {
	case a = <-c.done:
	case <-l.done:
		l.link.withdraw(c)
		return newError(Lost, "%s: lease %s was lost before this renewal", l.place, l.ID)
	case <-ctx.Done():
		l.link.withdraw(c)
		return newError(Cancelled, "%s: lease %s: the renewal was cancelled: %v", l.place, l.ID, ctx.Err())
	}
	if a.err != nil {
		return a.err
	}
	if ok, _ := a.message["ok"].(bool); !ok {
		e, _ := a.message["error"].(map[string]any)
		err := errorFromWire(e)
		if err.Code == Lost || err.Code == Released {
			l.lose(err)
		}
		return err
	}
	wire, _ := a.message["lease"].(map[string]any)
	expiresAt, _ := number(wire["expiresAt"])
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.state != held {
		return nil
	}
	l.ttl = ttl
	l.expiresAt = expiresAt
	l.runsOutAt = localExpiry(a, expiresAt)
	l.arm()
	return nil
}

// localExpiry is when a lease runs out, in the client's clock, from the answer that set its expiry: no
// earlier than the request's send time, plus the time it waited at the server, plus what was left of the
// lease when the server answered. No measure of the server's clock is kept: one taken hours ago says
// nothing of now.
func localExpiry(a answer, expiresAt float64) float64 {
	serverNow, err := number(a.message["now"])
	if err != nil || a.sentAt == 0 {
		return now()
	}
	waited, err := number(a.message["waited"])
	if err != nil || waited < 0 {
		waited = 0
	}
	return a.sentAt + waited + (expiresAt - serverNow)
}

// Release lets go of the key. It does nothing for a lease already lost or released, so it never
// frees a newer holder; a refusal from the server changes nothing, since the key is free by the
// lease's TTL at the latest.
func (l *Lease) Release(ctx context.Context) error {
	l.mu.Lock()
	if l.state != held {
		l.mu.Unlock()
		return nil
	}
	l.state = released
	l.disarm()
	l.mu.Unlock()
	l.releaseAtServer(ctx, inf)
	return nil
}

// loseAndRelease is for a client that closes: the lease reads as lost (reason) first, then is released at the
// server; it returns once answered, or at deadline in the client's clock.
func (l *Lease) loseAndRelease(reason *Error, deadline float64) {
	if !l.lose(reason) {
		return
	}
	l.releaseAtServer(context.Background(), deadline)
}

func (l *Lease) releaseAtServer(ctx context.Context, deadline float64) {
	l.mu.Lock()
	runsOutAt := l.runsOutAt
	l.mu.Unlock()
	body := []field{{"method", `"release"`}, {"leaseId", jsonText(l.ID)}}
	if l.fenceText != "" {
		body = append(body, field{"fence", `"` + l.fenceText + `"`})
	}
	// Past the lease's own time the answer no longer matters: the key is free either way.
	if runsOutAt < deadline {
		deadline = runsOutAt
	}
	c := l.link.call(body, deadline, func() *Error {
		return newError(Lost, "%s: lease %s: no answer to its release in time", l.place, l.ID)
	})
	select {
	case <-c.done:
	case <-ctx.Done():
		l.link.withdraw(c)
	}
}

// lose marks the lease lost and tells its holder; a released lease stays released. True if it was held.
func (l *Lease) lose(reason *Error) bool {
	l.mu.Lock()
	if l.state != held {
		l.mu.Unlock()
		return false
	}
	l.state = lost
	l.lostErr = reason
	l.disarm()
	listeners := l.onLost
	l.mu.Unlock()
	close(l.done)
	for _, f := range listeners {
		f(reason)
	}
	return true
}

// deadline is when the lease reads as lost here: early by a fiftieth of the TTL (at most 1 s), for timers that fire late.
func (l *Lease) deadline() float64 {
	margin := float64(l.ttl.Milliseconds()) / 50
	if margin > 1000 {
		margin = 1000
	}
	return l.runsOutAt - margin
}

// arm sets the one timer of the lease: at the next renewal while renewing, else at the deadline; the caller holds l.mu.
func (l *Lease) arm() {
	l.disarm()
	due := l.deadline()
	if l.renewAt < due {
		due = l.renewAt
	}
	l.timer = time.AfterFunc(time.Duration((due-now())*float64(time.Millisecond)), l.onTimer)
}

func (l *Lease) disarm() {
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
}

func (l *Lease) onTimer() {
	l.mu.Lock()
	if l.state != held {
		l.mu.Unlock()
		return
	}
	at := now()
	if at >= l.deadline() {
		reason := newError(Lost, "%s: lease %s ran out: its %s TTL passed without a renewal", l.place, l.ID, formatDuration(l.ttl))
		l.mu.Unlock()
		l.lose(reason)
		return
	}
	if at >= l.renewAt {
		l.renewAt = at + float64(l.ttl.Milliseconds())/3
		if !l.renewing {
			l.renewing = true
			go l.renewOnTime()
		}
	}
	l.arm()
	l.mu.Unlock()
}

func (l *Lease) renewOnTime() {
	err := l.Renew(context.Background(), 0)
	if e, ok := err.(*Error); ok && (e.Code == Lost || e.Code == Released || e.Code == Closed) {
		// A refusal other than these (the server busy) waits for the next turn.
		l.lose(e)
	}
	l.mu.Lock()
	l.renewing = false
	l.mu.Unlock()
}
