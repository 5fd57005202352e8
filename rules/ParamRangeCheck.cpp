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
#include <functional>
#include <unordered_map>

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
// Fields whose documented values are multiples of a constant.
struct DocMultiple {
  const char *record, *field;
  int64_t multiple;
  const char *rule;
};
const DocMultiple kDocMultiples[] = {
    // asc-devkit docs/zh/api/SIMD-API/高阶API/归一化操作/WelfordFinalize.md, 约束说明:
    // "接口参数para.abLength的取值必须为32/sizeof(float)的整数倍".
    {"WelfordFinalizePara", "abLength", 8, "WelfordFinalize reads whole 32-byte blocks of floats"},
};
} // namespace

// GM offsets computed in, or held in, an integer of at most 32 bits
// (WrapSite): `uint32_t ind = progress * tileLength; DataCopy(x, xGm[ind],
// n)` addresses the wrong part of a tensor above 2^32 elements, and the fix is
// at the computation (a 64-bit type), not at the copy. Each such computation
// an access's GM offset depends on must not wrap, for every input the access
// is reached with; the finding is at the computation, the access related.
static void checkWrappedOffsets(CheckContext &ctx, const char *checkId) {
  const KernelModel &k = ctx.kernel;
  // Past the frontend's limit (a loop re-evaluating its body thousands of
  // times) narrow results are not recorded: a GM offset computed from one
  // is not checked for a wrap, and says so.
  if (k.wrapSitesDropped) {
    ProofItem item;
    item.ob.check = checkId;
    item.ob.property = mkBool(true);
    item.ob.unknownReason = std::to_string(k.wrapSitesDropped) +
                            " narrow-integer results past the frontend's limit were not recorded; GM offsets computed "
                            "from them are not checked for wrapping";
    item.loc = k.loc;
    item.group = "wrap:dropped";
    item.message = [](const Verdict &v) { return "GM offsets not checked for wrapping: " + v.reason; };
    ctx.prove(std::move(item));
  }
  if (k.wrapSites.empty())
    return;
  std::unordered_map<const SymNode *, size_t> siteOf;
  for (size_t i = 0; i < k.wrapSites.size(); ++i)
    siteOf.emplace(k.wrapSites[i].node.get(), i);
  // The sites an expression depends on (memoised over the DAG).
  std::unordered_map<const SymNode *, std::vector<size_t>> memo;
  std::function<const std::vector<size_t> &(const Sym &)> sitesIn = [&](const Sym &s) -> const std::vector<size_t> & {
    auto it = memo.find(s.get());
    if (it != memo.end())
      return it->second;
    std::vector<size_t> out;
    if (auto f = siteOf.find(s.get()); f != siteOf.end())
      out.push_back(f->second);
    for (const Sym &a : s->args)
      for (size_t x : sitesIn(a))
        if (std::find(out.begin(), out.end(), x) == out.end())
          out.push_back(x);
    return memo.emplace(s.get(), std::move(out)).first->second;
  };
  // Where a site sits in an arm of a select (`n > 0 ? n - 1 : 0`), its value
  // reaches the offset only when that arm is chosen: the guard of each site,
  // the disjunction over the paths to it. Walked as a tree up to a bound of
  // visits; past it, every site's guard is `true` (asked everywhere).
  auto siteGuards = [&](const Sym &offset) {
    std::map<size_t, Sym> guards;
    size_t visits = 0;
    bool overflow = false;
    std::function<void(const Sym &, const Sym &)> walk = [&](const Sym &s, const Sym &g) {
      if (overflow || ++visits > 20000) {
        overflow = true;
        return;
      }
      if (sitesIn(s).empty())
        return;
      if (auto f = siteOf.find(s.get()); f != siteOf.end()) {
        Sym &acc = guards[f->second];
        acc = acc ? mkOr(acc, g) : g;
      }
      if (s->op == SymOp::Select && s->args.size() == 3) {
        walk(s->args[0], g);
        walk(s->args[1], mkAnd(g, s->args[0]));
        walk(s->args[2], mkAnd(g, mkNot(s->args[0])));
        return;
      }
      for (const Sym &a : s->args)
        walk(a, g);
    };
    walk(offset, mkBool(true));
    if (overflow)
      guards.clear();
    return guards;
  };
  for (const Op &op : k.ops) {
    for (const Region &r : op.regions) {
      if (!r.global || !r.offsetBytes)
        continue;
      const std::map<size_t, Sym> guards = siteGuards(r.offsetBytes);
      for (size_t si : sitesIn(r.offsetBytes)) {
        const WrapSite &w = k.wrapSites[si];
        const Sym &n = w.node;
        Sym exact = exactValueOf(w);
        std::string notChecked;
        if (!exact) { // a shift by a computed amount: its exact value is not modelled
          auto sh = asConst(n->args[1]);
          notChecked = "a shift by " + (sh ? std::to_string(*sh) : std::string("an amount that is not a constant")) +
                       " is not modelled";
        }
        const IntType t = n->type;
        const int64_t lo = t.minValue(), hi = int64_t(t.maxValue());
        ProofItem item;
        item.ob.check = checkId;
        if (exact) {
          item.ob.property = mkAnd(mkCmp(SymOp::Ge, exact, mkConst(lo)), mkCmp(SymOp::Le, exact, mkConst(hi)));
          if (auto g = guards.find(si); g != guards.end() && !isTrue(g->second))
            item.ob.property = mkOr(mkNot(g->second), item.ob.property);
        } else {
          exact = toMath(n);
          item.ob.property = mkBool(true);
          item.ob.unknownReason = notChecked;
        }
        item.ob.context = ctx.contextAt(op.cond, op.loops);
        item.ob.report = {{"v", exact}};
        item.loc = w.loc;
        // One finding per computation, whichever access reaches it.
        item.group = "wrap:" + std::to_string(w.loc.line) + ":" + std::to_string(w.loc.column) + ":" + w.loc.file;
        std::string es = toString(exact), how = w.how, api = op.api;
        std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
        // The value is in the message only where it is the same for every
        // input (violated): the same computation's counterexamples in
        // several build variants are then one finding, the variants listed.
        item.message = [es, how, api, range](const Verdict &v) {
          if (v.status == Status::Unknown)
            return "GM offset " + es + " (" + how + ", used by " + api +
                   "): whether it wraps could not be checked: " + v.reason;
          if (v.status == Status::Violated) {
            auto r = v.reportValues.find("v");
            std::string val = r != v.reportValues.end() ? std::to_string(r->second) : es;
            return "GM offset " + es + " is " + val + ", " + how + " " + range + ": it wraps, and " + api +
                   " addresses the wrong part of the tensor";
          }
          return "GM offset " + es + ", " + how + ", may leave its range " + range + " and wrap: " + api +
                 " then addresses the wrong part of the tensor";
        };
        item.related.push_back({op.loc, "the GM access whose offset it is: " + op.api});
        item.hint = "compute the offset in a 64-bit type (uint64_t / int64_t)";
        ctx.prove(std::move(item));
      }
    }
  }
}

