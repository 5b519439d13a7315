package lineio

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

func TestReadLine(t *testing.T) {
	in := "\xef\xbb\xbfone\r\n" + strings.Repeat("x", 100) + "\n  two \t\n" + strings.Repeat("y", 10) + "\nlast"
	r := bufio.NewReaderSize(strings.NewReader(in), 16)
	var got []string
	for {
		l, err := ReadLine(r, 10)
		if err == nil || len(l) > 0 {
			got = append(got, string(l))
		}
		if err != nil {
			if err != io.EOF {
				t.Fatal(err)
			}
			break
		}
	}
	want := []string{"one", "", "two", strings.Repeat("y", 10), "last"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func FuzzReadLine(f *testing.F) {
	f.Add([]byte("a\r\nb\n\n\xff\x00c"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := bufio.NewReaderSize(strings.NewReader(string(data)), 16)
		for i := 0; i <= len(data); i++ {
			l, err := ReadLine(r, 8)
			if len(l) > 8 {
				t.Fatalf("line of %d bytes", len(l))
			}
			if err != nil {
				return
			}
		}
		t.Fatal("more lines than bytes")
	})
}
