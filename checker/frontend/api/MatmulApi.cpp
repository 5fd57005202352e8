// The Matmul high-level API (asc-devkit include/adv_api/matmul/matmul.h and
// matmul_client.h, impl/adv_api/detail/matmul/). What the library does with
// the user's TPipe and GM tensors, from the TCubeTiling it is given:
//
// * Init / REGIST_MATMUL_OBJ allocate the library's buffers from the pipe
//   (kMemRules below, each citing the InitBuffer it mirrors), recorded as
//   Buffers so capacity-overflow counts them with the kernel's own, and the
//   tiling as a MatmulObj for matmul-tiling.
// * SetOrgShape / SetSingleShape / SetTail / SetTensorA/B / SetBias set the
//   state the next IterateAll / Iterate / GetTensorC reads; it lives in
//   hidden members of the bundled MatmulImpl, so branches and loops merge it
//   like user state.
// * IterateAll / Iterate read the single-core block of A, B (and bias) from
//   GM (MTE2, into L1) and IterateAll / GetTensorC write the block of C
//   (FIX), regions bounds-global checks against SetGlobalBuffer.
// * In a mixed kernel (no ASCENDC_CUBE_ONLY) the cube work runs on the AIC
//   (the server) and the vector core waits for it: synchronous IterateAll /
//   GetTensorC wait before returning, IterateAll<false> only at
//   WaitIterateAll (matmul_client.h IterateAll / WaitIterateAll). That wait
//   is recorded as a cross-core flag pair (library-owned) so sync-crosscore's
//   GM hand-over rule judges the vector reads of C.
//
// Whatever is not derived (batch calls, UB/L1 operands, 4-bit types, chips
// other than 910B/910_93/950) stays an Unmodelled operation or an unknown
// reason on the MatmulObj.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/APValue.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>

