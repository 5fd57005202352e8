// Calls into the bundled AscendC API become KernelModel operations: buffers
// from TPipe::InitBuffer, tensors from queues and TBuf, movements (DataCopy,
// DataCopyPad, LoadData, Fixpipe), vector and cube instructions, and every
// synchronisation primitive. An API the model does not know becomes an
// Unmodelled operation with its reason, never silence.
#include "checker/frontend/InterpCore.h"

#include <algorithm>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>

#include <cstring>
#include <set>

namespace alint {
namespace fe {

using namespace clang;

ApiClass classifyApiClass(const CXXRecordDecl *rd) {
  if (!rd)
    return ApiClass::None;
  std::string n = rd->getName().str();
  // Only classes inside namespace AscendC (or matmul) count.
  const DeclContext *dc = rd->getDeclContext();
  bool inApi = false;
  while (dc) {
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc)) {
      std::string nn = ns->getName().str();
      if (nn == "AscendC" || nn == "matmul" || nn == "ascendc_lint")
        inApi = true;
    }
    dc = dc->getParent();
  }
  if (!inApi)
    return ApiClass::None;
  if (n == "TPipe" || n == "TPipeBase")
    return ApiClass::Pipe;
  if (n == "TQue" || n == "TQueBind")
    return ApiClass::Queue;
  if (n == "TBuf")
    return ApiClass::TBuf;
  if (n == "TBufPool")
    return ApiClass::BufPool;
  if (n == "LocalTensor")
    return ApiClass::LocalTensor;
  if (n == "GlobalTensor")
    return ApiClass::GlobalTensor;
  if (n == "TQueSync")
    return ApiClass::QueSync;
  if (n.find("Matmul") != std::string::npos)
    return ApiClass::Matmul;
  return ApiClass::None; // parameter structs behave like user structs
}

struct Interp::ApiCall {
  const CallExpr *call = nullptr;
  const FunctionDecl *fd = nullptr;
  std::string name; // function or method name
  std::string cls;  // class name for methods
  const Expr *objExpr = nullptr;
  std::vector<const Expr *> args;
  std::vector<Value> vals;
  Value obj; // evaluated object for methods
};

std::optional<int64_t> Interp::templateIntArg(const FunctionDecl *fd, unsigned i) {
  const TemplateArgumentList *tal = fd->getTemplateSpecializationArgs();
  if (!tal || i >= tal->size())
    return std::nullopt;
  const TemplateArgument &a = tal->get(i);
  if (a.getKind() == TemplateArgument::Integral)
    return a.getAsIntegral().getExtValue();
  return std::nullopt;
}

std::optional<int64_t> Interp::classTemplateIntArg(const CXXRecordDecl *rd, unsigned i) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || i >= spec->getTemplateArgs().size())
    return std::nullopt;
  const TemplateArgument &a = spec->getTemplateArgs()[i];
  if (a.getKind() == TemplateArgument::Integral)
    return a.getAsIntegral().getExtValue();
  return std::nullopt;
}

static uint32_t templateTypeSize(Interp &in, const FunctionDecl *fd, unsigned i) {
  const TemplateArgumentList *tal = fd->getTemplateSpecializationArgs();
  if (!tal || i >= tal->size() || tal->get(i).getKind() != TemplateArgument::Type)
    return 0;
  return in.sizeOfType(tal->get(i).getAsType());
}

Region Interp::regionOf(const TensorVal &t, Sym lengthBytes, bool write, const std::string &role) {
  Region r;
  r.global = t.global;
  r.bufferId = t.bufferId;
  r.pos = t.global ? TPos::GM : t.pos;
  r.offsetBytes = t.offsetBytes ? toMath(t.offsetBytes) : mkConst(0);
  r.lengthBytes = lengthBytes ? toMath(lengthBytes) : nullptr;
  r.slot = t.slot;
  r.elemBytes = t.elemBytes;
  r.write = write;
  r.role = role;
  return r;
}

// Field `name` of a parameter struct value (DataCopyParams etc.).
Sym Interp::fieldOf(const Value &v, const char *name, SourceLocation l) {
  if ((v.kind != Value::Obj && v.kind != Value::ObjPtr) || !v.obj || !v.obj->rec)
    return mkOpaque(std::string("parameter '") + name + "' could not be followed");
  for (const FieldDecl *fd : v.obj->rec->fields()) {
    if (fd->getName() == name) {
      LRef r;
      r.kind = LRef::Field;
      r.obj = v.obj;
      r.field = fd;
      Value fv = read(r, fd->getType());
      return toMath(asSym(fv, fd->getType(), l));
    }
  }
  // Anonymous unions (srcGap/srcStride): look one level down.
  for (const FieldDecl *fd : v.obj->rec->fields()) {
    if (const auto *urd = fd->getType()->getAsCXXRecordDecl(); urd && urd->isUnion()) {
      for (const FieldDecl *ufd : urd->fields())
        if (ufd->getName() == name) {
          LRef r;
          r.kind = LRef::Field;
          r.obj = v.obj;
          r.field = fd;
          Value uv = read(r, fd->getType());
          if (uv.kind == Value::Obj) {
            LRef r2;
            r2.kind = LRef::Field;
            r2.obj = uv.obj;
            r2.field = ufd;
            return toMath(asSym(read(r2, ufd->getType()), ufd->getType(), l));
          }
        }
    }
  }
  return mkOpaque(std::string("parameter '") + name + "' is not a field of " + v.obj->rec->getNameAsString());
}

static bool isTensor(const Value &v) { return v.kind == Value::Tensor; }

