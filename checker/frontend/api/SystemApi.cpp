// System values and lint hooks: assume(), core-type queries, block and
// sub-block indices, the pipe and workspace pointers, mode setters (pure),
// and the whole-core barriers hidden in library helpers.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ExprCXX.h>

namespace alint {
namespace fe {

using namespace clang;

// The one "this is the cube core" variable of is_aic / is_aiv / g_coreType.
static Sym aicVar() {
  static Sym aic = mkVar("ASCEND_IS_AIC", IntType::boolean(), VarRole::Internal);
  return aic;
}

Value Interp::apiSystem(ApiCall &c) {
  const CallExpr *call = c.call;
  const std::string &n = c.name;
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
  // GET_TILING_DATA* (macros.h, the project prelude): the tiling argument
  // viewed as the struct. Each field read is a tiling input named after the
  // variable it is stored in (tilingData.tileLength), else after the argument.
  if (n == "tiling_data" || n == "tiling_data_ptr") {
    bool ptr = n == "tiling_data_ptr";
    QualType rt = call->getType();
    if (const CXXRecordDecl *rd = (ptr ? rt->getPointeeType() : rt)->getAsCXXRecordDecl()) {
      Value v;
      v.kind = ptr ? Value::ObjPtr : Value::Obj;
      // The pointer form is named by the variable it initialises (evalInit).
      v.obj = newObject(rd, ptr || c.args.empty() ? std::string() : exprText(c.args[0]));
      v.obj->originFromPointer = !ptr;
      return v;
    }
  }
  // likely()/unlikely() (macros.h): __builtin_expect(x, c) is x.
  if (n == "__builtin_expect")
    return c.vals.empty() ? Value() : c.vals[0];
  if (n == "is_aic" || n == "is_aiv") {
    Sym aic = aicVar();
    model.aicVar = aic;
    return scalar(n == "is_aic" ? aic : mkNot(aic));
  }
  if (n == "core_type" && (opts.npuArch == 2201 || opts.npuArch == 3510)) {
    // g_coreType: bisheng compiles a kernel once per core side on these chips
    // (SPLIT_CORE_CUBE / SPLIT_CORE_VEC), so it is AIC (1) on the cube core
    // and AIV (2) on the vector core (asc-devkit impl/utils/sys_macros.h).
    Sym aic = aicVar();
    model.aicVar = aic;
    return scalar(mkSelect(aic, mkConst(1, IntType::i32()), mkConst(2, IntType::i32())));
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
    // The kernel's workspace (the argument given, else the parameter by its
    // usual name); the user's part starts after the system workspace the
    // target reserves (RESERVED_WORKSPACE, model::TargetSpec). Where the
    // target does not say how much that is, at the start (as before the
    // target said; the host's workspace size is then not bound to it).
    Value v;
    v.kind = Value::GmPtr;
    v.p.root = "workspace";
    v.p.offsetBytes = mkConst(0, IntType::u64());
    if (n == "GetUserWorkspace" && !c.vals.empty() && c.vals[0].kind == Value::GmPtr && !c.vals[0].p.local)
      v = c.vals[0];
    v.p.elemBytes = 1;
    if (n == "GetUserWorkspace" && opts.reservedWorkspaceBytes > 0)
      v.p.offsetBytes = add(toMath(v.p.offsetBytes ? v.p.offsetBytes : mkConst(0)),
                            mkConst(opts.reservedWorkspaceBytes, IntType::math()));
    return v;
  }
  if (n == "NdDmaDci") {
    Op &op = addOp(OpKind::Barrier, "NdDmaDci", call);
    op.pipe = Pipe::MTE2;
    op.params["nddma_dci"] = mkConst(1);
    return Value();
  }
  if (n == "DataSyncBarrier" || n == "dsb") {
    Op &op = addOp(OpKind::Barrier, n, call);
    op.pipe = Pipe::ALL;
    op.params["dsb"] = mkConst(1);
    return Value();
  }
  if (n == "InitDetermineComputeWorkspace" || n == "WaitPreBlock" || n == "NotifyNextBlock") {
    // Deterministic-order helpers: on the vector core each begins and ends
    // with PipeBarrier<PIPE_ALL> (asc-devkit impl/basic_api/dav_c220 and
    // dav_3510 kernel_operator_determine_compute_sync_impl.h), so what they
    // copy through the workspaces is ordered with everything around them.
    Op &op = addOp(OpKind::Barrier, n, c.call);
    op.pipe = Pipe::ALL;
    return Value();
  }
  if (n == "GetUintDivMagicAndShift" && c.args.size() == 3) {
    // Writes the magic number and shift of a division by `divisor` into its
    // two reference arguments; touches no memory, orders nothing (asc-devkit
    // include/basic_api/kernel_operator_scalar_intf.h, impl/basic_api/
    // kernel_scalar.h GetUintDivMagicAndShiftImpl). The values are not
    // modelled: what is computed from them is unknown, with this reason.
    for (size_t i = 0; i < 2; ++i) {
      LRef r = evalLValue(c.args[i]);
      if (r.kind != LRef::None)
        write(r, unknownValue("the fast-division magic number of GetUintDivMagicAndShift is not modelled",
                              c.args[i]->getType()));
    }
    return Value();
  }
  return apiUnmodelled(c, "AscendC API '" + n + "' is not modelled");
}

// The number of leading zero bits of a uint64_t, 64 for 0 (asc-devkit
// docs/zh/api/SIMD-API/基础API/标量计算/CountLeadingZero.md): exact, as a
// choice over the position of the highest one bit, so `1 << (63 - clz(n))`
// (data_compare's FindNearestPower2) is a value Z3 can reason about.
static Value countLeadingZero(Interp &in, ApiCall &c) {
  if (c.vals.size() != 1)
    return in.unknownValue("result of " + c.name, c.call->getType());
  Sym x = mkCast(in.asSym(c.vals[0], c.fd->getParamDecl(0)->getType(), c.call->getBeginLoc()), IntType::u64());
  Sym r = mkConst(64, IntType::i64());
  for (int bit = 0; bit < 64; ++bit) // the highest set bit wins: tested last, outermost
    r = mkSelect(mkCmp(SymOp::Ge, x, mkConst((uint64_t)1 << bit, IntType::u64())), mkConst(63 - bit, IntType::i64()),
                 r);
  return in.scalar(r);
}

// A data-cache clean and invalidate (缓存控制/DataCacheCleanAndInvalid.md,
// the dcci intrinsic and its builtin): it moves cached GM lines, not data a
// check follows, and orders no pipe. Kept as an op (a barrier without sync
// effect) for gm-coherence, which looks for it between a write and a read
// (its tensor's GM root; none given: the whole cache).
static Value dataCacheClean(Interp &in, ApiCall &c) {
  Op &op = in.addOp(OpKind::Barrier, c.name == "__builtin_cce_dcci" ? "dcci" : c.name, c.call);
  op.pipe = Pipe::S;
  op.params["dcci"] = mkConst(1);
  for (size_t i = 0; i < c.vals.size(); ++i)
    if (isTensor(c.vals[i]))
      op.regions.push_back(in.regionOf(c.vals[i].t, nullptr, false, "dst"));
  return Value();
}

// ListTensorDesc::GetDataPtr<T>(i): the address of tensor i of a tensor list
// (工具接口/ListTensorDesc.md), read from the list's descriptor in GM. The
// list's tensors are distinct allocations: tensor i is placed at i * 2^36 of
// memory of the list's own (its root names the list object), 2^36 bytes being
// more than a device's HBM, so accesses to two tensors never meet and two
// accesses to one tensor are compared as usual (across loop iterations too:
// the index is renamed with the loop). Accesses are checked against what
// SetGlobalBuffer is told. Any other call on a list is unmodelled.
static Value listDataPtr(Interp &in, ApiCall &c) {
  if (c.cls != "ListTensorDesc" || !c.objExpr || c.args.size() != 1 || c.vals[0].kind != Value::Scalar ||
      !c.vals[0].sym)
    return in.apiUnmodelled(c, "AscendC API '" + c.name + "' is not modelled");
  const uint32_t es = templateTypeSize(in, c.fd, 0);
  // The list named by its declaration, so `outputs` and `this->outputs` are
  // one memory (the source text would make them two).
  std::string list = in.exprText(c.objExpr);
  const Expr *o = c.objExpr->IgnoreParenImpCasts();
  if (const auto *me = dyn_cast<MemberExpr>(o))
    list = me->getMemberDecl()->getNameAsString();
  else if (const auto *dr = dyn_cast<DeclRefExpr>(o))
    list = dr->getDecl()->getNameAsString();
  Value v;
  v.kind = Value::GmPtr;
  v.p.root = "tensor list '" + list + "'";
  v.p.offsetBytes = mkCast(mulC(toMath(c.vals[0].sym), int64_t(1) << 36), IntType::u64());
  v.p.elemBytes = es ? es : 1;
  return v;
}

void registerSystemApi(ApiTable &t) {
  ApiHandler h = [](Interp &in, ApiCall &c) { return in.apiSystem(c); };
  t.addNames({"assume",
              "__builtin_expect",
              "tiling_data",
              "tiling_data_ptr",
              "is_aic",
              "core_type",
              "is_aiv",
              "kernel_task_type_default",
              "kernel_task_type",
              "GetBlockIdx",
              "get_block_idx",
              "GetTaskRation",
              "GetSubBlockNum",
              "get_subblockdim",
              "GetBlockNum",
              "get_block_num",
              "GetSubBlockIdx",
              "get_subblockid",
              "GetTPipePtr",
              "GetSysWorkSpacePtr",
              "GetUserWorkspace",
              "NdDmaDci",
              "DataSyncBarrier",
              "dsb",
              "InitDetermineComputeWorkspace",
              "WaitPreBlock",
              "NotifyNextBlock",
              "GetUintDivMagicAndShift"},
             "system", h);
  // Mode and mask setters, debugging output and clock reads: no memory is
  // touched and nothing is ordered. (InitConstValue writes its tensor: it is
  // left to the vector fallback, an unknown-extent write, so uninit-read does
  // not take the tensor for unwritten.) (A mask changes what a mask-form vector
  // instruction touches: the forms that read the register count every element
  // of a repeat; SetMaskCount / SetMaskNorm are api/VectorApi.cpp's.)
  t.addPure({"SetVectorMask", "ResetMask", "SetAtomicAdd", "SetAtomicNone", "SetAtomicMax", "SetAtomicMin",
             "SetAtomicType", "SetFlagAndWait", "SetSysWorkspace", "SetLoadDataPaddingValue", "SetFmatrix",
             "SetFixpipeNz2ndFlag", "SetFixPipeConfig", "SetDeqScale", "SetPadValue", "SetHF32Mode", "SetHF32TransMode",
             "SetMMLayoutTransform", "GetArchVersion", "GetProgramCounter", "GetSystemCycle", "Trap", "printf",
             "PRINTF", "DumpTensor", "AscendCUtils",
             // scalar arithmetic on values (kernel_operator_scalar_intf.h): no memory, no order
             "ScalarGetCountOfValue", "CountBitsCntSameAsSignBit", "ScalarGetSFFValue", "ScalarCast", "ToFloat"});
  t.addNames({"ScalarCountLeadingZero", "CountLeadingZero"}, "system", countLeadingZero);
  // InitSocState sets the core's global state registers only: the atomic
  // mode off, the mask mode Normal, the dequant scale, CTRL bits (asc-devkit
  // docs/zh/api/SIMD-API/基础API/工具接口/系统初始化/InitSocState.md; impl
  // kernel_utils_base.h InitSocStateImpl). No memory is touched, nothing is
  // ordered (PIPE_S, 附录/API流水类型汇总.md); the mask mode is reset.
  t.addNames({"InitSocState"}, "system", [](Interp &in, ApiCall &) {
    in.cceMask.counter = false;
    return Value();
  });
  t.addNames({"DataCacheCleanAndInvalid", "dcci", "__builtin_cce_dcci"}, "system", dataCacheClean);
  t.addNames({"GetDataPtr"}, "system", listDataPtr);
}

} // namespace fe
} // namespace alint
