// uninit-read: every byte of UB/L1/L0 an instruction reads (a vector
// operand, the source of a copy-out or LoadData, an Mmad operand, GetValue)
// was written earlier on the same path; and every GM tensor an instruction
// touches was set up by SetGlobalBuffer. Local memory is not cleared between
// kernels or iterations: a byte no earlier write covered holds whatever the
// last kernel left there (msSanitizer's initcheck reports the same class;
// asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据搬运/DataCopy
// (dataBlock semantics: only the blockLen bytes of each block are moved),
// and real fixes that zero padding before a read: asc-devkit c7f5d1567,
// f5200e852).
//
// The proof, for one read region R of op r and a fresh byte index b:
//   b in R  =>  some earlier write W of the same iteration covers b,
// where "earlier" is program order and W's footprint is exact (strided
// copies by blocks, not their envelope). Writes that may also cover b but
// are not in that form (a loop R is not in, another iteration of a loop R
// is in, an unknown buffer, an inexact footprint) only make a failed proof
// `unknown`: the finding must rest on every write that could precede.
#include "rules/Checks.h"

#include <set>

namespace alint {

namespace {

// The bytes an op touches through one region, relative to the region's
// offset: [0, len), and with a period, only rel % period < block.
struct Foot {
  Sym len, period, block;
  bool exact = false; // the bytes are exactly these (else: writes: at least these; reads: not known)
  // A part of a write stated without the rounding that makes `len` and
  // `block` hard for Z3 (DataCopyPad's rows before their 32-byte padding):
  // [0, core), and with a period only rel % period < coreBlock. A read
  // within the rows is proved covered without the rounding.
  Sym core, coreBlock;
};

Sym paramOf(const Op &op, const char *n) {
  auto it = op.params.find(n);
  return it == op.params.end() ? nullptr : it->second;
}

Sym ceil32(const Sym &x) { return mulC(mkBin(SymOp::Div, addC(x, 31), mkConst(32), IntType::math()), 32); }

Foot footOf(const Op &op, const Region &rg) {
  Foot f;
  f.len = rg.lengthBytes;
  if (!f.len || op.params.count("overApprox"))
    return f;
  Sym bc = paramOf(op, "blockCount"), bl = paramOf(op, "blockLen");
  switch (op.kind) {
  case OpKind::ScalarRead:
  case OpKind::ScalarWrite:
  case OpKind::Cube: // Mmad operands: whole fractals, contiguous
    f.exact = true;
    break;
  case OpKind::Vector:
    // The count form is contiguous; a Compare mask's last byte is partial.
    // A SIMT thread's load: one element (api/SimtApi.cpp), read by every
    // thread. Its stores are not exact: the threads together write more
    // than the one thread the model follows.
    f.exact = (op.params.count("count") && !(op.api == "Compare" && rg.write)) ||
              (op.params.count("simt") && !rg.write) || op.params.count("regExact");
    break;
  case OpKind::DataCopy:
    if (op.params.count("count") || op.params.count("nddma") || op.params.count("ndNum")) {
      f.exact = op.params.count("count") > 0;
    } else if (bc && bl && op.params.count("unit:blocks")) {
      // DataCopyParams: blockCount blocks of blockLen x 32 bytes, stride x 32 bytes apart.
      Sym st = paramOf(op, rg.role == "src" ? "srcStride" : "dstStride");
      if (!st)
        break;
      f.period = mulC(toMath(add(bl, st)), 32);
      f.block = mulC(toMath(bl), 32);
      f.exact = true;
    } else if (bc && bl && op.api == "DataCopyPad" && !rg.global) {
      // DataCopyPad, the UB side: each block padded to 32 bytes, stride in
      // 32-byte blocks. A read takes blockLen bytes of each. A write fills
      // each block to 32 bytes: the paddings and dummy data are written too
      // (DataCopyPad（GMToUB非对齐数据搬运）.md: the hardware pads every
      // block, Compact mode the last one), so where the paddings were
      // followed the write is exactly the padded blocks (the frontend's
      // length); else at least blockLen bytes of each.
      Sym st = paramOf(op, rg.role == "src" ? "srcStride" : "dstStride");
      Sym lp = paramOf(op, "leftPadding"), rp = paramOf(op, "rightPadding");
      if (rg.write && (op.params.count("compact") || (lp && rp && !containsOpaque(lp) && !containsOpaque(rp)))) {
        f.exact = true; // f.len: the padded blocks and the gaps between them
        Sym nonEmpty = mkAnd(mkCmp(SymOp::Gt, toMath(bc), mkConst(0)), mkCmp(SymOp::Gt, toMath(bl), mkConst(0)));
        Sym eb = paramOf(op, "elemBytes"); // set with the paddings (api/DataCopyApi.cpp)
        if (op.params.count("compact"))
          f.core = mkSelect(nonEmpty, mul(toMath(bc), toMath(bl)), mkConst(0));
        else if (asConst(bc) == std::optional<int64_t>(1) && eb)
          f.core = mkSelect(nonEmpty, add(mul(lp, eb), toMath(bl)), mkConst(0));
        if (!op.params.count("compact") && asConst(bc) != std::optional<int64_t>(1)) {
          if (!st || !eb)
            return Foot{};
          Sym block = ceil32(add(toMath(bl), mul(add(lp, rp), eb)));
          f.period = add(block, mulC(toMath(st), 32));
          f.block = block;
          f.core = f.len;
          f.coreBlock = add(mul(lp, eb), toMath(bl));
        }
        break;
      }
      if (op.params.count("compact")) { // PaddingMode::Compact: back to back
        f.len = mkSelect(mkCmp(SymOp::Gt, toMath(bl), mkConst(0)), mul(toMath(bc), toMath(bl)), mkConst(0));
      } else if (asConst(bc) == std::optional<int64_t>(1)) {
        f.len = mkSelect(mkCmp(SymOp::Gt, toMath(bl), mkConst(0)), toMath(bl), mkConst(0));
      } else {
        if (!st)
          break;
        f.period = add(ceil32(toMath(bl)), mulC(toMath(st), 32));
        f.block = toMath(bl);
      }
      f.exact = !rg.write;
    }
    break;
  case OpKind::LoadData:
    if (rg.role == "src") {
      Sym sp = paramOf(op, "srcStride");
      auto ss = sp ? asConst(sp) : std::nullopt;
      if (ss && (*ss == 0 || *ss == 1)) {
        f.exact = true;
      } else if (ss && *ss > 1) {
        f.period = mkConst(*ss * 512);
        f.block = mkConst(512);
        f.exact = true;
      }
    } else if (rg.role == "dst") {
      auto dg = paramOf(op, "dstGap");
      f.exact = dg && asConst(dg) == std::optional<int64_t>(0);
    }
    break;
  default:
    break;
  }
  return f;
}

// Byte b (from the buffer slot's start) is in the footprint.
Sym covers(const Foot &f, const Region &rg, const Sym &b) {
  Sym rel = sub(b, rg.offsetBytes);
  Sym in = mkAnd(mkCmp(SymOp::Ge, rel, mkConst(0)), mkCmp(SymOp::Lt, rel, f.len));
  if (f.period)
    in = mkAnd(in, mkCmp(SymOp::Lt, mkBin(SymOp::Rem, rel, f.period, IntType::math()), f.block));
  if (f.core) {
    Sym part = mkAnd(mkCmp(SymOp::Ge, rel, mkConst(0)), mkCmp(SymOp::Lt, rel, f.core));
    if (f.period && f.coreBlock)
      part = mkAnd(part, mkCmp(SymOp::Lt, mkBin(SymOp::Rem, rel, f.period, IntType::math()), f.coreBlock));
    else if (f.period)
      part = mkBool(false);
    in = mkOr(part, in);
  }
  return in;
}

bool mentions(const Sym &s, const std::set<uint32_t> &vars) {
  if (!s)
    return false;
  if (containsOpaque(s))
    return true;
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(s, vs);
  for (auto &v : vs)
    if (vars.count(v->id))
      return true;
  return false;
}

// `t(i)` is recorded as a read, but `t(i) = v` stores through the reference it returns.
bool mayStore(const Op &op) {
  return op.api.size() > 12 && op.api.compare(op.api.size() - 12, 12, "::operator()") == 0;
}

void conjuncts(const Sym &s, std::vector<Sym> &out) {
  if (s && s->op == SymOp::LAnd) {
    for (const Sym &a : s->args)
      conjuncts(a, out);
  } else if (s) {
    out.push_back(s);
  }
}

// Whether w's path condition depends on the loop variables beyond what the
// read's condition also says (the loop-entry bounds both carry).
bool condVaries(const Sym &wc, const Sym &rc, const std::set<uint32_t> &vars) {
  std::vector<Sym> ws, rs;
  conjuncts(wc, ws);
  conjuncts(rc, rs);
  for (const Sym &c : ws) {
    if (!mentions(c, vars))
      continue;
    bool shared = false;
    for (const Sym &r : rs)
      shared |= structurallyEqual(c, r);
    if (!shared)
      return true;
  }
  return false;
}

// A tensor placed at a constant address (LocalMemAllocator, LocalTensor(pos,
// addr, size)) whose bytes no other buffer of its memory can share.
bool rawAlone(const KernelModel &k, const model::TargetSpec &t, const Buffer &b) {
  auto base = asConst(b.baseBytes), len = asConst(b.lenBytes);
  if (b.kind != Buffer::Kind::Raw || b.pool >= 0 || !base || !len)
    return false;
  for (const Buffer &o : k.buffers) {
    if (o.id == b.id || t.memoryOf(o.memPos) != t.memoryOf(b.memPos))
      continue;
    auto ob = asConst(o.baseBytes), ol = asConst(o.lenBytes);
    if (o.kind != Buffer::Kind::Raw || !ob || !ol || (*ob < *base + *len && *base < *ob + *ol))
      return false;
  }
  return true;
}

// The constant c with e = rest + c * v (rest not naming v), looked for
// through sums, differences, products by constants and casts; nothing when
// e has another shape. A guess for a witness only: what it gives is checked.
std::optional<int64_t> coefficientOf(const Sym &e, uint32_t v) {
  if (!e)
    return std::nullopt;
  switch (e->op) {
  case SymOp::Var:
    return e->var->id == v ? 1 : 0;
  case SymOp::Const:
    return 0;
  case SymOp::Cast:
    return coefficientOf(e->args[0], v);
  case SymOp::Add:
  case SymOp::Sub: {
    auto a = coefficientOf(e->args[0], v), b = coefficientOf(e->args[1], v);
    if (!a || !b)
      return std::nullopt;
    return e->op == SymOp::Add ? *a + *b : *a - *b;
  }
  case SymOp::Mul: {
    auto ka = asConst(toMath(e->args[0])), kb = asConst(toMath(e->args[1]));
    auto a = coefficientOf(e->args[0], v), b = coefficientOf(e->args[1], v);
    if (kb && a)
      return *a * *kb;
    if (ka && b)
      return *b * *ka;
    if (a == std::optional<int64_t>(0) && b == std::optional<int64_t>(0))
      return 0;
    return std::nullopt;
  }
  default: {
    std::vector<std::shared_ptr<const VarInfo>> vs;
    collectVars(e, vs);
    for (auto &x : vs)
      if (x->id == v)
        return std::nullopt;
    return 0;
  }
  }
}

// Whether every Cast in `e` keeps its operand's value (no wrap), with the
// variables in `bounds` (the loop counter) there and the others anywhere in
// their types.
bool castsKeepValues(const Sym &e, const VarBounds &bounds) {
  if (!e)
    return true;
  if (e->op == SymOp::Cast && !e->args.empty()) {
    Interval in = intervalOf(e->args[0], &bounds);
    if (!e->type.isBool && e->type.bits != 0 &&
        (in.lo < (__int128)e->type.minValue() || in.hi > (__int128)e->type.maxValue()))
      return false;
  }
  for (const Sym &a : e->args)
    if (!castsKeepValues(a, bounds))
      return false;
  return true;
}

// Whether `e` holds only values the same in every iteration (besides the
// counter): no opaque value, no value a loop-carried scalar takes in some
// iteration.
bool iterationInvariantBesides(const Sym &e, uint32_t iv) {
  if (!e)
    return true;
  if (containsOpaque(e))
    return false;
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(e, vs);
  for (auto &v : vs)
    if (v->id != iv && v->choice != VarInfo::Choice::None)
      return false;
  return true;
}

// Write W of `wo`, which runs in exactly one loop L more than the read (its
// loops past the `shared` prefix), covers byte b in some iteration of L:
// the iteration j = lo + (b - start(lo)) / stride, with the write's
// condition and footprint at counter j. Null when L's iterations may not
// all run (an early exit, no bound, a step other than 1) or the write's
// start does not move by a constant stride.
//
// `*exact` says whether the witness is the only iteration that can cover
// b, so that "not covered by it" means "not written by the loop": the
// write is one contiguous stretch per iteration, no longer than the stride
// (the iterations' stretches are disjoint and in order: one starting at or
// before b and ending past it can only be iteration j), its start is affine
// in the counter without a wrap, and its start, length and condition hold
// no value that differs between iterations other than the counter.
// (asc-devkit ld_st_reg_align: a VF loop's masked StoreAlign of
// min(VL, n - i * VL) elements at i * VL leaves the tail past n unwritten.)
Sym coveredByLoopBefore(const KernelModel &k, const Op &wo, const Region &W, size_t shared, const Sym &b, bool *exact) {
  if (exact)
    *exact = false;
  if (wo.loops.size() != shared + 1)
    return nullptr;
  int li = wo.loops[shared];
  if (li < 0 || li >= int(k.loops.size()))
    return nullptr;
  const Loop &L = k.loops[li];
  if (!L.var || !L.lo || !L.hi || L.exitsEarly || asConst(L.step) != std::optional<int64_t>(1) ||
      L.var->op != SymOp::Var)
    return nullptr;
  const uint32_t iv = L.var->var->id;
  Foot wf = footOf(wo, W);
  if (!W.offsetBytes || !wf.len || !wf.exact) // (ops-math stateless_random_normal_v2: a write with no length)
    return nullptr;
  auto stride = coefficientOf(W.offsetBytes, iv);
  if (!stride || *stride <= 0)
    return nullptr;
  auto at = [&](const Sym &s, const Sym &j) -> Sym {
    return s ? substitute(s, [&](const VarInfo &x) -> Sym { return x.id == iv ? j : nullptr; }) : nullptr;
  };
  Sym lo = toMath(L.lo), hi = toMath(L.hi);
  Sym start0 = toMath(at(W.offsetBytes, L.lo));
  Sym j = add(lo, mkBin(SymOp::Div, sub(b, start0), mkConst(*stride), IntType::math()));
  Sym inRange = mkAnd(mkCmp(SymOp::Le, lo, j), mkCmp(SymOp::Lt, j, hi));
  Region Wj = W;
  Wj.offsetBytes = at(W.offsetBytes, j);
  Foot fj = wf;
  fj.len = at(wf.len, j);
  if (fj.period)
    fj.period = at(wf.period, j);
  if (fj.block)
    fj.block = at(wf.block, j);
  if (fj.core)
    fj.core = at(wf.core, j);
  if (fj.coreBlock)
    fj.coreBlock = at(wf.coreBlock, j);
  Sym cond = wo.cond ? at(wo.cond, j) : mkBool(true);
  if (exact && !wf.period && !wf.block && iterationInvariantBesides(W.offsetBytes, iv) &&
      iterationInvariantBesides(wf.len, iv) && iterationInvariantBesides(wo.cond, iv)) {
    // The counter's range, where the loop's bounds are constants.
    VarBounds bounds;
    auto clo = asConst(lo), chi = asConst(hi);
    if (clo && chi && *clo < *chi)
      bounds[iv] = Interval{*clo, (__int128)*chi - 1};
    // Every iteration's stretch is at most one stride long.
    Interval len = intervalOf(toMath(wf.len), &bounds);
    *exact = len.hi <= *stride && castsKeepValues(W.offsetBytes, bounds);
  }
  return mkAnd(mkAnd(inRange, cond), covers(fj, Wj, b));
}

} // namespace

void UninitReadCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  // SetGlobalBuffer calls the frontend could not run may have set any GM
  // tensor: named ones, and those inside code that does not compile (an
  // `Init` whose call has a type error: ops-math broadcast_to, a correct
  // kernel that got "used before any SetGlobalBuffer").
  bool gmSetUnknown = false;
  for (const Op &op : k.ops)
    if (op.kind == OpKind::Unmodelled &&
        (op.api.find("SetGlobalBuffer") != std::string::npos ||
         op.unknownReason.find("SetGlobalBuffer") != std::string::npos || op.api == "<does not compile>" ||
         op.unknownReason.find("does not compile") != std::string::npos ||
         op.unknownReason.find("did not instantiate") != std::string::npos))
      gmSetUnknown = true;
  auto memOf = [&](int b) { return ctx.target.memoryOf(k.buffers[b].memPos); };
  auto trackable = [&](const Buffer &b) {
    return ((b.kind == Buffer::Kind::Queue || b.kind == Buffer::Kind::TBuf) && b.pool < 0) || b.compilerObject ||
           rawAlone(k, ctx.target, b);
  };
  const std::vector<std::optional<CoreType>> cores = opCores(k, ctx.target);
  // A store the frontend did not follow (through a raw pointer) may have
  // written any local memory.
  std::string lostStore;
  for (const UnknownNote &u : k.unknowns)
    if (lostStore.empty() && u.reason.rfind("assignment to '", 0) == 0)
      lostStore = u.reason + " (line " + std::to_string(u.loc.line) + ")";

