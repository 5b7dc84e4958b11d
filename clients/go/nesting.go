package locks

import (
	"context"
	"time"
)

// enclosing is one hold of a lock's key that a call runs inside, carried by the ctx its function
// gets: the client and lock it is of, the key, the lease, and the hold around it.
type enclosing struct {
	client    *Client
	name, key string
	lease     *Lease
	outer     *enclosing
}

type enclosingKey struct{}

func enclosingOf(ctx context.Context) *enclosing {
	e, _ := ctx.Value(enclosingKey{}).(*enclosing)
	return e
}

// refuseNested refuses a hold of a lock's key that would wait (wait > 0, or -1 for ever), made with
// the ctx of a hold of the same key on the same client whose lease still holds it: it would wait in
// line behind its own caller, which waits for it, until its wait ran out. A lock is not reentrant;
// the function that holds the key has its lease already. A try (wait 0) finds the key held, which
// is true, and waits for nothing. A hold made with another ctx than the one its caller's function
// got (context.Background(), say) is not seen, and waits.
func refuseNested(ctx context.Context, c *Client, name, key, place string, wait time.Duration) error {
	if wait == 0 {
		return nil
	}
	for hold := enclosingOf(ctx); hold != nil; hold = hold.outer {
		if hold.client != c || hold.name != name || hold.key != key || !hold.lease.holds() {
			continue
		}
		waits := "would wait for itself for ever"
		if wait > 0 {
			waits = "would wait for itself until its " + formatDuration(wait) + " wait ran out"
		}
		return newError(Invalid, "%s: this hold is inside a hold of the same key (lease %s) and %s: a lock is not reentrant, so use the lease you hold", place, hold.lease.ID, waits)
	}
	return nil
}

// detached is a ctx's values without its end (context.WithoutCancel, which Go 1.19 lacks).
type detached struct{ parent context.Context }

func (detached) Deadline() (time.Time, bool) { return time.Time{}, false }
func (detached) Done() <-chan struct{}       { return nil }
func (detached) Err() error                  { return nil }
func (d detached) Value(key any) any         { return d.parent.Value(key) }

// holds reports whether the lease still holds its key: neither released nor lost.
func (l *Lease) holds() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state == held
}
