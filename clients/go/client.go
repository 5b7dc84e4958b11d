// Package locks is a client of the tinystore lock server: locks, semaphores, leases and fences
// over the server's wire protocol (JSON lines over TCP), with the standard library alone.
//
//	client, err := locks.Connect(ctx, "tcp://127.0.0.1:7411")
//	summaries := client.Lock("summaries")
//	err = summaries.Hold(ctx, chatID, func(ctx context.Context, lease *locks.Lease) error {
//		// ctx is cancelled if the lease is lost; lease.Fence is larger than every earlier lease's
//		return nil
//	})
package locks

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"math"
	"net/url"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

const (
	// DefaultTTL is how long a lease lasts without a renewal unless a hold says otherwise.
	DefaultTTL = 30 * time.Second
	// DefaultWait is how long a hold waits for its key unless it says otherwise.
	DefaultWait = 10 * time.Second
	minTTL      = time.Second
	maxTTL      = time.Hour
	maxWait     = time.Hour
	maxName     = 200
	maxKey      = 1000
	// How long past its wait a hold waits for an answer that a dropped connection delays.
	answerGrace = 5 * time.Second
	// How long a close waits for the server to answer its releases and cancels.
	closeTimeout = 5 * time.Second
)

var inf = math.Inf(1)

// An Option changes how Connect connects.
type Option func(*link)

// WithToken sends the server's token in the hello.
func WithToken(token string) Option {
	return func(l *link) { l.token, l.hasToken = token, true }
}

// WithoutReconnect ends the client when its connection drops, its leases lost, instead of connecting again.
func WithoutReconnect() Option {
	return func(l *link) { l.reconnect = false }
}

// WithConnectTimeout is how long the first connection may take, retries included (10 s unless given).
func WithConnectTimeout(d time.Duration) Option {
	return func(l *link) { l.connectTimeout = d }
}

// A Client is a connection to a lock server, made again when it drops, with its locks and semaphores.
type Client struct {
	link     *link
	mu       sync.Mutex
	requests int64
	closed   bool
	leases   map[string]*Lease
	// asking holds the request ids of the holds waiting for their answer, which a close withdraws.
	asking map[string]struct{}
}

// Connect connects to a lock server (tcp://host:port, 7411 unless given) and returns once it said hello.
func Connect(ctx context.Context, address string, options ...Option) (*Client, error) {
	host, port, err := parseURL(address)
	if err != nil {
		return nil, err
	}
	// The client id every hello names: random, so no other client can act as this one. The server
	// scopes request ids to it, so a count names each hold, across reconnects too.
	id := make([]byte, 16)
	if _, err := rand.Read(id); err != nil {
		return nil, newError(Invalid, "connect: no randomness for a client id: %v", err)
	}
	c := &Client{leases: map[string]*Lease{}, asking: map[string]struct{}{}}
	c.link = &link{host: host, port: port, clientID: hex.EncodeToString(id), reconnect: true, connectTimeout: 10 * time.Second, pending: map[int64]*call{}}
	for _, option := range options {
		option(c.link)
	}
	c.link.onEvent = c.onEvent
	c.link.onRestart = c.onRestart
	c.link.onClosed = c.loseAll
	started := make(chan error, 1)
	go func() { started <- c.link.start() }()
	select {
	case err := <-started:
		if err != nil {
			return nil, err
		}
		return c, nil
	case <-ctx.Done():
		c.link.close(newError(Cancelled, "connect %s: %v", c.link.url(), ctx.Err()))
		return nil, newError(Cancelled, "connect %s: %v", c.link.url(), ctx.Err())
	}
}

func parseURL(address string) (string, string, error) {
	bad := newError(Invalid, "connect: %s: expected an address such as tcp://127.0.0.1:7411", quote(address))
	u, err := url.Parse(address)
	if err != nil || u.Scheme != "tcp" || u.Hostname() == "" || (u.Path != "" && u.Path != "/") {
		return "", "", bad
	}
	port := u.Port()
	if port == "" {
		port = "7411"
	} else if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return "", "", bad
	}
	return u.Hostname(), port, nil
}

