package locks

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math"
	"math/rand"
	"net"
	"strconv"
	"sync"
	"time"
)

const protocolVersion = 1

// Answers a client has not read are capped at 1 MiB by the server; one frame is at most 64 KiB.
const maxFrame = 1 << 20

var clockStart = time.Now()

// now is the client's clock: monotonic milliseconds.
func now() float64 {
	return float64(time.Since(clockStart)) / float64(time.Millisecond)
}

// A call is a request in flight: kept until answered, and sent again on every new connection.
type call struct {
	id int64
	// frame is the request as the wire writes it, made once: the same on every connection.
	frame  []byte
	done   chan answer
	sentAt float64
	timer  *time.Timer
}

type answer struct {
	message map[string]any
	err     *Error
	// sentAt is when the request went out, in the client's clock: what dates a lease (localExpiry).
	sentAt float64
}

func (c *call) finish(a answer) {
	select {
	case c.done <- a:
	default:
	}
}

// A link is one client's connection to a lock server, made again after it drops: calls wait
// while it is down and are sent again, in order, once a new connection said hello.
type link struct {
	host, port     string
	token          string
	hasToken       bool
	clientID       string
	reconnect      bool
	connectTimeout time.Duration
	onEvent        func(map[string]any)
	// onRestart is called when a reconnect reaches a server of another epoch: it restarted, and knows no lease the last one gave.
	onRestart func(previous, epoch string)
	onClosed  func(*Error)

	mu      sync.Mutex
	pending map[int64]*call
	order   []int64
	nextID  int64
	conn    net.Conn
	// out writes on the current connection, frames of many goroutines together.
	out        *writer
	ready      bool
	everReady  bool
	closed     bool
	fatal      *Error
	lastError  string
	retryAfter time.Duration
	// epoch is what the last hello said: a reconnect to another is a restarted server.
	epoch string
	first chan struct{}
	stop  chan struct{}
}

func (l *link) url() string {
	return "tcp://" + net.JoinHostPort(l.host, l.port)
}

// start connects for the first time, retrying (when reconnecting is on) until the connect timeout.
func (l *link) start() error {
	l.first = make(chan struct{})
	l.stop = make(chan struct{})
	go l.run()
	timer := time.NewTimer(l.connectTimeout)
	defer timer.Stop()
	select {
	case <-l.first:
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.fatal != nil && !l.ready {
			return l.fatal
		}
		return nil
	case <-timer.C:
		l.mu.Lock()
		err := newError(Unreachable, "%s: could not connect within %d ms%s", l.url(), l.connectTimeout.Milliseconds(), l.lastError)
		l.mu.Unlock()
		l.close(err)
		return err
	}
}

// call sends a request (its fields, without an id); its answer, a closed link or a passed deadline (deadlineErr's error) ends it.
func (l *link) call(fields []field, deadline float64, deadlineErr func() *Error) *call {
	l.mu.Lock()
	l.nextID++
	c := &call{id: l.nextID, frame: frameOf(l.nextID, fields), done: make(chan answer, 1)}
	if l.closed {
		l.mu.Unlock()
		c.finish(answer{err: l.closedError()})
		return c
	}
	l.pending[c.id] = c
	if len(l.order) > 2*len(l.pending)+1024 {
		l.compact()
	}
	l.order = append(l.order, c.id)
	if deadlineErr != nil && !math.IsInf(deadline, 1) {
		c.timer = time.AfterFunc(time.Duration((deadline-now())*float64(time.Millisecond)), func() {
			if l.forget(c) {
				c.finish(answer{err: deadlineErr()})
			}
		})
	}
	var out *writer
	if l.ready {
		c.sentAt = now()
		out = l.out
	}
	l.mu.Unlock()
	// Written outside the link's lock: a goroutine that finds a write going on leaves its frame to it.
	if out != nil {
		out.write(c.frame)
	}
	return c
}

// compact drops answered calls from the order calls are sent again in; the caller holds l.mu.
func (l *link) compact() {
	kept := l.order[:0]
	for _, id := range l.order {
		if _, ok := l.pending[id]; ok {
			kept = append(kept, id)
		}
	}
	l.order = kept
}