namespace alint {
namespace fe {

using namespace clang;

namespace {

// ---------------------------------------------------------------- template

struct Operand {
  bool known = false;
  TPos pos = TPos::GM;
  int64_t format = 0; // CubeFormat: 0 ND, 1 NZ, ...
  QualType type;
  uint32_t bits = 0; // 0: not a whole-byte type the model sizes (int4b_t, fp4x2)
  bool trans = false;
};

struct Config {
  bool known = false;
  std::string kind = "norm";
  bool outerProduct = false, unitFlag = true, orderM = false, bankConflictOpt = false, co1Shared = false;
  bool a2b2Shared = false, mixDualMaster = false;
  int64_t basicM = 0, basicN = 0;
};

struct MmType {
  Operand a, b, c, bias;
  Config cfg;
};

Operand operandOf(Interp &in, const TemplateArgument &arg) {
  Operand o;
  if (arg.getKind() != TemplateArgument::Type)
    return o;
  const auto *spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(arg.getAsType().getCanonicalType()->getAsCXXRecordDecl());
  // MatmulType<POSITION, FORMAT, TYPE, ISTRANS, ...>; SparseMatmulType and
  // MatmulTypeWithScale put a second position before FORMAT (matmul.h).
  if (!spec)
    return o;
  unsigned skip = spec->getName() == "MatmulType" ? 0 : 1;
  if (spec->getName() != "MatmulType" && spec->getName() != "SparseMatmulType" &&
      spec->getName() != "MatmulTypeWithScale")
    return o;
  const TemplateArgumentList &ta = spec->getTemplateArgs();
  if (ta.size() < 4 + skip || ta[0].getKind() != TemplateArgument::Integral ||
      ta[1 + skip].getKind() != TemplateArgument::Integral || ta[2 + skip].getKind() != TemplateArgument::Type ||
      ta[3 + skip].getKind() != TemplateArgument::Integral)
    return o;
  o.pos = TPos(ta[0].getAsIntegral().getExtValue());
  o.format = ta[1 + skip].getAsIntegral().getExtValue();
  o.type = ta[2 + skip].getAsType();
  o.trans = ta[3 + skip].getAsIntegral().getBoolValue();
  o.known = true;
  std::string tn = o.type.getCanonicalType().getAsString();
  // Sub-byte element types (int4b_t, fp4x2_*) pack two values per byte: not sized here.
  if (tn.find("int4b") == std::string::npos && tn.find("fp4x2") == std::string::npos)
    o.bits = 8 * in.sizeOfType(o.type);
  return o;
}

// A field of the constexpr MatmulConfig the MM_CFG template argument names.
std::optional<int64_t> cfgField(const APValue &v, const RecordDecl *rd, const char *name) {
  if (!v.isStruct())
    return std::nullopt;
  unsigned i = 0;
  for (const FieldDecl *fd : rd->fields()) {
    if (fd->getName() == name) {
      if (i >= v.getStructNumFields())
        return std::nullopt;
      const APValue &f = v.getStructField(i);
      if (f.isInt())
        return f.getInt().getExtValue();
      return std::nullopt;
    }
    ++i;
  }
  return std::nullopt;
}

Config configOf(const TemplateArgument &arg) {
  Config c;
  const VarDecl *vd = arg.getKind() == TemplateArgument::Declaration ? dyn_cast<VarDecl>(arg.getAsDecl()) : nullptr;
  if (!vd)
    return c;
  const APValue *v = vd->evaluateValue();
  const RecordDecl *rd = vd->getType()->getAsRecordDecl();
  if (!v || !rd)
    return c;
  auto f = [&](const char *n) { return cfgField(*v, rd, n).value_or(0); };
  c.known = true;
  if (f("doMultiDataLoad"))
    c.kind = "mdl";
  else if (f("doSpecialMDL"))
    c.kind = "special-mdl";
  else if (f("doBasicBlock"))
    c.kind = "basic";
  else if (f("doIBShareNorm"))
    c.kind = "ibshare";
  c.outerProduct = f("scheduleType") == 1; // ScheduleType::OUTER_PRODUCT
  c.unitFlag = f("enUnitFlag") != 0;
  c.orderM = f("iterateOrder") == 0; // IterateOrder::ORDER_M
  c.bankConflictOpt = f("enableL1BankConflictOptimise") != 0;
  c.co1Shared = f("isCO1Shared") != 0;
  c.a2b2Shared = f("isA2B2Shared") != 0;
  c.mixDualMaster = f("enableMixDualMaster") != 0;
  c.basicM = f("basicM");
  c.basicN = f("basicN");
  return c;
}

MmType typeOf(Interp &in, const CXXRecordDecl *rd) {
  MmType t;
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || spec->getTemplateArgs().size() < 5)
    return t;
  const TemplateArgumentList &ta = spec->getTemplateArgs();
  t.a = operandOf(in, ta[0]);
  t.b = operandOf(in, ta[1]);
  t.c = operandOf(in, ta[2]);
  t.bias = operandOf(in, ta[3]);
  t.cfg = configOf(ta[4]);
  return t;
}

// --------------------------------------------------------------- state

const FieldDecl *stateField(const ObjState &o, const char *name) {
  if (!o.rec)
    return nullptr;
  for (const FieldDecl *fd : o.rec->fields())
    if (fd->getName() == name)
      return fd;
  return nullptr;
}

LRef stateRef(const Value &obj, const char *name) {
  LRef r;
  if ((obj.kind != Value::Obj && obj.kind != Value::ObjPtr) || !obj.obj)
    return r;
  if (const FieldDecl *fd = stateField(*obj.obj, name)) {
    r.kind = LRef::Field;
    r.obj = obj.obj;
    r.field = fd;
  }
  return r;
}

Value getState(Interp &in, const Value &obj, const char *name) {
  LRef r = stateRef(obj, name);
  if (r.kind == LRef::None)
    return Value();
  return in.read(r, r.field->getType());
}

Sym getSym(Interp &in, const Value &obj, const char *name) {
  Value v = getState(in, obj, name);
  return v.kind == Value::Scalar && v.sym ? toMath(v.sym) : nullptr;
}

void setState(Interp &in, const Value &obj, const char *name, Value v) {
  LRef r = stateRef(obj, name);
  if (r.kind != LRef::None)
    in.write(r, std::move(v));
}

void setSym(Interp &in, const Value &obj, const char *name, Sym s) {
  setState(in, obj, name, in.scalar(s ? s : mkOpaque(std::string("Matmul ") + name)));
}

bool isObj(const Value &v) { return (v.kind == Value::Obj || v.kind == Value::ObjPtr) && v.obj; }

std::string objName(Interp &in, const ApiCall &c, const Expr *e) {
  if (e)
    return in.exprText(e->IgnoreParenImpCasts());
  return c.objExpr ? in.exprText(c.objExpr->IgnoreParenImpCasts()) : "matmul";
}

// Whether the kernel's Matmul is the cube-side implementation (the file
// defines ASCENDC_CUBE_ONLY before lib/matmul_intf.h) or a client whose work
// runs on the cube core (api/include/lib/matmul_intf.h).
bool cubeOnly(Interp &in) {
  TranslationUnitDecl *tu = in.ctx.getTranslationUnitDecl();
  for (const Decl *d : tu->decls())
    if (const auto *ns = dyn_cast<NamespaceDecl>(d); ns && ns->getName() == "ascendc_lint")
      for (const Decl *m : ns->decls())
        if (const auto *vd = dyn_cast<VarDecl>(m); vd && vd->getName() == "kMatmulCubeOnly")
          return true;
  return false;
}

// ------------------------------------------------- host GetTiling contract

// Where the file's own host code (a single-source .asc example: main()
// generates the tiling) fills the launch tiling with the Matmul tiling API's
// GetTiling: every GetTiling call's result is checked against -1 (GetTiling.md:
// -1 means failed, "该Tiling结果无法使用"), and no TCubeTiling field is set by
// hand afterwards (set_baseM(...), .baseM = ...; TCubeTiling结构体.md: only a
// user-defined or adjusted tiling has to be checked against tables 1 and 2).
// Read from the text, as the host part does not compile against the bundled
// kernel headers. Also the host's SetAType / SetBType / SetBiasType element sizes, when all
// name a DataType literal (0: not known).
struct HostTiling {
  int64_t line = 0; // of the first GetTiling call; 0: no contract
  uint32_t aBits = 0, bBits = 0, biasBits = 0;
  std::set<std::string> adjusted; // fields the text may set by hand: the contract does not cover them
  int configType = -1;            // mmConfigType the tiling API was told (-1: not known)
};

// The Matmul template the host's tiling API tiles for (SetMatmulConfigParams.md:
// mmConfigTypeIn 0 Norm, 1 MDL, "需要与Matmul对象创建的模板一致"): 1 when nothing
// sets it (matmul_tiling_base.h: `int32_t mmConfigType = 1`), else the one
// integer literal every SetMatmulConfigParams call (or the MatmulConfigParams
// it is given, whose constructor defaults it to 1 as well) names; -1 when a
// call names something else or two calls disagree.
int hostConfigType(const std::string &text) {
  if (std::regex_search(text, std::regex(R"(\bmmConfigType\s*=[^=])")))
    return -1;                         // set field by field
  std::map<std::string, int> declared; // MatmulConfigParams variable -> its mmConfigTypeIn
  static const std::regex decl(R"(\bMatmulConfigParams\s+(\w+)\s*(;|[({]\s*(\d+)?\s*[,)}]?))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), decl); it != std::sregex_iterator(); ++it) {
    const std::smatch &m = *it;
    bool defaulted = m[2].str() == ";" || (!m[3].matched && m[2].str().find_first_of(")}") != std::string::npos);
    declared[m[1].str()] = m[3].matched ? std::stoi(m[3].str()) : (defaulted ? 1 : -1);
  }
  std::set<int> seen;
  static const std::regex call(R"((\.|->)\s*SetMatmulConfigParams\s*\(\s*([^,)]*))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), call); it != std::sregex_iterator(); ++it) {
    std::string a = (*it)[2].str();
    while (!a.empty() && std::isspace(static_cast<unsigned char>(a.back())))
      a.pop_back();
    if (a.empty())
      seen.insert(1);
    else if (std::regex_match(a, std::regex(R"(\d+)")))
      seen.insert(std::stoi(a));
    else if (declared.count(a))
      seen.insert(declared[a]);
    else
      seen.insert(-1);
  }
  if (seen.empty())
    return 1;
  return seen.size() == 1 ? *seen.begin() : -1;
}

uint32_t dataTypeBits(const std::string &dt) {
  if (dt == "DT_FLOAT16" || dt == "DT_BF16" || dt == "DT_BFLOAT16")
    return 16;
  if (dt == "DT_FLOAT")
    return 32;
  if (dt == "DT_INT8" || dt == "DT_FLOAT8_E4M3FN" || dt == "DT_FLOAT8_E5M2" || dt == "DT_HIFLOAT8")
    return 8;
  return 0;
}

HostTiling hostGetTiling(Interp &in) {
  const SourceManager &sm = in.ctx.getSourceManager();
  std::string text = sm.getBufferData(sm.getMainFileID()).str();
  HostTiling h;
  static const std::regex setField(
      R"((\.|->)\s*(set_)?(M|N|Ka|Kb|singleCore[MNK]|base[MNK]|depth[AB]1|step(M|N|Ka|Kb)|dbL0[ABC]|iterateOrder|isBias|)"
      R"(shareMode|shareL1Size|shareL0CSize|shareUbSize)\s*(\(|=[^=]))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), setField); it != std::sregex_iterator(); ++it) {
    const std::smatch &m = *it;
    if (m[2].matched || m[5].str() != "(") // set_x(...) or x = ...: that field may be adjusted
      h.adjusted.insert(m[3].str());
  }
  static const std::regex call(R"((\.|->)\s*GetTiling\s*\()");
  unsigned calls = 0, line = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), call); it != std::sregex_iterator(); ++it) {
    size_t open = size_t(it->position(0) + it->length(0)), i = open;
    for (int depth = 1; i < text.size() && depth; ++i)
      depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
    static const std::regex direct(R"(^\s*(==|!=)\s*-\s*1\b)");
    bool checked = std::regex_search(text.substr(i, 16), direct);
    if (!checked) {
      // `res = tilingApi.GetTiling(t);` then `res == -1` (or `!= -1`, `< 0`).
      size_t at = size_t(it->position(0)), stmt = text.find_last_of(";{}", at);
      size_t from = stmt == std::string::npos ? 0 : stmt + 1;
      std::string head = text.substr(from, at - from);
      std::smatch v;
      static const std::regex assigned(R"((\w+)\s*=\s*[\w.>-]*$)");
      if (std::regex_search(head, v, assigned)) {
        std::regex use("\\b" + v[1].str() + R"(\s*((==|!=)\s*-\s*1\b|<\s*0\b))");
        checked = std::regex_search(text.substr(i), use);
      }
    }
    if (!checked)
      return h;
    if (!calls++)
      line = unsigned(std::count(text.begin(), text.begin() + it->position(0), '\n') + 1);
  }
  if (!calls)
    return h;
  h.line = line;
  auto bitsOf = [&](const char *api) -> uint32_t {
    std::regex re(std::string(R"((\.|->)\s*)") + api + R"(\s*\(([^;]*)\)\s*;)"); // calls, not declarations
    std::set<uint32_t> seen;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
      std::smatch dt;
      std::string args = (*it)[2].str();
      if (!std::regex_search(args, dt, std::regex(R"(DataType::(DT_\w+))")))
        return 0;
      seen.insert(dataTypeBits(dt[1].str()));
    }
    return seen.size() == 1 ? *seen.begin() : 0;
  };
  h.configType = hostConfigType(text);
  h.aBits = bitsOf("SetAType");
  h.bBits = bitsOf("SetBType");
  h.biasBits = bitsOf("SetBiasType");
  return h;
}

