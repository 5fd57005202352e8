#include "checker/ir/WrapFree.h"

namespace alint {

static Sym keepVars(const VarInfo &) { return nullptr; }

WrapFreeOffsets::WrapFreeOffsets(const KernelModel &k) {
  // In the order the frontend noted them, inner computations first: an
  // outer site's exact value has its inner sites exact too.
  for (const WrapSite &w : k.wrapSites)
    if (Sym e = exactValueOf(w)) {
      keep_.push_back(e); // the memo's keys below are its nodes
      e = substitute(e, keepVars, memo_);
      keep_.push_back(w.node);
      memo_.emplace(w.node.get(), e);
    }
}

Sym WrapFreeOffsets::operator()(const Sym &s) {
  if (!s || memo_.empty())
    return nullptr;
  keep_.push_back(s);
  Sym r = substitute(s, keepVars, memo_);
  return r.get() == s.get() ? nullptr : r;
}

} // namespace alint