Value Interp::evalApiCall(const CallExpr *call, const FunctionDecl *fd) {
  ApiCall c;
  c.call = call;
  c.fd = fd;
  c.name = fd->getNameAsString();
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) {
    c.cls = md->getParent()->getNameAsString();
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) {
      c.objExpr = mc->getImplicitObjectArgument();
      for (const Expr *a : mc->arguments())
        c.args.push_back(a);
    } else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(call)) {
      c.objExpr = oc->getArg(0);
      for (unsigned i = 1; i < oc->getNumArgs(); ++i)
        c.args.push_back(oc->getArg(i));
    }
    if (c.objExpr && !md->isStatic())
      c.obj = eval(c.objExpr);
    if (c.obj.kind == Value::ObjPtr)
      c.obj.kind = Value::Obj;
  } else {
    for (const Expr *a : call->arguments())
      c.args.push_back(a);
  }
  for (const Expr *a : c.args)
    c.vals.push_back(eval(a));

  const CXXRecordDecl *parent = nullptr;
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd))
    parent = md->getParent();
  ApiClass pk = classifyApiClass(parent);
  switch (pk) {
  case ApiClass::Pipe:
  case ApiClass::Queue:
  case ApiClass::TBuf:
  case ApiClass::BufPool:
    return apiQueue(c);
  case ApiClass::LocalTensor:
  case ApiClass::GlobalTensor:
    return apiTensor(c);
  case ApiClass::QueSync:
    return apiSync(c);
  case ApiClass::Matmul: {
    note("Matmul high-level API call '" + c.name + "' is not modelled: its buffers and synchronisation are unknown",
         call->getBeginLoc());
    return apiUnmodelled(c, "Matmul high-level API '" + c.name + "'");
  }
  default:
    break;
  }
  const std::string &n = c.name;
  // ---- lint hooks and system values
  if (n == "assume") {
    if (!c.vals.empty() && !dryRun) {
      Assumption a;
      a.expr = asSym(c.vals[0], ctx.BoolTy, call->getBeginLoc());
      if (!a.expr->type.isBool)
        a.expr = mkCast(a.expr, IntType::boolean());
      a.cond = currentCond();
      a.loops = loopStack;
      a.loc = loc(call->getBeginLoc());
      a.text = exprText(c.args[0]);
      model.assumptions.push_back(a);
    }
    return Value();
  }
  if (n == "is_aic" || n == "is_aiv") {
    static Sym aic = mkVar("ASCEND_IS_AIC", IntType::boolean(), VarRole::Internal);
    model.aicVar = aic;
    return scalar(n == "is_aic" ? aic : mkNot(aic));
  }
  if (n == "kernel_task_type_default" || n == "kernel_task_type") {
    // KERNEL_TYPE_AIV_ONLY = 0, KERNEL_TYPE_AIC_ONLY = 1 (ascendc-api.md §2.1)
    if (!c.vals.empty())
      if (auto v = asConst(asSym(c.vals.back(), QualType(), call->getBeginLoc()))) {
        if (n == "kernel_task_type_default")
          model.kernelType = int(*v);
        if (*v == 0)
          model.kernelCore = CoreType::AIV;
        else if (*v == 1)
          model.kernelCore = CoreType::AIC;
      }
    return Value();
  }
  if (n == "GetBlockIdx" || n == "get_block_idx") {
    if (n == "get_block_idx" && !dryRun)
      model.rawBlockIdx = true;
    model.blockIdxVar = blockIdx();
    return scalar(mkCast(blockIdx(), intTypeOf(ctx, call->getType())));
  }
  if (n == "GetTaskRation" || n == "GetSubBlockNum" || n == "get_subblockdim") {
    // 1 on the cube core, the number of vector cores per cube core on a
    // vector core (1 or 2): asc-devkit impl/basic_api/dav_c220/
    // kernel_operator_sys_var_impl.h, GetTaskRationImpl / GetSubBlockNumImpl.
    static Sym ration = mkVar("taskRation", IntType::i64(), VarRole::Internal);
    if (!dryRun && !model.taskRationVar) {
      model.facts.push_back(mkCmp(SymOp::Ge, ration, mkConst(1, IntType::i64())));
      model.facts.push_back(mkCmp(SymOp::Le, ration, mkConst(2, IntType::i64())));
    }
    if (!dryRun)
      model.taskRationVar = ration;
    return scalar(mkCast(ration, intTypeOf(ctx, call->getType())));
  }
  if (n == "GetBlockNum" || n == "get_block_num")
    return scalar(mkCast(blockNum(), intTypeOf(ctx, call->getType())));
  if (n == "GetSubBlockIdx" || n == "get_subblockid") {
    static Sym sub = mkVar("subBlockIdx", IntType::i64(), VarRole::Internal);
    model.subBlockIdxVar = sub;
    if (!dryRun) {
      bool have = false;
      for (auto &f : model.facts)
        if (f->args.size() == 2 && f->args[0]->op == SymOp::Var && f->args[0]->var == sub->var)
          have = true;
      if (!have) {
        model.facts.push_back(mkCmp(SymOp::Ge, sub, mkConst(0, IntType::i64())));
        model.facts.push_back(mkCmp(SymOp::Le, sub, mkConst(1, IntType::i64())));
      }
    }
    return scalar(mkCast(sub, intTypeOf(ctx, call->getType())));
  }
  if (n == "GetTPipePtr") {
    Value v;
    v.kind = Value::ObjPtr;
    static std::shared_ptr<ObjState> pipeObj = std::make_shared<ObjState>();
    pipeObj->api = ApiClass::Pipe;
    v.obj = pipeObj;
    return v;
  }
  if (n == "GetSysWorkSpacePtr" || n == "GetUserWorkspace") {
    Value v;
    v.kind = Value::GmPtr;
    v.p.root = "workspace";
    v.p.offsetBytes = mkConst(0, IntType::u64());
    v.p.elemBytes = 1;
    return v;
  }
  if (n == "regist_matmul_obj") {
    note("Matmul object registered (REGIST_MATMUL_OBJ): L1/L0 use of the Matmul API is not modelled",
         call->getBeginLoc());
    apiUnmodelled(c, "Matmul high-level API (REGIST_MATMUL_OBJ)");
    return Value();
  }
  // Mode and mask setters touch no memory.
  static const std::set<std::string> noMemory = {"SetMaskCount",
                                                 "SetMaskNorm",
                                                 "SetVectorMask",
                                                 "ResetMask",
                                                 "SetAtomicAdd",
                                                 "SetAtomicNone",
                                                 "SetAtomicMax",
                                                 "SetAtomicMin",
                                                 "SetAtomicType",
                                                 "SetFlagAndWait",
                                                 "SetSysWorkspace",
                                                 "DataSyncBarrier",
                                                 "dsb",
                                                 "SetLoadDataPaddingValue",
                                                 "SetFmatrix",
                                                 "SetFixpipeNz2ndFlag",
                                                 "SetFixPipeConfig",
                                                 "SetDeqScale",
                                                 "InitConstValue",
                                                 "NdDmaDci",
                                                 "SetHF32Mode",
                                                 "SetHF32TransMode",
                                                 "SetMMLayoutTransform",
                                                 "GetArchVersion",
                                                 "GetProgramCounter",
                                                 "GetSystemCycle",
                                                 "Trap",
                                                 "printf",
                                                 "PRINTF",
                                                 "DumpTensor",
                                                 "AscendCUtils"};
  if (noMemory.count(n)) {
    if (n == "NdDmaDci") {
      Op &op = addOp(OpKind::Barrier, "NdDmaDci", call);
      op.pipe = Pipe::MTE2;
      op.params["nddma_dci"] = mkConst(1);
    }
    if (n == "DataSyncBarrier" || n == "dsb") {
      Op &op = addOp(OpKind::Barrier, n, call);
      op.pipe = Pipe::ALL;
      op.params["dsb"] = mkConst(1);
    }
    return unknownValue("result of " + n, call->getType());
  }
  if (n == "SetFlag" || n == "WaitFlag" || n == "PipeBarrier" || n == "set_flag" || n == "wait_flag" ||
      n == "pipe_barrier" || n == "CrossCoreSetFlag" || n == "CrossCoreWaitFlag" || n == "SyncAll" ||
      n == "ffts_cross_core_sync" || n == "wait_flag_dev" || n == "IBSet" || n == "IBWait")
    return apiSync(c);
  if (n == "DataCopy" || n == "DataCopyPad" || n == "copy_gm_to_ubuf" || n == "copy_ubuf_to_gm")
    return apiDataCopy(c);
  if (n == "InitDetermineComputeWorkspace" || n == "WaitPreBlock" || n == "NotifyNextBlock") {
    // Deterministic-order helpers: on the vector core each begins and ends
    // with PipeBarrier<PIPE_ALL> (asc-devkit impl/basic_api/dav_c220 and
    // dav_3510 kernel_operator_determine_compute_sync_impl.h), so what they
    // copy through the workspaces is ordered with everything around them.
    Op &op = addOp(OpKind::Barrier, n, c.call);
    op.pipe = Pipe::ALL;
    return Value();
  }
  if (n == "LoadData" || n == "Mmad" || n == "Fixpipe" || n == "LoadDataWithTranspose" || n == "LoadData3DV2")
    return apiCube(c);
  // Anything else with a local tensor argument is treated as a vector
  // instruction; apiVector knows the shapes it can model.
  for (auto &v : c.vals)
    if (isTensor(v) && !v.t.global)
      return apiVector(c);
  return apiUnmodelled(c, "AscendC API '" + n + "' is not modelled");
}

