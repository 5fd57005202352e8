// capacity-overflow: the buffers TPipe::InitBuffer places in one physical
// memory (queue depth x length, TBuf length; each length rounded up to 32
// bytes as TPipe does, asc-devkit impl/basic_api/kernel_tpipe_impl.h:279)
// fit the memory's usable size on the target, for every admissible value.
// On a target with SIMT (950), a kernel whose launch leaves part of UB to the
// SIMT Data Cache (--simt-dcache / SimtDCache) has that much less UB for its
// buffers; a Data Cache below the target's minimum fails the launch check
// (asc-devkit SIMD/SIMT 编程模型 "UB划分"; target field "simt"). A kernel
// that is not mixed cube+vector may use the bytes AscendC reserves for mixed
// kernels only (910B UB: 192 KiB, not 192 KiB - 256; model::allocatableBytes).
#include "rules/Checks.h"

#include "checker/model/Simulator.h"

#include <set>
#include <sstream>

namespace alint {

std::string bytesText(int64_t b) {
  std::ostringstream os;
  os << b << " bytes";
  if (b >= 1024) {
    os << " (";
    if (b % 1024 == 0)
      os << b / 1024 << " KiB";
    else
      os << double(b) / 1024.0 << " KiB";
    os << ")";
  }
  return os.str();
}

Sym slotBytes(const Buffer &b) {
  if (b.kind == Buffer::Kind::Raw) // placed by address: exactly tileSize elements
    return b.lenBytes;
  return mul(mkBin(SymOp::Div, addC(b.lenBytes, 31), mkConst(32), IntType::math()), mkConst(32));
}

std::string locText(const SourceLoc &l) {
  return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
}

// The Matmul high-level API allocates L1/L0/BT buffers from the kernel's
// pipe at Init; the frontend records them as buffers when it can derive them
// from the tiling (api/MatmulApi.cpp, KernelModel::matmuls). Why the cube
// memories cannot be decided otherwise: an Init whose buffers were not
// derived, or Matmul calls with no Init seen at all. Empty: they can.
static std::string matmulUnknown(const KernelModel &k) {
  for (const MatmulObj &m : k.matmuls)
    if (!m.unknownReason.empty())
      return m.unknownReason;
  bool init = !k.matmuls.empty(), calls = false;
  for (const Op &op : k.ops) {
    calls |= op.kind == OpKind::Unmodelled && op.unknownReason.find("Matmul") != std::string::npos;
  }
  return calls && !init ? "the Matmul high-level API allocates from its tiling, and no Init with a tiling was followed"
                        : "";
}

static void rawBuffers(CheckContext &ctx, const std::string &check);

void CapacityOverflowCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  std::string matmulWhy = matmulUnknown(k);
  bool matmul = !matmulWhy.empty();
  std::set<int> epochs;
  for (const Buffer &b : k.buffers)
    epochs.insert(b.epoch);
  if (epochs.empty())
    epochs.insert(0);
  // The UB the SIMT Data Cache takes (0 without SIMT or on a chip without it).
  uint64_t dcache = t.simt && k.simtDCacheBytes ? *k.simtDCacheBytes : 0;
  if (t.simt && k.simtDCacheBytes && dcache < t.simt->dcacheMinBytes) {
    Diagnostic d;
    d.check = id();
    d.severity = Severity::Error;
    d.status = Status::Violated;
    d.loc = k.loc;
    d.message = "the launch leaves " + bytesText(int64_t(dcache)) + " of UB to the SIMT Data Cache but " + t.name +
                " needs at least " + bytesText(int64_t(t.simt->dcacheMinBytes)) + ": the launch fails its check";
    d.hint = "lower the static and dynamic UB (dyn_ub_size) of the launch and raise --simt-dcache to match";
    ctx.report(std::move(d));
  }
  for (int epoch : epochs)
    for (const auto &[mem, spec] : t.memories) {
      if (mem == Mem::GM || !spec.allocatable || spec.usableBytes == 0)
        continue;
      // Buffers live together from their InitBuffer until TPipe::Destroy/Reset.
      std::vector<const Buffer *> bufs;
      for (const Buffer &b : k.buffers)
        if (b.epoch == epoch && b.pool < 0 && b.kind != Buffer::Kind::Raw && b.kind != Buffer::Kind::Memory &&
            t.memoryOf(b.memPos) == std::optional<Mem>(mem))
          bufs.push_back(&b);
      bool cubeMem = mem != Mem::UB;
      if (bufs.empty() && !(matmul && cubeMem))
        continue;
      ProofItem item;
      Sym total = mkConst(0);
      std::string inLoop;
      for (const Buffer *b : bufs) {
        Sym bytes = mul(b->num, slotBytes(*b));
        total = add(total, b->cond ? mkSelect(b->cond, bytes, mkConst(0)) : bytes);
        if (!b->loops.empty())
          inLoop = b->name;
      }
      item.ob.check = id();
      uint64_t limit = model::allocatableBytes(spec, k, t);
      std::string limitWhy;
      if (limit != spec.usableBytes) // AscendC's reserve for mixed cube+vector kernels does not apply
        limitWhy = " (not a mixed cube+vector kernel, which would have " + std::to_string(spec.usableBytes) + ")";
      if (mem == Mem::UB && dcache) {
        limitWhy = " (" + bytesText(int64_t(limit)) + " less the " + bytesText(int64_t(dcache)) + " SIMT Data Cache)";
        limit = limit > dcache ? limit - dcache : 0;
      }
      item.ob.property = mkCmp(SymOp::Le, total, mkConst(int64_t(limit)));
      item.ob.context = ctx.contextAt(mkBool(true), {});
      item.ob.report = {{"total", total}};
      if (!inLoop.empty())
        item.ob.unknownReason = "InitBuffer of '" + inLoop + "' runs inside a loop";
      if (matmul && cubeMem)
        item.ob.unknownReason = std::string(memName(mem)) + ": " + matmulWhy;
      item.loc = bufs.empty() ? k.loc : bufs.back()->loc;
      std::string memS(memName(mem));
      std::string usable = bytesText(int64_t(limit));
      std::string target = t.name;
      std::string exprS = toString(total);
      item.message = [memS, usable, target, exprS, limitWhy](const Verdict &v) {
        auto it = v.reportValues.find("total");
        std::string need = it != v.reportValues.end() ? bytesText(it->second) : exprS;
        if (v.status == Status::Unknown)
          return memS + " use on " + target + " could not be decided: " + v.reason;
        if (v.status == Status::Violated)
          return memS + " buffers need " + need + " but " + target + " has " + usable + " of " + memS + limitWhy;
        return memS + " buffers may need more than the " + usable + " of " + memS + " on " + target + limitWhy +
               " (e.g. " + need + "; total = " + exprS + ")";
      };
      for (const Buffer *b : bufs) {
        std::string what = b->name + ": ";
        auto n = asConst(b->num), l = asConst(b->lenBytes);
        if (n && l)
          what += std::to_string(*n) + " x " + bytesText(*l);
        else
          what += toString(b->num) + " x " + toString(b->lenBytes) + " bytes";
        item.related.push_back({b->loc, what + " in " + memS});
      }
      item.hint = "reduce the tile length or the queue depth, or bound the tiling with ASCENDC_ASSUME";
      ctx.prove(std::move(item));
    }
  rawBuffers(ctx, id());
}

