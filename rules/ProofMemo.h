// Obligations that repeat up to the renaming of their variables are decided
// once. The frontend gives every copy of a loop body, every inlined call of a
// helper and every build configuration (dtype, tiling key) variables of their
// own, so Z3 would see each copy as new (and each obligation is asked in a Z3
// context of its own, smt/Solver.cpp); on ops-math's sim_thread_exponential (a Philox helper inlined per call
// site and per tiling key) that left half the obligations to the time limit.
#pragma once

#include "smt/Solver.h"

#include <string>

namespace alint {

// The obligation with its variables numbered by first occurrence (property,
// then context, then report terms), each with everything the solver reads of
// it (type, role, opaque reason, choice kind) and its source name (which the
// verdict's counterexample and reasons print). Shared subterms are written
// once. Two obligations with the same key are the same query under a
// one-to-one renaming of variables, so they have the same verdict, word for
// word. Empty: too large to be worth keeping.
// `maxBytes`: past it the key is empty (not memoised).
std::string canonicalObligationKey(const Obligation &ob, size_t maxBytes = size_t(1) << 16);

// Whether the property holds for every value of its variables by the powers
// of two its terms are multiples of (`(base + n * 256 * 4) % 32 == 0`), in
// the C++ semantics of each node's type; false: not shown this way. A
// variable the context defines (`v == e`, a tiling field the host computes
// as `blocks / cores * 16`) is a multiple of what its definition is.
bool provedByDivisibility(const Sym &property, const std::vector<Sym> &context = {});

// Solver::check through a memo of canonical keys. Kept: every verdict except
// an unknown that a clock or the file's spent budget cut short (the next copy
// may get further); an unknown from the query's own Z3 units is kept, since
// the same query gets the same units (lerp: 156 such queries, 2 s each, over
// 12 build configurations). The memo belongs to one Solver (one file).
Verdict checkMemoised(Solver &solver, const Obligation &ob);

} // namespace alint