// ----------------------------------------------------- buffers from tiling

// What Init learnt about one object goes to KernelModel::matmuls (the
// rules read it there); not in a loop's dry run, whose model is undone.
void recordMatmul(Interp &in, const ApiCall &c, MatmulObj rec) {
  if (in.dryRun)
    return;
  rec.cond = in.currentCond();
  rec.loops = in.loopStack;
  rec.loc = in.loc(c.call->getBeginLoc());
  in.model.matmuls.push_back(std::move(rec));
}

// The tiling field `f` of the object (named input or value).
Sym tilingField(Interp &in, const Value &tiling, const char *f, SourceLocation l) { return in.fieldOf(tiling, f, l); }

void addLibBuffer(Interp &in, const std::string &name, TPos pos, Sym num, Sym lenBytes, Sym cond, SourceLocation l,
                  Buffer::Kind kind = Buffer::Kind::Queue) {
  if (in.dryRun)
    return;
  Sym here = in.currentCond();
  Sym when = cond ? mkAnd(here, cond) : here;
  // Every Init starts the library's buffers at the same place: L1 and L0C
  // from where the first one began, L0A, L0B and the bias table from 0
  // (kernel_tpipe_base.h InitShareBufStart / AuxShareBufStart, called from
  // scheduler_base.h Init). Several Matmul objects of a kernel share them:
  // one buffer per position, as large as the largest object's.
  auto ceil32 = [](Sym x) { return mul(mkBin(SymOp::Div, addC(x, 31), mkConst(32), IntType::math()), mkConst(32)); };
  for (Buffer &o : in.model.buffers)
    if (o.epoch == in.pipeEpoch && o.memPos == pos && o.name.rfind("Matmul ", 0) == 0) {
      Sym a = mkSelect(o.cond ? o.cond : mkBool(true), mul(o.num, ceil32(o.lenBytes)), mkConst(0));
      Sym b = mkSelect(when, mul(num, ceil32(lenBytes)), mkConst(0));
      o.num = mkConst(1);
      o.lenBytes = mkSelect(mkCmp(SymOp::Ge, a, b), a, b);
      o.cond = mkOr(o.cond ? o.cond : mkBool(true), when);
      o.kind = Buffer::Kind::TBuf;
      if (o.name.rfind("Matmul objects", 0) != 0)
        o.name = "Matmul objects (shared) " + std::string(tposName(pos));
      return;
    }
  Buffer b;
  b.id = int(in.model.buffers.size());
  b.name = name;
  b.kind = kind;
  b.srcPos = b.dstPos = b.memPos = pos;
  b.num = num;
  b.lenBytes = lenBytes;
  b.cond = when;
  b.loops = in.loopStack;
  b.epoch = in.pipeEpoch;
  b.loc = in.loc(l);
  in.model.buffers.push_back(b);
}

Sym validTiling(Interp &in, const Value &tiling, SourceLocation l);

