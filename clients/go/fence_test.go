package locks

import (
	"fmt"
	"strings"
	"testing"
)

// TestFenceText: Text writes 40 zero-padded digits, the same as fmt's %040s of the Fence, and refuses
// the zero Fence, a semaphore's lease's, whose 40 zeros would pass a fenced update's check over an empty column.
func TestFenceText(t *testing.T) {
	for _, f := range []Fence{{Lo: 7}, {Hi: 1, Lo: 1}, {Hi: ^uint64(0), Lo: ^uint64(0)}} {
		text := f.Text()
		if len(text) != 40 || strings.TrimLeft(text, "0") != f.String() {
			t.Errorf("Text of %s is %q, not its 40 zero-padded digits", f, text)
		}
		if padded := fmt.Sprintf("%040s", f); padded != text {
			t.Errorf("%%040s of %s is %q, Text is %q", f, padded, text)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Text of the zero Fence returned, and its 40 zeros would pass summary_fence < $fence over ''")
		}
	}()
	_ = Fence{}.Text()
}
