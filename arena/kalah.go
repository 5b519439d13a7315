package arena

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/kalah"
)

// KalahRef referees Kalah as the course tournament engine does: each agent
// is started fresh for the game and receives START;South or START;North;
// South moves first; every move is echoed to both agents as
// CHANGE;<move>;<state>;YOU|OPP|END (the mover's own moves included); only
// North's first message may be SWAP, after which the original starter
// (now North) receives CHANGE;SWAP;...;YOU and the swapper nothing; END
// closes the game for both. Agents answer MOVE;<n> or SWAP. Clock: one hour
// per agent per game, wall clock, unless -tc says otherwise.
type KalahRef struct {
	Rules kalah.Rules
}

func init() { Register("kalah", func() Referee { return &KalahRef{Rules: kalah.Tournament} }) }

// Name implements Referee.
func (k *KalahRef) Name() string { return "kalah" }

// ColourNames implements Colours.
func (k *KalahRef) ColourNames() [2]string { return [2]string{"South", "North"} }

// Configure accepts holes=N and seeds=N.
func (k *KalahRef) Configure(opts map[string]string) error {
	err := configure("kalah", opts, intOption("holes", &k.Rules.Holes, 1, math.MaxInt), intOption("seeds", &k.Rules.Seeds, 1, math.MaxInt))
	if err != nil {
		return err
	}
	return k.Rules.Validate()
}

// GameOptions implements Optioner.
func (k *KalahRef) GameOptions() map[string]string {
	return map[string]string{"holes": strconv.Itoa(k.Rules.Holes), "seeds": strconv.Itoa(k.Rules.Seeds)}
}

// DefaultTC is the course engine's clock: one hour per agent per game.
func (k *KalahRef) DefaultTC() TimeControl { return TimeControl{Game: time.Hour} }

// ErrNoOpenings: the Kalah protocol has no way to set up a position (START;South
// means "move now" and agents learn the board only from echoed moves), so a
// referee faithful to the course engine cannot impose opening moves.
var ErrNoOpenings = fmt.Errorf("kalah: the protocol cannot set up a position, so openings are not supported")

// ParseOpening always fails: see ErrNoOpenings.
func (k *KalahRef) ParseOpening(line string) ([]string, error) { return nil, ErrNoOpenings }

// RandomOpening returns no moves: see ErrNoOpenings.
func (k *KalahRef) RandomOpening(r *rand.Rand, plies int) []string { return nil }

// Play implements Referee.
func (k *KalahRef) Play(ctx context.Context, s *Setup, _ *Pool) Record {
	rec := Record{Opening: s.Opening}
	pos := kalah.New(k.Rules)
	t := newTable(ctx, s, "", 200*time.Millisecond)
	defer t.close()
	if res, ok := t.startAll(nil); !ok {
		rec.Result = res
		return rec
	}
	// end closes the game for both agents with res.
	end := func(res Result) Record {
		for c := 0; c < 2; c++ {
			t.send(c, "END")
		}
		rec.Result = res
		return rec
	}
	t.send(0, "START;South")
	t.send(1, "START;North")

	// colour c sits on board side c ^ swapped.
	mover := func() int {
		c := pos.ToMove()
		if pos.Swapped() {
			c ^= 1
		}
		return c
	}
	echo := func(m engine.Move, moverColour int) {
		st := pos.State()
		ms := pos.MoveString(m)
		if m == kalah.Swap {
			// Only the original starter hears of the swap; it moves next.
			t.send(1-moverColour, "CHANGE;SWAP;"+st+";YOU")
			return
		}
		for c := 0; c < 2; c++ {
			turn := "OPP"
			switch {
			case pos.Over():
				turn = "END"
			case mover() == c:
				turn = "YOU"
			}
			t.send(c, "CHANGE;"+ms+";"+st+";"+turn)
		}
	}
	if len(s.Opening) > 0 {
		return end(Result{Winner: -1, Reason: Aborted, Detail: ErrNoOpenings.Error()})
	}

	clocks := NewClocks(s)
	for !pos.Over() {
		c := mover()
		line, el, err := t.ask(c, clocks[c].Deadline(time.Now()), nil)
		if err != nil {
			res := t.fault(c, err, "")
			if res.Reason == Aborted { // the agents are being killed
				rec.Result = res
				return rec
			}
			return end(res)
		}
		if res, ok := t.charge(c, clocks[c], el); !ok {
			return end(res)
		}
		var m engine.Move
		switch {
		case line == "SWAP":
			m = kalah.Swap
		case strings.HasPrefix(line, "MOVE;"):
			n, err := strconv.Atoi(line[5:])
			if err != nil || line[5:] != strconv.Itoa(n) {
				return end(Loss(c, Malformed, "not a move: "+Quote(line)))
			}
			if n < 1 || n > k.Rules.Holes {
				return end(Loss(c, Illegal, "no hole "+Quote(line)))
			}
			m = engine.Move(n)
		default:
			return end(Loss(c, Malformed, "not a move: "+Quote(line)))
		}
		if !pos.Legal(m) {
			return end(Loss(c, Illegal, "illegal move "+Quote(line)))
		}
		pos.Play(m)
		rec.Moves = append(rec.Moves, MoveRec{Side: c, Move: pos.MoveString(m), Ms: el.Milliseconds()})
		echo(m, c)
	}
	// Board side -> colour.
	w := pos.Winner()
	sw := 0
	if pos.Swapped() {
		sw = 1
	}
	rec.Final = kalahBoard(pos, k.Rules.Holes)
	rec.Extra = map[string]string{"stores": fmt.Sprintf("%d-%d", pos.Store(kalah.South), pos.Store(kalah.North))}
	if pos.Swapped() {
		rec.Extra["swapped"] = "true"
	}
	detail := fmt.Sprintf("stores South %d North %d", pos.Store(kalah.South), pos.Store(kalah.North))
	if pos.Swapped() {
		detail += ", North swapped sides after the first move"
	}
	if w < 0 {
		return end(Result{Winner: -1, Reason: Normal, Detail: "draw, " + detail})
	}
	return end(Result{Winner: w ^ sw, Reason: Normal, Detail: detail})
}

func kalahBoard(p *kalah.Position, h int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "N %3d |", p.Store(kalah.North))
	for i := h; i >= 1; i-- {
		fmt.Fprintf(&b, "%3d", p.Hole(kalah.North, i))
	}
	b.WriteString(" |\n      |")
	for i := 1; i <= h; i++ {
		fmt.Fprintf(&b, "%3d", p.Hole(kalah.South, i))
	}
	fmt.Fprintf(&b, " | %3d S", p.Store(kalah.South))
	return b.String()
}