// A field whose documented values are multiples of a constant
// (kDocMultiples): each value stored into it must be one.
static void checkDocMultiples(CheckContext &ctx, const ParamStore &ps, const char *checkId) {
  for (const DocMultiple &d : kDocMultiples) {
    if (ps.record != d.record || ps.field != d.field)
      continue;
    ProofItem item;
    item.ob.check = checkId;
    item.ob.property = mkCmp(SymOp::Eq, mkBin(SymOp::Rem, ps.value, mkConst(d.multiple), IntType::math()), mkConst(0));
    item.ob.context = ctx.contextAt(ps.cond, ps.loops);
    item.ob.report = {{"v", ps.value}};
    item.loc = ps.loc;
    std::string what = ps.record + "." + ps.field, vs = toString(ps.value), rule = d.rule;
    int64_t m = d.multiple;
    item.message = [what, vs, m, rule](const Verdict &st) {
      if (st.status == Status::Unknown)
        return what + " = " + vs + ": whether it is a multiple of " + std::to_string(m) +
               " could not be checked: " + st.reason;
      auto r = st.reportValues.find("v");
      std::string val = r != st.reportValues.end() ? std::to_string(r->second) : vs;
      return what + (st.status == Status::Violated ? " is " : " may be ") + val +
             ": the documented value is a multiple of " + std::to_string(m) + " (" + rule + ")";
    };
    item.hint = "round the length up to a multiple of " + std::to_string(m) +
                " and size the buffers it covers for that many elements";
    ctx.prove(std::move(item));
  }
}

void ParamRangeCheck::run(CheckContext &ctx) const {
  for (const ParamStore &ps : ctx.kernel.paramStores) {
    checkDocMultiples(ctx, ps, id());
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
  checkWrappedOffsets(ctx, id());
}

} // namespace alint