Value Interp::apiUnmodelled(ApiCall &c, const std::string &why) {
  Op &op = addOp(OpKind::Unmodelled, c.name, c.call);
  op.unknownReason = why;
  for (size_t i = 0; i < c.vals.size(); ++i)
    if (isTensor(c.vals[i]))
      op.regions.push_back(regionOf(c.vals[i].t, nullptr, true, "arg" + std::to_string(i)));
  if (c.call->getType()->isIntegralOrEnumerationType())
    return unknownValue("result of " + why, c.call->getType());
  Value v;
  v.kind = Value::Unknown;
  v.reason = "result of " + why;
  return v;
}

// ------------------------------------------------------- pipe and queues

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
    uint32_t elem = templateTypeSize(*this, c.fd, 0);
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

// --------------------------------------------------------------- tensors

Value Interp::apiTensor(ApiCall &c) {
  const std::string &n = c.name;
  SourceLocation l = c.call->getBeginLoc();
  Value self = c.obj;
  if (c.objExpr && self.kind != Value::Tensor) {
    // A tensor that was never assigned.
    self.kind = Value::Tensor;
    self.t.global = c.cls == "GlobalTensor";
    self.t.bufferId = -1;
    self.t.offsetBytes = mkConst(0, IntType::u64());
    self.t.elemBytes =
        tensorElemBytes(c.objExpr->getType().getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl());
  }
  TensorVal &t = self.t;
  if (t.name.empty() && c.objExpr)
    t.name = exprText(c.objExpr);
  if (n == "SetGlobalBuffer") {
    GlobalBuf g;
    g.id = int(model.globals.size());
    g.name = exprText(c.objExpr);
    g.elemBytes = t.elemBytes;
    g.loc = loc(l);
    if (!c.vals.empty() && c.vals[0].kind == Value::GmPtr) {
      g.root = c.vals[0].p.root;
      g.baseOffsetBytes = c.vals[0].p.offsetBytes;
    } else {
      g.root = "?";
      g.baseOffsetBytes = mkOpaque("GM address of '" + g.name + "' could not be followed", IntType::u64());
    }
    if (c.vals.size() >= 2)
      g.sizeElems = toMath(asSym(c.vals[1], c.args[1]->getType(), l));
    model.globals.push_back(g);
    Value nv;
    nv.kind = Value::Tensor;
    nv.t.global = true;
    nv.t.bufferId = g.id;
    nv.t.elemBytes = t.elemBytes;
    nv.t.pos = TPos::GM;
    nv.t.offsetBytes = mkConst(0, IntType::u64());
    nv.t.name = g.name;
    if (g.sizeElems)
      nv.t.sizeBytes = mul(g.sizeElems, mkConst(g.elemBytes));
    LRef r = evalLValue(c.objExpr);
    if (r.kind != LRef::None)
      write(r, nv);
    return Value();
  }
  if (n == "operator[]") {
    Value v = self;
    Sym idx = mkCast(asSym(c.vals.empty() ? Value() : c.vals[0], c.args.empty() ? QualType() : c.args[0]->getType(), l),
                     IntType::u64());
    Sym d = mkBin(SymOp::Mul, idx, mkConst(t.elemBytes, IntType::u64()), IntType::u64());
    v.t.offsetBytes = mkBin(SymOp::Add, t.offsetBytes ? t.offsetBytes : mkConst(0, IntType::u64()), d, IntType::u64());
    if (t.sizeBytes)
      v.t.sizeBytes = sub(t.sizeBytes, toMath(d));
    v.t.name = t.name;
    return v;
  }
  if (n == "ReinterpretCast") {
    Value v = self;
    if (uint32_t e = templateTypeSize(*this, c.fd, 0))
      v.t.elemBytes = e;
    return v;
  }
  if (n == "GetSize") {
    if (t.sizeBytes && t.elemBytes)
      return scalar(mkCast(mkBin(SymOp::Div, toMath(t.sizeBytes), mkConst(t.elemBytes), IntType::math()),
                           intTypeOf(ctx, c.call->getType())));
    return unknownValue("size of tensor '" + t.name + "'", c.call->getType());
  }
  if (n == "SetSize") {
    if (!c.vals.empty()) {
      Value v = self;
      v.t.sizeBytes = mul(asSym(c.vals[0], c.args[0]->getType(), l), mkConst(t.elemBytes));
      LRef r = evalLValue(c.objExpr);
      if (r.kind != LRef::None)
        write(r, v);
    }
    return Value();
  }
  if (n == "GetValue" || n == "SetValue" || n == "operator()") {
    bool isSet = n == "SetValue";
    Op &op = addOp(isSet ? OpKind::ScalarWrite : OpKind::ScalarRead, c.cls + "::" + n, c.call);
    op.pipe = Pipe::S;
    if (!c.vals.empty()) {
      TensorVal at = t;
      Sym idx = mkCast(asSym(c.vals[0], c.args[0]->getType(), l), IntType::u64());
      at.offsetBytes =
          mkBin(SymOp::Add, t.offsetBytes ? t.offsetBytes : mkConst(0, IntType::u64()),
                mkBin(SymOp::Mul, idx, mkConst(t.elemBytes, IntType::u64()), IntType::u64()), IntType::u64());
      op.regions.push_back(regionOf(at, mkConst(t.elemBytes), isSet, isSet ? "dst" : "src"));
    }
    if (isSet)
      return Value();
    // Values read from memory stay symbolic, named after the tensor.
    QualType rt = c.call->getType();
    if (rt->isIntegralOrEnumerationType())
      return scalar(mkVar(t.name + ".GetValue()", intTypeOf(ctx, rt), VarRole::Input));
    Value v;
    v.kind = Value::Unknown;
    v.reason = "value read from '" + t.name + "'";
    return v;
  }
  if (n == "GetPhyAddr") {
    Value v;
    v.kind = Value::Unknown;
    v.reason = "physical address of '" + t.name + "'";
    if (c.call->getType()->isIntegralOrEnumerationType())
      return unknownValue(v.reason, c.call->getType());
    return v;
  }
  // SetUserTag, GetUserTag, SetL2CacheHint, SetShapeInfo, ...
  if (c.call->getType()->isIntegralOrEnumerationType())
    return unknownValue("result of " + c.cls + "::" + n, c.call->getType());
  return Value();
}

