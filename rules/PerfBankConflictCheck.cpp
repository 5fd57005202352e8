// perf-bank-conflict: two operands a vector instruction reads in the same
// cycle must not start in conflicting UB banks. The Unified Buffer is split
// into bank groups of 32-byte rows; one cycle reads one row per group (2201)
// or one row per bank, two per group (3510). Reads that collide are
// serialised: asc-devkit@82b89a1 docs/zh/guide/算子实践参考/SIMD算子性能优化/
// 内存访问/避免UB的bank冲突/ and examples/.../bank_conflict_ub/README.md
// (Add on 910B: 4167 cycles with src0/src1 in one bank group, 2390 when their
// starts are 256 B apart modulo 512); hardware.md §2.2, §4 X11.
//
// What is claimed, and only that: the start addresses of two read operands
// differ (equal starts are merged into one read by the hardware) and are in
// the same bank group ("group" targets) or the same bank ("bank" targets) for
// every admissible value. "Same" is decided by the offset difference being a
// multiple of the relation's period (row_bytes x bank_groups, times
// banks_per_group for "bank"), which holds wherever TPipe places its first
// buffer. It is a performance lint: a warning when proved for every value, a
// note when only some values collide, never an error. Reads against the write
// are not judged: 910B delays the write by one repeat when it starts in a
// source's bank (README scenarios 4-6), and the 3510 doc contradicts itself
// (table 1 example 1 vs table 2 example 3).
#include "rules/Checks.h"

namespace alint {

void PerfBankConflictCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  if (!t.ubBanks || t.ubBanks->readRead.empty())
    return; // no known bank layout: no claim (docs/checks/perf-bank-conflict.md)
  const model::UbBankModel &bk = *t.ubBanks;
  int64_t period = int64_t(bk.rowBytes) * bk.bankGroups;
  std::string relation = "bank group";
  if (bk.readRead == "bank") {
    // Base-independent only when the bank bits sit right above the group bits.
    if (!bk.bankShift || (int64_t(1) << *bk.bankShift) != period)
      return;
    period *= bk.banksPerGroup;
    relation = "bank";
  }
  const model::MemorySpec *ub = t.memory(Mem::UB);
  if (!ub || ub->capacityBytes == 0)
    return;
  // Only layouts that fit UB count (an overflow is capacity-overflow's finding).
  auto inUb = [&](const Sym &s) {
    return mkAnd(mkCmp(SymOp::Ge, s, mkConst(0)), mkCmp(SymOp::Lt, s, mkConst(int64_t(ub->capacityBytes))));
  };
  std::vector<Sym> bases = bufferBases(k, t);
  for (const Op &op : k.ops) {
    // A high-level (library) function runs instructions of its own: which
    // of its operands one instruction reads together is not known.
    if (op.kind != OpKind::Vector || !op.unknownReason.empty() || op.params.count("library"))
      continue;
    // The operands read in one cycle, with their UB start offsets.
    struct Read {
      const Region *r;
      const Buffer *b;
      Sym start;
    };
    std::vector<Read> reads;
    for (const Region &r : op.regions) {
      if (r.write || r.global || !r.lengthBytes || op.params.count("overApprox") || r.bufferId < 0 ||
          r.bufferId >= int(k.buffers.size()))
        continue;
      const Buffer &b = k.buffers[r.bufferId];
      if (t.memoryOf(b.memPos) != std::optional<Mem>(Mem::UB) || !bases[b.id])
        continue;
      Sym start = add(bases[b.id], r.offsetBytes);
      if (r.slot)
        start = add(start, mul(toMath(r.slot), slotBytes(b)));
      reads.push_back({&r, &b, start});
    }
    for (size_t i = 0; i < reads.size(); ++i)
      for (size_t j = i + 1; j < reads.size(); ++j) {
        const Read &x = reads[i], &y = reads[j];
        Sym diff = sub(y.start, x.start);
        Sym conflict =
            mkAndAll({mkCmp(SymOp::Ne, diff, mkConst(0)),
                      mkCmp(SymOp::Eq, mkBin(SymOp::Rem, diff, mkConst(period), IntType::math()), mkConst(0)),
                      mkCmp(SymOp::Gt, x.r->lengthBytes, mkConst(0)), mkCmp(SymOp::Gt, y.r->lengthBytes, mkConst(0)),
                      inUb(x.start), inUb(y.start)});
        ProofItem item;
        item.performance = true;
        item.ob.check = id();
        item.ob.property = mkNot(conflict);
        item.ob.context = ctx.contextAt(op.cond, op.loops);
        item.ob.report = {{"a", x.start}, {"b", y.start}};
        item.loc = op.loc;
        auto name = [](const Read &r) { return r.r->role + " ('" + r.b->name + "')"; };
        std::string a = name(x), b = name(y), api = op.api, target = t.name, rel = relation;
        std::string as = toString(x.start), bs = toString(y.start);
        int64_t p = period;
        item.message = [=](const Verdict &v) {
          if (v.status == Status::Unknown)
            return api + ": UB bank conflict of " + a + " and " + b + " could not be decided: " + v.reason;
          auto val = [&](const char *n, const std::string &dflt) {
            auto it = v.reportValues.find(n);
            return it != v.reportValues.end() ? std::to_string(it->second) : dflt;
          };
          return api + " reads " + a + " at UB offset " + val("a", as) + " and " + b + " at UB offset " + val("b", bs) +
                 (v.status == Status::Violated ? "" : " for some values") + ": both start in one " + rel + " of " +
                 target + " (offsets equal modulo " + std::to_string(p) + "), so the two reads are serialised";
        };
        std::string later = y.b == x.b ? std::string() : (y.b->id > x.b->id ? y.b->name : x.b->name);
        item.hint = "move one operand by " + std::to_string(period / 2) + " bytes modulo " + std::to_string(period) +
                    (later.empty() ? ", e.g. offset the view by " + std::to_string(period / 2) + " bytes"
                                   : ", e.g. InitBuffer a " + std::to_string(period / 2) + "-byte TBuf just before '" +
                                         later + "' (pad it by " + std::to_string(period / 2) + " B)");
        ctx.prove(std::move(item));
      }
  }
}

} // namespace alint
