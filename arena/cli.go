package arena

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Usage is the command line help.
const Usage = `usage:
  arena -game G -engine name=A cmd="PATH ARGS" [dir=D] [tc=G/M] [opt=K=V]...
               -engine name=B cmd="..." [-engine ...]
        [-mode match|gauntlet|roundrobin] [-games N] [-tc GAME/MOVE]
        [-concurrency K] [-openings FILE] [-order sequential|random]
        [-start N] [-plies N] [-repeat=true|false]
        [-sprt elo0,elo1,alpha,beta] [-out DIR] [-seed N] [-tolerance MS]
        [-shard I/N]
        [-opt KEY=VALUE]... [-v]
  arena -resume DIR         continue an interrupted run kept in DIR (-out DIR):
                            its finished games count, the rest are played
                            with the run's own settings and schedule
  arena merge DIR...        combine the games.jsonl of several runs
  arena report [-o FILE] DIR...
                            write one self-contained HTML page of the runs
                            (tables, Elo over the games, every game replayed
                            move by move); default DIR/report.html
  arena demo                build the five bots and play each against a weaker self

games: kalah, stones, morris, quoridor, gomoku
  -tc GAME/MOVE   seconds per side per game / per move; 0 = no limit.
                  Defaults follow the real programs: kalah 3600/0, stones 0/3
                  (5 s for the first request), morris 0/1, quoridor 180/30
                  (20*N/30), gomoku 120/5.
  -games N        games per encounter, played in pairs on the same opening with
                  colours swapped (-repeat=false: a new opening for each game)
  -openings FILE  one opening a line: gomoku in the format of
                  gomoku-openings-15-freestyle.txt (h8i9...), others a move
                  list in the game's notation; otherwise random openings of
                  -plies plies (default: kalah 0, stones 0 (1, 3, 5...:
                  whole turns only), morris 2,
                  quoridor 2, gomoku 3)
  -order ORDER    the order the -openings file's lines are played in:
                  sequential (the default: the file's order, from the start)
                  or random (shuffled by -seed, each line once before any
                  repeats)
  -start N        begin with the file's Nth opening (1 the first; after the
                  shuffle with -order random), wrapping round at the end
  -opt KEY=VALUE  game options, also written -KEY VALUE: kalah -holes N
                  -seeds N; stones -numeric (enumerations as numbers, not
                  strings); morris -names (square names, not indices),
                  -maxplies N; quoridor -size N -walls N -vsz MB (forfeit an
                  engine above MB of virtual size; the course referee: 950);
                  gomoku -rule freestyle|standard|renju|caro -size N
                  -max_memory BYTES
  engine opt=K=V  protocol options of one engine (gomoku: INFO K V)
  -tolerance MS   extra time granted beyond each limit, as the real
                  managers grant it: gomoku 1000 (c-gomoku-cli takes an
                  answer up to 1 s late at its default tolerance), the others
                  0; a hung engine is killed at the deadline
  -out DIR        keep the run in DIR: games.jsonl (and games.sgf for
                  gomoku) written game by game, the run's settings for
                  -resume, and report.html rewritten after every game
  -shard I/N      run shard I of N (takes openings I, I+N, ...; own random
                  seed); then "arena merge DIR1 DIR2 ..." gives one table and
                  one SPRT verdict. For example with GNU parallel over ssh:
                    parallel -S host1,host2 arena -game gomoku ... -games 200 \
                      -shard {}/4 -out run{} ::: 1 2 3 4
                  then copy the run* folders back and: arena merge run*
`

// Options are the parsed command line of a match.
type Options struct {
	Game          string
	Engines       []EngineSpec
	EngineTC      []string
	Mode          string
	Games         int
	TC            string
	Concurrency   int
	Openings      string
	Order         string // "", "sequential" or "random"
	Start         int    // 1-based; 0 or 1: the first
	Plies         int
	Repeat        bool
	SPRT          string
	Out           string
	Seed          uint64
	Shard, Shards int
	Tolerance     time.Duration
	ToleranceSet  bool // -tolerance given; otherwise the referee's default
	GameOpts      map[string]string
	Verbose       bool
}

