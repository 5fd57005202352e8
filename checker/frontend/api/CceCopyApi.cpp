// The CCE intrinsics that move data (copy_gm_to_ubuf, copy_ubuf_to_gm,
// copy_gm_to_cbuf, ...), load matrices into L0A/L0B, multiply (mad) and
// write L0C out (copy_matrix_cc_to_*), as a data table read by one handler.
// Their pointer operands are addresses: a local-memory pointer becomes a
// region of that whole memory (Buffer::Kind::Memory) at its address, a GM
// pointer a region of its kernel argument.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/ASTContext.h>

#include <algorithm>

namespace alint {
namespace fe {

using namespace clang;

static TPos posOfMem(Mem m) {
  switch (m) {
  case Mem::UB:
    return TPos::VECCALC;
  case Mem::L1:
    return TPos::A1;
  case Mem::L0A:
    return TPos::A2;
  case Mem::L0B:
    return TPos::B2;
  case Mem::L0C:
    return TPos::CO1;
  case Mem::BT:
    return TPos::C2;
  case Mem::FB:
    return TPos::C2PIPE2GM;
  default:
    return TPos::GM;
  }
}

// The region a pointer operand of an intrinsic touches in memory `m`.
Region cceRegion(Interp &in, const Value &v, Mem m, Sym lengthBytes, bool write, const std::string &role) {
  Region r;
  r.write = write;
  r.role = role;
  r.pos = posOfMem(m);
  r.lengthBytes = lengthBytes ? toMath(lengthBytes) : nullptr;
  r.offsetBytes = mkConst(0);
  if (v.kind == Value::Tensor) // a LocalTensor / GlobalTensor passed on (not by the intrinsics' own signatures)
    return in.regionOf(v.t, lengthBytes, write, role);
  if (v.kind != Value::GmPtr) {
    r.global = m == Mem::GM;
    return r; // bufferId -1: the checks say the memory is not known
  }
  if (v.p.view) { // a tensor's GetPhyAddr(): the tensor, further on
    TensorVal t = *v.p.view;
    t.offsetBytes = add(t.offsetBytes ? toMath(t.offsetBytes) : mkConst(0), toMath(v.p.offsetBytes));
    bool ub = t.pos == TPos::VECIN || t.pos == TPos::VECOUT || t.pos == TPos::VECCALC;
    if (t.global == (m == Mem::GM) && (t.global || posOfMem(m) == t.pos || (m == Mem::UB && ub)))
      return in.regionOf(t, lengthBytes, write, role);
    r.global = m == Mem::GM;
    return r;
  }
  r.elemBytes = v.p.elemBytes;
  r.offsetBytes = toMath(v.p.offsetBytes);
  if (m == Mem::GM) {
    r.global = true;
    if (v.p.local)
      return r; // an integer address passed as a GM pointer: not followed
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
  if (!v.p.local)
    return r; // a GM pointer given as a local one: not followed
  if (containsOpaque(r.offsetBytes))
    return r; // an address the frontend does not know (e.g. GetPhyAddr()): not a place in the memory
  for (const Buffer &b : in.model.buffers)
    if (b.kind == Buffer::Kind::Memory && b.memPos == r.pos)
      r.bufferId = b.id;
  if (r.bufferId < 0) {
    Buffer b;
    b.id = int(in.model.buffers.size());
    b.name = std::string(memName(m)) + " (raw addresses)";
    b.kind = Buffer::Kind::Memory;
    b.srcPos = b.dstPos = b.memPos = r.pos;
    b.num = mkConst(1);
    b.lenBytes = mkConst(int64_t(1) << 31); // the memory's size is the target's: see bounds-local
    b.cond = mkBool(true);
    in.model.buffers.push_back(b);
    r.bufferId = b.id;
  }
  return r;
}

namespace {

// How the arguments after the two pointers read.
enum class Form {
  Burst,  // sid, nBurst, lenBurst, srcStride, dstStride[, pad]: lengths and gaps in 32-byte blocks
  Opaque, // footprint not modelled (regions without extents)
};

struct CceMove {
  const char *name;
  OpKind kind;
  Pipe pipe;
  Mem dst, src;
  Form form;
  const char *source;
};

// Pipes: the movements' own (hardware.md §3; asc-devkit
// impl/basic_api/dav_c220/kernel_operator_data_copy_impl.h issues GM→UB and
// GM→L1 on MTE2, UB→GM and UB→L1 on MTE3; kernel_operator_mm_impl.h L1→L0A/B
// on MTE1 and mad on M; kernel_operator_fixpipe_v2_impl.h L0C→GM/L1 on FIX).
const CceMove kMoves[] = {
    {"copy_gm_to_ubuf", OpKind::DataCopy, Pipe::MTE2, Mem::UB, Mem::GM, Form::Burst,
     "kernel_operator_data_copy_impl.h"},
    {"copy_ubuf_to_gm", OpKind::DataCopy, Pipe::MTE3, Mem::GM, Mem::UB, Form::Burst,
     "kernel_operator_data_copy_impl.h"},
    {"copy_ubuf_to_ubuf", OpKind::DataCopy, Pipe::V, Mem::UB, Mem::UB, Form::Burst, "kernel_operator_data_copy_impl.h"},
    {"copy_gm_to_cbuf", OpKind::DataCopy, Pipe::MTE2, Mem::L1, Mem::GM, Form::Burst,
     "kernel_operator_data_copy_impl.h"},
    {"copy_ubuf_to_cbuf", OpKind::DataCopy, Pipe::MTE3, Mem::L1, Mem::UB, Form::Burst,
     "kernel_operator_data_copy_impl.h"},
    {"copy_gm_to_ubuf_align_b8", OpKind::DataCopy, Pipe::MTE2, Mem::UB, Mem::GM, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_gm_to_ubuf_align_b16", OpKind::DataCopy, Pipe::MTE2, Mem::UB, Mem::GM, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_gm_to_ubuf_align_b32", OpKind::DataCopy, Pipe::MTE2, Mem::UB, Mem::GM, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_ubuf_to_gm_align_b8", OpKind::DataCopy, Pipe::MTE3, Mem::GM, Mem::UB, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_ubuf_to_gm_align_b16", OpKind::DataCopy, Pipe::MTE3, Mem::GM, Mem::UB, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"copy_ubuf_to_gm_align_b32", OpKind::DataCopy, Pipe::MTE3, Mem::GM, Mem::UB, Form::Opaque,
     "kernel_operator_data_copy_impl.h (DataCopyPad)"},
    {"load_cbuf_to_ca", OpKind::LoadData, Pipe::MTE1, Mem::L0A, Mem::L1, Form::Opaque, "kernel_operator_mm_impl.h"},
    {"load_cbuf_to_cb", OpKind::LoadData, Pipe::MTE1, Mem::L0B, Mem::L1, Form::Opaque, "kernel_operator_mm_impl.h"},
    {"load_cbuf_to_ca_transpose", OpKind::LoadData, Pipe::MTE1, Mem::L0A, Mem::L1, Form::Opaque,
     "kernel_operator_mm_impl.h"},
    {"load_cbuf_to_cb_transpose", OpKind::LoadData, Pipe::MTE1, Mem::L0B, Mem::L1, Form::Opaque,
     "kernel_operator_mm_impl.h"},
    {"load_gm_to_ca", OpKind::LoadData, Pipe::MTE2, Mem::L0A, Mem::GM, Form::Opaque, "kernel_operator_mm_impl.h"},
    {"load_gm_to_cb", OpKind::LoadData, Pipe::MTE2, Mem::L0B, Mem::GM, Form::Opaque, "kernel_operator_mm_impl.h"},
    {"copy_matrix_cc_to_gm", OpKind::Fixpipe, Pipe::FIX, Mem::GM, Mem::L0C, Form::Opaque,
     "kernel_operator_fixpipe_v2_impl.h"},
    {"copy_matrix_cc_to_cbuf", OpKind::Fixpipe, Pipe::FIX, Mem::L1, Mem::L0C, Form::Opaque,
     "kernel_operator_fixpipe_v2_impl.h"},
    {"copy_matrix_cc_to_ub", OpKind::Fixpipe, Pipe::FIX, Mem::UB, Mem::L0C, Form::Opaque,
     "kernel_operator_fixpipe_v2_impl.h (Ascend 950)"},
};

const CceMove *findMove(const std::string &n) {
  for (const CceMove &m : kMoves)
    if (n == m.name)
      return &m;
  return nullptr;
}

Value cceMove(Interp &in, ApiCall &c) {
  const CceMove *m = findMove(c.name);
  SourceLocation l = c.call->getBeginLoc();
  Op &op = in.addOp(m->kind, c.name, c.call);
  op.pipe = m->pipe;
  op.srcPos = posOfMem(m->src);
  op.dstPos = posOfMem(m->dst);
  Sym srcLen, dstLen;
  auto arg = [&](size_t i) { return toMath(in.asSym(c.vals[i], c.args[i]->getType(), l)); };
  if (m->form == Form::Burst && (c.vals.size() == 7 || c.vals.size() == 8)) {
    // copy_*(dst, src, sid, nBurst, lenBurst, srcStride, dstStride[, pad]):
    // nBurst bursts of lenBurst 32-byte blocks, gaps of srcStride/dstStride
    // blocks between them (asc-devkit DataCopy with DataCopyParams, the same
    // fields: docs/zh/api "DataCopyParams").
    Sym n = arg(3), len = arg(4), ss = arg(5), ds = arg(6);
    op.params["blockCount"] = n;
    op.params["blockLen"] = len;
    op.params["srcStride"] = ss;
    op.params["dstStride"] = ds;
    op.params["unit:blocks"] = mkConst(1);
    Sym nm1 = addC(n, -1);
    Sym nonEmpty = mkAnd(mkCmp(SymOp::Gt, n, mkConst(0)), mkCmp(SymOp::Gt, len, mkConst(0)));
    srcLen = mkSelect(nonEmpty, mulC(add(mul(nm1, add(len, ss)), len), 32), mkConst(0));
    dstLen = mkSelect(nonEmpty, mulC(add(mul(nm1, add(len, ds)), len), 32), mkConst(0));
  } else if (m->form == Form::Burst) {
    op.unknownReason = "'" + c.name + "' with a packed configuration word is not modelled";
  } else {
    op.unknownReason = "the footprint of '" + c.name + "' is not modelled (" + m->source + ")";
  }
  if (c.vals.size() >= 2) {
    op.regions.push_back(cceRegion(in, c.vals[1], m->src, srcLen, false, "src"));
    op.regions.push_back(cceRegion(in, c.vals[0], m->dst, dstLen, true, "dst"));
  }
  return Value();
}

// mad(c, a, b[, bias], m, k, n, ...): L0A x L0B -> L0C on the M pipe.
Value cceMad(Interp &in, ApiCall &c) {
  Op &op = in.addOp(OpKind::Cube, c.name, c.call);
  op.pipe = Pipe::M;
  op.srcPos = TPos::A2;
  op.dstPos = TPos::CO1;
  op.unknownReason = "the footprint of '" + c.name + "' is not modelled (kernel_operator_mm_impl.h)";
  if (c.vals.size() >= 3) {
    op.regions.push_back(cceRegion(in, c.vals[1], Mem::L0A, nullptr, false, "a"));
    op.regions.push_back(cceRegion(in, c.vals[2], Mem::L0B, nullptr, false, "b"));
    op.regions.push_back(cceRegion(in, c.vals[0], Mem::L0C, nullptr, true, "c"));
  }
  return Value();
}

} // namespace

void registerCceCopyApi(ApiTable &t) {
  for (const CceMove &m : kMoves)
    t.addNames({m.name}, "cce-copy", cceMove);
  t.addNames({"mad", "mad_s4"}, "cce-cube", cceMad);
}

} // namespace fe
} // namespace alint
