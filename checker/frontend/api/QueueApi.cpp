// TPipe, TQue/TQueBind, TBuf and TBufPool: buffers from InitBuffer and
// tensors allocated, enqueued and dequeued through queues.
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

// ------------------------------------------------------- pipe and queues

// EnQue / DeQue<srcUserPos, dstUserPos, T>: the call names the path whose
// event it sets or waits for (asc-devkit impl/basic_api/kernel_tquebind_impl.h,
// EnQue(TBufHandle) with user positions: GetQueEvt(GetPhyType(srcUserPos),
// GetPhyType(dstUserPos), true)); the target turns them into the event.
static void recordUserPositions(Op &op, const ApiCall &c) {
  const TemplateArgumentList *tal = c.fd ? c.fd->getTemplateSpecializationArgs() : nullptr;
  if (!tal || tal->size() < 3 || tal->get(0).getKind() != TemplateArgument::Integral ||
      tal->get(1).getKind() != TemplateArgument::Integral)
    return;
  op.params["userSrcPos"] = mkConst(tal->get(0).getAsIntegral().getExtValue());
  op.params["userDstPos"] = mkConst(tal->get(1).getAsIntegral().getExtValue());
}

Value Interp::apiQueue(ApiCall &c) {
  const std::string &n = c.name;
  SourceLocation l = c.call->getBeginLoc();
  bool poolInit = (c.cls == "TBufPool") && n == "InitBuffer";
  if (c.cls == "TPipe" || c.cls == "TPipeBase" || poolInit) {
    if (n == "InitBuffer" || n == "InitBufPool") {
      if (c.args.empty())
        return Value();
      Value q = c.vals[0];
      std::shared_ptr<ObjState> qo;
      if (q.kind == Value::Obj || q.kind == Value::ObjPtr)
        qo = q.obj;
      if (!qo) {
        // The queue object could not be followed (an array element, ...):
        // its type still says where it lives.
        QualType qt = c.args[0]->getType().getCanonicalType().getNonReferenceType();
        qo = newObject(qt->getAsCXXRecordDecl(), "");
        note("queue '" + exprText(c.args[0]) + "' could not be followed; its buffer is tracked by type", l);
      }
      Buffer b;
      b.id = int(model.buffers.size());
      b.name = exprText(c.args[0]);
      b.kind = qo->api == ApiClass::TBuf
                   ? Buffer::Kind::TBuf
                   : (qo->api == ApiClass::BufPool || n == "InitBufPool" ? Buffer::Kind::BufPool : Buffer::Kind::Queue);
      b.srcPos = qo->srcPos;
      b.dstPos = qo->dstPos;
      b.memPos = qo->memPos;
      b.eventless = qo->eventless;
      if (b.kind == Buffer::Kind::Queue && c.vals.size() >= 3) {
        b.num = toMath(asSym(c.vals[1], c.args[1]->getType(), l));
        b.lenBytes = toMath(asSym(c.vals[2], c.args[2]->getType(), l));
      } else if (c.vals.size() >= 2) {
        b.num = mkConst(1);
        b.lenBytes = toMath(asSym(c.vals[1], c.args[1]->getType(), l));
      } else {
        b.num = mkConst(1);
        b.lenBytes = mkOpaque("InitBuffer length missing");
      }
      if (poolInit) {
        // Carved out of a TBufPool: memory the pool already holds.
        std::shared_ptr<ObjState> pool = c.obj.kind == Value::Obj ? c.obj.obj : nullptr;
        b.pool = pool ? pool->bufferId : -1;
        if (b.pool < 0)
          b.pool = int(model.buffers.size()); // unknown pool: never counted twice
      }
      b.cond = currentCond();
      b.loops = loopStack;
      b.epoch = pipeEpoch;
      b.loc = loc(l);
      qo->bufferId = b.id;
      qo->depth = asConst(b.num).value_or(qo->depth);
      if (qo->name.empty())
        qo->name = b.name;
      model.buffers.push_back(b);
      return scalar(mkBool(true));
    }
    if (n == "AllocEventID" || n == "FetchEventID" || n == "ReleaseEventID") {
      std::optional<int64_t> evt = templateIntArg(c.fd, 0);
      if (!evt && !c.vals.empty() && n == "FetchEventID")
        evt = asConst(asSym(c.vals[0], QualType(), l));
      int key = evt ? int(*evt) : -1;
      if (n == "ReleaseEventID") {
        if (!dryRun) {
          fetchedEventId.erase(key); // the pool changed
          if (!c.vals.empty()) {     // the released id may be handed out again
            Sym rel = toMath(asSym(c.vals[0], c.args[0]->getType(), l));
            auto &v = allocatedEventIds[key];
            v.erase(std::remove_if(v.begin(), v.end(), [&](const Sym &a) { return structurallyEqual(toMath(a), rel); }),
                    v.end());
          }
        }
        return scalar(mkConst(0, IntType::i32()));
      }
      std::string en = evt ? std::string(hardEventName(HardEvent(*evt))) : "?";
      QualType rt = c.call->getType();
      if (n == "FetchEventID" && !dryRun && fetchedEventId.count(key))
        return scalar(mkCast(fetchedEventId[key], intTypeOf(ctx, rt)));
      // Event ids from the pipe's pool: some id in 0..7, not one allocated
      // and not released (AllocEventID reserves it, FetchEventID does not).
      Sym id = mkVar(n + "<" + en + ">", IntType::i32(), VarRole::Internal);
      if (!dryRun) {
        model.facts.push_back(mkCmp(SymOp::Ge, toMath(id), mkConst(0)));
        model.facts.push_back(mkCmp(SymOp::Le, toMath(id), mkConst(7)));
        if (evt)
          for (const Sym &other : allocatedEventIds[key])
            model.facts.push_back(mkNot(mkCmp(SymOp::Eq, toMath(id), toMath(other))));
        if (n == "AllocEventID" && evt) {
          allocatedEventIds[key].push_back(id);
          fetchedEventId.erase(key);
        } else if (evt) {
          fetchedEventId[key] = id;
        }
      }
      return scalar(mkCast(id, intTypeOf(ctx, rt)));
    }
    if (n == "Reset") {
      // Reset waits for the free events of the pipe's queues
      // (kernel_tpipe_impl.h:606-616) before reusing their memory.
      Op &op = addOp(OpKind::Barrier, "TPipe::Reset", c.call);
      op.params["reset"] = mkConst(1);
    }
    if (n == "Destroy" || n == "Reset") {
      // Destroy ends with pipe_barrier(PIPE_ALL) (asc-devkit
      // impl/basic_api/kernel_tpipe_impl.h:595-604); both free every buffer.
      if (n == "Destroy") {
        Op &op = addOp(OpKind::Barrier, "TPipe::Destroy", c.call);
        op.pipe = Pipe::ALL;
      }
      ++pipeEpoch;
    }
    return scalar(mkConst(0, IntType::i32())); // Init
  }
  if (c.cls == "TBufPool" && n == "Reset") {
    // TBufPool::Reset waits for its queues' free events
    // (asc-devkit impl/basic_api/kernel_tbufpool_impl.h:66-80).
    Op &op = addOp(OpKind::Barrier, "TBufPool::Reset", c.call);
    op.params["reset"] = mkConst(1);
    return Value();
  }
  // TQue / TQueBind / TBuf methods
  std::shared_ptr<ObjState> qo = c.obj.kind == Value::Obj ? c.obj.obj : nullptr;
  int bufId = qo ? qo->bufferId : -1;
  std::string qname = qo && !qo->name.empty() ? qo->name : exprText(c.objExpr);
  auto freshTensor = [&](uint32_t elem) {
    Value v;
    v.kind = Value::Tensor;
    v.t.global = false;
    v.t.bufferId = bufId;
    v.t.elemBytes = elem;
    v.t.pos = qo ? qo->memPos : TPos::VECCALC;
    v.t.offsetBytes = mkConst(0, IntType::u64());
    v.t.name = qname;
    if (bufId >= 0)
      v.t.sizeBytes = model.buffers[bufId].lenBytes;
    return v;
  };
  if (n == "AllocTensor" || n == "DeQue") {
    // DeQue<srcUserPos, dstUserPos, T>: the type is the third argument.
    uint32_t elem = templateTypeSize(*this, c.fd, 0);
    if (!elem)
      elem = templateTypeSize(*this, c.fd, 2);
    if (!elem && !c.args.empty())
      elem = tensorElemBytes(c.args[0]->getType().getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl());
    Value v;
    if (n == "DeQue" && qo && !qo->fifo.empty()) {
      v.kind = Value::Tensor;
      v.t = qo->fifo.front();
      qo->fifo.erase(qo->fifo.begin());
      if (elem && elem != v.t.elemBytes)
        v.t.elemBytes = elem;
    } else {
      v = freshTensor(elem);
      if (bufId >= 0 && model.buffers[bufId].kind == Buffer::Kind::Queue) {
        Sym s = mkVar("slot(" + qname + ")", IntType::i32(), VarRole::Internal);
        if (!dryRun) {
          model.facts.push_back(mkCmp(SymOp::Ge, toMath(s), mkConst(0)));
          model.facts.push_back(mkCmp(SymOp::Lt, toMath(s), model.buffers[bufId].num));
        }
        v.t.slot = s;
      }
    }
    Op &op = addOp(n == "AllocTensor" ? OpKind::AllocTensor : OpKind::DeQue, c.cls + "::" + n, c.call);
    op.bufferId = bufId;
    if (n == "DeQue")
      recordUserPositions(op, c);
    if (v.t.slot)
      op.params["slot"] = v.t.slot; // the queue slot this tensor occupies
    if (bufId < 0)
      op.unknownReason = "queue '" + qname + "' has no InitBuffer the frontend could see";
    // AllocTensor(LocalTensor&) form writes the argument.
    if (!c.args.empty() && c.call->getType()->isVoidType()) {
      LRef r = evalLValue(c.args[0]);
      if (r.kind != LRef::None)
        write(r, v);
    }
    return v;
  }
  if (n == "EnQue" || n == "FreeTensor") {
    Op &op = addOp(n == "EnQue" ? OpKind::EnQue : OpKind::FreeTensor, c.cls + "::" + n, c.call);
    op.bufferId = bufId;
    if (n == "EnQue")
      recordUserPositions(op, c);
    if (!c.vals.empty() && isTensor(c.vals[0])) {
      if (n == "EnQue" && qo)
        qo->fifo.push_back(c.vals[0].t);
      op.regions.push_back(regionOf(c.vals[0].t, nullptr, false, "tensor"));
    }
    return scalar(mkBool(true));
  }
  if (n == "Get" || n == "GetWithOffset") {
    uint32_t elem = templateTypeSize(*this, c.fd, 0);
    Value v = freshTensor(elem);
    if (n == "Get" && !c.vals.empty())
      v.t.sizeBytes = mul(asSym(c.vals[0], c.args[0]->getType(), l), mkConst(elem));
    if (n == "GetWithOffset" && c.vals.size() >= 2) {
      v.t.sizeBytes = mul(asSym(c.vals[0], c.args[0]->getType(), l), mkConst(elem));
      v.t.offsetBytes = mkCast(asSym(c.vals[1], c.args[1]->getType(), l), IntType::u64());
      // The requested size is kept: a view longer than what is left after the
      // offset is reported by bounds-local at its first access.
    }
    if (bufId < 0)
      note("TBuf '" + qname + "' has no InitBuffer the frontend could see", l);
    return v;
  }
  // VacantInQue, HasTensorInQue, GetTensorCountInQue, HasIdleBuffer, FreeAllEvent ...
  return unknownValue("result of " + c.cls + "::" + n, c.call->getType());
}

void registerQueueApi(ApiTable &t) {
  ApiHandler h = [](Interp &in, ApiCall &c) { return in.apiQueue(c); };
  for (ApiClass k : {ApiClass::Pipe, ApiClass::Queue, ApiClass::TBuf, ApiClass::BufPool})
    t.addClass(k, "queue", h);
}

} // namespace fe
} // namespace alint