// Init: the tiling, the state defaults and the library's buffers.
void initMatmul(Interp &in, const ApiCall &c, const Value &mm, const Value &tiling, const Expr *mmExpr) {
  SourceLocation l = c.call->getBeginLoc();
  std::string name = objName(in, c, mmExpr);
  if (!isObj(mm) || !stateField(*mm.obj, "alintTiling")) {
    in.note("Matmul object '" + name + "' could not be followed: its buffers are not modelled", l);
    return;
  }
  MatmulObj rec;
  rec.name = name;
  MmType ty = typeOf(in, mm.obj->rec);
  rec.mixed = !cubeOnly(in);
  if (!isObj(tiling)) {
    rec.unknownReason = "the tiling given to Matmul object '" + name + "' could not be followed";
  } else {
    for (const char *f :
         {"M",         "N",           "Ka",           "Kb",           "singleCoreM", "singleCoreN", "singleCoreK",
          "baseM",     "baseN",       "baseK",        "depthA1",      "depthB1",     "stepM",       "stepN",
          "stepKa",    "stepKb",      "isBias",       "iterateOrder", "dbL0A",       "dbL0B",       "dbL0C",
          "shareMode", "shareL1Size", "shareL0CSize", "shareUbSize",  "transLength", "usedCoreNum"})
      rec.tiling[f] = tilingField(in, tiling, f, l);
  }
  setState(in, mm, "alintTiling", isObj(tiling) ? tiling : Value());
  if (isObj(tiling)) {
    setSym(in, mm, "alintOrgM", rec.tiling["M"]);
    setSym(in, mm, "alintOrgN", rec.tiling["N"]);
    setSym(in, mm, "alintOrgKa", rec.tiling["Ka"]);
    setSym(in, mm, "alintOrgKb", rec.tiling["Kb"]);
    setSym(in, mm, "alintOrgKc", rec.tiling["N"]);
    setSym(in, mm, "alintSingleM", rec.tiling["singleCoreM"]);
    setSym(in, mm, "alintSingleN", rec.tiling["singleCoreN"]);
    setSym(in, mm, "alintSingleK", rec.tiling["singleCoreK"]);
  }
  setState(in, mm, "alintTransA", in.scalar(mkConst(ty.a.trans ? 1 : 0)));
  setState(in, mm, "alintTransB", in.scalar(mkConst(ty.b.trans ? 1 : 0)));
  setState(in, mm, "alintBiasOn", in.scalar(mkConst(0)));
  setState(in, mm, "alintSyncIter", in.scalar(mkConst(1)));
  setState(in, mm, "alintWorkspace", in.scalar(mkConst(0)));
  // The object's index among the kernel's Matmul objects (library flag ids).
  setState(in, mm, "alintId", in.scalar(mkConst(int64_t(in.model.matmuls.size()))));

  rec.aBits = ty.a.bits;
  rec.bBits = ty.b.bits;
  rec.cBits = ty.c.bits;
  rec.biasBits = ty.bias.bits;
  rec.aTrans = ty.a.trans;
  rec.bTrans = ty.b.trans;
  rec.aPos = ty.a.pos;
  rec.bPos = ty.b.pos;
  rec.config = ty.cfg.kind;
  HostTiling host = hostGetTiling(in);
  rec.hostGetTilingLine = host.line;
  rec.hostABits = host.aBits;
  rec.hostBBits = host.bBits;
  rec.hostBiasBits = host.biasBits;
  rec.hostAdjusted = host.adjusted;
  rec.hostConfigType = host.configType;
  int arch = in.opts.npuArch;
  auto why = [&](const std::string &s) {
    if (rec.unknownReason.empty())
      rec.unknownReason = s;
  };
  if (!ty.a.known || !ty.b.known || !ty.c.known || !ty.cfg.known)
    why("the MatmulType / MatmulConfig template arguments of '" + name + "' could not be read");
  if (arch != 2201 && arch != 3510)
    why("the Matmul buffers are modelled for ascend910b/910_93/950 only (__NPU_ARCH__ " + std::to_string(arch) + ")");
  if (!ty.a.bits || !ty.b.bits)
    why("4-bit Matmul inputs are not sized");
  if (ty.cfg.bankConflictOpt || ty.cfg.co1Shared || ty.cfg.kind == "ibshare" || ty.cfg.kind == "special-mdl")
    why("the Matmul configuration of '" + name + "' (" + ty.cfg.kind + ", shared or bank-split buffers) is not sized");
  auto gmOrL1 = [](TPos p) { return p == TPos::GM || p == TPos::TSCM || p == TPos::A1 || p == TPos::B1; };
  if (!gmOrL1(ty.a.pos) || !gmOrL1(ty.b.pos))
    why("Matmul inputs in UB are staged through buffers that are not sized");
  if (rec.unknownReason.empty()) {
    Sym valid = validTiling(in, tiling, l);
    auto T = [&](const char *f) { return rec.tiling[f]; };
    int64_t aB = ty.a.bits / 8, bB = ty.b.bits / 8;
    std::string base = "Matmul '" + name + "' ";
    // A1 / B1: depthA1 (depthB1) base blocks of baseM x baseK (baseK x baseN)
    // in L1 (cube_in_buffer_normal.h / _double_buffer.h: cacheNum x
    // matrixByteSize; TCubeTiling结构体.md table 2, AL1Size / BL1Size). Exact
    // when the base sizes are fractal aligned, which matmul-tiling proves.
    // An operand the user already placed in L1 (TSCM) takes no library L1.
    if (ty.a.pos == TPos::GM)
      addLibBuffer(in, base + "A1 (depthA1 x baseM x baseK)", TPos::A1, mkConst(1),
                   mul(mul(mul(T("depthA1"), T("baseM")), T("baseK")), mkConst(aB)), valid, l);
    if (ty.b.pos == TPos::GM)
      addLibBuffer(in, base + "B1 (depthB1 x baseK x baseN)", TPos::B1, mkConst(1),
                   mul(mul(mul(T("depthB1"), T("baseN")), T("baseK")), mkConst(bB)), valid, l);
    // L0A / L0B: TBufPoolL0 takes the whole of each (tbuf_pool_l0_base.h:
    // InitBuffer(l0aBuf_, L0AUF_SIZE), 64 KiB; matmul_config_utils.h).
    addLibBuffer(in, base + "L0A pool", TPos::A2, mkConst(1), mkConst(65536), valid, l, Buffer::Kind::TBuf);
    addLibBuffer(in, base + "L0B pool", TPos::B2, mkConst(1), mkConst(65536), valid, l, Buffer::Kind::TBuf);
    // CO1: baseM x baseN accumulators (basic block: basicM x basicN), doubled
    // for OUTER_PRODUCT and SpecialMDL; with the unit flag one buffer, else
    // dbL0C of them (cube_out_buffer_unit_flag.h / _no_unit_flag.h Init,
    // scheduler_base.h:111-121).
    Sym mn = ty.cfg.kind == "basic" && ty.cfg.basicM && ty.cfg.basicN ? mkConst(ty.cfg.basicM * ty.cfg.basicN)
                                                                      : mul(T("baseM"), T("baseN"));
    int64_t lenFactor = ty.cfg.outerProduct ? 2 : 1;
    Sym co1 = mul(mn, mkConst(4 * lenFactor)); // L0cT: float or int32_t
    // C left in L0C (MatmulType position CO1): the library has no L0C buffer
    // of its own, Iterate writes the tensor the kernel allocated
    // (cube_out_buffer_extend.h: Init does nothing, SetTensor / GetTensor
    // hand back the user's), counted with the kernel's InitBuffer.
    bool userL0c = ty.c.pos == TPos::CO1;
    if (!userL0c && ty.cfg.unitFlag)
      addLibBuffer(in, base + "CO1 (baseM x baseN)", TPos::CO1, mkConst(1), co1, valid, l, Buffer::Kind::TBuf);
    else if (!userL0c)
      addLibBuffer(in, base + "CO1 (dbL0C x baseM x baseN)", TPos::CO1,
                   mkSelect(mkCmp(SymOp::Eq, T("dbL0C"), mkConst(2)), mkConst(2), mkConst(1)), co1, valid, l);
    // Bias (tiling.isBias): baseN elements in L1, two for the MN L0 double
    // buffer of OUTER_PRODUCT + ORDER_M (bias_scheduler_v220.h Init), and the
    // whole bias table (c2_buffer.h: BIAS_TABLE_SIZE 1 KiB, 4 KiB on 950).
    if (ty.bias.known && ty.bias.bits) {
      Sym isBias = mkCmp(SymOp::Ne, T("isBias"), mkConst(0));
      int64_t f = ty.cfg.outerProduct && ty.cfg.orderM && (ty.cfg.kind == "norm" || ty.cfg.kind == "mdl") ? 2 : 1;
      if (ty.bias.pos == TPos::GM)
        addLibBuffer(in, base + "bias in L1 (baseN)", TPos::C1, mkConst(1),
                     mul(T("baseN"), mkConst(f * (ty.bias.bits / 8))), mkAnd(valid, isBias), l);
      addLibBuffer(in, base + "bias table", TPos::C2, mkConst(1), mkConst(arch == 3510 ? 4096 : 1024),
                   mkAnd(valid, isBias), l, Buffer::Kind::TBuf);
    }
  }
  recordMatmul(in, c, std::move(rec));
}

