// doctest: the go block that starts: fence := lease.Fence.Text()
// Writes a real lease's fence with Fence.Text, as the block does, and checks it is what the seed's fmt.Sprintf("%040s", ...)
// gives with this Go: 40 digits, zero-padded. Prints the Go version and what %040s printed, which the page quotes.
package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"

	"tinyshed.org/tinystore/locks"
)

func main() {
	ctx := context.Background()
	client, err := locks.Connect(ctx, os.Getenv("TINYSTORE_LOCKS_URL"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer client.Close()
	err = client.Lock("padding").Hold(ctx, "42", func(ctx context.Context, lease *locks.Lease) error {
		// doctest: the block
		seven := fmt.Sprintf("%040s", locks.Fence{Lo: 7})
		fmt.Printf("%s: fmt.Sprintf(\"%%040s\", fence 7) printed %q\n", runtime.Version(), seven)
		if fence != fmt.Sprintf("%040s", lease.Fence) || len(fence) != 40 || seven != strings.Repeat("0", 39)+"7" {
			return fmt.Errorf("Fence.Text gave %q, %%040s gave %q", fence, fmt.Sprintf("%040s", lease.Fence))
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
