package quoridor

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/pentad-ai/pentad/game/quoridor"
)

// MatchResult is the outcome of Match from the first engine's side.
type MatchResult struct {
	WinsA, WinsB, Unfinished int
	Plies                    int // total plies played
}

// Match plays games between two engine settings through their QTP sessions,
// in process, alternating colours (A is black in even games), as the referee
// does: genmove for the side to move, the answer relayed to the other engine
// with playmove/playwall. Each game's seeds differ so that the openings vary.
// A game longer than maxPlies counts as unfinished.
func Match(a, b Config, size, games int, log io.Writer) (MatchResult, error) {
	const maxPlies = 600
	var res MatchResult
	for g := 0; g < games; g++ {
		ca, cb := a, b
		ca.Seed, cb.Seed = a.Seed+uint64(g)*2+1, b.Seed+uint64(g)*2+2
		sa, sb := NewSession(ca), NewSession(cb)
		black, white := sa, sb
		if g%2 == 1 {
			black, white = sb, sa
		}
		setup := []string{fmt.Sprintf("boardsize %d", size), "clear_board",
			fmt.Sprintf("walls %d", quoridor.DefaultWalls(size))}
		for _, s := range []*Session{sa, sb} {
			for _, c := range setup {
				if r := execLine(s, c); r != "=" {
					return res, fmt.Errorf("%s: %s", c, r)
				}
			}
		}
		side := []*Session{black, white}
		names := []string{"black", "white"}
		var moves []string
		winner := -1
		for ply := 0; ply < maxPlies; ply++ {
			c := ply % 2
			r := execLine(side[c], "genmove "+names[c])
			if !strings.HasPrefix(r, "= ") {
				return res, fmt.Errorf("game %d ply %d: genmove %s: %q", g, ply, names[c], r)
			}
			mv := strings.Fields(r[2:])
			moves = append(moves, strings.Join(mv, ""))
			relay := "playmove " + names[c] + " " + mv[0]
			if len(mv) == 2 {
				relay = "playwall " + names[c] + " " + mv[0] + " " + mv[1]
			}
			if r := execLine(side[c^1], relay); r != "=" {
				return res, fmt.Errorf("game %d ply %d: %s refused: %q", g, ply, relay, r)
			}
			res.Plies++
			if over, w := side[c].pos.Winner(); over {
				winner = w
				break
			}
		}
		aWon := false
		switch {
		case winner < 0:
			res.Unfinished++
		case (winner == quoridor.Black) == (g%2 == 0):
			res.WinsA++
			aWon = true
		default:
			res.WinsB++
		}
		if log != nil {
			who := "unfinished"
			if winner >= 0 {
				who = map[bool]string{true: "A", false: "B"}[aWon] + " wins as " + quoridor.ColorName(winner)
			}
			fmt.Fprintf(log, "game %d (%dx%d, A %s): %s in %d plies: %s\n", g+1, size, size,
				map[bool]string{true: "black", false: "white"}[g%2 == 0], who, len(moves), strings.Join(moves, " "))
		}
	}
	return res, nil
}

// execLine runs one command and returns the response without its "\n\n".
func execLine(s *Session, line string) string {
	var out strings.Builder
	s.out = bufio.NewWriter(&out)
	s.Exec(line)
	s.out.Flush()
	return strings.TrimSuffix(out.String(), "\n\n")
}
