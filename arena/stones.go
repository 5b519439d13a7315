package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

// StonesRef referees the Game of Stones (TZAAR) as the contest engine does:
// each bot is started fresh and receives {"Color":"1"} (White) or
// {"Color":"-1"}; White's first request allows an attack only, then Black
// gets an attack-only request and a pass/attack/strengthen request, then
// White the same, and so on. Every processed action goes to both bots with
// the winner, checked after every action. Enumerations are sent as JSON
// strings like the real engine ({"Color":"1"}, "AllowedMoves":["1"]) unless
// numeric is set. An answer must be one JSON object on one line; anything
// unparsable, any action not allowed or not legal in strict TZAAR, or no
// answer in time (5 s for the first request, start-up included, then 3 s
// per request) loses at once.
type StonesRef struct {
	Numeric bool
	// Forced allows openings: the arena plays them and sends both bots
	// the processed actions, which only bots that read the board of every
	// request can follow (see CheckPlies).
	Forced bool
}

func init() { Register("stones", func() Referee { return &StonesRef{} }) }

// Name implements Referee.
func (r *StonesRef) Name() string { return "stones" }

// ColourNames implements Colours.
func (r *StonesRef) ColourNames() [2]string { return [2]string{"White", "Black"} }

// GameOptions implements Optioner.
func (r *StonesRef) GameOptions() map[string]string {
	return map[string]string{"numeric": strconv.FormatBool(r.Numeric), "forced": strconv.FormatBool(r.Forced)}
}

// DefaultTC: 3 s per request, 5 s for the first.
func (r *StonesRef) DefaultTC() TimeControl {
	return TimeControl{Move: 3 * time.Second, First: 5 * time.Second}
}

// DefaultPlies of random openings (actions): none. The contest engine
// cannot set a position, so no real bot is prepared for a game that starts
// elsewhere; see CheckPlies for the openings real bots survive.
func (r *StonesRef) DefaultPlies() int { return 0 }

// errForcedOpening refuses an opening the contest's bots cannot follow.
var errForcedOpening = fmt.Errorf("stones: the contest engine cannot set a position, and its bots " +
	"keep the order of their own requests (White's first a single attack, then an attack and a " +
	"second action per turn), so they give up on a game the arena started with actions of its own; " +
	"play from the start (vary games with the bots' own randomness), or add -opt forced=true for " +
	"bots that read the board of every request, as Pentad's does")

// CheckPlies implements PliesChecker: no opening unless forced.
func (r *StonesRef) CheckPlies(n int) error {
	if n != 0 && !r.Forced {
		return errForcedOpening
	}
	return nil
}

// Configure accepts numeric=true|false and forced=true|false.
func (r *StonesRef) Configure(opts map[string]string) error {
	return configure("stones", opts, boolOption("numeric", &r.Numeric), boolOption("forced", &r.Forced))
}

// ParseOpening reads actions in text notation ("B6xA5 I7-I6 pass"),
// separated by blanks or commas.
// Openings need the forced option (see CheckPlies).
func (r *StonesRef) ParseOpening(line string) ([]string, error) {
	if !r.Forced {
		return nil, errForcedOpening
	}
	p := stones.NewGame()
	return parseOpening(line, p, func() bool { over, _, _ := p.Status(); return over }, stones.FormatMove)
}

// RandomOpening plays random legal actions.
func (r *StonesRef) RandomOpening(rng *rand.Rand, plies int) []string {
	p := stones.NewGame()
	return randomOpening(rng, plies, p, func() bool { over, _, _ := p.Status(); return over }, stones.FormatMove)
}

// enum writes an enumeration value as the engine does.
func (r *StonesRef) enum(v int) string {
	if r.Numeric {
		return strconv.Itoa(v)
	}
	return `"` + strconv.Itoa(v) + `"`
}

func (r *StonesRef) request(p *stones.Position) string {
	st := p.State()
	var b strings.Builder
	b.WriteString(`{"Board":{"state":[`)
	for y := 0; y < 9; y++ {
		if y > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		for x := 0; x < 9; x++ {
			if x > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(st[y][x]))
		}
		b.WriteByte(']')
	}
	b.WriteString(`]},"AllowedMoves":[`)
	if p.Phase() == 0 {
		b.WriteString(r.enum(stones.Attack))
	} else {
		b.WriteString(r.enum(stones.Pass) + "," + r.enum(stones.Attack) + "," + r.enum(stones.Strengthen))
	}
	b.WriteString("]}")
	return b.String()
}

