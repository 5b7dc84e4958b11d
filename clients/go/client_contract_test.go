package locks

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The client contract of tests/unit/server/client-contract.test.ts, case by case under the same
// names, run by the Go client against the contract server (tests/unit/clients/fixtures/contract-server.ts):
// a real lock server behind a relay, whose clock jumps, whose frames are slowed or dropped, and which restarts.

type contractServer struct {
	url   string
	stdin io.WriteCloser
	lines *bufio.Scanner
	cmd   *exec.Cmd
}

func startContractServer(t *testing.T) *contractServer {
	t.Helper()
	root, _ := filepath.Abs("../..")
	cmd := exec.Command("node", "--import", "tsx", "tests/unit/clients/fixtures/contract-server.ts")
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatalf("the contract server needs Node on the PATH: %v", err)
	}
	s := &contractServer{stdin: stdin, lines: bufio.NewScanner(stdout), cmd: cmd}
	t.Cleanup(func() {
		_ = stdin.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	if !s.lines.Scan() || !strings.HasPrefix(s.lines.Text(), "url ") {
		t.Fatalf("the contract server did not start: %q", s.lines.Text())
	}
	s.url = strings.TrimPrefix(s.lines.Text(), "url ")
	return s
}

// command sends jump MS, slow MS, drop, pass or restart, and returns once it is done.
func (s *contractServer) command(t *testing.T, text string) {
	t.Helper()
	if _, err := fmt.Fprintln(s.stdin, text); err != nil {
		t.Fatal(err)
	}
	if !s.lines.Scan() || s.lines.Text() != "ok" {
		t.Fatalf("the contract server answered %q with %q", text, s.lines.Text())
	}
}

func (s *contractServer) client(t *testing.T) *Client {
	t.Helper()
	client, err := Connect(context.Background(), s.url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	return client
}

// lostWithin is how long the lease took to read as lost; it fails the test after timeout.
func lostWithin(t *testing.T, lease *Lease, timeout time.Duration) time.Duration {
	t.Helper()
	started := time.Now()
	select {
	case <-lease.Done():
		return time.Since(started)
	case <-time.After(timeout):
		t.Fatalf("lease %s did not read as lost within %s", lease.ID, timeout)
		return timeout
	}
}

func TestClientContract(t *testing.T) {
	ctx := context.Background()

	t.Run("close() lets go of what the client holds: each lease reads as lost first, then its key goes to the next in line at once", func(t *testing.T) {
		server := startContractServer(t)
		a, b := server.client(t), server.client(t)
		held := make(chan *Lease, 1)
		holding := make(chan error, 1)
		go func() {
			holding <- a.Lock("invoices").Hold(ctx, "42", func(ctx context.Context, lease *Lease) error {
				held <- lease
				<-ctx.Done()
				return lease.Err()
			}, TTL(30*time.Second))
		}()
		first := <-held
		next := make(chan Fence, 1)
		go func() {
			_ = b.Lock("invoices").Hold(ctx, "42", func(_ context.Context, lease *Lease) error {
				next <- lease.Fence
				return nil
			}, Wait(10*time.Second))
		}()
		time.Sleep(50 * time.Millisecond)
		closedAt := time.Now()
		a.Close()
		if err := <-holding; code(err) != Closed {
			t.Errorf("the holder's function saw %v, not a loss with code closed", err)
		}
		select {
		case fence := <-next:
			if !first.Fence.Less(fence) {
				t.Errorf("next fence %s is not larger than %s", fence, first.Fence)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the next in line did not get the key")
		}
		// Well before the 30 s TTL: the close released the key.
		if waited := time.Since(closedAt); waited > 5*time.Second {
			t.Errorf("the next in line got the key %s after the close", waited)
		}
	})

	t.Run("dates a lease from the send time of the request that set it, so a server clock that jumped since the hello does not lengthen it", func(t *testing.T) {
		server := startContractServer(t)
		locks := server.client(t)
		// The hello measured the server's clock; an hour later by it, and with answers slower than the hello's, a lease of 2 s must still last 2 s here.
		server.command(t, "jump 3600000")
		server.command(t, "slow 100")
		var after time.Duration
		err := locks.Lock("invoices").Hold(ctx, "42", func(_ context.Context, lease *Lease) error {
			// The server's word of the loss never comes: the lease's own time must tell.
			server.command(t, "drop")
			after = lostWithin(t, lease, 5*time.Second)
			return nil
		}, TTL(2*time.Second), NoRenew())
		server.command(t, "pass")
		if err != nil {
			t.Fatal(err)
		}
		if after > 2500*time.Millisecond {
			t.Errorf("the lease read as lost %s after its grant, past its 2 s TTL", after)
		}
	})

	t.Run("learns at its reconnect that a restarted server lost its leases, from the epoch in the hello, not at its next renewal", func(t *testing.T) {
		server := startContractServer(t)
		locks := server.client(t)
		var after time.Duration
		var reason error
		err := locks.Lock("invoices").Hold(ctx, "42", func(_ context.Context, lease *Lease) error {
			server.command(t, "restart")
			// Its next renewal is 10 s after the grant (a third of the TTL): the reconnect must tell first.
			after = lostWithin(t, lease, 8*time.Second)
			reason = lease.Err()
			return nil
		}, TTL(30*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if after > 5*time.Second {
			t.Errorf("the loss was learned %s after the restart", after)
		}
		if reason == nil || !regexp.MustCompile(`^lock invoices: key "42": lease \S+ was lost: the server restarted \(epoch \d+, now \d+\)$`).MatchString(reason.Error()) {
			t.Errorf("reason: %v", reason)
		}
	})
}