  // A LocalTensor default-constructed on some path and used: that path must
  // not reach the use (`LocalTensor<T> t; if (n > 0) t = q.DeQue<T>();`
  // then a use inside `for (i = 0; i < n; ++i)`).
  for (const KernelModel::UnsetTensorUse &u : k.unsetTensorUses) {
    ProofItem item;
    item.ob.check = id();
    item.loc = u.loc;
    item.ob.property = mkBool(false);
    item.ob.context = ctx.contextAt(u.cond, u.loops);
    std::string name = u.name;
    const bool tmp = u.tmpBuffer;
    // An empty temporary buffer is fine where the API needs no space (the
    // minimum its Get...TmpSize gives is 0: asc-devkit's advanced-math
    // examples get the buffer only when the host's minimum is positive): a
    // warning, never an error.
    if (tmp)
      item.worst = Status::Counterexample;
    item.message = [name, tmp](const Verdict &v) {
      if (v.status == Status::Unknown)
        return "whether LocalTensor '" + name + "' is assigned before this use could not be proved: " + v.reason;
      if (tmp)
        return "LocalTensor '" + name +
               "' is passed as the temporary buffer on a path where nothing was assigned to it (no buffer): "
               "correct only if the API needs no temporary space there";
      return "LocalTensor '" + name +
             "' is used on a path where nothing was assigned to it (default-constructed: " + "no buffer)";
    };
    item.hint = tmp ? "give the API a buffer of at least its minimum temporary size (Get...MaxMinTmpSize) on every "
                      "path, or call the overload without a temporary buffer"
                    : "assign the tensor (AllocTensor, DeQue, Get) on every path that reaches this use";
    ctx.prove(std::move(item));
  }

