// GM offsets without the wrap-arounds param-range rules out: each narrow
// computation kernel code does (a WrapSite: `progress * tileLength` in
// uint32_t) is replaced by its exact value. Where param-range's checks hold,
// the two are equal; checks that compare two GM accesses (sync-race,
// sync-crosscore) use the exact form, so a wrap is reported once, at the
// computation, and Z3 is spared the modulo.
#pragma once

#include "checker/ir/KernelModel.h"

#include <unordered_map>
#include <vector>

namespace alint {

class WrapFreeOffsets {
public:
  explicit WrapFreeOffsets(const KernelModel &k);
  // s with every wrap site in it exact; null when it has none (or s is null).
  Sym operator()(const Sym &s);
  // The same, s itself when it has none.
  Sym orSelf(const Sym &s) {
    Sym e = (*this)(s);
    return e ? e : s;
  }

private:
  // The sites by node, then every rewrite (the memo of substitute), keyed by
  // nodes `keep` holds alive.
  std::unordered_map<const SymNode *, Sym> memo_;
  std::vector<Sym> keep_;
};

} // namespace alint