// ------------------------------------------------------------ data copy

static Sym ceilTo(Sym x, int64_t a) {
  return mul(mkBin(SymOp::Div, addC(x, a - 1), mkConst(a), IntType::math()), mkConst(a));
}

Value Interp::apiDataCopy(ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  const std::string &n = c.name;
  if (n == "copy_gm_to_ubuf" || n == "copy_ubuf_to_gm") {
    Op &op = addOp(OpKind::DataCopy, n, c.call);
    op.pipe = n == "copy_gm_to_ubuf" ? Pipe::MTE2 : Pipe::MTE3;
    op.srcPos = n == "copy_gm_to_ubuf" ? TPos::GM : TPos::VECCALC;
    op.dstPos = n == "copy_gm_to_ubuf" ? TPos::VECCALC : TPos::GM;
    op.unknownReason = "raw intrinsic '" + n + "': addresses are raw pointers the frontend does not follow";
    return Value();
  }
  if (c.vals.size() < 2 || !isTensor(c.vals[0]) || !isTensor(c.vals[1]))
    return apiUnmodelled(c, n + " with arguments the frontend could not follow");
  const TensorVal &dst = c.vals[0].t;
  const TensorVal &src = c.vals[1].t;
  Op &op = addOp(OpKind::DataCopy, n, c.call);
  op.srcPos = src.global ? TPos::GM : src.pos;
  op.dstPos = dst.global ? TPos::GM : dst.pos;
  if (src.global && !dst.global)
    op.pipe = Pipe::MTE2;
  else if (!src.global && dst.global)
    op.pipe = Pipe::MTE3;
  else if (!src.global && !dst.global)
    op.pipe = (src.pos == TPos::VECIN || src.pos == TPos::VECOUT || src.pos == TPos::VECCALC) &&
                      (dst.pos == TPos::A1 || dst.pos == TPos::B1 || dst.pos == TPos::C1)
                  ? Pipe::MTE3
                  : Pipe::V;
  uint32_t elem = src.elemBytes ? src.elemBytes : dst.elemBytes;
  op.params["elemBytes"] = mkConst(elem);
  Sym srcLen, dstLen;
  if (c.vals.size() == 3 && c.args[2]->getType()->isIntegralOrEnumerationType()) {
    // DataCopy(dst, src, count): count elements, contiguous.
    Sym count = toMath(asSym(c.vals[2], c.args[2]->getType(), l));
    op.params["count"] = count;
    srcLen = dstLen = mul(count, mkConst(elem));
    op.params["lengthBytes"] = srcLen;
  } else if (c.vals.size() >= 3 && (c.vals[2].kind == Value::Obj || c.vals[2].kind == Value::ObjPtr)) {
    const Value &pv = c.vals[2];
    std::string pname = pv.obj && pv.obj->rec ? pv.obj->rec->getNameAsString() : "";
    op.params["struct:" + pname] = mkConst(1);
    if (pname == "DataCopyParams" || pname == "DataCopyExtParams") {
      Sym bc = fieldOf(pv, "blockCount", l), bl = fieldOf(pv, "blockLen", l);
      Sym ss = fieldOf(pv, "srcStride", l), ds = fieldOf(pv, "dstStride", l);
      op.params["blockCount"] = bc;
      op.params["blockLen"] = bl;
      op.params["srcStride"] = ss;
      op.params["dstStride"] = ds;
      bool pad = n == "DataCopyPad";
      op.params[pad ? "unit:bytes" : "unit:blocks"] = mkConst(1);
      Sym bcm1 = sub(bc, mkConst(1));
      if (!pad) {
        // DataCopy with DataCopyParams: blockLen and strides in 32-byte blocks.
        srcLen = mulC(add(mul(bcm1, add(bl, ss)), bl), 32);
        dstLen = mulC(add(mul(bcm1, add(bl, ds)), bl), 32);
      } else {
        // DataCopyPad: blockLen in bytes; GM strides in bytes, UB strides in
        // 32-byte blocks, each UB block padded to 32 bytes.
        Sym ubBlock = ceilTo(bl, 32);
        if (src.global) {
          srcLen = add(mul(bcm1, add(bl, ss)), bl);
          dstLen = add(mul(bcm1, add(ubBlock, mulC(ds, 32))), ubBlock);
        } else {
          srcLen = add(mul(bcm1, add(ubBlock, mulC(ss, 32))), bl);
          dstLen = add(mul(bcm1, add(bl, ds)), bl);
        }
      }
      Sym nonEmpty = mkAnd(mkCmp(SymOp::Gt, bc, mkConst(0)), mkCmp(SymOp::Gt, bl, mkConst(0)));
      srcLen = mkSelect(nonEmpty, srcLen, mkConst(0));
      dstLen = mkSelect(nonEmpty, dstLen, mkConst(0));
    } else if (pname == "Nd2NzParams" && src.global && elem > 0 && elem <= 32 && 32 % elem == 0) {
      // GM (ND) -> L1 (NZ) (asc-devkit docs/zh/api/.../矩阵计算的搬入/
      // DataCopy（GMToL1随路转换-ND2NZ搬运）.md): ndNum matrices of nValue rows
      // x dValue elements; source rows srcDValue elements apart, matrices
      // srcNdMatrixStride elements apart; the destination splits a row into
      // ceil(dValue / C0) blocks of 32 bytes (C0 = 32 / sizeof), rows
      // dstNzNStride x 32 bytes apart, blocks dstNzC0Stride x 32 bytes apart,
      // matrices dstNzMatrixStride elements apart. Any count 0 is a NOP.
      Sym nd = fieldOf(pv, "ndNum", l), nv = fieldOf(pv, "nValue", l), dv = fieldOf(pv, "dValue", l);
      Sym sms = fieldOf(pv, "srcNdMatrixStride", l), sdv = fieldOf(pv, "srcDValue", l);
      Sym c0s = fieldOf(pv, "dstNzC0Stride", l), ns = fieldOf(pv, "dstNzNStride", l);
      Sym dms = fieldOf(pv, "dstNzMatrixStride", l);
      op.params["ndNum"] = nd;
      op.params["nValue"] = nv;
      op.params["dValue"] = dv;
      Sym ne = mkAnd(mkAnd(mkCmp(SymOp::Gt, nd, mkConst(0)), mkCmp(SymOp::Gt, nv, mkConst(0))),
                     mkCmp(SymOp::Gt, dv, mkConst(0)));
      Sym ndm1 = addC(nd, -1), nvm1 = addC(nv, -1);
      srcLen = mulC(add(add(mul(ndm1, sms), mul(nvm1, sdv)), dv), elem);
      Sym blocks = mkBin(SymOp::Div, addC(dv, 32 / elem - 1), mkConst(32 / elem), IntType::math());
      dstLen =
          add(mulC(mul(ndm1, dms), elem), mulC(add(add(mul(addC(blocks, -1), c0s), mul(nvm1, ns)), mkConst(1)), 32));
      srcLen = mkSelect(ne, srcLen, mkConst(0));
      dstLen = mkSelect(ne, dstLen, mkConst(0));
    } else if (pname.find("NdDma") != std::string::npos || pname.find("MultiCopyParams") != std::string::npos) {
      // NDDMA (950): up to 5 nested loops, index 0 innermost; strides in
      // elements; padding widens each destination dimension (hardware.md
      // §3.6, AscendC NdDmaParams doc).
      op.params["nddma"] = mkConst(1);
      op.pipe = Pipe::MTE2;
      int64_t dim = 0;
      if (pv.obj && pv.obj->rec)
        dim = classTemplateIntArg(pv.obj->rec, 1).value_or(0);
      Value loopInfo;
      if (pv.obj && pv.obj->rec)
        for (const FieldDecl *fd : pv.obj->rec->fields())
          if (fd->getName() == "loopInfo") {
            LRef r;
            r.kind = LRef::Field;
            r.obj = pv.obj;
            r.field = fd;
            loopInfo = read(r, fd->getType());
          }
      auto elemOf = [&](const char *array, int64_t i) -> Sym {
        if (loopInfo.kind != Value::Obj || !loopInfo.obj || !loopInfo.obj->rec)
          return mkOpaque("NDDMA loop parameters could not be followed");
        for (const FieldDecl *fd : loopInfo.obj->rec->fields())
          if (fd->getName() == array) {
            LRef r;
            r.kind = LRef::Field;
            r.obj = loopInfo.obj;
            r.field = fd;
            Value arr = read(r, fd->getType());
            if (arr.kind != Value::Obj || !arr.obj || !arr.obj->isArray)
              break;
            LRef er;
            er.kind = LRef::Elem;
            er.obj = arr.obj;
            er.index = i;
            QualType et = arr.obj->elemType;
            return toMath(asSym(read(er, et), et, l));
          }
        return mkOpaque(std::string("NDDMA ") + array + " could not be followed");
      };
      if (dim < 1 || dim > 5) {
        op.unknownReason = "NDDMA dimension count could not be determined";
      } else {
        op.params["dim"] = mkConst(dim);
        Sym srcSpan = mkConst(1), dstSpan = mkConst(1), nonEmpty = mkBool(true);
        for (int64_t i = 0; i < dim; ++i) {
          std::string k = std::to_string(i);
          Sym size = elemOf("loopSize", i), ss = elemOf("loopSrcStride", i), ds = elemOf("loopDstStride", i);
          Sym lp = elemOf("loopLpSize", i), rp = elemOf("loopRpSize", i);
          op.params["size" + k] = size;
          op.params["srcStride" + k] = ss;
          op.params["dstStride" + k] = ds;
          op.params["lp" + k] = lp;
          op.params["rp" + k] = rp;
          srcSpan = add(srcSpan, mul(sub(size, mkConst(1)), ss));
          dstSpan = add(dstSpan, mul(sub(add(add(size, lp), rp), mkConst(1)), ds));
          nonEmpty = mkAnd(nonEmpty, mkCmp(SymOp::Gt, size, mkConst(0)));
        }
        srcLen = mkSelect(nonEmpty, mulC(srcSpan, elem), mkConst(0));
        dstLen = mkSelect(nonEmpty, mulC(dstSpan, elem), mkConst(0));
      }
    } else {
      op.unknownReason = n + " with " + (pname.empty() ? "these parameters" : pname) + " is not modelled yet";
    }
  } else {
    op.unknownReason = n + " overload is not modelled";
  }
  op.regions.push_back(regionOf(src, srcLen, false, "src"));
  op.regions.push_back(regionOf(dst, dstLen, true, "dst"));
  return Value();
}

