// align-address: the start of every local tensor an instruction touches
// (buffer base + queue slot + view offset) meets its memory's alignment on
// the target: UB and L1 32 B, L0A/L0B 512 B, L0C 64 B, BT 64 B (hardware.md
// §2.1, §5 rule 2). Buffers are laid out the way TPipe does: one after the
// other per memory, lengths rounded up to 32 bytes.
#include "rules/Checks.h"

namespace alint {

std::vector<Sym> bufferBases(const KernelModel &k, const model::TargetSpec &t) {
  std::vector<Sym> bases(k.buffers.size());
  std::map<std::pair<int, Mem>, Sym> next; // a destroyed pipe's successor starts again at 0
  for (const Buffer &b : k.buffers) {
    if (b.kind == Buffer::Kind::Raw) { // placed by address, not by TPipe
      bases[b.id] = b.baseBytes ? toMath(b.baseBytes) : nullptr;
      continue;
    }
    auto mem = t.memoryOf(b.memPos);
    if (!mem || b.pool >= 0) // inside a pool: its place in the pool is not modelled
      continue;
    if (b.kind == Buffer::Kind::Memory) { // region offsets are addresses already
      bases[b.id] = mkConst(0);
      continue;
    }
    Sym &n = next[{b.epoch, *mem}];
    if (!n)
      n = mkConst(0);
    bases[b.id] = n;
    // TPipe allocates only the InitBuffer calls that run.
    Sym bytes = mul(b.num, slotBytes(b));
    n = add(n, b.cond ? mkSelect(b.cond, bytes, mkConst(0)) : bytes);
  }
  return bases;
}

void AlignAddressCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  std::vector<Sym> bases = bufferBases(k, t);
  for (const Op &op : k.ops) {
    if (op.kind != OpKind::DataCopy && op.kind != OpKind::Vector && op.kind != OpKind::LoadData &&
        op.kind != OpKind::Cube && op.kind != OpKind::Fixpipe)
      continue;
    if (op.params.count("reg") && !op.params.count("ubAlign"))
      continue; // 950 register API: unaligned and indexed accesses take any UB address
    for (const Region &r : op.regions) {
      if (r.global)
        continue;
      if (r.bufferId < 0 || r.bufferId >= int(k.buffers.size())) {
        // a tensor whose buffer could not be followed: its start is unknown
        ProofItem item;
        item.ob.check = id();
        item.ob.property = mkBool(true);
        item.ob.unknownReason =
            op.unknownReason.empty() ? "the buffer of " + op.api + " " + r.role + " is not known" : op.unknownReason;
        item.loc = op.loc;
        std::string what = op.api + " " + r.role;
        item.message = [what](const Verdict &v) { return what + ": alignment could not be checked: " + v.reason; };
        ctx.prove(std::move(item));
        continue;
      }
      const Buffer &b = k.buffers[r.bufferId];
      auto mem = t.memoryOf(b.memPos);
      if (!mem || !bases[b.id])
        continue;
      const model::MemorySpec *spec = t.memory(*mem);
      if (!spec || spec->alignBytes <= 1)
        continue;
      Sym rounded = slotBytes(b);
      Sym start = add(bases[b.id], r.offsetBytes);
      if (r.slot)
        start = add(start, mul(toMath(r.slot), rounded));
      int64_t align = spec->alignBytes;
      if (auto a = op.params.find("ubAlign"); a != op.params.end())
        align = asConst(a->second).value_or(align); // 950 register loads/stores: per distribution mode
      if (auto a = op.params.find("align:" + r.role); a != op.params.end())
        align = asConst(a->second).value_or(align); // one operand's own rule (reduction results)
      ProofItem item;
      item.ob.check = id();
      item.ob.property = mkCmp(SymOp::Eq, mkBin(SymOp::Rem, start, mkConst(align), IntType::math()), mkConst(0));
      item.ob.context = ctx.contextAt(op.cond, op.loops);
      item.ob.report = {{"offset", start}};
      item.loc = op.loc;
      std::string what = op.api + " " + r.role + " in '" + b.name + "'";
      std::string memS(memName(*mem));
      std::string target = t.name;
      std::string startS = toString(start);
      item.message = [what, memS, align, target, startS](const Verdict &v) {
        auto it = v.reportValues.find("offset");
        std::string val = it != v.reportValues.end() ? std::to_string(it->second) : startS;
        if (v.status == Status::Unknown)
          return what + ": alignment could not be checked: " + v.reason;
        return what + (v.status == Status::Violated ? " starts at " : " may start at ") + memS + " offset " + val +
               ", not a multiple of the " + std::to_string(align) + "-byte alignment " + memS + " requires on " +
               target;
      };
      item.hint = "offset views by whole " + std::to_string(align) + "-byte blocks";
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