// ParseArgs parses the match command line. -engine takes the key=value
// tokens that follow it.
func ParseArgs(args []string) (*Options, error) {
	o := &Options{Mode: ModeMatch, Games: 2, Concurrency: 1, Repeat: true, Plies: -1,
		GameOpts: map[string]string{}, Seed: uint64(time.Now().UnixNano())}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			return nil, fmt.Errorf("unexpected argument %q", a)
		}
		next := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", a)
			}
			i++
			return args[i], nil
		}
		var err error
		var v string
		switch name {
		case "engine", "e":
			spec := EngineSpec{}
			tc := ""
			for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
				k, v, ok := strings.Cut(args[i], "=")
				if !ok {
					return nil, fmt.Errorf("-engine: %q is not key=value", args[i])
				}
				switch k {
				case "name":
					spec.Name = v
				case "cmd":
					if spec.Cmd, err = SplitCommand(v); err != nil {
						return nil, fmt.Errorf("-engine cmd: %w", err)
					}
				case "dir":
					spec.Dir = v
				case "tc":
					tc = v
				case "opt", "option":
					spec.Options = append(spec.Options, v)
				default:
					return nil, fmt.Errorf("-engine: unknown key %q (have name, cmd, dir, tc, opt)", k)
				}
			}
			if len(spec.Cmd) == 0 {
				return nil, fmt.Errorf("-engine without cmd=")
			}
			if spec.Name == "" {
				spec.Name = spec.Cmd[0]
				if j := strings.LastIndexAny(spec.Name, `/\`); j >= 0 {
					spec.Name = spec.Name[j+1:]
				}
			}
			o.Engines = append(o.Engines, spec)
			o.EngineTC = append(o.EngineTC, tc)
		case "game", "g":
			o.Game, err = next()
		case "mode":
			o.Mode, err = next()
		case "gauntlet":
			o.Mode = ModeGauntlet
		case "roundrobin", "rr":
			o.Mode = ModeRoundRobin
		case "games", "n":
			if v, err = next(); err == nil {
				o.Games, err = strconv.Atoi(v)
			}
		case "tc":
			o.TC, err = next()
		case "concurrency", "c":
			if v, err = next(); err == nil {
				o.Concurrency, err = strconv.Atoi(v)
			}
		case "openings":
			o.Openings, err = next()
		case "order":
			if o.Order, err = next(); err == nil && o.Order != "sequential" && o.Order != "random" {
				err = fmt.Errorf("want sequential or random, not %q", o.Order)
			}
		case "start":
			if v, err = next(); err == nil {
				if o.Start, err = strconv.Atoi(v); err == nil && o.Start < 1 {
					err = fmt.Errorf("want a line number from 1, not %d", o.Start)
				}
			}
		case "plies":
			if v, err = next(); err == nil {
				o.Plies, err = strconv.Atoi(v)
			}
		case "repeat":
			if hasVal {
				o.Repeat, err = strconv.ParseBool(val)
			} else {
				o.Repeat = true
			}
		case "sprt":
			o.SPRT, err = next()
		case "out", "o":
			o.Out, err = next()
		case "seed":
			if v, err = next(); err == nil {
				o.Seed, err = strconv.ParseUint(v, 10, 64)
			}
		case "shard":
			if v, err = next(); err == nil {
				if _, err = fmt.Sscanf(v, "%d/%d", &o.Shard, &o.Shards); err == nil && (o.Shards < 1 || o.Shard < 1 || o.Shard > o.Shards) {
					err = fmt.Errorf("want I/N with 1 <= I <= N")
				}
				o.Shard--
			}
		case "tolerance":
			if v, err = next(); err == nil {
				var ms float64
				ms, err = strconv.ParseFloat(v, 64)
				o.Tolerance = time.Duration(ms * float64(time.Millisecond))
				o.ToleranceSet = true
			}
		case "opt":
			if v, err = next(); err == nil {
				k, vv, ok := strings.Cut(v, "=")
				if !ok {
					err = fmt.Errorf("-opt %q: want KEY=VALUE", v)
				}
				o.GameOpts[k] = vv
			}
		case "holes", "seeds", "size", "walls", "vsz", "rule", "maxplies", "max_memory":
			// game options as flags: -holes 6 is -opt holes=6
			if v, err = next(); err == nil {
				o.GameOpts[name] = v
			}
		case "numeric", "names":
			o.GameOpts[name] = "true"
			if hasVal {
				o.GameOpts[name] = val
			}
		case "v", "verbose":
			o.Verbose = true
		default:
			return nil, fmt.Errorf("unknown flag %s", a)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a, err)
		}
	}
	if o.Game == "" {
		return nil, errors.New("-game is required")
	}
	if len(o.Engines) < 2 {
		return nil, errors.New("need at least two -engine")
	}
	if o.Mode == ModeMatch && len(o.Engines) > 2 {
		return nil, errors.New("more than two engines: use -mode gauntlet or -mode roundrobin")
	}
	if o.Games < 1 || o.Concurrency < 1 {
		return nil, errors.New("-games and -concurrency must be positive")
	}
	return o, nil
}

// DefaultTCer is implemented by referees with a default clock.
type DefaultTCer interface{ DefaultTC() TimeControl }

// DefaultTolerancer is implemented by referees whose real manager takes an
// answer some time after the limit.
type DefaultTolerancer interface{ DefaultTolerance() time.Duration }

// DefaultPlieser is implemented by referees with a default random opening length.
type DefaultPlieser interface{ DefaultPlies() int }

// PliesChecker is implemented by referees whose real manager can only start
// a game after some opening lengths; CheckPlies refuses the others.
type PliesChecker interface{ CheckPlies(n int) error }

// Build turns options into a ready match.
func (o *Options) Build() (*Match, error) {
	ref, err := NewReferee(o.Game)
	if err != nil {
		return nil, err
	}
	if err := ref.Configure(o.GameOpts); err != nil {
		return nil, err
	}
	m := &Match{Ref: ref, Engines: o.Engines, Mode: o.Mode, Games: o.Games, Concurrency: o.Concurrency,
		Repeat: o.Repeat, OutDir: o.Out, Seed: o.Seed, Tolerance: o.Tolerance, Verbose: o.Verbose,
		Shard: o.Shard, Shards: o.Shards}
	if d, ok := ref.(DefaultTolerancer); ok && !o.ToleranceSet {
		m.Tolerance = d.DefaultTolerance()
	}
	base := TimeControl{}
	if d, ok := ref.(DefaultTCer); ok {
		base = d.DefaultTC()
	}
	if o.TC != "" {
		tc, err := ParseTC(o.TC)
		if err != nil {
			return nil, err
		}
		tc.First = 0
		if base.First > 0 && base.Move > 0 && tc.Move > 0 {
			tc.First = tc.Move + (base.First - base.Move) // stones: start-up allowance
		}
		base = tc
	}
	for _, s := range o.EngineTC {
		tc := base
		if s != "" {
			if tc, err = ParseTC(s); err != nil {
				return nil, err
			}
		}
		m.EngineTC = append(m.EngineTC, tc)
	}
	m.RandomPlies = o.Plies
	if m.RandomPlies < 0 {
		m.RandomPlies = 2
		if d, ok := ref.(DefaultPlieser); ok {
			m.RandomPlies = d.DefaultPlies()
		}
	} else if c, ok := ref.(PliesChecker); ok && o.Openings == "" {
		if err := c.CheckPlies(m.RandomPlies); err != nil {
			return nil, err
		}
	}
	if o.Openings != "" {
		f, err := os.Open(o.Openings)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		n := 0
		for sc.Scan() {
			n++
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			op, err := ref.ParseOpening(line)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", o.Openings, n, err)
			}
			m.Openings = append(m.Openings, op)
		}
		if len(m.Openings) == 0 {
			return nil, fmt.Errorf("%s: no openings", o.Openings)
		}
		m.Openings = orderOpenings(m.Openings, o.Order, o.Start, o.Seed)
	} else if o.Order != "" || o.Start > 0 {
		return nil, errors.New("-order and -start need -openings")
	}
	if o.SPRT != "" {
		sp, err := ParseSPRT(o.SPRT)
		if err != nil {
			return nil, err
		}
		if len(o.Engines) != 2 {
			return nil, errors.New("-sprt needs exactly two engines")
		}
		m.SPRT = &sp
	}
	return m, nil
}

// IsTerminal reports whether f is a terminal (character device).
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// RunMatch parses args, plays the match and prints the results. With
// "-resume DIR" (alone) it continues the run kept in DIR with the command
// line that run was started with.
func RunMatch(ctx context.Context, args []string, stdout io.Writer, tty bool) error {
	resume := ""
	if a := strings.TrimLeft(firstArg(args), "-"); a == "resume" || strings.HasPrefix(a, "resume=") {
		_, dir, ok := strings.Cut(args[0], "=")
		rest := args[1:]
		if !ok && len(rest) > 0 {
			dir, rest = rest[0], rest[1:]
		}
		if dir == "" || len(rest) > 0 {
			return fmt.Errorf("usage: arena -resume DIR (the run's own settings are used)")
		}
		stored, err := runArgs(dir)
		if err != nil {
			return err
		}
		resume, args = dir, stored
	}
	o, err := ParseArgs(args)
	if err != nil {
		return err
	}
	if resume != "" {
		o.Out = resume
	}
	m, err := o.Build()
	if err != nil {
		return err
	}
	m.Resume = resume != ""
	m.Args = append(append([]string(nil), args...), "-seed", strconv.FormatUint(o.Seed, 10))
	m.Progress = stdout
	m.TTY = tty
	fmt.Fprintf(stdout, "%s: %s, %d games per encounter, tc %s, concurrency %d\n", m.Ref.Name(),
		strings.Join(engineNames(m.Engines), " vs "), m.Games, m.tcFor(0), m.Concurrency)
	sum, err := m.Run(ctx)
	if sum != nil {
		sum.Print(stdout)
		printPeaks(stdout)
	}
	return err
}

// printPeaks writes the memory peaks of the engines that ran (Linux).
func printPeaks(w io.Writer) {
	names, by := MemoryPeaks()
	var parts []string
	for _, n := range names {
		if p := by[n]; p.RSS > 0 || p.VSZ > 0 {
			parts = append(parts, fmt.Sprintf("%s RSS %.1f MB, virtual %.1f MB", n, float64(p.RSS)/(1<<20), float64(p.VSZ)/(1<<20)))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "Memory peaks: %s\n", strings.Join(parts, "; "))
	}
}

func engineNames(es []EngineSpec) []string {
	var n []string
	for _, e := range es {
		n = append(n, e.Name)
	}
	return n
}

// RunMerge prints the combined results of the runs in dirs.
func RunMerge(dirs []string, stdout io.Writer) error {
	if len(dirs) == 0 {
		return errors.New("merge: no directories")
	}
	games, sp, err := ReadRecords(dirs)
	if err != nil {
		return err
	}
	sum := Merge(games, sp)
	fmt.Fprintf(stdout, "merged %d games from %d runs\n", len(games), len(dirs))
	sum.Print(stdout)
	return nil
}

func firstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// runArgs is the command line kept in the meta file of the run in dir.
func runArgs(dir string) ([]string, error) {
	metas, _ := filepath.Glob(filepath.Join(dir, "run-*.json"))
	if len(metas) != 1 {
		return nil, fmt.Errorf("resume %s: want one run-*.json, found %d", dir, len(metas))
	}
	b, err := os.ReadFile(metas[0])
	if err != nil {
		return nil, err
	}
	var meta struct {
		Args []string `json:"args"`
	}
	if err := json.Unmarshal(b, &meta); err != nil || len(meta.Args) == 0 {
		return nil, fmt.Errorf("resume %s: %s keeps no command line (a run started by this arena with -out has one)", dir, filepath.Base(metas[0]))
	}
	return meta.Args, nil
}

// orderOpenings returns the openings in the order a match plays them: the
// file's order, or (order "random") a shuffle seeded by seed alone, so that
// the shards of one run (same -seed) share it; then rotated to begin with
// the start-th (1-based).
func orderOpenings(ops [][]string, order string, start int, seed uint64) [][]string {
	out := slices.Clone(ops)
	if order == "random" {
		rng := rand.New(rand.NewPCG(seed, 0x6f70656e696e6773)) // "openings"
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	}
	if start > 1 {
		k := (start - 1) % len(out)
		out = append(out[k:], out[:k]...)
	}
	return out
}