// ------------------------------------------------------------ vector ops

namespace {
enum class VShape { Binary, ScalarBinary, Unary, Cast, Duplicate, Compare, Reduce, TernaryDst };
struct VInfo {
  const char *name;
  VShape shape;
};
const VInfo kVector[] = {
    {"Add", VShape::Binary},
    {"Sub", VShape::Binary},
    {"Mul", VShape::Binary},
    {"Div", VShape::Binary},
    {"Max", VShape::Binary},
    {"Min", VShape::Binary},
    {"And", VShape::Binary},
    {"Or", VShape::Binary},
    {"AddRelu", VShape::Binary},
    {"SubRelu", VShape::Binary},
    {"Prelu", VShape::Binary},
    {"FusedMulAdd", VShape::TernaryDst},
    {"MulAddDst", VShape::TernaryDst},
    {"Adds", VShape::ScalarBinary},
    {"Muls", VShape::ScalarBinary},
    {"Maxs", VShape::ScalarBinary},
    {"Mins", VShape::ScalarBinary},
    {"LeakyRelu", VShape::ScalarBinary},
    {"ShiftLeft", VShape::ScalarBinary},
    {"ShiftRight", VShape::ScalarBinary},
    {"Axpy", VShape::ScalarBinary},
    {"Exp", VShape::Unary},
    {"Ln", VShape::Unary},
    {"Abs", VShape::Unary},
    {"Sqrt", VShape::Unary},
    {"Rsqrt", VShape::Unary},
    {"Reciprocal", VShape::Unary},
    {"Relu", VShape::Unary},
    {"Not", VShape::Unary},
    {"Cast", VShape::Cast},
    {"Duplicate", VShape::Duplicate},
    {"Compare", VShape::Compare},
    {"ReduceSum", VShape::Reduce},
    {"ReduceMax", VShape::Reduce},
    {"ReduceMin", VShape::Reduce},
};
} // namespace

