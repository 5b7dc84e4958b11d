// Hold+release pairs per second of the Go client: `pairs URL LANES SECONDS ROUNDS` prints one rate a
// round. LANES goroutines hold and release at once, each its own key (one lane: key 42), each pair
// waited for before the next.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"tinyshed.org/tinystore/locks"
)

func main() {
	url := os.Args[1]
	lanes, _ := strconv.Atoi(os.Args[2])
	seconds, _ := strconv.ParseFloat(os.Args[3], 64)
	rounds, _ := strconv.Atoi(os.Args[4])
	ctx := context.Background()
	client, err := locks.Connect(ctx, url)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	summaries := client.Lock("summaries")
	nothing := func(context.Context, *locks.Lease) error { return nil }
	rate := func(d time.Duration) float64 {
		var done int64
		start := time.Now()
		until := start.Add(d)
		var wg sync.WaitGroup
		for lane := 0; lane < lanes; lane++ {
			key := "42"
			if lanes > 1 {
				key = fmt.Sprintf("key %d", lane)
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(until) {
					if err := summaries.Hold(ctx, key, nothing); err != nil {
						log.Fatal(err)
					}
					atomic.AddInt64(&done, 1)
				}
			}()
		}
		wg.Wait()
		return float64(done) / time.Since(start).Seconds()
	}
	round := time.Duration(seconds * float64(time.Second))
	warm := round
	if warm > 500*time.Millisecond {
		warm = 500 * time.Millisecond
	}
	rate(warm)
	for i := 0; i < rounds; i++ {
		fmt.Printf("%.1f\n", rate(round))
	}
}
