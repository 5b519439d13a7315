// Package stones is the Game of Stones (the board game TZAAR) as the contest
// engine plays it, in strict TZAAR rules: 60 cells (state[y][x], 0<=x,y<=8,
// |x-y|<5, not the centre (4,4)), six lines N S E W SE NW that never cross
// the centre, attacks onto an enemy stack no taller than the attacker,
// strengthening that keeps the moved stack's type, a loss for a side left
// without a stack of some type (after every action) and for a side that
// must attack and cannot. A turn is an attack, then a pass, attack or
// strengthen by the same side; White's opening turn is a single attack.
//
// It holds the rules only: the position, legal actions, make/unmake, Zobrist
// keys (ChildKey: the key after an action without making it), the text
// notation, the wire protocol's JSON messages (what the referee and the bot
// both encode and decode) and perft. The bot (session, player, solver,
// bench, self-play) is bot/stones; the evaluation is eval/stones.
//
// # Referee API
//
// Each action is one engine.Move; the side to move and the action due are
// part of the Position.
//
//	p := stones.NewGame()                   // start: White's single opening attack
//	p, err := stones.FromState(st, side, phase) // any board (state[y][x] wire values);
//	                                        // side White/Black, phase 0 = attack due,
//	                                        // 1 = second action (pass/attack/strengthen)
//	p.AppendRequest(nil)                    // the move request to send the side to move
//	m, err := stones.DecodeResponse(line)   // a bot's JSON answer -> move (not yet checked)
//	m, err := p.ParseMove("B6xA5")          // text notation ("pass", "I7-I6"), checked
//	ok := p.IsLegal(m)                      // legal here, of an allowed type for this action
//	p.Make(m)                               // apply (p.Unmake(m) takes it back)
//	over, winner, reason := p.Status()      // winner White/Black when over
//	stones.FormatMove(m)                    // text notation
//	stones.AppendResponse(nil, m)           // wire JSON answer for m
//	stones.Kind(m), stones.From(m), stones.To(m), stones.CellXY(id) // move fields
//	p.SideToMove(), p.Phase(), p.State(), p.SingleActionTurn()
//
// The allowed move types of a request are [1] when p.Phase() is 0 and
// [0,1,2] when it is 1; IsLegal already refuses a pass or a strengthen as a
// first action. The wire PlayerColor of a side is stones.Colour(side).
package stones
