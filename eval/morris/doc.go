// Package morris is the evaluation of Nine men's morris positions: material
// (on the board and in hand), closed mills, potential mills that can be
// closed next move, mobility and blocked pieces, with weights for the
// placement, moving and flying phases.
package morris
