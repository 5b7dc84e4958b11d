package main

// The record of the story a Go program plays (doctest/story/outcome.ts): each worker's lock wrapped so the lease its
// Hold is given is noted, each worker's chat.db writes noted with what they bound and whether they ran inside the
// hold, and Report, which prints the line the doctest compares with the scene's frames. A setup names what a sample
// uses as the chat domain's prelude does (src/seed/chat-domain.ts), in Go's spelling: summaries, chatID, db, model,
// history; nothing here fixes their shape.

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"tinyshed.org/tinystore/locks"
)

const outcomePrefix = "doctest-outcome: "

// Story is the record of one program's story on chat.db.
type Story struct {
	conn    *chatConn
	mu      sync.Mutex
	Grants  []storyGrant `json:"grants"`
	Writes  []storyWrite `json:"writes"`
	holding map[string]bool
}

type storyGrant struct {
	Worker string `json:"worker"`
	Fence  string `json:"fence"`
}

type storyWrite struct {
	Worker  string              `json:"worker"`
	Changes int64               `json:"changes"`
	InHold  bool                `json:"inHold"`
	Values  []map[string]string `json:"values"`
}

// openStory opens chat.db at path, which the doctest made.
func openStory(path string) (*Story, error) {
	conn, err := openChatConn(path)
	if err != nil {
		return nil, err
	}
	return &Story{conn: conn, Grants: []storyGrant{}, Writes: []storyWrite{}, holding: map[string]bool{}}, nil
}

// Lock is the worker's lock: Hold and TryHold as the client's, noting the lease each is given and while fn runs.
func (s *Story) Lock(lock *locks.Lock, worker string) *RecordedLock {
	return &RecordedLock{story: s, lock: lock, worker: worker}
}

// DB is the worker's chat.db.
func (s *Story) DB(worker string) *WorkerDB {
	return &WorkerDB{story: s, worker: worker}
}

// Row is chat id's summary and summary_fence.
func (s *Story) Row(id string) (summary, fence string) { return s.conn.row(id) }

// Report prints the outcome line: every lease given and every write, in order.
func (s *Story) Report() {
	s.mu.Lock()
	defer s.mu.Unlock()
	line, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	fmt.Println(outcomePrefix + string(line))
}

func (s *Story) setHolding(worker string, on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.holding[worker] = on
}

// RecordedLock is a worker's lock whose leases the story notes.
type RecordedLock struct {
	story  *Story
	lock   *locks.Lock
	worker string
}

func (l *RecordedLock) within(fn func(context.Context, *locks.Lease) error) func(context.Context, *locks.Lease) error {
	return func(ctx context.Context, lease *locks.Lease) error {
		l.story.mu.Lock()
		l.story.Grants = append(l.story.Grants, storyGrant{Worker: l.worker, Fence: lease.Fence.String()})
		l.story.mu.Unlock()
		l.story.setHolding(l.worker, true)
		defer l.story.setHolding(l.worker, false)
		return fn(ctx, lease)
	}
}

// Hold is the lock's Hold.
func (l *RecordedLock) Hold(ctx context.Context, key string, fn func(ctx context.Context, lease *locks.Lease) error, options ...locks.HoldOption) error {
	return l.lock.Hold(ctx, key, l.within(fn), options...)
}

// TryHold is the lock's TryHold.
func (l *RecordedLock) TryHold(ctx context.Context, key string, fn func(ctx context.Context, lease *locks.Lease) error, options ...locks.HoldOption) (bool, error) {
	return l.lock.TryHold(ctx, key, l.within(fn), options...)
}

// WorkerDB is one worker's connection to chat.db.
type WorkerDB struct {
	story  *Story
	worker string
}

// Result is what an Exec changed.
type Result struct{ rows int64 }

// RowsAffected is the number of rows the statement changed.
func (r Result) RowsAffected() (int64, error) { return r.rows, nil }

// Exec runs one statement with its arguments and says how many rows it changed, as database/sql's ExecContext does.
// It ignores ctx: a holder whose ctx was cancelled by its lease's loss still writes, as a paused process would, so
// what refuses its late write is the fence.
func (d *WorkerDB) Exec(_ context.Context, query string, args ...any) (Result, error) {
	d.story.mu.Lock()
	inHold := d.story.holding[d.worker]
	d.story.mu.Unlock()
	rows, err := d.story.conn.exec(query, args)
	if err != nil {
		return Result{}, fmt.Errorf("%s's write: %w; the statement: %s; its values: %v", d.worker, err, query, args)
	}
	values := make([]map[string]string, len(args))
	for i, arg := range args {
		if n, ok := integer(arg); ok {
			values[i] = map[string]string{"integer": fmt.Sprint(n)}
		} else {
			values[i] = map[string]string{"text": fmt.Sprint(arg)}
		}
	}
	d.story.mu.Lock()
	d.story.Writes = append(d.story.Writes, storyWrite{Worker: d.worker, Changes: rows, InHold: inHold, Values: values})
	d.story.mu.Unlock()
	return Result{rows}, nil
}