// URL is the server's address, tcp://host:port.
func (c *Client) URL() string { return c.link.url() }

// Connected reports whether the connection is up.
func (c *Client) Connected() bool { return c.link.isReady() }

// Close closes the client and lets go of what it holds: it takes no new hold; each lease it holds reads as
// lost (Closed: its Done closes and the context its function got is cancelled; the function is not
// stopped), then is released at the server, so its key goes to the next in line at once; each hold still
// waiting is withdrawn. It waits for the server's answers at most 5 s, then ends the connection: a lease
// whose release got no answer by then (the server out of reach) ends by its TTL.
func (c *Client) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	leases := c.leases
	c.leases = map[string]*Lease{}
	asking := make([]string, 0, len(c.asking))
	for requestID := range c.asking {
		asking = append(asking, requestID)
	}
	c.mu.Unlock()
	deadline := now() + float64(closeTimeout.Milliseconds())
	var answers sync.WaitGroup
	for _, lease := range leases {
		answers.Add(1)
		go func(lease *Lease) {
			defer answers.Done()
			// Told first, before its key can move on; then released at the server.
			lease.loseAndRelease(newError(Closed, "%s: lease %s was lost: the client closed", lease.place, lease.ID), deadline)
		}(lease)
	}
	for _, requestID := range asking {
		cancel := c.link.call([]field{{"method", `"cancel"`}, {"requestId", jsonText(requestID)}}, deadline, func() *Error {
			return newError(Unreachable, "%s: no answer before the client's close timeout", c.link.url())
		})
		answers.Add(1)
		go func() {
			defer answers.Done()
			<-cancel.done
		}()
	}
	answers.Wait()
	c.link.close(newError(Closed, "%s: the client closed", c.link.url()))
	return nil
}

// onRestart: a restarted server knows no lease the one before it gave, so each of them is lost now, not at its next renewal.
func (c *Client) onRestart(previous, epoch string) {
	c.mu.Lock()
	var gone []*Lease
	for _, lease := range c.leases {
		if lease.epoch != epoch {
			gone = append(gone, lease)
		}
	}
	c.mu.Unlock()
	for _, lease := range gone {
		lease.lose(newError(Lost, "%s: lease %s was lost: the server restarted (epoch %s, now %s)", lease.place, lease.ID, previous, epoch))
	}
}

// Lock is the server's lock of this name: one holder per key at a time (LOCK-01), each lease with a fence.
func (c *Client) Lock(name string) *Lock { return &Lock{client: c, name: name} }

// Semaphore is the server's semaphore of this name, whose keys have at most limit holders (LOCK-05); its leases have no fence.
func (c *Client) Semaphore(name string, limit int) *Semaphore {
	return &Semaphore{client: c, name: name, limit: limit}
}

func (c *Client) onEvent(event map[string]any) {
	c.mu.Lock()
	lease := c.leases[str(event["leaseId"])]
	c.mu.Unlock()
	if lease == nil {
		return
	}
	switch str(event["reason"]) {
	case "closed":
		lease.lose(newError(Closed, "%s: lease %s was lost: the server closed", lease.place, lease.ID))
	case "ended":
		lease.lose(newError(Lost, "%s: lease %s was lost: an operator ended it", lease.place, lease.ID))
	default:
		lease.lose(newError(Lost, "%s: lease %s was lost: it ran out at the server (its TTL passed without a renewal)", lease.place, lease.ID))
	}
}

// loseAll tells every holder: without a connection a lease can be neither renewed nor released.
func (c *Client) loseAll(err *Error) {
	c.mu.Lock()
	c.closed = true
	leases := c.leases
	c.leases = map[string]*Lease{}
	c.mu.Unlock()
	for _, lease := range leases {
		lease.lose(newError(Closed, "%s: lease %s was lost: %s", lease.place, lease.ID, err.Message))
	}
}

// A Lock is a lock of a lock server.
type Lock struct {
	client *Client
	name   string
}

// Name is the lock's name.
func (k *Lock) Name() string { return k.name }

