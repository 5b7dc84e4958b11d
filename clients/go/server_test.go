package locks

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// serverURL is the address of a real lock server, the repository's own, started for the tests.
var serverURL string

func TestMain(m *testing.M) {
	os.Exit(runWithServer(m))
}

func runWithServer(m *testing.M) int {
	dir, err := os.MkdirTemp("", "tinystore-go-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	root, _ := filepath.Abs("../..")
	server := exec.Command("node", "--import", "tsx", "server/cli.ts", "--dir", filepath.Join(dir, "data"), "--port", "0")
	server.Dir = root
	out, _ := server.StdoutPipe()
	server.Stderr = os.Stderr
	if err := server.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "the tests start the repository's lock server, which needs Node on the PATH: %v\n", err)
		return 1
	}
	defer func() {
		_ = server.Process.Signal(os.Interrupt)
		_ = server.Wait()
	}()
	found := make(chan string, 1)
	go func() {
		scanner := bufio.NewScanner(out)
		listening := regexp.MustCompile(` on (tcp://\S+)`)
		for scanner.Scan() {
			if match := listening.FindStringSubmatch(scanner.Text()); match != nil {
				found <- match[1]
			}
		}
	}()
	select {
	case serverURL = <-found:
	case <-time.After(30 * time.Second):
		fmt.Fprintln(os.Stderr, "the lock server did not start within 30 s")
		return 1
	}
	return m.Run()
}
