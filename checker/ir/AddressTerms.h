// Two addresses compared without the terms they share. `base + f(t) < base +
// f(t')` is `f(t) < f(t')`, and `i * S * 4` against `(i + 1) * S * 4` is `0`
// against `S * 4`: overlap questions between two accesses (sync-race across
// loop iterations, sync-simt between threads) keep only what differs, and
// the products both sides carry (a tile index times a tiling-sized tile, a
// workspace base) no longer reach Z3. Sums, differences and products of
// 64-bit or mathematical values are expanded as exact integers: the checks'
// premise is that each access stays in its memory (bounds-local and
// bounds-global check that), and a 64-bit offset cannot wrap inside any
// memory; narrower computations stay whole unless checker/ir/WrapFree.h made
// them exact.
#pragma once

#include "checker/ir/SymExpr.h"

namespace alint {

// a and b rewritten without the terms they share (equal products with equal
// coefficients); unchanged when they share none or expanding them would
// take more than a few dozen terms.
void cancelCommonTerms(Sym &a, Sym &b);

} // namespace alint
