// doctest: the go block that starts: err = summaries.Hold(ctx, chatID, func(ctx context.Context, lease *locks.Lease) error {
// doctest: plays the scene above
// doctest: mutant "summary_fence < ?" "summary_fence <> ?" fails
// The seed's story with the sample as written, against the doctest's lock server and its chat.db (SQLite through
// cgo): worker A holds the chat's key and pauses in its summary; its lease is ended (as when its TTL passes while it
// is paused: A's ctx is cancelled, and A goes on all the same, as a paused process does); worker B holds the key and
// saves; A wakes and saves too. The leases the holds were given and what each write did are printed for the doctest
// to compare with the scene's frames.
package main

import (
	"context"
	"fmt"
	"os"

	"tinyshed.org/tinystore/locks"
)

type summarizer interface {
	Summarize(ctx context.Context, lines []string) (string, error)
}

type pausedModel struct{ holds, bSaved chan struct{} }

func (m pausedModel) Summarize(context.Context, []string) (string, error) {
	// A pauses here, holding the key: its lease ends meanwhile, and it goes on once B has saved.
	close(m.holds)
	if err := askDirector("doctest: end the lease on lock summaries key 42"); err != nil {
		return "", err
	}
	<-m.bSaved
	return "the summary of A", nil
}

type model struct{}

func (model) Summarize(context.Context, []string) (string, error) { return "the summary of B", nil }

func history(_ context.Context, chatID string) []string {
	return []string{"the messages of chat " + chatID}
}

func worker(name string, model summarizer, story *Story) error {
	ctx := context.Background()
	client, err := locks.Connect(ctx, os.Getenv("TINYSTORE_LOCKS_URL"))
	if err != nil {
		return err
	}
	defer client.Close()
	summaries := story.Lock(client.Lock("summaries"), name)
	db := story.DB(name)
	chatID := "42"
	// doctest: the block
	return err
}

func main() {
	story, err := openStory("chat.db")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	paused := pausedModel{holds: make(chan struct{}), bSaved: make(chan struct{})}
	aDone := make(chan error, 1)
	go func() { aDone <- worker("A", paused, story) }()
	// B asks for the key once A holds it, and gets it once A's lease has ended.
	<-paused.holds
	if err := worker("B", model{}, story); err != nil {
		fmt.Fprintln(os.Stderr, "B:", err)
		os.Exit(1)
	}
	close(paused.bSaved)
	if err := <-aDone; err != nil {
		fmt.Fprintln(os.Stderr, "A:", err)
		os.Exit(1)
	}
	story.Report()
}