func (r *StonesRef) processed(side int, m engine.Move, winner int) string {
	var b strings.Builder
	b.WriteString(`{"Player":` + r.enum(stones.Colour(side)) + `,"Move":{"Type":` + r.enum(stones.Kind(m)))
	if stones.Kind(m) != stones.Pass {
		fx, fy := stones.CellXY(stones.From(m))
		tx, ty := stones.CellXY(stones.To(m))
		fmt.Fprintf(&b, `,"From":{"X":%d,"Y":%d},"To":{"X":%d,"Y":%d}`, fx, fy, tx, ty)
	}
	w := 0
	if winner >= 0 {
		w = stones.Colour(winner)
	}
	b.WriteString(`},"Winner":` + r.enum(w) + "}")
	return b.String()
}

// stonesAnswer decodes and validates one answer line for p.
func stonesAnswer(p *stones.Position, line string) (engine.Move, Reason, string) {
	t := bytes.TrimSpace([]byte(line))
	if len(t) == 0 || t[0] != '{' || !json.Valid(t) {
		return 0, Malformed, "not one JSON object: " + Quote(line)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(t, &raw); err != nil {
		return 0, Malformed, "not a JSON object: " + Quote(line)
	}
	var w stones.WireMove
	if err := json.Unmarshal(t, &w); err != nil || !w.Type.Set {
		return 0, Malformed, "no move type: " + Quote(line)
	}
	if w.Type.V == stones.Pass {
		if w.From != nil || w.To != nil {
			return 0, Illegal, "a pass with From/To: " + Quote(line)
		}
	}
	m, err := w.ToMove()
	if err != nil {
		if w.Type.V >= 0 && w.Type.V <= 2 {
			return 0, Illegal, err.Error() + ": " + Quote(line)
		}
		return 0, Malformed, err.Error() + ": " + Quote(line)
	}
	if p.Phase() == 0 && stones.Kind(m) != stones.Attack {
		return 0, Illegal, "move type not allowed (attack only): " + Quote(line)
	}
	if !p.IsLegal(m) {
		return 0, Illegal, "illegal " + stones.FormatMove(m) + ": " + Quote(line)
	}
	return m, Normal, ""
}

// Play implements Referee.
func (r *StonesRef) Play(ctx context.Context, s *Setup, _ *Pool) Record {
	rec := Record{Opening: s.Opening}
	t := newTable(ctx, s, "", 100*time.Millisecond)
	defer t.close()
	if res, ok := t.startAll(nil); !ok {
		rec.Result = res
		return rec
	}
	t.send(0, `{"Color":`+r.enum(1)+`}`)
	t.send(1, `{"Color":`+r.enum(-1)+`}`)
	pos := stones.NewGame()
	both := func(line string) {
		t.send(0, line)
		t.send(1, line)
	}
	winner := func() int {
		if l := pos.Loser(); l >= 0 {
			return l ^ 1
		}
		return -1
	}
	for _, o := range s.Opening {
		m, err := pos.ParseMove(o)
		if err != nil {
			rec.Result = Result{Winner: -1, Reason: Aborted, Detail: "bad opening move " + o}
			return rec
		}
		side := pos.SideToMove()
		pos.Make(m)
		both(r.processed(side, m, winner()))
	}
	clocks := NewClocks(s)
	first := true
	for {
		if over, w, why := pos.Status(); over {
			rec.Result = Result{Winner: w, Reason: Normal, Detail: why}
			break
		}
		c := pos.SideToMove() // White 0 = colour 0
		deadline := clocks[c].Deadline(time.Now())
		if first && clocks[c].TC.First > 0 {
			// start-up included
			deadline = t.started[c].Add(clocks[c].TC.First + clocks[c].Tol)
		} else if first {
			clocks[c].N = 1
			deadline = clocks[c].Deadline(time.Now())
		}
		line, el, err := t.ask(c, deadline, nil, r.request(pos))
		if err != nil {
			rec.Result = t.fault(c, err, "")
			return rec
		}
		if first {
			clocks[c].Spend(time.Since(t.started[c]))
			first = false
			for o := 0; o < 2; o++ {
				if clocks[o].N == 0 {
					clocks[o].N = 1 // the 5 s allowance is for the game's first request only
				}
			}
		} else if res, ok := t.charge(c, clocks[c], el); !ok {
			rec.Result = res
			return rec
		}
		m, reason, detail := stonesAnswer(pos, line)
		if reason != Normal {
			rec.Result = Loss(c, reason, detail)
			return rec
		}
		pos.Make(m)
		rec.Moves = append(rec.Moves, MoveRec{Side: c, Move: stones.FormatMove(m), Ms: el.Milliseconds()})
		both(r.processed(c, m, winner()))
	}
	rec.Final = strings.TrimRight(pos.String(), "\n")
	return rec
}
