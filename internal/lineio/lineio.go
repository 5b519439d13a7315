// Package lineio reads protocol lines for the bots whose input is a stream
// of lines from a tournament manager: one line at a time, of bounded length,
// whatever arrives.
package lineio

import (
	"bufio"
	"bytes"
)

// ReadLine returns the next line of r without its end (LF or CRLF), its
// surrounding blanks and a leading UTF-8 byte-order mark. A line longer
// than max bytes is read to its end and returned empty, so that one huge
// line neither stops the reader nor holds its memory. At the end of the
// input it returns the last line, if any, with the error (io.EOF).
func ReadLine(r *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			buf = append(buf, chunk...)
			n := len(buf)
			if err == bufio.ErrBufferFull {
				// the line goes on; a CR may still end it
				tooLong = n > max+1
			} else {
				if n > 0 && buf[n-1] == '\n' {
					n--
					if n > 0 && buf[n-1] == '\r' {
						n--
					}
				}
				tooLong = n > max
			}
			if tooLong {
				buf = nil
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if tooLong {
			return nil, err
		}
		return bytes.TrimPrefix(bytes.TrimSpace(buf), []byte("\xef\xbb\xbf")), err
	}
}