func (l *link) closedError() *Error {
	if l.fatal != nil {
		return l.fatal
	}
	return newError(Closed, "%s: the client is closed", l.url())
}

// withdraw stops waiting for a call's answer and stops sending it again.
func (l *link) withdraw(c *call) { l.forget(c) }

// forget takes a call out of the pending ones; true if it was there.
func (l *link) forget(c *call) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.forgetLocked(c)
}

func (l *link) forgetLocked(c *call) bool {
	if c.timer != nil {
		c.timer.Stop()
	}
	if l.pending[c.id] != c {
		return false
	}
	delete(l.pending, c.id)
	return true
}

// currentEpoch is the epoch of the server the link is connected to (or was last), as its hello said.
func (l *link) currentEpoch() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.epoch
}

// close ends the link: calls in flight end with closed (or the given error).
func (l *link) close(err *Error) {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	l.closed = true
	l.fatal = err
	l.ready = false
	if l.conn != nil {
		l.conn.Close()
	}
	close(l.stop)
	failure := l.closedError()
	calls := make([]*call, 0, len(l.pending))
	for _, id := range l.order {
		if c, ok := l.pending[id]; ok {
			calls = append(calls, c)
			l.forgetLocked(c)
		}
	}
	l.order = nil
	select {
	case <-l.first:
	default:
		close(l.first)
	}
	l.mu.Unlock()
	for _, c := range calls {
		c.finish(answer{err: failure})
	}
	l.onClosed(failure)
}

// A writer writes frames on one connection: a goroutine that finds a write going on adds its frame
// for that write's goroutine to send next, so frames of many goroutines go out in few writes.
type writer struct {
	conn    net.Conn
	mu      sync.Mutex
	out     []byte
	spare   []byte
	writing bool
}

func (w *writer) write(frame []byte) {
	w.mu.Lock()
	w.out = append(w.out, frame...)
	if w.writing {
		w.mu.Unlock()
		return
	}
	w.writing = true
	for len(w.out) > 0 {
		batch := w.out
		w.out = w.spare[:0]
		w.mu.Unlock()
		// A failed write shows as a closed connection to the reader, which reconnects.
		_, _ = w.conn.Write(batch)
		w.mu.Lock()
		w.spare = batch
	}
	w.writing = false
	w.mu.Unlock()
}

func (l *link) isClosed() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.closed
}

func (l *link) run() {
	attempt := 0
	for !l.isClosed() {
		conn, err := net.DialTimeout("tcp", net.JoinHostPort(l.host, l.port), 5*time.Second)
		if err != nil {
			l.mu.Lock()
			l.lastError = ": " + err.Error()
			l.mu.Unlock()
		} else if l.serve(conn) {
			attempt = 0
		}
		l.mu.Lock()
		if l.closed {
			l.mu.Unlock()
			return
		}
		if !l.reconnect {
			what := "could not connect"
			if l.everReady {
				what = "the connection closed"
			}
			err := newError(Unreachable, "%s: %s%s", l.url(), what, l.lastError)
			l.mu.Unlock()
			l.close(err)
			return
		}
		delay := math.Min(1000, 25*math.Pow(2, float64(attempt)))
		attempt++
		// Jitter keeps clients that lost one server from all coming back at once; a server that said how long to wait is believed.
		after := time.Duration((delay/2 + rand.Float64()*delay/2) * float64(time.Millisecond))
		if l.retryAfter > after {
			after = l.retryAfter
		}
		l.retryAfter = 0
		l.mu.Unlock()
		select {
		case <-time.After(after):
		case <-l.stop:
			return
		}
	}
}

