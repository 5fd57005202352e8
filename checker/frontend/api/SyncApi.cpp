// Synchronisation: SetFlag/WaitFlag/PipeBarrier, TQueSync, cross-core flags,
// SyncAll and the raw intrinsics of the same meaning.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>

#include <algorithm>
#include <cstring>
#include <set>

namespace alint {
namespace fe {

using namespace clang;

// ------------------------------------------------------------------ sync

Value Interp::apiSync(ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  const std::string &n = c.name;
  auto idArg = [&](size_t i) -> Sym {
    if (i < c.vals.size())
      return toMath(asSym(c.vals[i], c.args[i]->getType(), l));
    return mkOpaque("event id missing");
  };
  if (c.cls == "TQueSync") {
    auto s = classTemplateIntArg(c.fd ? cast<CXXMethodDecl>(c.fd)->getParent() : nullptr, 0);
    auto d = classTemplateIntArg(c.fd ? cast<CXXMethodDecl>(c.fd)->getParent() : nullptr, 1);
    Op &op = addOp(n == "SetFlag" ? OpKind::SetFlag : OpKind::WaitFlag, "TQueSync::" + n, c.call);
    op.flagSrc = s ? Pipe(*s) : Pipe::None;
    op.flagDst = d ? Pipe(*d) : Pipe::None;
    op.pipe = n == "SetFlag" ? op.flagSrc : op.flagDst;
    op.eventId = idArg(0);
    for (int e = 0; e < int(HardEvent::MAX); ++e)
      if (hardEventPipes(HardEvent(e)) == std::make_pair(op.flagSrc, op.flagDst))
        op.event = HardEvent(e);
    return Value();
  }
  if (n == "SetFlag" || n == "WaitFlag") {
    auto e = templateIntArg(c.fd, 0);
    Op &op = addOp(n == "SetFlag" ? OpKind::SetFlag : OpKind::WaitFlag, n, c.call);
    if (e && *e >= 0 && *e < int(HardEvent::MAX)) {
      op.event = HardEvent(*e);
      auto pp = hardEventPipes(*op.event);
      op.flagSrc = pp.first;
      op.flagDst = pp.second;
      op.pipe = n == "SetFlag" ? pp.first : pp.second;
      op.api = n + "<" + std::string(hardEventName(*op.event)) + ">";
    } else {
      op.unknownReason = "HardEvent of " + n + " could not be determined";
    }
    op.eventId = idArg(0);
    return Value();
  }
  if (n == "set_flag" || n == "wait_flag" || n == "asc_sync_notify" || n == "asc_sync_wait") {
    const bool set = n == "set_flag" || n == "asc_sync_notify";
    Op &op = addOp(set ? OpKind::SetFlag : OpKind::WaitFlag, n, c.call);
    auto p0 = c.vals.size() > 0 ? asConst(asSym(c.vals[0], QualType(), l)) : std::nullopt;
    auto p1 = c.vals.size() > 1 ? asConst(asSym(c.vals[1], QualType(), l)) : std::nullopt;
    op.flagSrc = p0 ? Pipe(*p0) : Pipe::None;
    op.flagDst = p1 ? Pipe(*p1) : Pipe::None;
    op.pipe = set ? op.flagSrc : op.flagDst;
    for (int e = 0; e < int(HardEvent::MAX); ++e)
      if (hardEventPipes(HardEvent(e)) == std::make_pair(op.flagSrc, op.flagDst))
        op.event = HardEvent(e);
    if (!p0 || !p1)
      op.unknownReason = "pipes of " + n + " could not be determined";
    op.eventId = idArg(2);
    return Value();
  }
  // The C API's barriers: asc_sync (and asc_sync_vec, "同步所有流水线")
  // wait for every pipe, asc_sync_pipe(pipe) for one (C-API/sync/*.md).
  if (n == "asc_sync" || n == "asc_sync_vec") {
    Op &op = addOp(OpKind::Barrier, n, c.call);
    op.pipe = Pipe::ALL;
    return Value();
  }
  if (n == "PipeBarrier" || n == "pipe_barrier" || n == "asc_sync_pipe") {
    Op &op = addOp(OpKind::Barrier, n, c.call);
    std::optional<int64_t> p = n == "PipeBarrier"
                                   ? templateIntArg(c.fd, 0)
                                   : (c.vals.empty() ? std::nullopt : asConst(asSym(c.vals[0], QualType(), l)));
    op.pipe = p ? Pipe(*p) : Pipe::None;
    if (!p)
      op.unknownReason = "pipe of " + n + " could not be determined";
    return Value();
  }
  if (n == "CrossCoreSetFlag" || n == "CrossCoreWaitFlag" || n == "ffts_cross_core_sync" || n == "wait_flag_dev") {
    bool set = n == "CrossCoreSetFlag" || n == "ffts_cross_core_sync";
    Op &op = addOp(set ? OpKind::CrossCoreSet : OpKind::CrossCoreWait, n, c.call);
    if (n == "CrossCoreSetFlag" || n == "CrossCoreWaitFlag") {
      auto mode = templateIntArg(c.fd, 0);
      auto pipe = templateIntArg(c.fd, 1);
      op.params["mode"] = mode ? mkConst(*mode) : mkOpaque("cross-core mode");
      op.pipe = pipe ? Pipe(*pipe) : (set ? Pipe::None : Pipe::S);
      op.eventId = idArg(0);
    } else if (n == "ffts_cross_core_sync") {
      auto p = c.vals.empty() ? std::nullopt : asConst(asSym(c.vals[0], QualType(), l));
      op.pipe = p ? Pipe(*p) : Pipe::None;
      // config = 1 | (mode << 4) | (flagId << 8)
      Sym cfg = idArg(1);
      op.params["config"] = cfg;
      if (auto cv = asConst(cfg)) {
        op.params["mode"] = mkConst((*cv >> 4) & 0xf);
        op.eventId = mkConst((*cv >> 8) & 0xf);
      } else {
        op.eventId = mkOpaque("ffts_cross_core_sync config is not a constant");
      }
    } else {
      op.pipe = Pipe::S;
      op.eventId = idArg(0);
    }
    return Value();
  }
  if (n == "SyncAll" || n == "IBSet" || n == "IBWait") {
    Op &op = addOp(OpKind::SyncAll, n, c.call);
    op.pipe = Pipe::ALL;
    // The software SyncAll(gm, ub, usedCores) waits for the first usedCores
    // cores only (asc-devkit .../核间同步/SyncAll.md).
    if (n == "SyncAll" && c.vals.size() >= 3)
      op.params["usedCores"] = toMath(asSym(c.vals[2], c.args[2]->getType(), l));
    return Value();
  }
  return apiUnmodelled(c, "synchronisation API '" + n + "'");
}

void registerSyncApi(ApiTable &t) {
  ApiHandler h = [](Interp &in, ApiCall &c) { return in.apiSync(c); };
  t.addClass(ApiClass::QueSync, "sync", h);
  t.addNames({"SetFlag", "WaitFlag", "PipeBarrier", "set_flag", "wait_flag", "pipe_barrier", "CrossCoreSetFlag",
              "CrossCoreWaitFlag", "SyncAll", "ffts_cross_core_sync", "wait_flag_dev", "IBSet", "IBWait", "asc_sync",
              "asc_sync_vec", "asc_sync_pipe", "asc_sync_notify", "asc_sync_wait"},
             "sync", h);
}

} // namespace fe
} // namespace alint
