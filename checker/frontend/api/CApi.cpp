// The C API (asc_*) of SIMD kernels as data: each function's pipe, operand
// roles and footprint, read by one handler. Operands are raw pointers
// (`(__ubuf__ void *)x`, a `__ubuf__` array, `xGm + i * n`, a tensor's
// GetPhyAddr()); a pointer the frontend does not follow leaves its region
// without a buffer, so the checks that read it say `unknown`.
//
// Sources: asc-devkit docs/zh/api/SIMD-API/C-API/
//   vector_datamove/asc_copy_gm2ub/asc_copy_gm2ub_arch_3510.md, asc_copy_ub2gm/ (PIPE_MTE2 / PIPE_MTE3;
//     `size` bytes from the start of each address; the _sync form includes the wait: 同步计算包含同步等待)
//   vector_compute/ (asc_add, asc_sub, asc_mul, ...: PIPE_V, `count` elements of T per operand;
//     the _sync form waits for the result)
//   sys_var/asc_get_block_idx.md, asc_get_block_num.md; misc/asc_init.md
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

namespace alint {
namespace fe {

using namespace clang;

namespace {

enum class Len { SizeBytes, CountElems };
struct CEntry {
  const char *name;
  OpKind kind;
  Pipe pipe;
  int nOperands; // pointer operands, destination first
  Mem dst, src;  // memory of the destination and of the sources
  Len len;       // the last argument: bytes, or elements of the pointee type
  bool sync;     // the call waits for its result
};

const CEntry kCApi[] = {
    {"asc_copy_gm2ub", OpKind::DataCopy, Pipe::MTE2, 2, Mem::UB, Mem::GM, Len::SizeBytes, false},
    {"asc_copy_gm2ub_sync", OpKind::DataCopy, Pipe::MTE2, 2, Mem::UB, Mem::GM, Len::SizeBytes, true},
    {"asc_copy_ub2gm", OpKind::DataCopy, Pipe::MTE3, 2, Mem::GM, Mem::UB, Len::SizeBytes, false},
    {"asc_copy_ub2gm_sync", OpKind::DataCopy, Pipe::MTE3, 2, Mem::GM, Mem::UB, Len::SizeBytes, true},
    {"asc_add", OpKind::Vector, Pipe::V, 3, Mem::UB, Mem::UB, Len::CountElems, false},
    {"asc_add_sync", OpKind::Vector, Pipe::V, 3, Mem::UB, Mem::UB, Len::CountElems, true},
    {"asc_sub", OpKind::Vector, Pipe::V, 3, Mem::UB, Mem::UB, Len::CountElems, false},
    {"asc_sub_sync", OpKind::Vector, Pipe::V, 3, Mem::UB, Mem::UB, Len::CountElems, true},
    {"asc_mul", OpKind::Vector, Pipe::V, 3, Mem::UB, Mem::UB, Len::CountElems, false},
    {"asc_mul_sync", OpKind::Vector, Pipe::V, 3, Mem::UB, Mem::UB, Len::CountElems, true},
};

Region operand(Interp &in, const Value &v, Mem m, Sym len, bool write, const std::string &role) {
  Region r;
  r.write = write;
  r.role = role;
  r.global = m == Mem::GM;
  r.pos = m == Mem::GM ? TPos::GM : TPos::VECCALC;
  r.offsetBytes = mkConst(0);
  r.lengthBytes = len;
  if (v.kind != Value::GmPtr)
    return r; // not followed: no buffer, the checks say unknown
  if (v.p.view) {
    TensorVal t = *v.p.view;
    if (t.global != (m == Mem::GM))
      return r;
    t.offsetBytes = add(t.offsetBytes ? toMath(t.offsetBytes) : mkConst(0), toMath(v.p.offsetBytes));
    return in.regionOf(t, len, write, role);
  }
  if (m != Mem::GM || v.p.local)
    return r;
  r.offsetBytes = toMath(v.p.offsetBytes);
  for (const GlobalBuf &g : in.model.globals)
    if (g.name == "*" + v.p.root)
      r.bufferId = g.id;
  if (r.bufferId < 0) {
    GlobalBuf g;
    g.id = int(in.model.globals.size());
    g.name = "*" + v.p.root; // the argument itself: no SetGlobalBuffer, no size
    g.root = v.p.root;
    g.baseOffsetBytes = mkConst(0);
    g.elemBytes = 1;
    in.model.globals.push_back(g);
    r.bufferId = g.id;
  }
  return r;
}

Value cCall(Interp &in, ApiCall &c) {
  const CEntry *e = nullptr;
  for (const CEntry &x : kCApi)
    if (c.name == x.name)
      e = &x;
  if (!e || int(c.args.size()) != e->nOperands + 1)
    return in.apiUnmodelled(c, c.name + " in this form is not modelled");
  SourceLocation l = c.call->getBeginLoc();
  Sym n = toMath(in.asSym(c.vals.back(), c.args.back()->getType(), l));
  Sym len = n;
  if (e->len == Len::CountElems) {
    QualType pt = c.args[0]->IgnoreParenImpCasts()->getType();
    uint32_t es = pt->isPointerType() ? in.sizeOfType(pt->getPointeeType()) : 0;
    if (!es && pt->isArrayType())
      es = in.sizeOfType(in.ctx.getAsArrayType(pt)->getElementType());
    len = es ? mul(n, mkConst(es)) : nullptr;
  }
  Op &op = in.addOp(e->kind, c.name, c.call);
  op.pipe = e->pipe;
  op.dstPos = e->dst == Mem::GM ? TPos::GM : TPos::VECCALC;
  op.srcPos = e->src == Mem::GM ? TPos::GM : TPos::VECCALC;
  for (int i = 0; i < e->nOperands; ++i) {
    Region r =
        operand(in, c.vals[i], i == 0 ? e->dst : e->src, len, i == 0, i == 0 ? "dst" : "src" + std::to_string(i - 1));
    if (r.bufferId < 0)
      op.unknownReason = "operand '" + in.exprText(c.args[i]) + "' of " + c.name + " is not followed";
    op.regions.push_back(r);
  }
  if (!len)
    op.unknownReason = "element type of " + c.name + " is unknown";
  if (e->sync) {
    // The call returns when its result is there: everything after it is ordered after it.
    Op &w = in.addOp(OpKind::Barrier, c.name + " (wait)", c.call);
    w.pipe = Pipe::ALL;
  }
  return Value();
}

Value cBlockIdx(Interp &in, ApiCall &c) {
  Sym s = c.name == "asc_get_block_idx" ? in.blockIdx() : in.blockNum();
  return in.scalar(mkCast(s, intTypeOf(in.ctx, c.call->getType())));
}

Value cNothing(Interp &, ApiCall &) { return Value(); }

} // namespace

void registerCApi(ApiTable &t) {
  for (const CEntry &e : kCApi)
    t.addNames({e.name}, "c-api", cCall);
  t.addNames({"asc_get_block_idx", "asc_get_block_num"}, "c-api", cBlockIdx);
  t.addNames({"asc_init"}, "c-api", cNothing); // sets up the core's state; touches no tensor (misc/asc_init.md)
}

} // namespace fe
} // namespace alint