Value Interp::apiVector(ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  const VInfo *info = nullptr;
  for (const VInfo &v : kVector)
    if (c.name == v.name)
      info = &v;
  Op &op = addOp(OpKind::Vector, c.name, c.call);
  op.pipe = Pipe::V;
  std::vector<size_t> tensors;
  for (size_t i = 0; i < c.vals.size(); ++i)
    if (isTensor(c.vals[i]))
      tensors.push_back(i);
  // The count form ends with an integer element count.
  const FunctionDecl *fd = c.fd;
  bool countForm = false;
  Sym count;
  if (!c.args.empty() && fd->getNumParams() == c.args.size()) {
    const ParmVarDecl *last = fd->getParamDecl(fd->getNumParams() - 1);
    std::string pn = last->getNameAsString();
    QualType lt = last->getType().getNonReferenceType();
    if (lt->isIntegerType() && (pn == "count" || pn == "calCount" || pn == "dataSize" || pn.empty())) {
      countForm = true;
      count = toMath(asSym(c.vals.back(), c.args.back()->getType(), l));
    }
  }
  auto addTensor = [&](size_t argIdx, Sym len, bool write, const char *role) {
    op.regions.push_back(regionOf(c.vals[argIdx].t, len, write, role));
  };
  if (!info || !countForm || tensors.empty()) {
    // Shape not known: every tensor is touched, extents unknown. The first
    // tensor is the destination by AscendC convention.
    op.unknownReason = info ? "'" + c.name + "' in its mask/repeat form: extents are not modelled"
                            : "AscendC API '" + c.name + "' is not modelled";
    for (size_t k = 0; k < tensors.size(); ++k)
      addTensor(tensors[k], nullptr, k == 0, k == 0 ? "dst" : "src");
    return unknownValue("result of " + c.name, c.call->getType());
  }
  op.params["count"] = count;
  auto bytes = [&](size_t argIdx) { return mul(count, mkConst(c.vals[argIdx].t.elemBytes)); };
  // Tensors beyond the instruction's operands are temporary buffers of the
  // high-level forms (Exp(dst, src, tmp, count)): touched, extent unknown.
  size_t operands = info->shape == VShape::Binary || info->shape == VShape::TernaryDst || info->shape == VShape::Compare
                        ? 3
                        : (info->shape == VShape::Duplicate ? 1 : 2);
  for (size_t k = operands; k < tensors.size() && info->shape != VShape::Reduce; ++k)
    addTensor(tensors[k], nullptr, true, "tmp");
  if (tensors.size() > operands && info->shape != VShape::Reduce)
    tensors.resize(operands);
  switch (info->shape) {
  case VShape::Binary:
  case VShape::ScalarBinary:
  case VShape::Unary:
  case VShape::Cast:
  case VShape::TernaryDst:
    for (size_t k = 1; k < tensors.size(); ++k)
      addTensor(tensors[k], bytes(tensors[k]), false, k == 1 ? "src0" : "src1");
    if (info->shape == VShape::TernaryDst || c.name == "Axpy")
      addTensor(tensors[0], bytes(tensors[0]), false, "dst");
    addTensor(tensors[0], bytes(tensors[0]), true, "dst");
    break;
  case VShape::Duplicate:
    addTensor(tensors[0], bytes(tensors[0]), true, "dst");
    break;
  case VShape::Compare:
    for (size_t k = 1; k < tensors.size(); ++k)
      addTensor(tensors[k], bytes(tensors[k]), false, "src");
    // one bit per element
    addTensor(tensors[0], mkBin(SymOp::Div, addC(count, 7), mkConst(8), IntType::math()), true, "dst");
    break;
  case VShape::Reduce:
    if (tensors.size() >= 2)
      addTensor(tensors[1], bytes(tensors[1]), false, "src");
    addTensor(tensors[0], nullptr, true, "dst");
    for (size_t k = 2; k < tensors.size(); ++k)
      addTensor(tensors[k], nullptr, true, "work");
    break;
  }
  return unknownValue("result of " + c.name, c.call->getType());
}

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
  if (n == "set_flag" || n == "wait_flag") {
    Op &op = addOp(n == "set_flag" ? OpKind::SetFlag : OpKind::WaitFlag, n, c.call);
    auto p0 = c.vals.size() > 0 ? asConst(asSym(c.vals[0], QualType(), l)) : std::nullopt;
    auto p1 = c.vals.size() > 1 ? asConst(asSym(c.vals[1], QualType(), l)) : std::nullopt;
    op.flagSrc = p0 ? Pipe(*p0) : Pipe::None;
    op.flagDst = p1 ? Pipe(*p1) : Pipe::None;
    op.pipe = n == "set_flag" ? op.flagSrc : op.flagDst;
    for (int e = 0; e < int(HardEvent::MAX); ++e)
      if (hardEventPipes(HardEvent(e)) == std::make_pair(op.flagSrc, op.flagDst))
        op.event = HardEvent(e);
    if (!p0 || !p1)
      op.unknownReason = "pipes of " + n + " could not be determined";
    op.eventId = idArg(2);
    return Value();
  }
  if (n == "PipeBarrier" || n == "pipe_barrier") {
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
    return Value();
  }
  return apiUnmodelled(c, "synchronisation API '" + n + "'");
}

// ------------------------------------------------------------------ cube

namespace {
Sym ceilDiv(Sym x, int64_t d) { return mkBin(SymOp::Div, addC(x, d - 1), mkConst(d), IntType::math()); }
Sym positive(Sym x) { return mkCmp(SymOp::Gt, x, mkConst(0)); }
Sym truthOf(Sym x) { return x->type.isBool ? x : mkCmp(SymOp::Ne, x, mkConst(0)); }

// Sub-byte element types (int4b_t, the fp4 pairs): one tensor element is not
// one byte, so byte footprints computed from sizeof would be wrong.
bool subByteType(QualType t) {
  const auto *rd = t.getCanonicalType()->getAsCXXRecordDecl();
  if (!rd)
    return false;
  std::string n = rd->getNameAsString();
  return n == "integer_sub_type" || n.find("float4_") == 0 || n == "int4x2_t";
}
} // namespace

// A member object of a parameter struct (FixpipeParamsArch3510::params).
static Value memberObject(Interp &in, const Value &v, const char *name) {
  Value none;
  if ((v.kind != Value::Obj && v.kind != Value::ObjPtr) || !v.obj || !v.obj->rec)
    return none;
  for (const FieldDecl *fd : v.obj->rec->fields())
    if (fd->getName() == name) {
      LRef r;
      r.kind = LRef::Field;
      r.obj = v.obj;
      r.field = fd;
      return in.read(r, fd->getType());
    }
  return none;
}

