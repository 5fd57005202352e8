// matmul-tiling: the TCubeTiling a Matmul high-level API object is
// initialised with (Init / REGIST_MATMUL_OBJ) satisfies the documented
// constraints between its fields, for every admissible value:
//
// * positive sizes: singleCoreM/N/K, baseM/N/K, depthA1/B1, stepM/N/Ka/Kb
//   ("该参数取值必须大于0", asc-devkit docs/zh/api/SIMD-API/高阶API/矩阵计算/
//   Matmul-Tiling类/TCubeTiling结构体.md, table 1);
// * enumerations: dbL0A/dbL0B/dbL0C in {1, 2}, iterateOrder and isBias in
//   {0, 1} (same table: other values are undefined behaviour);
// * L0 capacity: baseM*baseK*sizeof(A)*f <= L0A, baseN*baseK*sizeof(B)*f <=
//   L0B with f = 2 when both dbL0A and dbL0B are 2, baseM*baseN*sizeof(L0cT)
//   *dbL0C <= L0C (impl/adv_api/detail/matmul/param/matmul_shape_tiling.h
//   ShapeValidCheck; table 2 "不超过"), baseN*sizeof(bias) <= the bias table;
// * fractal alignment: baseM and baseN multiples of 16, baseK a multiple of
//   C0 (32 bytes / sizeof(A)) when A is not transposed and B is, else of 16
//   (table 2);
// * MDL template: depthA1 a multiple of stepM*stepKa and at most twice it,
//   likewise depthB1 with stepN*stepKb (matmul_shape_tiling.h DepthCheck);
//   K not fully loaded forces stepM = 1 (stepN = 1), and the Ka and Kb
//   step counts divide one another (table 3).
//
// The facts are the kernel's MatmulObjs (KernelModel::matmuls, recorded by
// checker/frontend/api/MatmulApi.cpp); counterexamples are in tiling-field
// names.
#include "rules/Checks.h"

#include <set>

