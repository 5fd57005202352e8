// Cube: LoadData, Mmad and Fixpipe with their fractal footprints.
#include "checker/frontend/api/ApiTable.h"
#include "checker/frontend/api/CubeFootprint.h"

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

// ------------------------------------------------------------------ cube

namespace {
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
      Load2dFootprint f = load2dFootprint(si, rep, ss, dg, arch35);
      lens[1] = f.srcLen;
      extraOffset[1] = f.srcOffset;
      lens[0] = f.dstLen;
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
    if (dst.elemBytes == 0 || (a.elemBytes != 1 && a.elemBytes != 2 && a.elemBytes != 4) ||
        (b.elemBytes != 1 && b.elemBytes != 2 && b.elemBytes != 4)) {
      op.unknownReason = "Mmad with element types the model does not know";
    } else {
      MmadFootprint f = mmadFootprint(m, kk, nn, kda, gemv, a.elemBytes, b.elemBytes, dst.elemBytes);
      lens[1] = f.a;
      lens[2] = f.b;
      lens[0] = f.c;
      roles[1] = "fm";
      roles[2] = "filter";
      if (tensors.size() >= 4) {
        roles[3] = "bias";
        lens[3] = mkSelect(f.nonEmpty, mulC(nn, c.vals[tensors[3]].t.elemBytes), mkConst(0));
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
      FixpipeFootprint f =
          fixpipeFootprint(cfg->first, v220, nS, mS, ss, ds, ndNum, srcNdStride, dstNdStride, *splitC, eS, eD);
      lens[1] = f.src;
      lens[0] = f.dst;
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

void registerCubeApi(ApiTable &t) {
  t.addNames({"LoadData", "Mmad", "Fixpipe", "LoadDataWithTranspose", "LoadData3DV2"}, "cube",
             [](Interp &in, ApiCall &c) { return in.apiCube(c); });
}

} // namespace fe
} // namespace alint