// Hold runs fn holding the key and releases it after, also when fn fails or panics, and returns
// fn's error. It waits up to the wait (10 s) for the key, then fails with Held; if ctx ends first
// it fails with Cancelled, and fn never runs. While fn runs the lease (TTL 30 s) is renewed every
// third of its TTL, unless NoRenew. The ctx fn gets has ctx's values and is cancelled if the lease is
// lost, and only then: ctx ending once the key is held neither stops fn nor loses the lease. A Hold
// of the same key with that ctx, inside fn, fails at once with Invalid (a lock is not reentrant).
func (k *Lock) Hold(ctx context.Context, key string, fn func(ctx context.Context, lease *Lease) error, options ...HoldOption) error {
	_, err := k.client.hold(ctx, "lock", k.name, 0, key, fn, options, true)
	return err
}

// TryHold is Hold without waiting: false, and fn never runs, when the key is held.
func (k *Lock) TryHold(ctx context.Context, key string, fn func(ctx context.Context, lease *Lease) error, options ...HoldOption) (bool, error) {
	return k.client.hold(ctx, "lock", k.name, 0, key, fn, options, false)
}

// A Semaphore is a semaphore of a lock server.
type Semaphore struct {
	client *Client
	name   string
	limit  int
}

// Name is the semaphore's name.
func (s *Semaphore) Name() string { return s.name }

// Hold runs fn holding one of the key's places; otherwise as Lock.Hold (Held when the key stays full past the wait).
func (s *Semaphore) Hold(ctx context.Context, key string, fn func(ctx context.Context, lease *Lease) error, options ...HoldOption) error {
	_, err := s.client.hold(ctx, "semaphore", s.name, s.limit, key, fn, options, true)
	return err
}

// TryHold is Hold without waiting: false, and fn never runs, when the key is full.
func (s *Semaphore) TryHold(ctx context.Context, key string, fn func(ctx context.Context, lease *Lease) error, options ...HoldOption) (bool, error) {
	return s.client.hold(ctx, "semaphore", s.name, s.limit, key, fn, options, false)
}

// A HoldOption changes how a hold waits and how its lease lasts.
type HoldOption func(*holdSettings)

type holdSettings struct {
	ttl, wait      time.Duration
	forever        bool
	renew          bool
	onLost         func(error)
	onLostGivenNil bool
}

// TTL is how long the lease lasts without a renewal: 1 s to 1 h (30 s unless given).
func TTL(d time.Duration) HoldOption { return func(s *holdSettings) { s.ttl = d } }

// Wait is how long a hold waits for its key before failing with Held: 0 to 1 h (10 s unless given).
func Wait(d time.Duration) HoldOption { return func(s *holdSettings) { s.wait = d } }

// WaitForever waits as long as it takes: the hold asks again each hour, at the back of the line.
func WaitForever() HoldOption { return func(s *holdSettings) { s.forever = true } }

// NoRenew leaves the lease to run out after its TTL unless the function renews it.
func NoRenew() HoldOption { return func(s *holdSettings) { s.renew = false } }

// OnLost calls f with the reason if the lease is lost, before its key can go to anyone else.
func OnLost(f func(error)) HoldOption {
	return func(s *holdSettings) { s.onLost, s.onLostGivenNil = f, f == nil }
}

func checkTTL(place string, ttl time.Duration) error {
	if ttl <= 0 {
		return newError(Invalid, "%s: ttl %s: expected more than 0 s", place, ttl)
	}
	if ttl < minTTL || ttl > maxTTL {
		return newError(Invalid, "%s: ttl %s: out of range; the wire takes 1 s to 1 h", place, ttl)
	}
	return nil
}

