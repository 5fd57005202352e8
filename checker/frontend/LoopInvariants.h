// Bounds a loop-carried scalar keeps at the head of every iteration, found by
// induction (Houdini-style: guess, check, drop what fails, check again).
//
// A scalar a loop changes in a way the frontend has no closed form for (a
// tile start advanced by `min(tile, end - start)`, a UB offset advanced by a
// clamped count) becomes an opaque value per iteration. Its bounds are often
// what an obligation needs (`start >= startIdx_`, `ubOffset <= elePerLoop_`),
// and they follow from one iteration: if the value found at an iteration's
// head is within them, so is the value it leaves. Checked with Z3 over the
// iteration's symbolic run from fresh entry values (Interp::execLoop's second
// dry run); what is proved becomes a fact on the opaque value, so obligations
// can be proved with it, and a failure still rests on an opaque value
// (`unknown`, never a guessed error).
#pragma once

#include "checker/ir/SymExpr.h"

#include <vector>

namespace alint {

// One scalar the loop changes: its symbol for the value at an iteration's
// head (a fresh variable in the dry run), its value before the loop, and the
// value the iteration leaves (a function of the head values).
struct LoopCarried {
  Sym entry;
  Sym before;
  Sym exit;
};

// `value op bound` (Le or Ge, in mathematical integers) holds at the head of
// every iteration, and after the loop, wherever `premise` holds (null: always).
struct InvariantFact {
  size_t index = 0; // into the LoopCarried list
  SymOp op = SymOp::Le;
  Sym bound;
  Sym premise;
};

// Whether a value one iteration leaves (`exit`, from `before`) is worth a
// second run of the body to look for bounds: a small term that compares
// the value it started from (a clamp, `min(tile, end - cur)`) or adds to it.
bool mayKeepBounds(const Sym &exit, const Sym &before);

// The bounds proved for `vars`. `entryCond`: what holds at the head of an
// iteration that runs (the loop condition over the entry values, the
// counter's range); `pathCond`: the condition the loop runs under. Bounds are
// loop-invariant terms (every variable made before `loopVarMark`, i.e. before
// the loop). `queriesLeft` caps the Z3 questions (decremented).
std::vector<InvariantFact> inferLoopInvariants(const std::vector<LoopCarried> &vars, const Sym &entryCond,
                                               const Sym &pathCond, uint32_t loopVarMark, unsigned &queriesLeft);

} // namespace alint
