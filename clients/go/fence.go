package locks

import (
	"fmt"
	"math/big"
	"strings"
)

// A Fence is a lease's fence: 128 bits, the store's epoch in Hi and a count in Lo. Every lease a
// store gives has a larger fence than every earlier one (LOCK-03). Compare fences with Less (or
// ==); String writes the decimal number, which the wire also carries.
type Fence struct {
	Hi, Lo uint64
}

// Less reports whether f is smaller than g.
func (f Fence) Less(g Fence) bool {
	return f.Hi < g.Hi || (f.Hi == g.Hi && f.Lo < g.Lo)
}

// IsZero reports whether f is the zero Fence, which is what a semaphore's lease carries: no fence.
func (f Fence) IsZero() bool {
	return f.Hi == 0 && f.Lo == 0
}

// String is the fence as a decimal number, every digit kept.
func (f Fence) String() string {
	if f.Hi == 0 {
		return fmt.Sprint(f.Lo)
	}
	return f.big().String()
}

// Text is the fence as 40 zero-padded digits, which compare as text in the order of the numbers (LOCK-08).
// The zero Fence, a semaphore's lease's, is no fence: its 40 zeros would pass a fenced update's
// summary_fence < $fence over an empty column, so Text panics on it rather than give them.
func (f Fence) Text() string {
	if f.IsZero() {
		panic("locks: Text of the zero Fence: a semaphore's lease has no fence to write")
	}
	s := f.String()
	return strings.Repeat("0", 40-len(s)) + s
}

func (f Fence) big() *big.Int {
	n := new(big.Int).SetUint64(f.Hi)
	return n.Lsh(n, 64).Or(n, new(big.Int).SetUint64(f.Lo))
}

var maxFence = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))

// ParseFence reads a fence as the wire writes it: 1 to 40 ASCII digits, leading zeros allowed,
// at most 2^128 - 1. Anything else is refused with an Invalid error (LOCK-08).
func ParseFence(text string) (Fence, error) {
	allDigits := text != ""
	for i := 0; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			allDigits = false
			break
		}
	}
	if !allDigits || len(text) > 40 {
		got := ""
		if allDigits {
			got = fmt.Sprintf(", got %d", len(text))
		}
		return Fence{}, newError(Invalid, "fence %s: expected 1 to 40 decimal digits%s", quote(text), got)
	}
	n, _ := new(big.Int).SetString(text, 10)
	if n.Cmp(maxFence) > 0 {
		return Fence{}, newError(Invalid, "fence %s: larger than 2^128 - 1", quote(text))
	}
	lo := new(big.Int).And(n, new(big.Int).SetUint64(^uint64(0))).Uint64()
	return Fence{Hi: new(big.Int).Rsh(n, 64).Uint64(), Lo: lo}, nil
}