// Tensors placed by address (LocalMemAllocator::Alloc, LocalTensor(pos, addr,
// tileSize)) must end within their memory: asc-devkit
// impl/basic_api/kernel_tensor_impl.h CreateTensor asserts
// `addr + tensorLength <= maxLen`, and Alloc's tileSize "should not exceed the
// memory left at that position" (docs/zh/api .../LocalMemAllocator/Alloc.md).
static void rawBuffers(CheckContext &ctx, const std::string &check) {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  for (const Buffer &b : k.buffers) {
    if (b.kind != Buffer::Kind::Raw)
      continue;
    auto mem = t.memoryOf(b.memPos);
    const model::MemorySpec *spec = mem ? t.memory(*mem) : nullptr;
    ProofItem item;
    item.ob.check = check;
    item.loc = b.loc;
    Sym end;
    if (!spec || spec->usableBytes == 0 || !b.baseBytes || !b.lenBytes) {
      item.ob.unknownReason = "the memory or the address of '" + b.name + "' is not known on " + t.name;
      item.ob.property = mkBool(true);
    } else {
      end = add(toMath(b.baseBytes), toMath(b.lenBytes));
      item.ob.property = mkCmp(SymOp::Le, end, mkConst(int64_t(spec->usableBytes)));
      item.ob.context = ctx.contextAt(b.cond ? b.cond : mkBool(true), b.loops);
      item.ob.report = {{"end", end}};
    }
    std::string what = b.name, memS = mem ? std::string(memName(*mem)) : "?", target = t.name;
    std::string usable = spec ? bytesText(int64_t(spec->usableBytes)) : "?", endS = end ? toString(end) : "";
    item.message = [what, memS, usable, target, endS](const Verdict &v) {
      auto it = v.reportValues.find("end");
      std::string e = it != v.reportValues.end() ? bytesText(it->second) : endS;
      if (v.status == Status::Unknown)
        return what + ": " + memS + " use on " + target + " could not be decided: " + v.reason;
      return what + (v.status == Status::Violated ? " ends at " : " may end at ") + e + " but " + target + " has " +
             usable + " of " + memS;
    };
    item.hint = "allocate fewer elements, or place the tensor lower in " + memS;
    ctx.prove(std::move(item));
  }
}

} // namespace alint