func settingsOf(place string, options []HoldOption, mayWait bool) (holdSettings, error) {
	s := holdSettings{ttl: DefaultTTL, wait: DefaultWait, renew: true}
	for _, option := range options {
		option(&s)
	}
	if s.onLostGivenNil {
		return s, newError(Invalid, "%s: onLost nil: expected a function", place)
	}
	if err := checkTTL(place, s.ttl); err != nil {
		return s, err
	}
	if s.wait < 0 || s.wait > maxWait {
		return s, newError(Invalid, "%s: wait %s: out of range; the wire takes 0 to 1 h", place, s.wait)
	}
	if s.forever {
		// The wire waits at most an hour at a time; an unbounded wait asks again after each.
		s.wait = maxWait
	}
	if !mayWait {
		s.wait, s.forever = 0, false
	}
	return s, nil
}

func wireKey(kind, name, key string) (string, error) {
	place := kind + " " + name
	if name == "" || len(name) > maxName || !utf8.ValidString(name) {
		return "", newError(Invalid, "client.%s: name %s: expected a string of 1 to %d bytes of UTF-8", kind, quote(name), maxName)
	}
	if key == "" {
		return "", newError(Invalid, "%s: the key is empty; expected a non-empty string", place)
	}
	if !utf8.ValidString(key) {
		return "", newError(Invalid, "%s: key %s: is not UTF-8", place, quote(key))
	}
	if len(key) > maxKey {
		return "", newError(Invalid, "%s: key of %d bytes of UTF-8: the wire takes at most %d", place, len(key), maxKey)
	}
	return key, nil
}

func (c *Client) hold(ctx context.Context, kind, name string, limit int, key string, fn func(context.Context, *Lease) error, options []HoldOption, mayWait bool) (bool, error) {
	text, err := wireKey(kind, name, key)
	if err != nil {
		return false, err
	}
	place := kind + " " + name + ": key " + quote(text)
	if ctx == nil {
		return false, newError(Invalid, "%s: ctx: expected a context.Context, got nil", place)
	}
	settings, err := settingsOf(place, options, mayWait)
	if err != nil {
		return false, err
	}
	if fn == nil {
		return false, newError(Invalid, "%s: expected a function to run holding the key", place)
	}
	if kind == "semaphore" && limit < 1 {
		return false, newError(Invalid, "semaphore %s: limit %d: expected a whole number of at least 1", name, limit)
	}
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if closed {
		return false, newError(Closed, "%s: the client is closed", place)
	}
	if ctx.Err() != nil {
		return false, newError(Cancelled, "%s: cancelled before the hold began", place)
	}
	if kind == "lock" {
		wait := settings.wait
		if settings.forever {
			wait = -1
		}
		if err := refuseNested(ctx, c, name, text, place, wait); err != nil {
			return false, err
		}
	}
	var message map[string]any
	var reply answer
	for {
		c.mu.Lock()
		c.requests++
		requestID := strconv.FormatInt(c.requests, 10)
		c.mu.Unlock()
		body := []field{{"method", `"hold"`}, {"kind", `"` + kind + `"`}, {"name", jsonText(name)}, {"key", jsonText(text)}, {"ttl", strconv.FormatInt(settings.ttl.Milliseconds(), 10)}, {"wait", strconv.FormatInt(settings.wait.Milliseconds(), 10)}, {"requestId", `"` + requestID + `"`}}
		if kind == "semaphore" {
			body = append(body, field{"limit", strconv.Itoa(limit)})
		}
		c.mu.Lock()
		c.asking[requestID] = struct{}{}
		c.mu.Unlock()
		var sentAt float64
		message, sentAt, err = c.ask(ctx, place, requestID, body, settings.wait)
		c.mu.Lock()
		delete(c.asking, requestID)
		c.mu.Unlock()
		if err != nil {
			return false, err
		}
		reply = answer{message: message, sentAt: sentAt}
		if ok, _ := message["ok"].(bool); ok || !settings.forever || errorFromWire(errorOf(message)).Code != Held {
			break
		}
	}
	if ok, _ := message["ok"].(bool); !ok {
		e := errorFromWire(errorOf(message))
		if !mayWait && e.Code == Held {
			return false, nil
		}
		return false, e
	}
	// Closed while the answer was on its way: the close's cancel lets go of a grant, and fn never runs.
	c.mu.Lock()
	closed = c.closed
	c.mu.Unlock()
	if closed {
		return false, newError(Closed, "%s: the client closed", place)
	}
	lease, err := c.leaseFrom(place, kind, reply, settings)
	if err != nil {
		return false, err
	}
	// fn's ctx is the lease's: ctx's values, but not its end, which only withdraws a hold still waiting; once
	// the key is held only a loss cancels it. A lock's fn runs where a hold of the same key inside it is seen.
	var inside context.Context = detached{ctx}
	if kind == "lock" {
		inside = context.WithValue(inside, enclosingKey{}, &enclosing{client: c, name: name, key: text, lease: lease, outer: enclosingOf(ctx)})
	}
	leaseCtx, cancel := context.WithCancel(inside)
	defer cancel()
	lease.onLost = append(lease.onLost, func(error) { cancel() })
	if settings.onLost != nil {
		lease.onLost = append(lease.onLost, settings.onLost)
	}
	c.mu.Lock()
	c.leases[lease.ID] = lease
	c.mu.Unlock()
	lease.mu.Lock()
	lease.arm()
	lease.mu.Unlock()
	defer func() {
		// The release is not the holder's to cancel: it ends by the lease's own TTL at the latest.
		_ = lease.Release(context.Background())
		c.mu.Lock()
		delete(c.leases, lease.ID)
		c.mu.Unlock()
	}()
	return true, fn(leaseCtx, lease)
}

