// nddma-params: an NDDMA copy's loop description is in range (AscendC
// NdDmaParams doc, hardware.md §2.5 / §3.6): each loopSize in [1, 2^20) — a
// zero-size loop copies nothing and is an error; loopSrcStride < 2^40 and
// loopDstStride < 2^20 elements; left/right padding <= 255 elements.
#include "rules/Checks.h"

namespace alint {

void NdDmaParamsCheck::run(CheckContext &ctx) const {
  if (!ctx.target.hasNdDma)
    return; // no NDDMA engine: path-illegal reports the copy itself
  for (const Op &op : ctx.kernel.ops) {
    if (!op.params.count("nddma") || !op.params.count("dim"))
      continue;
    int64_t dim = asConst(op.params.at("dim")).value_or(0);
    for (int64_t i = 0; i < dim; ++i) {
      std::string k = std::to_string(i);
      struct Limit {
        const char *param, *name;
        int64_t lo, hi; // inclusive lo, exclusive hi
      };
      const Limit limits[] = {{"size", "loopSize", 1, int64_t(1) << 20},
                              {"srcStride", "loopSrcStride", 0, int64_t(1) << 40},
                              {"dstStride", "loopDstStride", 0, int64_t(1) << 20},
                              {"lp", "loopLpSize", 0, 256},
                              {"rp", "loopRpSize", 0, 256}};
      for (const Limit &lim : limits) {
        auto it = op.params.find(lim.param + k);
        if (it == op.params.end())
          continue;
        Sym v = it->second;
        ProofItem item;
        item.ob.check = id();
        item.ob.property = mkAnd(mkCmp(SymOp::Ge, v, mkConst(lim.lo)), mkCmp(SymOp::Lt, v, mkConst(lim.hi)));
        item.ob.context = ctx.contextAt(op.cond, op.loops);
        item.ob.report = {{"v", v}};
        item.loc = op.loc;
        std::string what = std::string(lim.name) + "[" + k + "]", vs = toString(v);
        int64_t lo = lim.lo, hi = lim.hi;
        item.message = [what, vs, lo, hi](const Verdict &st) {
          if (st.status == Status::Unknown)
            return "NDDMA " + what + " = " + vs + ": range could not be checked: " + st.reason;
          auto r = st.reportValues.find("v");
          std::string val = r != st.reportValues.end() ? std::to_string(r->second) : vs;
          std::string rule = "must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + ")";
          if (lo == 1 && val == "0")
            rule = "the loop copies nothing (sizes must be at least 1)";
          return "NDDMA " + what + (st.status == Status::Violated ? " is " : " may be ") + val + ": " + rule;
        };
        ctx.prove(std::move(item));
      }
    }
  }
}

} // namespace alint