// The FixpipeConfig template argument of a Fixpipe call: {format, isToUB}.
// CO2Layout: NZ = 0, ROW_MAJOR = 1, COLUMN_MAJOR = 2 (asc-devkit
// docs/zh/api/.../Fixpipe（L0C到GM数据搬运）.md, table 1).
static std::optional<std::pair<int64_t, bool>> fixpipeConfig(const FunctionDecl *fd) {
  const TemplateArgumentList *tal = fd->getTemplateSpecializationArgs();
  if (!tal)
    return std::nullopt;
  for (unsigned i = 0; i < tal->size(); ++i) {
    const TemplateArgument &a = tal->get(i);
    if (a.getKind() != TemplateArgument::Declaration)
      continue;
    const auto *vd = dyn_cast<VarDecl>(a.getAsDecl());
    if (!vd || vd->getType()->getAsCXXRecordDecl() == nullptr ||
        vd->getType()->getAsCXXRecordDecl()->getName() != "FixpipeConfig")
      continue;
    const APValue *v = vd->evaluateValue();
    if (!v || !v->isStruct() || v->getStructNumFields() < 2 || !v->getStructField(0).isInt() ||
        !v->getStructField(1).isInt())
      return std::nullopt;
    return std::make_pair(v->getStructField(0).getInt().getExtValue(), v->getStructField(1).getInt().getBoolValue());
  }
  return std::make_pair(int64_t(1), false); // CFG_ROW_MAJOR, the default
}

