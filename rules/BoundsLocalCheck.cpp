// bounds-local: every access stays inside its queue slot or TBuf: offset >= 0
// and offset + length <= the buffer length (rounded to 32 bytes, as TPipe
// allocates it). A raw address of a CCE intrinsic (Buffer::Kind::Memory) must
// stay inside the memory's usable size on the target.
#include "rules/Checks.h"

namespace alint {

void BoundsLocalCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  for (const Op &op : k.ops) {
    if (op.kind == OpKind::EnQue || op.kind == OpKind::FreeTensor || op.kind == OpKind::DeQue ||
        op.kind == OpKind::AllocTensor)
      continue;
    for (const Region &r : op.regions) {
      if (r.global)
        continue;
      ProofItem item;
      item.ob.check = id();
      item.loc = op.loc;
      std::string what = op.api + " " + r.role;
      if (r.bufferId < 0 || r.bufferId >= int(k.buffers.size())) {
        item.ob.unknownReason = "the buffer of " + what + " is not known";
      } else if (!r.lengthBytes || op.params.count("overApprox")) {
        item.ob.unknownReason = op.unknownReason.empty() ? "extent of " + what + " is not modelled" : op.unknownReason;
      } else if (k.buffers[r.bufferId].kind == Buffer::Kind::BufPool) {
        item.ob.unknownReason = "buffers from a TBufPool are not modelled";
      }
      Sym cap, end;
      if (item.ob.unknownReason.empty()) {
        const Buffer &b = k.buffers[r.bufferId];
        what += " in '" + b.name + "'";
        cap = slotBytes(b);
        // Raw addresses (CCE intrinsics): the whole memory, by address range.
        if (b.kind == Buffer::Kind::Memory) {
          auto mem = ctx.target.memoryOf(b.memPos);
          const model::MemorySpec *spec = mem ? ctx.target.memory(*mem) : nullptr;
          cap = mkConst(spec ? int64_t(spec->usableBytes ? spec->usableBytes : spec->capacityBytes) : 0);
        }
        end = add(r.offsetBytes, r.lengthBytes);
        item.ob.property = mkAnd(mkCmp(SymOp::Ge, r.offsetBytes, mkConst(0)), mkCmp(SymOp::Le, end, cap));
        item.ob.context = ctx.contextAt(op.cond, op.loops);
        item.ob.report = {{"end", end}, {"cap", cap}, {"offset", r.offsetBytes}};
      } else {
        item.ob.property = mkBool(true);
      }
      std::string endS = end ? toString(end) : "", capS = cap ? toString(cap) : "";
      item.message = [what, endS, capS](const Verdict &v) {
        if (v.status == Status::Unknown)
          return what + ": bounds could not be checked: " + v.reason;
        auto e = v.reportValues.find("end"), c = v.reportValues.find("cap");
        std::string es = e != v.reportValues.end() ? std::to_string(e->second) : endS;
        std::string cs = c != v.reportValues.end() ? std::to_string(c->second) : capS;
        return what + (v.status == Status::Violated ? " reaches" : " may reach") + " byte " + es + " of a " + cs +
               "-byte buffer";
      };
      // A vector repeat form whose mask is not known: the footprint counts
      // every element of a repeat, so only a proof says something.
      if (r.repeat && !r.repeat->maskKnown) {
        item.worst = Status::Unknown;
        item.capReason = op.unknownReason;
      }
      // A register load reads a whole register (256 bytes) whatever lanes
      // are used: a buffer smaller than a register, loaded from its start to
      // broadcast its first lane, is read past its end by design (ops-math
      // as_strided's zero-stride kernel: a 4-byte queue). Past it is other
      // data in UB, not a fault: a warning. A load that runs past a larger
      // buffer (a loop one step too far) stays an error.
      auto capK = cap ? asConst(cap) : std::nullopt;
      // Wherever in the small buffer the load starts (asc-devkit
      // reg_load_gather: eight GatherB block indices loaded with LoadAlign
      // from a 32-byte buffer at a loop counter's offset, 0 in the only
      // iteration).
      const bool wholeRegister = !r.write && op.params.count("wholeRegisterLoad") && capK && *capK < 256;
      if (wholeRegister && item.worst == Status::Violated)
        item.worst = Status::Counterexample;
      item.hint =
          wholeRegister ? "a register load reads 256 bytes whatever lanes are used; the lanes past the buffer hold "
                          "other data in UB: harmless only if they are never used"
          : r.bufferId >= 0 && r.bufferId < int(k.buffers.size()) && k.buffers[r.bufferId].kind == Buffer::Kind::Memory
              ? "the access must end within the memory's usable size on the target"
              : "the access must end within the length given to InitBuffer";
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