// --------------------------------------------------------- GM footprints

// Elements an ND row-major read of `rows` x `cols` with row stride `stride`
// spans: (rows - 1) * stride + cols.
Sym ndSpan(Sym rows, Sym cols, Sym stride) { return add(mul(addC(rows, -1), stride), cols); }

struct Block {
  Sym m, n, k, orgM, orgN, orgKa, orgKb, orgKc;
};

Block blockOf(Interp &in, const Value &mm) {
  Block b;
  b.m = getSym(in, mm, "alintSingleM");
  b.n = getSym(in, mm, "alintSingleN");
  b.k = getSym(in, mm, "alintSingleK");
  b.orgM = getSym(in, mm, "alintOrgM");
  b.orgN = getSym(in, mm, "alintOrgN");
  b.orgKa = getSym(in, mm, "alintOrgKa");
  b.orgKb = getSym(in, mm, "alintOrgKb");
  b.orgKc = getSym(in, mm, "alintOrgKc");
  return b;
}

bool initialised(Interp &in, const Value &mm) { return isObj(getState(in, mm, "alintTiling")); }

// The sizes the docs require positive (TCubeTiling结构体.md table 1, "该参数取值
// 必须大于0"): matmul-tiling proves them; the buffers and GM footprints are
// stated for a tiling that has them (the library's behaviour is undefined
// otherwise), so their counterexamples are not negative sizes.
Sym validTiling(Interp &in, const Value &tiling, SourceLocation l) {
  if (!isObj(tiling))
    return mkBool(true);
  std::vector<Sym> pos;
  for (const char *f : {"singleCoreM", "singleCoreN", "singleCoreK", "baseM", "baseN", "baseK", "depthA1", "depthB1",
                        "stepM", "stepN", "stepKa", "stepKb"})
    pos.push_back(mkCmp(SymOp::Gt, in.fieldOf(tiling, f, l), mkConst(0)));
  return mkAndAll(pos);
}

void guard(Interp &in, Op &op, const Value &mm, SourceLocation l) {
  op.cond = mkAnd(op.cond, validTiling(in, getState(in, mm, "alintTiling"), l));
}

// A global tensor state field, or why not.
std::optional<TensorVal> gmState(Interp &in, const Value &mm, const char *f) {
  Value v = getState(in, mm, f);
  if (v.kind == Value::Tensor && v.t.global)
    return v.t;
  return std::nullopt;
}

CoreType cubeCore() { return CoreType::AIC; }

// The cube work of one call: read A, B (and bias) of the single-core block.
void recordInputs(Interp &in, ApiCall &c, const Value &mm, const std::string &api, bool mixed) {
  MmType ty = typeOf(in, mm.obj->rec);
  Block b = blockOf(in, mm);
  Sym transA = getSym(in, mm, "alintTransA"), transB = getSym(in, mm, "alintTransB");
  struct In {
    const char *field, *role;
    const Operand *op;
  } ins[] = {{"alintA", "A", &ty.a}, {"alintB", "B", &ty.b}, {"alintBias", "bias", &ty.bias}};
  for (const In &x : ins) {
    if (x.op->pos != TPos::GM)
      continue; // an L1 / UB operand: the user's buffer, no GM read
    std::optional<TensorVal> t = gmState(in, mm, x.field);
    bool isBias = std::string(x.role) == "bias";
    if (isBias) {
      Sym on = getSym(in, mm, "alintBiasOn");
      if (!on || (asConst(on) && *asConst(on) == 0))
        continue;
    }
    Op &op = in.addOp(OpKind::DataCopy, api + " (" + x.role + ")", c.call);
    op.pipe = Pipe::MTE2;
    op.srcPos = TPos::GM;
    op.dstPos = std::string(x.role) == "B" ? TPos::B1 : (isBias ? TPos::C1 : TPos::A1);
    op.params["matmul"] = mkConst(1);
    guard(in, op, mm, c.call->getBeginLoc());
    if (mixed)
      op.core = cubeCore();
    if (!t) {
      op.unknownReason = std::string("the GM tensor of Matmul ") + x.role + " is not known (SetTensor" +
                         (isBias ? "Bias" : x.role) + " not followed)";
      Region r;
      r.global = true;
      r.bufferId = -1;
      r.role = x.role;
      op.regions.push_back(r);
      continue;
    }
    uint32_t eb = x.op->bits / 8;
    Sym elems;
    bool nd = x.op->format == 0; // CubeFormat::ND
    if (!eb || !nd || !b.m || !b.n || !b.k) {
      op.unknownReason = std::string("the GM footprint of Matmul ") + x.role +
                         (nd ? " is not known" : " in a non-ND format is not modelled");
    } else if (isBias) {
      elems = b.n;
    } else if (std::string(x.role) == "A") {
      // A is orgM x orgKa (transposed: orgKa x orgM), row-major.
      Sym plain = ndSpan(b.m, b.k, b.orgKa), tr = ndSpan(b.k, b.m, b.orgM);
      elems = transA ? mkSelect(mkCmp(SymOp::Ne, transA, mkConst(0)), tr, plain) : plain;
    } else {
      // B is orgKb x orgN (transposed: orgN x orgKb).
      Sym plain = ndSpan(b.k, b.n, b.orgN), tr = ndSpan(b.n, b.k, b.orgKb);
      elems = transB ? mkSelect(mkCmp(SymOp::Ne, transB, mkConst(0)), tr, plain) : plain;
    }
    op.regions.push_back(in.regionOf(*t, elems ? mul(elems, mkConst(eb)) : nullptr, false, x.role));
  }
}

