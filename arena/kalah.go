package arena

import (
	"context"
	"fmt"
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
	for key, v := range opts {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("kalah: %s=%q is not a number", key, v)
		}
		switch key {
		case "holes":
			k.Rules.Holes = n
		case "seeds":
			k.Rules.Seeds = n
		default:
			return fmt.Errorf("kalah: unknown option %q (have holes, seeds)", key)
		}
	}
	return k.Rules.Validate()
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
	var procs [2]*Proc
	defer func() {
		for _, p := range procs {
			if p != nil {
				p.Close(200 * time.Millisecond)
			}
		}
	}()
	for c := 0; c < 2; c++ {
		p, err := StartEngine(s.Engines[c])
		if err != nil {
			rec.Result = Loss(c, StartFail, err.Error())
			return rec
		}
		procs[c] = p
	}
	stop := context.AfterFunc(ctx, func() {
		for _, p := range procs {
			p.Kill()
		}
	})
	defer stop()

	send := func(c int, line string) {
		if s.Log != nil {
			s.Log(c, "<-", line)
		}
		procs[c].WriteLine(line) // a broken pipe shows when we read
	}
	endAll := func() {
		for c := 0; c < 2; c++ {
			send(c, "END")
		}
	}
	send(0, "START;South")
	send(1, "START;North")

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
			send(1-moverColour, "CHANGE;SWAP;"+st+";YOU")
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
			send(c, "CHANGE;"+ms+";"+st+";"+turn)
		}
	}
	if len(s.Opening) > 0 {
		rec.Result = Result{Winner: -1, Reason: Aborted, Detail: ErrNoOpenings.Error()}
		endAll()
		return rec
	}

	clocks := NewClocks(s)
	for !pos.Over() {
		c := mover()
		t0 := time.Now()
		line, err := procs[c].ReadLine(clocks[c].Deadline(t0))
		el := time.Since(t0)
		if err != nil {
			if ctx.Err() != nil {
				rec.Result = Result{Winner: -1, Reason: Aborted, Detail: "interrupted"}
				return rec
			}
			r, d := ReadFault(procs[c], err)
			rec.Result = Loss(c, r, d)
			endAll()
			return rec
		}
		if s.Log != nil {
			s.Log(c, "->", line)
		}
		if !clocks[c].Spend(el) {
			rec.Result = Loss(c, TimeLoss, fmt.Sprintf("answered after %v", el.Round(time.Millisecond)))
			endAll()
			return rec
		}
		var m engine.Move
		switch {
		case line == "SWAP":
			m = kalah.Swap
		case strings.HasPrefix(line, "MOVE;"):
			n, err := strconv.Atoi(line[5:])
			if err != nil || line[5:] != strconv.Itoa(n) {
				rec.Result = Loss(c, Malformed, "not a move: "+Quote(line))
				endAll()
				return rec
			}
			if n < 1 || n > k.Rules.Holes {
				rec.Result = Loss(c, Illegal, "no hole "+Quote(line))
				endAll()
				return rec
			}
			m = engine.Move(n)
		default:
			rec.Result = Loss(c, Malformed, "not a move: "+Quote(line))
			endAll()
			return rec
		}
		if !pos.Legal(m) {
			rec.Result = Loss(c, Illegal, "illegal move "+Quote(line))
			endAll()
			return rec
		}
		pos.Play(m)
		rec.Moves = append(rec.Moves, MoveRec{Side: c, Move: pos.MoveString(m), Ms: el.Milliseconds()})
		echo(m, c)
	}
	endAll()
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
		rec.Result = Result{Winner: -1, Reason: Normal, Detail: "draw, " + detail}
		return rec
	}
	rec.Result = Result{Winner: w ^ sw, Reason: Normal, Detail: detail}
	return rec
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
