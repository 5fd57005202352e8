// path-illegal: each movement's source -> destination memory exists on the
// target (the target's path tables, hardware.md §2.5, §3.4): e.g. GM->L0A is
// gone on ascend950, L0C->UB exists only there, UB->L1 on ascend910b is
// emulated through GM.
#include "rules/Checks.h"

namespace alint {

void PathIllegalCheck::run(CheckContext &ctx) const {
  const model::TargetSpec &t = ctx.target;
  // The register (Reg/MicroAPI) vector functions come with the SIMT unit on
  // Ascend 950 (asc-devkit docs Reg矢量计算: 950 only); one finding per kernel.
  if (!t.simt)
    for (const Op &op : ctx.kernel.ops) {
      if ((!op.params.count("reg") && !op.params.count("vfMembar") && !op.params.count("vfLaunch")) ||
          op.params.count("scalarMem"))
        continue; // a scalar access inside a VF: the VF's own op names the model
      // A direct finding: the kernel is written in a programming model the
      // chip does not have, whatever the values (no proof to time out).
      Diagnostic d;
      d.check = id();
      d.severity = Severity::Error;
      d.status = Status::Violated;
      d.loc = op.loc;
      d.target = t.name;
      d.message = op.api +
                  (op.params.count("vfLaunch") ? " (vector/SIMT function launch)" : " (register vector function)") +
                  " does not exist on " + t.name +
                  ": the Reg/MicroAPI and SIMT programming model is Ascend 950 only; this kernel is not portable as "
                  "written";
      d.hint = "keep the Reg version for ascend950 and write this stage with LocalTensor vector instructions "
               "(Add, Muls, ...) for " +
               t.name;
      ctx.report(d);
      break;
    }
  for (const Op &op : ctx.kernel.ops) {
    if (op.kind != OpKind::DataCopy && op.kind != OpKind::LoadData && op.kind != OpKind::Fixpipe)
      continue;
    if (op.params.count("nddma") && !t.hasNdDma) {
      ProofItem item;
      item.ob.check = id();
      item.ob.property = mkBool(false);
      item.ob.context = ctx.contextAt(op.cond, op.loops);
      item.loc = op.loc;
      std::string target = t.name;
      item.message = [target](const Verdict &v) {
        if (v.status == Status::Unknown)
          return "NDDMA DataCopy: " + v.reason;
        return "NDDMA DataCopy (NdDmaParams) does not exist on " + target + ": it is an Ascend 950 engine";
      };
      item.hint = "copy dimension by dimension with DataCopyPad / DataCopyParams strides on this chip";
      ctx.prove(std::move(item));
      continue;
    }
    if (op.srcPos == TPos::MAX || op.dstPos == TPos::MAX)
      continue;
    auto src = t.memoryOf(op.srcPos), dst = t.memoryOf(op.dstPos);
    if (!src || !dst)
      continue;
    std::string pathS = std::string(memName(*src)) + "->" + std::string(memName(*dst));
    const model::IllegalPathSpec *bad = t.findIllegal(*src, *dst);
    const model::PathSpec *good = t.findPath(*src, *dst);
    if (!bad && good && good->hardware)
      continue;
    if (!bad && good && !good->hardware) {
      Diagnostic d;
      d.check = id();
      d.severity = Severity::Warning;
      d.status = Status::Proved;
      d.loc = op.loc;
      d.target = t.name;
      d.message = op.api + " " + pathS + " on " + t.name + " has no hardware path: it is emulated in software" +
                  (good->notes.empty() ? "" : " (" + good->notes + ")");
      ctx.report(d);
      continue;
    }
    ProofItem item;
    item.ob.check = id();
    item.ob.property = mkBool(false); // reachable => the illegal movement runs
    item.ob.context = ctx.contextAt(op.cond, op.loops);
    if (!bad && !good && *src != *dst)
      item.ob.unknownReason = "path " + pathS + " is not in the " + t.name + " model";
    else if (!bad && !good)
      continue; // same memory (UB->UB): a local copy
    item.loc = op.loc;
    std::string reason = bad ? bad->reason : "";
    std::string api = op.api, target = t.name;
    item.message = [api, pathS, target, reason](const Verdict &v) {
      if (v.status == Status::Unknown)
        return api + " " + pathS + ": " + v.reason;
      return api + " moves " + pathS + ", which does not exist on " + target + (reason.empty() ? "" : ": " + reason) +
             (v.status == Status::Counterexample ? " (reached for some tiling values)" : "");
    };
    ctx.prove(std::move(item));
  }
}

} // namespace alint