// The cube core's signal that C is written, and the vector core's wait for
// it (matmul_client.h: WaitEvent / CrossCoreWaitFlag(waitFixpId) inside a
// synchronous IterateAll / GetTensorC, or in WaitIterateAll). Library-owned
// ids: 16 + object index, outside the user's 0..15 so they never pair with
// the kernel's own flags.
void libSignal(Interp &in, ApiCall &c, const Value &mm, const std::string &api) {
  Sym id = getSym(in, mm, "alintId");
  Op &s = in.addOp(OpKind::CrossCoreSet, api + " (cube done)", c.call);
  s.core = CoreType::AIC;
  s.pipe = Pipe::FIX;
  s.params["mode"] = mkConst(2);
  s.params["library"] = mkConst(1);
  s.eventId = id ? addC(id, 16) : mkOpaque("Matmul object index");
}

void libWait(Interp &in, ApiCall &c, const Value &mm, const std::string &api) {
  Sym id = getSym(in, mm, "alintId");
  Op &w = in.addOp(OpKind::CrossCoreWait, api + " (wait for the cube)", c.call);
  w.pipe = Pipe::S;
  w.params["mode"] = mkConst(2);
  w.params["library"] = mkConst(1);
  w.eventId = id ? addC(id, 16) : mkOpaque("Matmul object index");
}

// Write of C: the single-core block (IterateAll), or over all calls the same
// block (GetTensorC places each baseM x baseN piece inside it).
void recordOutput(Interp &in, ApiCall &c, const Value &mm, const Value &dst, const std::string &api, bool mixed) {
  MmType ty = typeOf(in, mm.obj->rec);
  Block b = blockOf(in, mm);
  Op &op = in.addOp(OpKind::Fixpipe, api + " (C)", c.call);
  op.pipe = Pipe::FIX;
  op.srcPos = TPos::CO1;
  op.dstPos = TPos::GM;
  op.params["matmul"] = mkConst(1);
  guard(in, op, mm, c.call->getBeginLoc());
  if (mixed)
    op.core = cubeCore();
  uint32_t eb = ty.c.bits / 8;
  if (dst.kind != Value::Tensor || !dst.t.global) {
    op.unknownReason = "the GM tensor of Matmul C is not known";
    Region r;
    r.global = true;
    r.write = true;
    r.role = "C";
    op.regions.push_back(r);
    return;
  }
  Sym len;
  if (!eb || ty.c.format != 0 || !b.m || !b.n)
    op.unknownReason = "the GM footprint of Matmul C in this format is not modelled";
  else
    len = mul(ndSpan(b.m, b.n, b.orgKc ? b.orgKc : b.orgN), mkConst(eb));
  op.regions.push_back(in.regionOf(dst.t, len, true, "C"));
}

Value unmodelled(Interp &in, ApiCall &c, const std::string &what) {
  return in.apiUnmodelled(c, "Matmul high-level API '" + c.name + "': " + what);
}

// GetTensorC into a UB tensor in a mixed kernel on ascend910b/910_93
// (matmul_client.h, the USE_WORKSPACE build of matmul_utils.h): after a
// synchronous Iterate the client posts the request and waits for the cube
// (WaitEvent), then, C being in UB (PhyPosIsUB(C_TYPE::pos)), CopyToUB
// copies the block the cube wrote to GM into the whole of `c` by MTE2
// (DataCopy of c.GetSize() elements) and ends with SetFlag/WaitFlag<MTE2_V>
// on an event it fetches from the pipe. So the kernel's vector reads of `c`
// after the call are ordered; its reads of `c` before the next call are not
// (nothing orders V before that MTE2: a queue or a flag of the kernel must).
Value getTensorCToUb(Interp &in, ApiCall &c, const Value &mm, bool mixed) {
  MmType ty = typeOf(in, mm.obj->rec);
  const TensorVal &t = c.vals[0].t;
  if (!mixed || in.opts.npuArch != 2201)
    return unmodelled(in, c, "GetTensorC to a local tensor is modelled for mixed kernels on ascend910b/910_93 only");
  if (!ty.c.known || (ty.c.pos != TPos::VECIN && ty.c.pos != TPos::VECOUT && ty.c.pos != TPos::VECCALC))
    return unmodelled(in, c, "GetTensorC to a local tensor whose MatmulType position is not in UB is not modelled");
  Sym syncIter = getSym(in, mm, "alintSyncIter");
  std::optional<int64_t> syncV = syncIter ? asConst(syncIter) : std::nullopt;
  if (!syncV)
    return unmodelled(in, c, "GetTensorC into UB after an Iterate whose mode is not known is not modelled");
  if (in.templateIntArg(c.fd, 1).value_or(0) != 0)
    return unmodelled(in, c, "GetTensorC into UB with doPad is not modelled");
  if (*syncV) {
    libSignal(in, c, mm, "Matmul::GetTensorC");
    libWait(in, c, mm, "Matmul::GetTensorC");
  } else {
    // After Iterate<false> the cube leaves each block in the workspace of
    // SetWorkspace (GetTensorC.md 约束说明: required, set before Iterate;
    // matmul_client.h asserts cacheWorkspaceAddr) and GetTensorC copies the
    // next one from there with the same CopyToUB. The client waits for the
    // cube only on its first INC_PROCESS_CHECK calls: no cross-core order is
    // recorded (the workspace is the library's; the kernel sees none).
    Sym ws = getSym(in, mm, "alintWorkspace");
    if (!ws || asConst(ws).value_or(0) != 1)
      return unmodelled(in, c, "GetTensorC into UB after an asynchronous Iterate with no SetWorkspace followed");
  }
  Op &cp = in.addOp(OpKind::DataCopy, "Matmul::GetTensorC (C into UB)", c.call);
  cp.pipe = Pipe::MTE2;
  cp.srcPos = TPos::GM;
  cp.dstPos = t.pos;
  cp.params["matmul"] = mkConst(1);
  guard(in, cp, mm, c.call->getBeginLoc());
  cp.regions.push_back(in.regionOf(t, t.sizeBytes, true, "C"));
  // FetchEventID<MTE2_V>: some id of the pipe's pool (0..7), as QueueApi.cpp.
  Sym id = mkVar("Matmul::GetTensorC FetchEventID<MTE2_V>", IntType::i32(), VarRole::Internal);
  if (!in.dryRun) {
    in.model.facts.push_back(mkCmp(SymOp::Ge, toMath(id), mkConst(0)));
    in.model.facts.push_back(mkCmp(SymOp::Le, toMath(id), mkConst(7)));
  }
  auto pp = hardEventPipes(HardEvent::MTE2_V);
  for (OpKind k : {OpKind::SetFlag, OpKind::WaitFlag}) {
    bool set = k == OpKind::SetFlag;
    Op &f = in.addOp(k, std::string(set ? "SetFlag" : "WaitFlag") + "<MTE2_V> (Matmul::GetTensorC)", c.call);
    f.event = HardEvent::MTE2_V;
    f.flagSrc = pp.first;
    f.flagDst = pp.second;
    f.pipe = set ? pp.first : pp.second;
    f.eventId = id;
  }
  return Value();
}

