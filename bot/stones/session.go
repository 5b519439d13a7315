package stones

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pentad-ai/pentad/internal/lineio"

	"github.com/pentad-ai/pentad/engine"
	"github.com/pentad-ai/pentad/game/stones"
)

// MaxLine bounds one input message; longer lines are skipped.
const MaxLine = 1 << 20

// Session is the bot side of the contest engine's protocol.
type Session struct {
	pl     *Player
	out    *bufio.Writer
	log    io.Writer
	colour int              // our side, -1 until told (or inferred)
	last   int              // side of the last processed move, -1 if none
	track  *stones.Position // position followed from processed moves (a fallback only)
	resp   []byte
	busy   chan engine.Move // a decision the watchdog answered for, still running
	// Answers counts the move requests answered.
	Answers int
	// Late counts the answers the watchdog gave for a late decision.
	Late int
}

// WatchdogGrace is how long past its hard limit a timed decision may run
// before the session answers the player's best action so far itself (a
// loaded machine can keep the search thread off the CPU, or stall it in
// the kernel) and lets the stopped decision end in the background.
const WatchdogGrace = 15 * time.Millisecond

// settle waits for a decision the watchdog answered for before anything
// else uses the player.
func (s *Session) settle() {
	if s.busy != nil {
		<-s.busy
		s.busy = nil
	}
}

// choose runs the player's decision; a timed one runs under the watchdog.
func (s *Session) choose(p *stones.Position, allowed int) engine.Move {
	s.settle()
	cfg := s.pl.cfg
	if cfg.Depth != 0 || cfg.Nodes != 0 || cfg.Hard <= 0 {
		return s.pl.Choose(p, allowed)
	}
	t := time.NewTimer(cfg.Hard + WatchdogGrace)
	defer t.Stop()
	done := make(chan engine.Move, 1)
	s.pl.stop.Store(false)
	s.pl.best.Store(0)
	go func() { done <- s.pl.choose(p, allowed) }()
	select {
	case m := <-done:
		return m
	case <-t.C:
		s.pl.Stop()
		// s.track is the request's position (p belongs to the decision)
		if b := s.pl.Best(); b != 0 && allowed&(1<<stones.Kind(b)) != 0 && s.track.IsLegal(b) {
			s.busy = done
			s.Late++
			s.logf("late decision: answered %s for it", stones.FormatMove(b))
			return b
		}
		return <-done // nothing chosen yet: wait for the stopped decision
	}
}

// NewSession makes a session writing its answers to out.
func NewSession(out io.Writer, cfg Config) *Session {
	return &Session{pl: NewPlayer(cfg), out: bufio.NewWriter(out), log: cfg.Log, colour: -1, last: -1}
}

// Run plays one session: it reads messages from in until end of input and
// answers every move request with exactly one line on out. It returns nil
// at end of input and an error only when reading or writing fails.
func Run(in io.Reader, out io.Writer, cfg Config) error {
	return NewSession(out, cfg).Serve(in)
}

// Serve reads messages from in until end of input.
func (s *Session) Serve(in io.Reader) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var pending []byte
	for {
		line, err := lineio.ReadLine(r, MaxLine)
		if len(line) > 0 {
			if len(pending) > 0 {
				joined := append(append(pending, '\n'), line...)
				m, perr := stones.DecodeMessage(joined)
				switch {
				case perr == nil:
					pending = pending[:0]
					if werr := s.Handle(m); werr != nil {
						return werr
					}
					line = nil
				case errors.Is(perr, stones.ErrIncomplete) && len(joined) <= MaxLine:
					pending = joined
					line = nil
				default:
					s.logf("skipping malformed message")
					pending = pending[:0]
				}
			}
			if len(line) > 0 {
				m, perr := stones.DecodeMessage(line)
				switch {
				case perr == nil:
					if werr := s.Handle(m); werr != nil {
						return werr
					}
				case errors.Is(perr, stones.ErrIncomplete):
					pending = append(pending[:0], line...)
				default:
					s.logf("skipping malformed line: %v", perr)
				}
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// Handle processes one decoded message.
func (s *Session) Handle(m stones.Message) error {
	isRequest := m.Board != nil || m.AllowedMoves != nil
	if isRequest && m.Color != nil && m.Color.Set && (m.Color.V == 1 || m.Color.V == -1) {
		// a colour inside a request: take it, keep the game
		s.colour = stones.White
		if m.Color.V == -1 {
			s.colour = stones.Black
		}
	}
	switch {
	case isRequest:
		return s.request(m)
	case m.Move != nil || m.Player != nil || m.Winner != nil:
		s.processed(m)
	case m.Color != nil:
		if m.Color.Set && (m.Color.V == 1 || m.Color.V == -1) {
			s.colour = stones.White
			if m.Color.V == -1 {
				s.colour = stones.Black
			}
			s.last = -1
			s.track = stones.NewGame()
			s.settle()
			s.pl.NewGame()
			s.logf("playing %s", stones.SideName(s.colour))
		} else {
			s.logf("ignoring bad colour")
		}
	default:
		s.logf("ignoring message without known fields")
	}
	return nil
}

func (s *Session) processed(m stones.Message) {
	player := -1
	if m.Player != nil && m.Player.Set {
		switch m.Player.V {
		case 1:
			player = stones.White
		case -1:
			player = stones.Black
		}
	}
	if player >= 0 {
		s.last = player
	}
	if m.Winner != nil && m.Winner.Set && m.Winner.V != 0 {
		s.logf("game over, winner %d", m.Winner.V)
	}
	if s.track == nil || m.Move == nil {
		return
	}
	mv, err := m.Move.ToMove()
	if err != nil || (player >= 0 && player != s.track.Side()) || !s.track.IsLegal(mv) {
		s.logf("lost track of the game at a processed move")
		s.track = nil
		return
	}
	s.track.Make(mv)
	s.track = s.track.Copy()
}

// request answers a move request with exactly one line.
func (s *Session) request(m stones.Message) error {
	allowed := m.AllowedMask()
	phase := 0
	if allowed&(1<<stones.Pass|1<<stones.Strengthen) != 0 {
		phase = 1
	}
	side := s.colour
	if side < 0 {
		// Not told: the first action of a turn follows the other side's
		// move (White opens), the second follows our own.
		switch {
		case s.last < 0:
			side = stones.White
		case phase == 0:
			side = s.last ^ 1
		default:
			side = s.last
		}
	}
	var p *stones.Position
	state, err := m.BoardState()
	if err == nil {
		p, err = stones.FromState(state, side, phase)
	}
	if err != nil {
		s.logf("unusable board (%v)", err)
		if s.track != nil && s.track.Side() == side && s.track.Phase() == phase {
			p = s.track.Copy()
		}
	}
	mv := stones.PassMove
	if p != nil {
		s.track = p.Copy()
		mv = s.choose(p, allowed)
	} else {
		s.logf("no position to play from; passing")
		if allowed&(1<<stones.Pass) == 0 {
			s.logf("pass is not allowed here either")
		}
	}
	return s.answer(mv)
}

func (s *Session) answer(m engine.Move) error {
	s.resp = stones.AppendResponse(s.resp[:0], m)
	s.resp = append(s.resp, '\n')
	s.Answers++
	if _, err := s.out.Write(s.resp); err != nil {
		return err
	}
	return s.out.Flush()
}

func (s *Session) logf(format string, a ...any) {
	if s.log != nil {
		fmt.Fprintf(s.log, format+"\n", a...)
	}
}

// Player is the session's player.
func (s *Session) Player() *Player { return s.pl }
