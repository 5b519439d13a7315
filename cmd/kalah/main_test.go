package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	kbook "github.com/pentad-ai/pentad/book/kalah"
	"github.com/pentad-ai/pentad/internal/botcheck"
)

func TestMain(m *testing.M) { botcheck.TestMain(m, main) }

// The agent survives malformed lines, its input closed while it thinks, and
// SIGTERM/SIGINT, without a panic.
func TestFaults(t *testing.T) {
	botcheck.Run(t, botcheck.Spec{
		Args:  []string{"-movetime", "1s"},
		Probe: []string{"START;South"},
		Want:  "MOVE;",
		Think: []string{"START;North", "CHANGE;1;7,7,7,7,7,7,7,0,0,8,8,8,8,8,8,1;YOU"},
		Data:  []string{"kalah-7.db"},
	})
}

// A database file too large for the memory limit (the header of a K=19
// database, about 830 MB, over a sparse file of that size) is not loaded:
// the agent says why in its log, plays on, and stays within 512 MB.
func TestDatabaseWithinMemoryLimit(t *testing.T) {
	db, err := kbook.Build(7, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := db.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	hdr := buf.Bytes()[:buf.Len()-db.Entries()]
	big, err := kbook.Size(7, 19)
	if err != nil {
		t.Fatal(err)
	}
	hdr[len(hdr)-10] = 19 // holes, K, capture rule, then the entry count
	binary.LittleEndian.PutUint64(hdr[len(hdr)-8:], big)
	dir := t.TempDir()
	path := filepath.Join(dir, "kalah-19.db")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err = f.Write(hdr); err == nil {
		err = f.Truncate(int64(len(hdr)) + int64(big))
	}
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "log")
	botcheck.Memory(t, botcheck.Spec{
		Args:   []string{"-movetime", "200ms", "-db", path, "-log", logPath},
		Probe:  []string{"START;South"},
		Want:   "MOVE;",
		MaxRSS: 512 << 20,
	})
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), "more than the") {
		t.Fatalf("the log does not say why the database was not used:\n%s", log)
	}
}