// Iterate(enPartialSum, localCmatrix): the user manages L0C (Iterate.md,
// "用户自主管理CO1"; C's MatmulType must be CO1 / NZ / float or int32_t).
// The library reads the A, B (and bias) of the block from GM and its Mmad
// (pipe M) writes one baseM x baseN block of L0cT into the tensor given
// (matmul_impl_base.h Iterate: CubeOutBuffer SetTensor; the CO1 buffer of
// cube_out_buffer_extend.h hands it back with EnQue / DeQue doing nothing):
// the kernel's Fixpipe from it must be ordered by the kernel itself (a CO1
// queue's EnQue / DeQue, or a flag). Modelled for cube-only kernels (the
// client of a mixed kernel sends the address to the cube core).
Value iterateToL0c(Interp &in, ApiCall &c, const Value &mm, bool mixed, bool sync) {
  MmType ty = typeOf(in, mm.obj->rec);
  SourceLocation l = c.call->getBeginLoc();
  if (mixed)
    return unmodelled(in, c, "Iterate into a user L0C tensor is modelled for cube-only kernels (ASCENDC_CUBE_ONLY)");
  if (!ty.c.known || ty.c.pos != TPos::CO1 || !ty.c.bits)
    return unmodelled(in, c, "Iterate into a user L0C tensor needs C's MatmulType in CO1 (Iterate.md)");
  const Value &dst = c.vals[1];
  if (dst.kind != Value::Tensor || dst.t.global)
    return unmodelled(in, c, "the L0C tensor given to Iterate could not be followed");
  if (!sync)
    return unmodelled(in, c, "an asynchronous Iterate into a user L0C tensor is not modelled");
  setState(in, mm, "alintSyncIter", in.scalar(mkConst(1)));
  recordInputs(in, c, mm, "Matmul::Iterate", mixed);
  Op &op = in.addOp(OpKind::Cube, "Matmul::Iterate (C into L0C)", c.call);
  op.pipe = Pipe::M;
  op.srcPos = TPos::A2;
  op.dstPos = TPos::CO1;
  op.params["matmul"] = mkConst(1);
  guard(in, op, mm, l);
  Value tiling = getState(in, mm, "alintTiling");
  Sym bytes = mul(mul(in.fieldOf(tiling, "baseM", l), in.fieldOf(tiling, "baseN", l)), mkConst(ty.c.bits / 8));
  op.regions.push_back(in.regionOf(dst.t, bytes, true, "dst"));
  return in.unknownValue("Matmul::Iterate: whether a block remains", c.call->getType());
}