Value Interp::apiCube(ApiCall &c) {
  const std::string &n = c.name;
  SourceLocation l = c.call->getBeginLoc();
  std::vector<size_t> tensors;
  for (size_t i = 0; i < c.vals.size(); ++i)
    if (isTensor(c.vals[i]))
      tensors.push_back(i);
  if (tensors.size() < 2)
    return apiUnmodelled(c, n + " with arguments the frontend could not follow");
  const TensorVal &dst = c.vals[tensors[0]].t;
  const TensorVal &src = c.vals[tensors[1]].t;
  OpKind k = n == "Mmad" ? OpKind::Cube : (n == "Fixpipe" ? OpKind::Fixpipe : OpKind::LoadData);
  Op &op = addOp(k, n, c.call);
  op.srcPos = src.global ? TPos::GM : src.pos;
  op.dstPos = dst.global ? TPos::GM : dst.pos;
  if (k == OpKind::Cube)
    op.pipe = Pipe::M;
  else if (k == OpKind::Fixpipe)
    op.pipe = Pipe::FIX;
  else
    op.pipe = src.global ? Pipe::MTE2 : Pipe::MTE1;
  // The parameter struct is the last argument.
  Value pv;
  std::string pname;
  if (!c.vals.empty() && (c.vals.back().kind == Value::Obj || c.vals.back().kind == Value::ObjPtr) &&
      c.vals.back().obj && c.vals.back().obj->rec) {
    pv = c.vals.back();
    pname = pv.obj->rec->getNameAsString();
    op.params["struct:" + pname] = mkConst(1);
  }
  bool subByte = false;
  if (const TemplateArgumentList *tal = c.fd->getTemplateSpecializationArgs())
    for (unsigned i = 0; i < tal->size(); ++i)
      if (tal->get(i).getKind() == TemplateArgument::Type && subByteType(tal->get(i).getAsType()))
        subByte = true;
  auto field = [&](const Value &v, const char *f) { return fieldOf(v, f, l); };
  // Footprints per role; null: not modelled (op.unknownReason says why).
  std::vector<Sym> lens(tensors.size());
  std::vector<Sym> extraOffset(tensors.size());
  std::vector<bool> writes(tensors.size(), false);
  std::vector<std::string> roles(tensors.size(), "src");
  writes[0] = true;
  roles[0] = "dst";
  const bool arch35 = opts.npuArch == 3510;
  if (subByte) {
    op.unknownReason = n + " on 4-bit element types: footprints are not modelled";
  } else if (k == OpKind::LoadData && n == "LoadData" && pname == "LoadData2DParams") {
    // LoadData 2D (asc-devkit docs/zh/api/.../矩阵计算的搬入/LoadData_2D.md):
    // repeatTimes fractals of 512 bytes; the source starts at fractal
    // startIndex and steps srcStride fractals (0: the same fractal again);
    // the destination leaves dstGap fractals between fractals (ignored on
    // Ascend 950); repeatTimes = 0 is a NOP. addrMode 1 (decreasing) exists
    // only for GM -> L1 and is not modelled.
    Sym si = field(pv, "startIndex"), rep = field(pv, "repeatTimes"), ss = field(pv, "srcStride");
    Sym dg = field(pv, "dstGap"), am = field(pv, "addrMode");
    op.params["startIndex"] = si;
    op.params["repeatTimes"] = rep;
    op.params["srcStride"] = ss;
    op.params["dstGap"] = dg;
    op.params["ifTranspose"] = field(pv, "ifTranspose");
    if (asConst(am).value_or(-1) != 0) {
      op.unknownReason = "LoadData with a decreasing or unknown addrMode is not modelled";
    } else {
      Sym rm1 = addC(rep, -1);
      Sym ne = positive(rep);
      lens[1] = mkSelect(ne, mulC(addC(mul(rm1, ss), 1), 512), mkConst(0));
      extraOffset[1] = mulC(si, 512);
      Sym dstFr = arch35 ? rep : addC(mul(rm1, addC(dg, 1)), 1);
      lens[0] = mkSelect(ne, mulC(dstFr, 512), mkConst(0));
    }
  } else if (k == OpKind::Cube && n == "Mmad" && pname == "MmadParams" && tensors.size() >= 3) {
    // Mmad (asc-devkit docs/zh/api/.../Mmad计算/Mmad.md and its GEMV and
    // K-direction pages): A (m x k) in L0A, B (k x n) in L0B, C (m x n) in
    // L0C, in 16-row fractals of 32 bytes per row for A and B (16 x 32 b8,
    // 16 x 16 b16, 16 x 8 b32; float K is padded to 8, or to 16 with
    // kDirectionAlign) and 16 x 16 elements for C; the bias is 1 x n in BT.
    // m = 1 is GEMV: A is k contiguous elements (on 950 unless disableGemv).
    // Any of m, n, k = 0 is a NOP.
    Sym m = field(pv, "m"), nn = field(pv, "n"), kk = field(pv, "k");
    op.params["m"] = m;
    op.params["n"] = nn;
    op.params["k"] = kk;
    Sym kda = field(pv, "kDirectionAlign");
    Sym gemv = mkCmp(SymOp::Eq, m, mkConst(1));
    if (arch35) {
      Sym dis = field(pv, "disableGemv");
      gemv = mkAnd(gemv, mkNot(truthOf(dis)));
    }
    const TensorVal &a = c.vals[tensors[1]].t, &b = c.vals[tensors[2]].t;
    auto kFractals = [&](uint32_t e) -> Sym {
      if (e == 4)
        return mkSelect(truthOf(kda), mulC(ceilDiv(kk, 16), 2), ceilDiv(kk, 8));
      return ceilDiv(kk, 32 / e);
    };
    if (dst.elemBytes == 0 || (a.elemBytes != 1 && a.elemBytes != 2 && a.elemBytes != 4) ||
        (b.elemBytes != 1 && b.elemBytes != 2 && b.elemBytes != 4)) {
      op.unknownReason = "Mmad with element types the model does not know";
    } else {
      Sym ne = mkAnd(mkAnd(positive(m), positive(nn)), positive(kk));
      Sym mFr = ceilDiv(m, 16), nFr = ceilDiv(nn, 16);
      Sym aLen = mkSelect(gemv, mulC(kk, a.elemBytes), mulC(mul(mFr, kFractals(a.elemBytes)), 512));
      lens[1] = mkSelect(ne, aLen, mkConst(0));
      lens[2] = mkSelect(ne, mulC(mul(kFractals(b.elemBytes), nFr), 512), mkConst(0));
      lens[0] = mkSelect(ne, mulC(mul(mFr, nFr), 256 * int64_t(dst.elemBytes)), mkConst(0));
      roles[1] = "fm";
      roles[2] = "filter";
      if (tensors.size() >= 4) {
        roles[3] = "bias";
        lens[3] = mkSelect(ne, mulC(nn, c.vals[tensors[3]].t.elemBytes), mkConst(0));
      }
    }
  } else if (k == OpKind::Fixpipe &&
             (pname == "FixpipeParamsV220" || pname == "FixpipeParamsArch3510" || pname == "FixpipeParamsC310")) {
    // Fixpipe (asc-devkit docs/zh/api/.../矩阵计算的搬出/Fixpipe（L0C到GM数据搬运）.md,
    // tables 3 and 4; L0C到UB: dual destination): the source is NZ in L0C,
    // ceil(nSize/16) column blocks of mSize rows of 16 elements, blocks
    // srcStride x (16 x sizeof) bytes apart. ROW_MAJOR (NZ2ND) writes mSize
    // rows of nSize elements, rows dstStride elements apart, ndNum matrices
    // dstNdStride elements apart (V220: srcNdStride in 16 C0 blocks; 950
    // Nz2NdParams: in C0 blocks). NZ keeps the blocks, dstStride apart (V220:
    // 32-byte units; 950: elements). COLUMN_MAJOR (NZ2DN, 950) writes nSize
    // columns of mSize elements. mSize, nSize or ndNum = 0 is a NOP.
    bool v220 = pname == "FixpipeParamsV220";
    auto cfg = fixpipeConfig(c.fd);
    Sym nS = field(pv, "nSize"), mS = field(pv, "mSize"), ss = field(pv, "srcStride"), ds = field(pv, "dstStride");
    op.params["nSize"] = nS;
    op.params["mSize"] = mS;
    op.params["srcStride"] = ss;
    op.params["dstStride"] = ds;
    Sym split = mkConst(0);
    if (!v220) {
      split = field(pv, "dualDstCtl");
      op.params["dualDstCtl"] = split;
    }
    Sym chs = field(pv, "isChannelSplit");
    if (cfg)
      op.params["format"] = mkConst(cfg->first);
    if (cfg && cfg->second)
      op.params["toUB"] = mkConst(1);
    uint32_t eS = src.elemBytes, eD = dst.elemBytes;
    Sym ndNum = mkConst(1), srcNdStride = mkConst(0), dstNdStride = mkConst(0);
    if (cfg && cfg->first != 0) {
      if (v220) {
        ndNum = field(pv, "ndNum");
        srcNdStride = mulC(field(pv, "srcNdStride"), 16);
        dstNdStride = field(pv, "dstNdStride");
      } else {
        Value sub = memberObject(*this, pv, "params");
        bool dn = cfg->first == 2;
        ndNum = field(sub, dn ? "dnNum" : "ndNum");
        srcNdStride = field(sub, dn ? "srcNzMatrixStride" : "srcNdStride");
        dstNdStride = field(sub, dn ? "dstDnMatrixStride" : "dstNdStride");
      }
    }
    auto splitC = asConst(split);
    if (!cfg) {
      op.unknownReason = "Fixpipe configuration could not be determined";
    } else if (asConst(chs).value_or(1) != 0) {
      op.unknownReason = "Fixpipe with channel split is not modelled";
    } else if (!splitC || *splitC < 0 || *splitC > 2) {
      op.unknownReason = "Fixpipe dual-destination mode could not be determined";
    } else if (eS == 0 || eD == 0 || (cfg->first == 0 && eD == 1)) {
      op.unknownReason = "Fixpipe with element types the model does not know";
    } else {
      Sym ne = mkAnd(mkAnd(positive(nS), positive(mS)), positive(ndNum));
      Sym nBlk = ceilDiv(nS, 16);
      Sym srcLen = mulC(add(add(mul(addC(ndNum, -1), srcNdStride), mul(addC(nBlk, -1), ss)), mS), 16 * int64_t(eS));
      // Dual destination: each UB receives half of M (1) or of N (2).
      Sym mD = *splitC == 1 ? mkBin(SymOp::Div, mS, mkConst(2), IntType::math()) : mS;
      Sym nD = *splitC == 2 ? mkBin(SymOp::Div, nS, mkConst(2), IntType::math()) : nS;
      Sym nBlkD = ceilDiv(nD, 16);
      Sym dstLen;
      if (cfg->first == 1)
        dstLen = mulC(add(add(mul(addC(ndNum, -1), dstNdStride), mul(addC(mD, -1), ds)), nD), eD);
      else if (cfg->first == 2)
        dstLen = mulC(add(add(mul(addC(ndNum, -1), dstNdStride), mul(addC(nD, -1), ds)), mD), eD);
      else
        dstLen = add(v220 ? mulC(mul(addC(nBlkD, -1), ds), 32) : mulC(mul(addC(nBlkD, -1), ds), eD),
                     mulC(mD, 16 * int64_t(eD)));
      lens[1] = mkSelect(ne, srcLen, mkConst(0));
      lens[0] = mkSelect(ne, dstLen, mkConst(0));
      if (tensors.size() >= 3)
        roles[2] = "quant";
    }
  } else {
    op.unknownReason = n + (pname.empty() ? "" : " with " + pname) + ": footprints are not modelled";
  }
  for (size_t i = 0; i < tensors.size(); ++i) {
    Region r = regionOf(c.vals[tensors[i]].t, lens[i], writes[i], roles[i]);
    if (extraOffset[i])
      r.offsetBytes = add(r.offsetBytes, extraOffset[i]);
    op.regions.push_back(r);
  }
  return Value();
}

} // namespace fe
} // namespace alint