namespace alint {

namespace {

Sym eq(Sym a, int64_t c) { return mkCmp(SymOp::Eq, a, mkConst(c)); }
Sym le(Sym a, Sym b) { return mkCmp(SymOp::Le, a, b); }
Sym gt0(Sym a) { return mkCmp(SymOp::Gt, a, mkConst(0)); }
Sym rem(Sym a, Sym b) { return mkBin(SymOp::Rem, a, b, IntType::math()); }
Sym divi(Sym a, Sym b) { return mkBin(SymOp::Div, a, b, IntType::math()); }
Sym ceilDiv(Sym a, Sym b) { return divi(add(a, sub(b, mkConst(1))), b); }

} // namespace

void MatmulTilingCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const model::TargetSpec &t = ctx.target;
  for (const MatmulObj &op : k.matmuls) {
    auto T = [&](const char *f) -> Sym {
      auto it = op.tiling.find(f);
      return it == op.tiling.end() ? nullptr : it->second;
    };
    std::vector<Sym> base = ctx.contextAt(op.cond, op.loops);
    bool haveTiling = T("baseM") != nullptr;
    // A tiling written in the kernel (constants) is checked as is; one read
    // from the launch argument is what the host's GetTiling computed: a rule
    // broken only for some of its values is unknown, broken for all an error.
    bool tilingConstant = true;
    for (const auto &[key, v] : op.tiling)
      if (v && !asConst(v))
        tilingConstant = false;
    // GetTiling's contract: a tiling the file's host code got from GetTiling
    // (result checked, nothing adjusted by hand; MatmulApi.cpp hostGetTiling)
    // meets tables 1 and 2 of TCubeTiling结构体.md, which only a user-defined
    // or adjusted tiling has to be checked against ("如果用户自定义TCubeTiling参数，
    // 各个参数的取值需要满足表1和表2"). It holds for the launch values as they
    // are: for the fields a rule reads, launch inputs the kernel did not
    // change; and no assumption or --tiling value naming a field (those are
    // checked as given).
    bool contract = op.hostGetTilingLine != 0 && !tilingConstant;
    std::set<uint32_t> fieldVars;
    std::set<std::string> changed; // fields that are not the launch value (the kernel wrote them)
    for (const auto &[key, v] : op.tiling) {
      Sym x = v;
      while (x && x->op == SymOp::Cast)
        x = x->args[0];
      if (!x || x->op != SymOp::Var || x->var->role != VarRole::Input)
        changed.insert(key);
      else
        fieldVars.insert(x->var->id);
    }
    for (const Assumption &a : k.assumptions) {
      std::vector<std::shared_ptr<const VarInfo>> vs;
      collectVars(a.expr, vs);
      for (const auto &v : vs)
        contract &= !fieldVars.count(v->id);
    }
    int64_t aB = op.aBits / 8, bB = op.bBits / 8;
    // A field the code may set by hand after GetTiling (host text), or the
    // kernel changed, is not covered: nor is a rule that reads it.
    auto cover = [&](std::initializer_list<const char *> fields) {
      for (const char *f : fields)
        if (op.hostAdjusted.count(f) || changed.count(f))
          return false;
      return contract;
    };
    // Table 2's capacity and alignment rules are computed by the host for the
    // types it names: they cover the kernel's when those agree.
    bool hostTypes = contract && aB && bB && op.hostABits == op.aBits && op.hostBBits == op.bBits;
    int64_t biasB = op.biasBits / 8;
    bool mdl = op.config == "mdl";
    auto memBytes = [&](Mem m) -> int64_t {
      const model::MemorySpec *s = t.memory(m);
      return s ? int64_t(s->usableBytes) : 0;
    };
    // One obligation: `prop` over the tiling, `what` says the rule, `src` its page.
    auto prove = [&](Sym prop, const std::string &what, const std::string &src,
                     std::vector<std::pair<std::string, Sym>> report, const std::string &why = "",
                     bool byContract = false) {
      ProofItem item;
      item.ob.check = id();
      item.loc = op.loc;
      if (!haveTiling || !why.empty()) {
        item.ob.property = mkBool(true);
        item.ob.unknownReason = !why.empty()               ? why
                                : op.unknownReason.empty() ? "the tiling of the Matmul object is not known"
                                                           : op.unknownReason;
      } else {
        item.ob.property = prop;
        item.ob.context = base;
        item.ob.report = report;
        if (byContract) // a rule GetTiling guarantees: the tiling meets it by construction
          item.ob.context.push_back(prop);
        else if (!tilingConstant)
          item.counterexampleUnknown =
              "the TCubeTiling is read from the kernel's tiling argument with nothing bounding it; the host's "
              "GetTiling computes it to these rules (give the tiling with --tiling or ASCENDC_ASSUME to check it)";
      }
      item.message = [what](const Verdict &v) {
        std::string vals;
        for (const auto &[n, x] : v.reportValues)
          vals += (vals.empty() ? "" : ", ") + n + " = " + std::to_string(x);
        if (v.status == Status::Unknown)
          return "Matmul tiling rule '" + what + "' could not be checked: " + v.reason;
        return "Matmul tiling breaks '" + what + "'" + (v.status == Status::Violated ? "" : " for some values") +
               (vals.empty() ? std::string() : " (" + vals + ")");
      };
      item.hint = "fix the tiling (" + src + "), or bound it with ASCENDC_ASSUME";
      ctx.prove(std::move(item));
    };
    const std::string table1 = "TCubeTiling结构体.md table 1", table2 = "TCubeTiling结构体.md table 2";
    if (!haveTiling) {
      prove(mkBool(true), "the tiling is valid", table1, {});
      continue;
    }
    // Positive sizes.
    std::vector<Sym> pos;
    std::string posNames;
    for (const char *f : {"singleCoreM", "singleCoreN", "singleCoreK", "baseM", "baseN", "baseK", "depthA1", "depthB1",
                          "stepM", "stepN", "stepKa", "stepKb"})
      pos.push_back(gt0(T(f)));
    // The other rules are stated for positive sizes (which this one proves).
    Sym positive = mkAndAll(pos);
    auto given = [&](Sym rule) { return mkOr(mkNot(positive), rule); };
    prove(positive, "singleCore*, base*, depth*, step* > 0", table1,
          {{"baseM", T("baseM")}, {"baseN", T("baseN")}, {"baseK", T("baseK")}}, "",
          cover({"singleCoreM", "singleCoreN", "singleCoreK", "baseM", "baseN", "baseK", "depthA1", "depthB1", "stepM",
                 "stepN", "stepKa", "stepKb"}));
    auto in12 = [&](Sym s) { return mkOr(eq(s, 1), eq(s, 2)); };
    prove(mkAnd(mkAnd(in12(T("dbL0A")), in12(T("dbL0B"))), in12(T("dbL0C"))), "dbL0A, dbL0B, dbL0C in {1, 2}", table1,
          {{"dbL0A", T("dbL0A")}, {"dbL0B", T("dbL0B")}, {"dbL0C", T("dbL0C")}}, "",
          cover({"dbL0A", "dbL0B", "dbL0C"}));
    auto in01 = [&](Sym s) { return mkOr(eq(s, 0), eq(s, 1)); };
    prove(mkAnd(in01(T("iterateOrder")), in01(T("isBias"))), "iterateOrder and isBias in {0, 1}", table1,
          {{"iterateOrder", T("iterateOrder")}, {"isBias", T("isBias")}}, "", cover({"iterateOrder", "isBias"}));

    std::string sized =
        aB && bB ? "" : (op.unknownReason.empty() ? "the element types are not known" : op.unknownReason);
    // L0 capacity (ShapeValidCheck).
    Sym abDb = mkSelect(mkAnd(eq(T("dbL0A"), 2), eq(T("dbL0B"), 2)), mkConst(2), mkConst(1));
    Sym l0a = mul(mul(mul(T("baseM"), T("baseK")), mkConst(aB)), abDb);
    Sym l0b = mul(mul(mul(T("baseN"), T("baseK")), mkConst(bB)), abDb);
    Sym l0c = mul(mul(mul(T("baseM"), T("baseN")), mkConst(4)), mkSelect(eq(T("dbL0C"), 2), mkConst(2), mkConst(1)));
    prove(given(le(l0a, mkConst(memBytes(Mem::L0A)))),
          "baseM * baseK * sizeof(A) * (dbL0A, dbL0B both 2 ? 2 : 1) <= L0A (" + std::to_string(memBytes(Mem::L0A)) +
              " bytes)",
          table2, {{"bytes", l0a}}, sized, hostTypes && cover({"baseM", "baseK", "dbL0A", "dbL0B"}));
    prove(given(le(l0b, mkConst(memBytes(Mem::L0B)))),
          "baseN * baseK * sizeof(B) * (dbL0A, dbL0B both 2 ? 2 : 1) <= L0B (" + std::to_string(memBytes(Mem::L0B)) +
              " bytes)",
          table2, {{"bytes", l0b}}, sized, hostTypes && cover({"baseN", "baseK", "dbL0A", "dbL0B"}));
    prove(given(le(l0c, mkConst(memBytes(Mem::L0C)))),
          "baseM * baseN * sizeof(L0cT) * dbL0C <= L0C (" + std::to_string(memBytes(Mem::L0C)) + " bytes)", table2,
          {{"bytes", l0c}, {"dbL0C", T("dbL0C")}}, "", cover({"baseM", "baseN", "dbL0C"}));
    if (biasB && memBytes(Mem::BT))
      prove(mkOr(eq(T("isBias"), 0), le(mul(T("baseN"), mkConst(biasB)), mkConst(memBytes(Mem::BT)))),
            "baseN * sizeof(bias) <= the bias table (" + std::to_string(memBytes(Mem::BT)) + " bytes)", table2,
            {{"baseN", T("baseN")}}, "", cover({"baseN", "isBias"}) && op.hostBiasBits == op.biasBits);
    // Fractal alignment.
    bool aTrans = op.aTrans, bTrans = op.bTrans;
    int64_t kAlign = !aTrans && bTrans && aB ? 32 / aB : 16;
    prove(
        given(mkAnd(mkAnd(eq(rem(T("baseM"), mkConst(16)), 0), eq(rem(T("baseN"), mkConst(16)), 0)),
                    eq(rem(T("baseK"), mkConst(kAlign)), 0))),
        "baseM, baseN multiples of 16 and baseK a multiple of " + std::to_string(kAlign), table2,
        {{"baseM", T("baseM")}, {"baseN", T("baseN")}, {"baseK", T("baseK")}}, aB ? "" : sized,
        hostTypes && aB == 2 &&
            cover({"baseM", "baseN", "baseK"})); // baseK: 16 whatever the host's transposes (C0 of a 2-byte type is 16)
    if (!mdl)
      continue;
    // MDL: depth and step (DepthCheck, table 3).
    Sym sa = mul(T("stepM"), T("stepKa")), sb = mul(T("stepN"), T("stepKb"));
    prove(
        given(mkAnd(mkAnd(eq(rem(T("depthA1"), sa), 0), le(T("depthA1"), mul(sa, mkConst(2)))),
                    mkAnd(eq(rem(T("depthB1"), sb), 0), le(T("depthB1"), mul(sb, mkConst(2)))))),
        "depthA1 = stepM * stepKa * (1 or 2) and depthB1 = stepN * stepKb * (1 or 2)",
        "matmul_shape_tiling.h DepthCheck; " + table2, {{"depthA1", T("depthA1")}, {"depthB1", T("depthB1")}}, "",
        cover({"depthA1", "depthB1", "stepM", "stepKa", "stepN", "stepKb"})); // table 2: stepM * stepKa * db = depthA1
    Sym kaIter = ceilDiv(T("singleCoreK"), mul(T("baseK"), T("stepKa")));
    Sym kbIter = ceilDiv(T("singleCoreK"), mul(T("baseK"), T("stepKb")));
    Sym kaFull = le(T("singleCoreK"), mul(T("baseK"), T("stepKa")));
    Sym kbFull = le(T("singleCoreK"), mul(T("baseK"), T("stepKb")));
    // Table 3 is part of what a legal MDL tiling is (TCubeTiling结构体.md: "若
    // Matmul对象的MatmulConfig模板为MDL模板，除表2外，还同时需要满足表3"), and
    // GetTiling computes a usable tiling for the template it was told
    // (SetMatmulConfigParams.md: mmConfigType must be the object's; the
    // tiling algorithm makes mAL1 / nBL1 1 and kAL1, kBL1 multiples when K is
    // not fully loaded, matmul_tiling_algorithm.cpp NeitherFullLoadK/MN): so
    // the contract covers these rules when the host was told MDL, not Norm.
    bool hostMdl = op.hostConfigType == 1;
    prove(given(mkAnd(mkOr(kaFull, eq(T("stepM"), 1)), mkOr(kbFull, eq(T("stepN"), 1)))),
          "stepM = 1 when Ka is not fully loaded, stepN = 1 when Kb is not", "TCubeTiling结构体.md table 3",
          {{"stepM", T("stepM")}, {"stepN", T("stepN")}}, "",
          hostMdl && cover({"stepM", "stepN", "stepKa", "stepKb", "baseK", "singleCoreK"}));
    prove(given(mkOr(eq(rem(kaIter, kbIter), 0), eq(rem(kbIter, kaIter), 0))),
          "the Ka and Kb step counts divide one another", "TCubeTiling结构体.md table 3",
          {{"kaStepIter", kaIter}, {"kbStepIter", kbIter}}, "",
          hostMdl && cover({"stepKa", "stepKb", "baseK", "singleCoreK"}));
  }
}

} // namespace alint