  for (size_t r = 0; r < k.ops.size(); ++r) {
    const Op &op = k.ops[r];
    if (!accessesMemory(op.kind))
      continue;
    if (ctx.outOfTime(id(), op.loc)) // each read looks at every write: quadratic
      break;
    for (const Region &R : op.regions) {
      if (R.global) {
        if (R.bufferId != -2) // -2: a GlobalTensor no SetGlobalBuffer reached
          continue;
        ProofItem item;
        item.ob.check = id();
        item.loc = op.loc;
        item.ob.property = mkBool(false);
        item.ob.context = ctx.contextAt(op.cond, op.loops);
        if (gmSetUnknown)
          item.ob.unknownReason = "a SetGlobalBuffer call was not followed";
        std::string what = op.api + " " + R.role;
        item.message = [what](const Verdict &v) {
          if (v.status == Status::Unknown)
            return "the GM tensor of " + what + " may not be set up: " + v.reason;
          return "the GM tensor of " + what + " is used before any SetGlobalBuffer: its address is not set";
        };
        item.hint = "call SetGlobalBuffer on the GlobalTensor (in Init) before copying to or from it";
        ctx.prove(std::move(item));
        continue;
      }
      if (R.write)
        continue;
      ProofItem item;
      item.ob.check = id();
      item.loc = op.loc;
      item.ob.property = mkBool(true);
      std::string what = op.api + " " + R.role;
      Foot rf;
      if (R.bufferId < 0 || R.bufferId >= int(k.buffers.size()))
        item.ob.unknownReason = "the buffer of " + what + " is not known";
      else if (!trackable(k.buffers[R.bufferId]))
        item.ob.unknownReason = "initialisation of '" + k.buffers[R.bufferId].name +
                                "' is not tracked (a pool, a raw address or a CCE memory operand)";
      else if (mayStore(op))
        item.ob.unknownReason = "'" + op.api + "' may be a store";
      else if (!(rf = footOf(op, R)).exact)
        item.ob.unknownReason =
            R.lengthBytes ? "the bytes " + what + " reads are not modelled exactly"
                          : (op.unknownReason.empty() ? "extent of " + what + " is not modelled" : op.unknownReason);
      if (!item.ob.unknownReason.empty()) {
        item.message = [what](const Verdict &v) { return what + ": initialisation could not be checked: " + v.reason; };
        ctx.prove(std::move(item));
        continue;
      }
      const Buffer &B = k.buffers[R.bufferId];
      what += " in '" + B.name + "'";
      auto mem = memOf(R.bufferId);
      bool oneSlot = asConst(B.num) == std::optional<int64_t>(1);
      Sym b = mkVar("byte", IntType::math(), VarRole::Internal);
      std::vector<Sym> alts;
      std::string other; // a write that may cover b in a way the proof does not use
      std::vector<Related> related;
      bool stopped = false;
      for (size_t w = 0; w < k.ops.size(); ++w) {
        // The clock, also within one read (thousands of writes): a read
        // with only some of its writes would be a false finding, so it is
        // dropped whole, and the check's one unknown obligation says so.
        if ((w & 255) == 255 && ctx.outOfTime(id(), op.loc)) {
          stopped = true;
          break;
        }
        const Op &wo = k.ops[w];
        // loops w shares with r: the prefix both run in
        size_t shared = 0;
        while (shared < wo.loops.size() && shared < op.loops.size() && wo.loops[shared] == op.loops[shared])
          ++shared;
        bool before = w < r;
        if (!before && shared == 0)
          continue; // runs after the read
        // (A synchronising call without a definition is kept in the model
        // only for the race check; its arguments' effects are the
        // frontend's: api/../Interpreter.cpp inlineInto.)
        if (wo.kind == OpKind::Unmodelled && wo.regions.empty() && wo.unknownReason.rfind("call to '", 0) == 0)
          continue;
        if (wo.kind == OpKind::Unmodelled && wo.regions.empty()) {
          // a call the frontend did not follow (asc_vf_call, ...) may store through raw addresses
          other = wo.api + " (line " + std::to_string(wo.loc.line) + "), a call that was not followed";
          continue;
        }
        for (const Region &W : wo.regions) {
          if ((!W.write && !mayStore(wo)) || W.global)
            continue;
          bool sameBuf = W.bufferId == R.bufferId;
          // Another InitBuffer of the same queue (a re-initialisation, the
          // other core's view of shared L1) or a later TPipe epoch may lay
          // other memory over the same bytes.
          bool alias = W.bufferId < 0 || W.bufferId >= int(k.buffers.size()) ||
                       (!sameBuf && memOf(W.bufferId) == mem &&
                        (!trackable(k.buffers[W.bufferId]) || k.buffers[W.bufferId].name == B.name ||
                         k.buffers[W.bufferId].epoch != B.epoch));
          if (!sameBuf && !alias)
            continue;
          std::string here = wo.api + " " + W.role + " (line " + std::to_string(wo.loc.line) + ")";
          if (alias) {
            other = here + " writes memory that may alias it";
            continue;
          }
          Foot wf = footOf(wo, W);
          if (cores[w] && cores[r] && *cores[w] != *cores[r]) {
            other = here + " on the other core type";
            continue;
          }
          if (mayStore(wo)) {
            other = here + ", which may store through the reference it returns";
            continue;
          }
          if (!before) {
            other = here + " in an earlier iteration of the loop";
            continue;
          }
          if (wo.loops.size() != shared) {
            // A loop before the read that writes one stretch per counter
            // value (`for (i = 0; i < n; ++i) a[i] = ...`): byte b is
            // covered if the iteration whose stretch starts at or before it
            // wrote it. That iteration is a witness for Z3 to check; a
            // failure is a finding only where the stretches are disjoint
            // (coveredByLoopBefore's `exact`), else `unknown`.
            bool exact = false;
            // Another queue slot than the read's is other memory.
            const bool sameSlot = oneSlot || !W.slot || !R.slot || structurallyEqual(W.slot, R.slot);
            Sym alt = coveredByLoopBefore(k, wo, W, shared, b, &exact);
            if (alt && sameSlot && wf.len && wf.exact && !mayStore(wo)) {
              alts.push_back(alt);
              if (related.size() < 3)
                related.push_back({wo.loc, "written here by " + wo.api + " " + W.role + " (in a loop)"});
            } else {
              exact = false;
            }
            if (!exact)
              other = here + " in a loop the read is not in";
            continue;
          }
          std::set<uint32_t> loopVars;
          for (size_t s = 0; s < shared; ++s)
            if (wo.loops[s] >= 0 && wo.loops[s] < int(k.loops.size()) && k.loops[wo.loops[s]].var) {
              std::vector<std::shared_ptr<const VarInfo>> vs;
              collectVars(k.loops[wo.loops[s]].var, vs);
              for (auto &v : vs)
                loopVars.insert(v->id);
            }
          if (shared && (mentions(W.offsetBytes, loopVars) || mentions(wf.len, loopVars) ||
                         condVaries(wo.cond, op.cond, loopVars) || mentions(wf.period, loopVars))) {
            // Other iterations may write other bytes: coverage from them is
            // not looked for, so a failure stays `unknown`. The same
            // iteration's write (the same counter) still proves the read
            // covered: copy in a tail-length tile, compute on it.
            other = here + ", which writes other bytes in other iterations";
          }
          Sym slotEq = mkBool(true);
          if (W.slot && R.slot && !structurallyEqual(W.slot, R.slot)) {
            if (!oneSlot) {
              other = here + " on another queue slot";
              continue;
            }
            slotEq = mkCmp(SymOp::Eq, toMath(W.slot), toMath(R.slot));
          }
          if (!wf.len) {
            other = here + ", whose extent is not modelled";
            continue;
          }
          if (!wf.exact)
            other = here + ", which may write more than modelled";
          alts.push_back(mkAnd(mkAnd(wo.cond ? wo.cond : mkBool(true), slotEq), covers(wf, W, b)));
          if (related.size() < 3)
            related.push_back({wo.loc, "written here by " + wo.api + " " + W.role});
        }
      }
      if (stopped)
        break; // and the loop over reads stops at its next poll
      Sym any = mkBool(false);
      for (const Sym &a : alts)
        any = mkOr(any, a);
      item.ob.property = mkOr(mkNot(covers(rf, R, b)), any);
      item.ob.context = ctx.contextAt(op.cond, op.loops);
      item.ob.report = {{"byte", b}};
      if (!other.empty() || !lostStore.empty()) {
        item.worst = Status::Unknown;
        item.capReason = !other.empty() ? "the bytes may be written by " + other : lostStore;
      } else if (op.params.count("regReadsMore")) {
        // A register load reads a whole register (or a 32-byte block); the
        // lanes past the data may be masked off by every use.
        item.worst = Status::Unknown;
        item.capReason = "the register " + op.api +
                         " fills may hold lanes past the written data, which its users "
                         "may mask off";
      }
      item.related = related;
      bool none = alts.empty();
      item.message = [what, none](const Verdict &v) {
        if (v.status == Status::Unknown)
          return what + ": initialisation could not be proved: " + v.reason;
        auto it = v.reportValues.find("byte");
        std::string at = it != v.reportValues.end() ? " (byte " + std::to_string(it->second) + ")" : "";
        if (none)
          return what + " reads memory nothing wrote before" + at;
        return what + (v.status == Status::Violated ? " reads" : " may read") + " bytes no earlier write covered" + at;
      };
      item.hint = "write every byte the instruction reads first (copy it in, or Duplicate a value into the "
                  "padding), or shorten the read";
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