func errorOf(message map[string]any) map[string]any {
	e, _ := message["error"].(map[string]any)
	return e
}

// ask waits for a hold's answer, and says when its request went out; ctx ending, or a connection down past the wait, withdraws it.
func (c *Client) ask(ctx context.Context, place, requestID string, body []field, wait time.Duration) (map[string]any, float64, error) {
	deadline := now() + float64((wait + answerGrace).Milliseconds())
	call := c.link.call(body, deadline, func() *Error {
		// The server may have granted the hold already, or may still have it in line.
		c.cancel(requestID)
		return newError(Unreachable, "%s: no answer from %s within the %s wait", place, c.link.url(), formatDuration(wait))
	})
	select {
	case a := <-call.done:
		if a.err != nil {
			return nil, 0, a.err
		}
		return a.message, a.sentAt, nil
	case <-ctx.Done():
		c.link.withdraw(call)
		c.cancel(requestID)
		return nil, 0, newError(Cancelled, "%s: cancelled while waiting", place)
	}
}

func (c *Client) cancel(requestID string) {
	c.link.call([]field{{"method", `"cancel"`}, {"requestId", jsonText(requestID)}}, inf, nil)
}

func (c *Client) leaseFrom(place, kind string, reply answer, settings holdSettings) (*Lease, error) {
	wire, _ := reply.message["lease"].(map[string]any)
	id, _ := wire["id"].(string)
	expiresAt, expiresErr := number(wire["expiresAt"])
	refuse := func(why string) error {
		if id != "" {
			c.link.call([]field{{"method", `"release"`}, {"leaseId", jsonText(id)}}, inf, nil)
		}
		return newError(Invalid, "%s: the server's answer is refused: %s", place, why)
	}
	if id == "" || expiresErr != nil {
		return nil, refuse("expected a lease with an id and expiresAt")
	}
	lease := &Lease{ID: id, Key: str(wire["key"]), link: c.link, epoch: c.link.currentEpoch(), place: place, done: make(chan struct{}), ttl: settings.ttl, expiresAt: expiresAt, runsOutAt: localExpiry(reply, expiresAt), renewAt: inf}
	// A fence that does not read back exactly must not guard any write (LOCK-08).
	if kind == "lock" {
		text, _ := wire["fence"].(string)
		fence, err := ParseFence(text)
		if err != nil {
			return nil, refuse(err.Error())
		}
		lease.Fence, lease.fenceText = fence, text
	} else if wire["fence"] != nil {
		return nil, refuse("a semaphore's lease came with a fence")
	}
	if settings.renew {
		lease.renewAt = now() + float64(settings.ttl.Milliseconds())/3
	}
	return lease, nil
}