Value matmulCall(Interp &in, ApiCall &c) {
  const std::string &n = c.name;
  SourceLocation l = c.call->getBeginLoc();
  const Value &mm = c.obj;
  if (!isObj(mm) || !stateField(*mm.obj, "alintTiling"))
    return unmodelled(in, c, "the Matmul object could not be followed");
  auto argSym = [&](size_t i) -> Sym {
    if (i >= c.vals.size())
      return nullptr;
    return toMath(in.asSym(c.vals[i], c.args[i]->getType(), l));
  };
  bool mixed = !cubeOnly(in);
  if (n == "Init") {
    initMatmul(in, c, mm, c.vals.empty() ? Value() : c.vals[0], c.objExpr);
    return Value();
  }
  if (n == "SetOrgShape") {
    if (c.vals.size() == 3) {
      setSym(in, mm, "alintOrgM", argSym(0));
      setSym(in, mm, "alintOrgN", argSym(1));
      setSym(in, mm, "alintOrgKa", argSym(2));
      setSym(in, mm, "alintOrgKb", argSym(2));
      setSym(in, mm, "alintOrgKc", argSym(1));
    } else if (c.vals.size() >= 4) {
      setSym(in, mm, "alintOrgM", argSym(0));
      setSym(in, mm, "alintOrgN", argSym(1));
      setSym(in, mm, "alintOrgKa", argSym(2));
      setSym(in, mm, "alintOrgKb", argSym(3));
      // orgKc: the width of C, 0 = N (matmul.h SetOrgShape).
      Sym kc = c.vals.size() >= 5 ? argSym(4) : mkConst(0);
      setSym(in, mm, "alintOrgKc", mkSelect(mkCmp(SymOp::Eq, kc, mkConst(0)), argSym(1), kc));
    }
    return Value();
  }
  if (n == "SetSingleShape" || n == "SetTail") {
    // SetTail: a negative value keeps the current size (matmul.h: tailM = -1).
    const char *fs[] = {"alintSingleM", "alintSingleN", "alintSingleK"};
    for (size_t i = 0; i < 3; ++i) {
      if (i >= c.vals.size()) {
        if (n == "SetTail")
          continue;
        break;
      }
      Sym v = argSym(i);
      if (n == "SetTail") {
        Sym old = getSym(in, mm, fs[i]);
        v = mkSelect(mkCmp(SymOp::Lt, v, mkConst(0)), old ? old : mkOpaque("Matmul single shape"), v);
      }
      setSym(in, mm, fs[i], v);
    }
    return Value();
  }
  if (n == "SetTensorA" || n == "SetTensorB" || n == "SetBias") {
    bool a = n == "SetTensorA", bias = n == "SetBias";
    const char *f = a ? "alintA" : (bias ? "alintBias" : "alintB");
    if (c.vals.empty() || c.vals[0].kind != Value::Tensor || !c.vals[0].t.global) {
      if (!c.vals.empty() && c.vals[0].kind == Value::Tensor) // a local operand: the user's L1/UB buffer
        return unmodelled(in, c, "local-memory operands are not modelled");
      if (!c.vals.empty() && c.args[0]->getType()->isArithmeticType()) // scalar A/B
        return unmodelled(in, c, "scalar operands are not modelled");
      setState(in, mm, f, Value());
      return Value();
    }
    setState(in, mm, f, c.vals[0]);
    if (bias)
      setState(in, mm, "alintBiasOn", in.scalar(mkConst(1)));
    else // isTransposeA/B defaults to false whatever MatmulType allows (matmul.h)
      setState(in, mm, a ? "alintTransA" : "alintTransB", c.vals.size() >= 2 ? c.vals[1] : in.scalar(mkConst(0)));
    return Value();
  }
  if (n == "DisableBias" || n == "ClearBias") {
    setState(in, mm, "alintBiasOn", in.scalar(mkConst(0)));
    return Value();
  }
  if (n == "IterateAll" || n == "Iterate" || n == "GetTensorC") {
    if (!initialised(in, mm))
      return unmodelled(in, c, "the Matmul object was not initialised with a tiling the linter follows");
    bool sync = in.templateIntArg(c.fd, 0).value_or(1) != 0;
    if (n == "Iterate") {
      if (c.vals.size() >= 2)
        return iterateToL0c(in, c, mm, mixed, sync);
      setState(in, mm, "alintSyncIter", in.scalar(mkConst(sync ? 1 : 0)));
      recordInputs(in, c, mm, "Matmul::Iterate", mixed);
      return in.unknownValue("Matmul::Iterate: whether a block remains", c.call->getType());
    }
    if (c.vals.empty() || c.vals[0].kind != Value::Tensor)
      return unmodelled(in, c, "the output tensor could not be followed");
    if (!c.vals[0].t.global && n == "GetTensorC" && !(c.vals.size() >= 2 && c.vals[1].kind == Value::Tensor))
      return getTensorCToUb(in, c, mm, mixed);
    if (!c.vals[0].t.global)
      return unmodelled(in, c, "output to a local tensor is not modelled");
    if (n == "GetTensorC" && c.vals.size() >= 2 && c.vals[1].kind == Value::Tensor)
      return unmodelled(in, c, "GetTensorC to GM and UB at once is not modelled");
    if (n == "IterateAll")
      recordInputs(in, c, mm, "Matmul::IterateAll", mixed);
    recordOutput(in, c, mm, c.vals[0], "Matmul::" + n, mixed);
    if (mixed) {
      libSignal(in, c, mm, "Matmul::" + n);
      // A synchronous call returns once the cube is done; IterateAll<false>
      // leaves that to WaitIterateAll.
      if (sync || n == "GetTensorC")
        libWait(in, c, mm, "Matmul::" + n);
    }
    return Value();
  }
  if (n == "WaitIterateAll") {
    if (mixed)
      libWait(in, c, mm, "Matmul::WaitIterateAll");
    return Value();
  }
  // No memory the kernel sees and no ordering the checks need: End (the
  // last message), the workspace (SetWorkspace: GM the library owns;
  // SetLocalWorkspace: a UB tensor the kernel allocated and counted), modes
  // and scalars.
  if (n == "SetWorkspace") {
    setState(in, mm, "alintWorkspace", in.scalar(mkConst(1)));
    return Value();
  }
  if (n == "End" || n == "SetLocalWorkspace" || n == "SetHF32" || n == "SetSubBlockIdx" || n == "SetQuantScalar" ||
      n == "SetUserDefInfo" || n == "SetSelfDefineData")
    return Value();
  if (n == "GetSubBlockIdx")
    return in.unknownValue("Matmul::GetSubBlockIdx", c.call->getType());
  return unmodelled(in, c, "not modelled");
}

// REGIST_MATMUL_OBJ(&pipe, workspace, mm1, &tiling1, mm2, &tiling2, ...):
// each object with its tiling is initialised (matmul_intf.h, REGIST_CUBE_OBJ
// calls Init(tiling, pipe)); an object without a tiling waits for its Init.
Value registMatmulObj(Interp &in, ApiCall &c) {
  bool dualMaster = false;
  for (size_t i = 2; i < c.vals.size(); i += 2) {
    if (isObj(c.vals[i]))
      dualMaster |= typeOf(in, c.vals[i].obj->rec).cfg.mixDualMaster;
    const Value &mm = c.vals[i];
    if (!isObj(mm) || !stateField(*mm.obj, "alintTiling")) {
      in.note("Matmul object '" + in.exprText(c.args[i]) + "' in REGIST_MATMUL_OBJ could not be followed",
              c.call->getBeginLoc());
      in.apiUnmodelled(c, "Matmul high-level API (REGIST_MATMUL_OBJ): object not followed");
      continue;
    }
    if (i + 1 < c.vals.size() && !c.args[i + 1]->getType()->isNullPtrType())
      initMatmul(in, c, mm, c.vals[i + 1], c.args[i]);
  }
  // In a mixed kernel the cube core runs the server loop inside the macro
  // and returns (kfc_register_obj.h REGIST_CUBE_OBJ: `if ASCEND_IS_AIC {
  // ... server.Run ...; return; }`): the kernel's code after it runs on the
  // vector cores only (not with enableMixDualMaster).
  if (!cubeOnly(in) && !dualMaster && !in.core)
    in.core = CoreType::AIV;
  return Value();
}

} // namespace

void registerMatmulApi(ApiTable &t) {
  t.addClass(ApiClass::Matmul, "matmul", matmulCall);
  t.addNames({"regist_matmul_obj"}, "matmul", registMatmulObj);
}

} // namespace fe
} // namespace alint