// serve says hello and reads until the connection ends; true if it said hello.
func (l *link) serve(conn net.Conn) bool {
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetNoDelay(true)
		_ = tcp.SetKeepAlivePeriod(10 * time.Second)
		_ = tcp.SetKeepAlive(true)
	}
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		conn.Close()
		return false
	}
	l.conn = conn
	out := &writer{conn: conn}
	l.out = out
	l.nextID++
	helloID := l.nextID
	hello := []field{{"method", `"hello"`}, {"version", strconv.Itoa(protocolVersion)}, {"client", jsonText(l.clientID)}}
	if l.hasToken {
		hello = append(hello, field{"token", jsonText(l.token)})
	}
	l.mu.Unlock()
	out.write(frameOf(helloID, hello))
	saidHello := false
	scanner := bufio.NewScanner(conn)
	scanner.Buffer(make([]byte, 64*1024), maxFrame)
	for scanner.Scan() {
		var message map[string]any
		decoder := json.NewDecoder(bytes.NewReader(scanner.Bytes()))
		decoder.UseNumber()
		if decoder.Decode(&message) != nil {
			continue
		}
		if event, _ := message["event"].(string); event == "lost" {
			l.onEvent(message)
			continue
		}
		id, hasID := idOf(message["id"])
		if hasID && id == helloID {
			if !l.helloAnswered(message) {
				break
			}
			saidHello = true
		} else if !hasID && !l.isReady() {
			if e, ok := message["error"].(map[string]any); ok {
				l.mu.Lock()
				l.lastError = ": " + str(e["code"]) + ": " + str(e["message"])
				l.mu.Unlock()
			}
		} else if hasID {
			l.answered(id, message)
		}
	}
	if err := scanner.Err(); err != nil {
		l.mu.Lock()
		l.lastError = ": " + err.Error()
		l.mu.Unlock()
	}
	conn.Close()
	l.mu.Lock()
	if l.conn == conn {
		l.conn = nil
		l.out = nil
		l.ready = false
	}
	l.mu.Unlock()
	return saidHello
}

func (l *link) isReady() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ready
}

func (l *link) helloAnswered(message map[string]any) bool {
	if ok, _ := message["ok"].(bool); !ok {
		e, _ := message["error"].(map[string]any)
		if str(e["code"]) == "busy" {
			// A server at a limit, or an address throttled by another's wrong token: not for good.
			l.mu.Lock()
			l.lastError = ": busy: " + str(e["message"])
			if retry, err := number(e["retryAfter"]); err == nil && retry > 0 {
				l.retryAfter = time.Duration(math.Min(retry, 60_000) * float64(time.Millisecond))
			}
			l.mu.Unlock()
			return false
		}
		l.close(newError(Invalid, "%s: %s: %s", l.url(), str(e["code"]), str(e["message"])))
		return false
	}
	// Another epoch is a server that restarted: told before the calls waiting are sent again, so a lease it lost reads as lost first.
	epoch, hasEpoch := message["epoch"].(string)
	l.mu.Lock()
	previous := l.epoch
	if hasEpoch {
		l.epoch = epoch
	}
	l.mu.Unlock()
	if previous != "" && hasEpoch && epoch != previous && l.onRestart != nil {
		l.onRestart(previous, epoch)
	}
	l.mu.Lock()
	l.ready = true
	l.everReady = true
	l.lastError = ""
	kept := l.order[:0]
	var again []byte
	for _, id := range l.order {
		if c, ok := l.pending[id]; ok {
			kept = append(kept, id)
			c.sentAt = now()
			again = append(again, c.frame...)
		}
	}
	l.order = kept
	out := l.out
	select {
	case <-l.first:
	default:
		close(l.first)
	}
	l.mu.Unlock()
	// The calls waiting go out again, in order, in one write.
	if len(again) > 0 && out != nil {
		out.write(again)
	}
	return true
}

func (l *link) answered(id int64, message map[string]any) {
	l.mu.Lock()
	c, ok := l.pending[id]
	var sentAt float64
	if ok {
		l.forgetLocked(c)
		sentAt = c.sentAt
	}
	l.mu.Unlock()
	if ok {
		c.finish(answer{message: message, sentAt: sentAt})
	}
}

func idOf(value any) (int64, bool) {
	n, ok := value.(json.Number)
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(string(n), 10, 64)
	return id, err == nil
}

func number(value any) (float64, error) {
	n, ok := value.(json.Number)
	if !ok {
		return 0, strconv.ErrSyntax
	}
	return n.Float64()
}

func str(value any) string {
	s, _ := value.(string)
	return s
}
