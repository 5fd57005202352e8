// param-range: a value the kernel computes in 32/64 bits and stores into a
// narrow field of an AscendC parameter struct (uint16_t blockCount/blockLen/
// strides, uint8_t repeatTimes) or passes to a narrow API parameter must fit
// the field: otherwise it wraps and the instruction moves or computes a
// different shape. Documented maxima below the type's range are proved too:
// blockCount <= 4095 and DataCopyExtParams::blockLen <= 2097151 bytes
// (asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据搬运/
// DataCopy（GM与UB高维切分数据搬运）.md and DataCopyPad（GMToUB非对齐数据搬运）.md).
#include "rules/Checks.h"

#include <algorithm>
#include <cstring>

namespace alint {

namespace {
struct DocLimit {
  const char *record, *field;
  int64_t max;
};
const DocLimit kDocLimits[] = {
    {"DataCopyParams", "blockCount", 4095},
    {"DataCopyExtParams", "blockCount", 4095},
    {"DataCopyExtParams", "blockLen", 2097151},
};
} // namespace

void ParamRangeCheck::run(CheckContext &ctx) const {
  for (const ParamStore &ps : ctx.kernel.paramStores) {
    int64_t lo = ps.type.minValue();
    int64_t hi = ps.type.maxValue() > uint64_t(INT64_MAX) ? INT64_MAX : int64_t(ps.type.maxValue());
    // A value that wrapped in a narrower kernel variable on its way must
    // have fitted that variable's type too.
    std::string held;
    if (ps.heldIn && (ps.heldIn->minValue() > lo || ps.heldIn->maxValue() < uint64_t(hi))) {
      lo = std::max(lo, ps.heldIn->minValue());
      hi = std::min(hi, int64_t(std::min(ps.heldIn->maxValue(), uint64_t(INT64_MAX))));
      held = ps.heldIn->name();
    }
    bool documented = false;
    for (const DocLimit &d : kDocLimits)
      if (ps.record == d.record && ps.field == d.field && d.max < hi) {
        hi = d.max;
        documented = true;
      }
    // A value of the field's own type fits it by construction.
    if (!ps.narrowed && !documented)
      continue;
    ProofItem item;
    item.ob.check = id();
    item.ob.property = mkAnd(mkCmp(SymOp::Ge, ps.value, mkConst(lo)), mkCmp(SymOp::Le, ps.value, mkConst(hi)));
    item.ob.context = ctx.contextAt(ps.cond, ps.loops);
    item.ob.report = {{"v", ps.value}};
    item.loc = ps.loc;
    std::string what = ps.record + "." + ps.field, vs = toString(ps.value), ty = ps.type.name();
    item.message = [what, vs, lo, hi, ty, held, documented](const Verdict &st) {
      if (st.status == Status::Unknown)
        return what + " = " + vs + ": range could not be checked: " + st.reason;
      auto r = st.reportValues.find("v");
      std::string val = r != st.reportValues.end() ? std::to_string(r->second) : vs;
      std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
      std::string rule = documented      ? "the documented range is " + range
                         : !held.empty() ? "it wraps in the " + held + " variable that carries it to the call " + range
                                         : "it wraps in the field's type " + ty + " " + range;
      std::string expr = vs == val ? "" : " (" + vs + ")";
      return what + (st.status == Status::Violated ? " is " : " may be ") + val + expr + ": " + rule;
    };
    ctx.prove(std::move(item));
  }
}

} // namespace alint
