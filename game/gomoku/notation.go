package gomoku

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// ParseOpening reads an opening in the notation of the openings file:
// letter for the column (a = 0) and number for the row (1 = 0), moves
// written one after the other ("h8i9j7").
func ParseOpening(s string) ([][2]int, error) {
	var out [][2]int
	s = strings.TrimSpace(strings.ToLower(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c < 'a' || c > 'z' {
			return nil, fmt.Errorf("bad opening %q at %d", s, i)
		}
		i++
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i {
			return nil, fmt.Errorf("bad opening %q at %d", s, i)
		}
		n := 0
		for _, d := range s[i:j] {
			n = n*10 + int(d-'0')
		}
		out = append(out, [2]int{int(c - 'a'), n - 1})
		i = j
	}
	return out, nil
}

// ReadOpenings reads one opening a line (empty lines and # comments skipped).
func ReadOpenings(r io.Reader) ([][][2]int, error) {
	var out [][][2]int
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		o, err := ParseOpening(l)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, sc.Err()
}
