// Operator projects: discovery, the OpDef and tiling-header parsers, tiling
// structs synthesised from what a kernel reads, localised compile errors and
// build-configuration variants (issue 13).
#include "RunTool.h"

#include "checker/frontend/Frontend.h"
#include "checker/frontend/Paths.h"
#include "checker/project/BuildChips.h"
#include "checker/project/OpProject.h"
#include "checker/project/TplSelect.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace alint;
using namespace alint_test;

namespace {

const std::string kSample = std::string(ALINT_SAMPLES_DIR) + "/op-project/vec_scale";

FrontendOptions frontendOptions() {
  FrontendOptions o;
  o.apiDir = findApiDir();
  o.resourceDir = findResourceDir();
  return o;
}

std::string tempDir() {
  char tmpl[] = "/tmp/alint_opproj_XXXXXX";
  const char *d = mkdtemp(tmpl);
  return d ? d : "/tmp";
}

void writeFile(const std::string &path, const std::string &text) { std::ofstream(path) << text; }

const KernelModel *kernelNamed(const FrontendResult &r, const std::string &name, const std::string &variant = "") {
  for (const KernelModel &k : r.model.kernels)
    if (k.name == name && k.variant == variant)
      return &k;
  return nullptr;
}

} // namespace

TEST_CASE("tiling headers: fields, arrays, nested structs and registrations", "[project]") {
  std::vector<std::pair<std::string, std::string>> reg;
  auto structs = project::parseTilingStructs(R"(
BEGIN_TILING_DATA_DEF(Inner)
  TILING_DATA_FIELD_DEF(int64_t, rows); // a comment
END_TILING_DATA_DEF;
BEGIN_TILING_DATA_DEF(OuterTilingData)
  TILING_DATA_FIELD_DEF(uint32_t, tileLength);
  TILING_DATA_FIELD_DEF_ARR(uint32_t, 8, offsets);
  TILING_DATA_FIELD_DEF_STRUCT(Inner, inner);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(Outer, OuterTilingData)
REGISTER_TILING_DATA_CLASS(Outer_7, Inner)
)",
                                             "t.h", &reg);
  REQUIRE(structs.size() == 2);
  CHECK(structs[1].name == "OuterTilingData");
  REQUIRE(structs[1].fields.size() == 3);
  CHECK(structs[1].fields[1].arrayLen == "8");
  CHECK(structs[1].fields[1].name == "offsets");
  CHECK(structs[1].fields[2].isStruct);
  REQUIRE(reg.size() == 2);
  CHECK(reg[0] == std::make_pair(std::string("Outer"), std::string("OuterTilingData")));
  // The prelude defines the nested struct before the one holding it.
  project::OpProject p;
  p.tilingStructs = structs;
  p.registered = reg;
  std::string pre = project::tilingPrelude(&p, "Synth", "");
  CHECK(pre.find("struct Inner") < pre.find("struct OuterTilingData"));
  CHECK(pre.find("uint32_t offsets[8];") != std::string::npos);
  CHECK(pre.find("using AscendcLintRegisteredTiling = OuterTilingData;") != std::string::npos);
}

TEST_CASE("OpDef: inputs and outputs declared on an OpAICoreConfig", "[project]") {
  // ops-math real: `OpAICoreConfig aicoreConfig; aicoreConfig.Input("input")
  // .DataType({...}); ... this->AICore().AddConfig("ascend910b", aicoreConfig);`
  auto d = project::parseOpDef(R"(
class Real : public OpDef {
public:
  explicit Real(const char* name) : OpDef(name) {
    OpAICoreConfig aicoreConfig;
    aicoreConfig.Input("input").ParamType(REQUIRED).DataType({ge::DT_COMPLEX64, ge::DT_FLOAT});
    aicoreConfig.Output("output").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT});
    this->AICore().AddConfig("ascend910b", aicoreConfig);
  }
};)",
                               "real_def.cpp");
  REQUIRE(d);
  REQUIRE(d->params.size() == 2);
  CHECK(d->params[0].name == "input");
  CHECK(!d->params[0].isOutput);
  CHECK(d->params[0].dtypes == std::vector<std::string>{"DT_COMPLEX64", "DT_FLOAT"});
  CHECK(d->params[1].name == "output");
  CHECK(d->params[1].isOutput);
  CHECK(d->chips == std::vector<std::string>{"ascend910b"});
}

TEST_CASE("OpDef: an input marked .Scalar()", "[project]") {
  // ops-math fill: `this->Input("value").Scalar().ParamType(REQUIRED)...`.
  auto d = project::parseOpDef(R"(
class Fill : public OpDef {
public:
  explicit Fill(const char* name) : OpDef(name) {
    this->Input("dims").ParamType(REQUIRED).DataType({ge::DT_INT64}).ValueDepend(REQUIRED);
    this->Input("value")
        .Scalar()
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT16});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16});
  }
};)",
                               "fill_def.cpp");
  REQUIRE(d);
  REQUIRE(d->params.size() == 3);
  CHECK_FALSE(d->params[0].scalar);
  CHECK(d->params[1].scalar);
  CHECK_FALSE(d->params[2].scalar);
}

TEST_CASE("OpDef: dtype lists per input and output, chips; one variant per column", "[project]") {
  auto d = project::parseOpDef(R"(
class AddCustom : public OpDef {
public:
  explicit AddCustom(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16});
    this->Input("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16});
    this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16});
    this->AICore().AddConfig("ascend910b");
    this->AICore().AddConfig("ascend950");
  }
};)",
                               "add_custom_def.cpp");
  REQUIRE(d);
  CHECK(d->opName == "AddCustom");
  REQUIRE(d->params.size() == 3);
  CHECK(d->params[2].isOutput);
  CHECK(d->params[0].dtypes == std::vector<std::string>{"DT_FLOAT16", "DT_FLOAT", "DT_BF16"});
  CHECK(d->chips == std::vector<std::string>{"ascend910b", "ascend950"});
  project::OpProject p;
  p.opDefs.push_back(*d);
  auto v = project::dtypeVariants(p, {"DTYPE_X"});
  REQUIRE(v.size() == 3);
  CHECK(v[0].label == "DTYPE_X=half");
  CHECK(v[2].label == "DTYPE_X=bfloat16_t");
  bool origDefined = false;
  for (auto &[n, val] : v[1].defines)
    origDefined |= n == "ORIG_DTYPE_Z" && val == "DT_FLOAT";
  CHECK(origDefined);
  // Combinations differing only in macros the kernel does not read are one.
  CHECK(project::dtypeVariants(p, {}).size() == 1);
}

TEST_CASE("discovery: the op root above op_kernel/, its OpDef and tiling header; --op-root checks the folder",
          "[project]") {
  auto p = project::findOpProject(kSample + "/op_kernel/vec_scale_bad.cpp");
  REQUIRE(p);
  CHECK(p->root.size() >= kSample.size());
  REQUIRE(p->opDefs.size() == 1);
  CHECK(p->opDefs[0].opName == "VecScale");
  CHECK(p->defaultTilingStruct() == "VecScaleTilingData");
  CHECK(p->filesUsed().size() == 2);
  CHECK_FALSE(project::findOpProject(std::string(ALINT_SAMPLES_DIR) + "/add_canonical.cpp"));
  CHECK_FALSE(project::findOpProject(std::string(ALINT_SAMPLES_DIR) + "/add_canonical.cpp", "/tmp"));
}

TEST_CASE("GET_TILING_DATA without a definition: a struct synthesised from the fields the kernel reads", "[project]") {
  // Nested fields and arrays too; each field a free tiling input named after it.
  const std::string code = R"(
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(td, tiling);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, td.tileLength * 4 + td.sub.pad + td.offs[1]);
  LocalTensor<float> t = buf.Get<float>();
  GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float *)x, td.tileLength);
  DataCopy(t, g, td.tileLength);
}
)";
  FrontendResult r = analyzeCode(code, "k.cpp", frontendOptions());
  REQUIRE(r.ok);
  const KernelModel *k = kernelNamed(r, "k");
  REQUIRE(k);
  CHECK(k->incomplete.empty());
  CHECK(k->compileErrors.empty());
  REQUIRE(r.synthesized.size() >= 2);
  std::string all;
  for (auto &s : r.synthesized)
    all += s + "\n";
  CHECK(all.find("tileLength") != std::string::npos);
  CHECK(all.find("pad") != std::string::npos);
  CHECK(all.find("offs") != std::string::npos);
  bool named = false;
  for (const Op &op : k->ops)
    for (auto &[n, s] : op.params)
      named |= s && toString(s).find("td.tileLength") != std::string::npos;
  CHECK(named);
}

TEST_CASE("an expression that does not compile is one unmodelled op; the rest of the kernel is verified", "[project]") {
  const std::string code = R"(
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, 1024);
  LocalTensor<float> t = q.AllocTensor<float>();
  GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float *)x, 4096);
  uint32_t n = 256;
  NotAnAscendCApi(t, n);
  DataCopy(t, g, 256);
  q.EnQue(t);
}
)";
  FrontendResult r = analyzeCode(code, "k.cpp", frontendOptions());
  REQUIRE(r.ok);
  REQUIRE(r.syntaxErrors.empty());
  const KernelModel *k = kernelNamed(r, "k");
  REQUIRE(k);
  CHECK(k->incomplete.empty());
  REQUIRE(k->compileErrors.size() == 1);
  CHECK(k->compileErrors[0].reason.find("NotAnAscendCApi") != std::string::npos);
  unsigned unmodelled = 0, copies = 0;
  for (const Op &op : k->ops) {
    unmodelled += op.kind == OpKind::Unmodelled;
    copies += op.api == "DataCopy";
  }
  CHECK(unmodelled == 1);
  CHECK(copies == 1);
}

TEST_CASE("a call on an object whose class template did not compile names the class's error", "[project]") {
  // ops-math sort_with_index: a member of a class template named a type the
  // bundled API lacked; each call on the object was "code that does not
  // compile (a compile error)", naming nothing.
  const std::string code = R"(
#include "kernel_operator.h"
using namespace AscendC;
template <typename T>
class Sorter {
public:
  __aicore__ inline void Init(GM_ADDR x) { g.SetGlobalBuffer((__gm__ T *)x, 256); }
  static constexpr NotDeclaredConfig cfg{};
  GlobalTensor<T> g;
};
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  Sorter<float> s;
  s.Init(x);
}
)";
  FrontendResult r = analyzeCode(code, "k.cpp", frontendOptions());
  REQUIRE(r.ok);
  const KernelModel *k = kernelNamed(r, "k");
  REQUIRE(k);
  bool named = false;
  std::string all;
  for (const Op &op : k->ops)
    if (op.kind == OpKind::Unmodelled) {
      all += op.unknownReason + "\n";
      named |= op.unknownReason.find("NotDeclaredConfig") != std::string::npos;
    }
  for (const UnknownNote &n : k->compileErrors)
    all += n.reason + "\n";
  INFO(all);
  CHECK(named);
  CHECK(all.find("(a compile error)") == std::string::npos);
}

TEST_CASE("TILING_KEY_IS: one model per key with the key fixed", "[project]") {
  const std::string code = R"(
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  if (TILING_KEY_IS(1)) {
    pipe.InitBuffer(b, 1024);
  } else if (TILING_KEY_IS(7)) {
    pipe.InitBuffer(b, 2048);
  }
}
)";
  FrontendResult r = analyzeCode(code, "k.cpp", frontendOptions());
  REQUIRE(r.ok);
  const KernelModel *k1 = kernelNamed(r, "k", "TILING_KEY=1");
  const KernelModel *k7 = kernelNamed(r, "k", "TILING_KEY=7");
  REQUIRE(k1);
  REQUIRE(k7);
  REQUIRE(k1->buffers.size() == 1);
  REQUIRE(k7->buffers.size() == 1);
  CHECK(toString(k1->buffers[0].lenBytes) == "1024");
  CHECK(toString(k7->buffers[0].lenBytes) == "2048");
}

TEST_CASE("the sample operator project: the bug is found in DTYPE_X=float, TILING_KEY=2 only", "[cli]") {
  ToolRun r = runTool(shellQuote(kSample + "/op_kernel/vec_scale_bad.cpp"));
  CHECK(r.exitCode == 1);
  CHECK(r.out.find("[DTYPE_X=float, TILING_KEY=2]") != std::string::npos);
  // Every error names that variant and no other.
  std::istringstream lines(r.out);
  unsigned errors = 0;
  for (std::string line; std::getline(lines, line);)
    if (line.find(": error: ") != std::string::npos) {
      ++errors;
      CHECK(line.find("[DTYPE_X=float, TILING_KEY=2] [bounds-local]") != std::string::npos);
    }
  CHECK(errors == 2);
  // The two violations; of the other 20 (two of them param-range's GM
  // offsets), two non-linear questions are decided by a 300 ms CPU-time try
  // that a busy machine may cut (issue 19).
  CHECK(r.err.find("vec_scale [DTYPE_X=float, TILING_KEY=2] (ascend910b): 22 obligations, ") != std::string::npos);
  CHECK(r.err.find("proved, 2 violated") != std::string::npos);
  CHECK(r.err.find("vec_scale [DTYPE_X=half, TILING_KEY=1] (ascend910b):") != std::string::npos);
  CHECK(r.err.find("vec_scale [DTYPE_X=float, TILING_KEY=3] (ascend910b):") != std::string::npos);
  CHECK(r.err.find("operator project") != std::string::npos);
  CHECK(r.err.find("vec_scale_tiling.h") != std::string::npos);
  // JSON: the variant of each kernel verdict, calls reached and modelled.
  ToolRun j = runTool("--format=json " + shellQuote(kSample + "/op_kernel/vec_scale_bad.cpp"));
  auto doc = nlohmann::json::parse(j.out);
  REQUIRE(doc["kernels"].size() == 6);
  for (auto &kv : doc["kernels"]) {
    CHECK(kv["calls"].get<unsigned>() > 0);
    CHECK(kv["modelledCalls"].get<unsigned>() == kv["calls"].get<unsigned>());
  }
  // -D pins one dtype; --max-variants caps the rest, never silently.
  ToolRun pinned = runTool(shellQuote(kSample + "/op_kernel/vec_scale_bad.cpp") + " -- -DDTYPE_X=half");
  CHECK(pinned.exitCode == 0);
  ToolRun capped = runTool("--max-variants=1 " + shellQuote(kSample + "/op_kernel/vec_scale_bad.cpp"));
  CHECK(capped.err.find("not analysed") != std::string::npos);
  // One key per dtype under the cap: the dtypes share the keys out (float
  // takes key 2, which half left), not each the first key again.
  ToolRun shared = runTool("--max-variants=2 " + shellQuote(kSample + "/op_kernel/vec_scale_bad.cpp"));
  INFO(shared.err);
  CHECK(shared.err.find("vec_scale [DTYPE_X=half, TILING_KEY=1] (ascend910b): 22 obligations") != std::string::npos);
  CHECK(shared.err.find("vec_scale [DTYPE_X=float, TILING_KEY=2] (ascend910b): 22 obligations") !=
        std::string::npos);
  CHECK(shared.err.find("vec_scale [DTYPE_X=float, TILING_KEY=1 and 1 more]") != std::string::npos);
}

TEST_CASE("the variant cap takes the keys earlier configurations analysed least", "[frontend]") {
  std::map<std::string, unsigned> seen;
  const std::vector<std::string> ids{"k|TILING_KEY=1", "k|TILING_KEY=2", "k|TILING_KEY=3"};
  CHECK(pickUnderCap(ids, 1, &seen) == std::vector<bool>{true, false, false});
  CHECK(pickUnderCap(ids, 1, &seen) == std::vector<bool>{false, true, false});
  CHECK(pickUnderCap(ids, 2, &seen) == std::vector<bool>{true, false, true}); // 3, then 1 (ties in order)
  CHECK(seen == std::map<std::string, unsigned>{{ids[0], 2}, {ids[1], 1}, {ids[2], 1}});
  // All fit: all taken; no record: the first ones.
  CHECK(pickUnderCap(ids, 3, &seen) == std::vector<bool>{true, true, true});
  CHECK(pickUnderCap(ids, 2, nullptr) == std::vector<bool>{true, true, false});
  // Another kernel's keys are counted apart.
  CHECK(pickUnderCap({"m|TILING_KEY=1", "m|TILING_KEY=2"}, 1, &seen) == std::vector<bool>{true, false});
}

TEST_CASE("a syntax error in the user's code is clang-diagnostic-error and exit 3", "[cli]") {
  std::string dir = tempDir();
  writeFile(dir + "/k.cpp", R"(#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  int a = 1
  int b = 2;
}
)");
  ToolRun r = runTool(shellQuote(dir + "/k.cpp"));
  CHECK(r.exitCode == 3);
  CHECK(r.out.find("k.cpp:3:12: error: expected ';' at end of declaration [clang-diagnostic-error]") !=
        std::string::npos);
  ToolRun j = runTool("--format=json " + shellQuote(dir + "/k.cpp"));
  CHECK(j.exitCode == 3);
  CHECK(j.out.find("clang-diagnostic-error") != std::string::npos);
}

TEST_CASE("compile_commands.json: an \"-I\", \"dir\" pair is resolved against the entry's directory", "[cli]") {
  std::string dir = tempDir();
  mkdir((dir + "/inc").c_str(), 0755);
  writeFile(dir + "/inc/sizes.h", "#define BUF_BYTES 300000\n");
  writeFile(dir + "/k.cpp", R"(#include "kernel_operator.h"
#include "sizes.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, BUF_BYTES);
}
)");
  writeFile(dir + "/compile_commands.json",
            "[{\"directory\": \"" + dir +
                "\", \"file\": \"k.cpp\", \"arguments\": [\"bisheng\", \"-I\", \"inc\", \"-c\", "
                "\"k.cpp\"]}]");
  ToolRun r = runTool("-p " + shellQuote(dir) + " " + shellQuote(dir + "/k.cpp"));
  CHECK(r.exitCode == 1);
  CHECK(r.out.find("capacity-overflow") != std::string::npos);
  // Without the include folder the header is missing: a note names it and
  // the constant it would define; the buffer size is unknown, nothing is claimed.
  ToolRun m = runTool(shellQuote(dir + "/k.cpp"));
  CHECK(m.exitCode == 0);
  CHECK(m.err.find("header 'sizes.h' not found") != std::string::npos);
  CHECK(m.err.find("'BUF_BYTES' is not declared") != std::string::npos);
  CHECK(m.err.find("k (ascend910b): 1 obligations, 0 proved, 1 unknown") != std::string::npos);
}

TEST_CASE("core-side macros per target: each side compiles the code bisheng compiles for it", "[project]") {
  // asc-devkit tools/build/asc_op_compile_base/asc_op_compiler/config/<soc>.py and
  // ascendc_compile_gen_code.py (see Frontend.h).
  struct Case {
    int arch;
    const char *cube, *vec;
  } cases[] = {{2201, "__DAV_C220_CUBE__", "__DAV_C220_VEC__"},
               {3510, "__DAV_C310_CUBE__", "__DAV_C310_VEC__"},
               {2002, "__DAV_M200__", "__DAV_M200_VEC__"},
               {3002, "__DAV_M200__", "__DAV_M200_VEC__"}};
  for (const Case &c : cases) {
    auto has = [](const std::vector<std::string> &v, const std::string &m) {
      return std::find(v.begin(), v.end(), "-D" + m) != v.end();
    };
    auto cube = coreSideMacros(c.arch, true), vec = coreSideMacros(c.arch, false);
    CHECK(has(cube, c.cube));
    CHECK_FALSE(has(cube, c.vec));
    CHECK(has(vec, c.vec));
    CHECK_FALSE(has(vec, c.cube));
  }
  CHECK(coreSideMacros(1001, true).empty());
  // The vector side of ascend910b compiles the #if branch for it.
  const std::string code = R"(
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
#if defined(__DAV_C220_VEC__)
  pipe.InitBuffer(b, 1024);
#else
  pipe.InitBuffer(b, 2048);
#endif
}
)";
  FrontendOptions o = frontendOptions();
  o.extraArgs = coreSideMacros(2201, false);
  FrontendResult r = analyzeCode(code, "k.cpp", o);
  REQUIRE(r.ok);
  const KernelModel *k = kernelNamed(r, "k");
  REQUIRE(k);
  REQUIRE(k->buffers.size() == 1);
  CHECK(toString(k->buffers[0].lenBytes) == "1024");
}

TEST_CASE("a file that names __DAV_*__ macros is analysed once per core side", "[cli]") {
  std::string dir = tempDir();
  writeFile(dir + "/k.cpp", R"(#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
#if defined(__DAV_C220_VEC__)
  pipe.InitBuffer(b, 300000);
#else
  pipe.InitBuffer(b, 1024);
#endif
}
)");
  ToolRun r = runTool(shellQuote(dir + "/k.cpp"));
  CHECK(r.exitCode == 1);
  CHECK(r.err.find("k [AIC] (ascend910b): 1 obligations, 1 proved") != std::string::npos);
  CHECK(r.err.find("k [AIV] (ascend910b): 1 obligations, 0 proved, 1 violated") != std::string::npos);
  CHECK(r.out.find("[AIV] [capacity-overflow]") != std::string::npos);
}

TEST_CASE("template selection: the build's reading of ASCENDC_TPL_ARGS_DECL / ASCENDC_TPL_SEL", "[project]") {
  // The texts api/include/ascendc_lint/tpl.h produces (the build's ASCENDC_TPL_PRE form).
  std::string error;
  const std::string decl =
      "@@ASCENDC_TPL_ARGS_DECL_Op@@ = {@@ASCENDC_TPL_UINT_DECL_mode@@ = {2, 2, 1, 0, 1, 7}, "
      "@@ASCENDC_TPL_BOOL_DECL_flag@@ = {0, 1}, "
      "@@ASCENDC_TPL_DATATYPE_DECL_T@@ = {C_DT_FLOAT, C_DT_FLOAT16, C_DT_BF16, (100000000 + (0))}}";
  const std::string sel =
      "@@ASCENDC_TPL_LISTS@@ = {@@{@@ASCENDC_TPL_KERNEL_TYPE_SEL@@ = {0}, @@ASCENDC_TPL_BOOL_SEL_flag@@ = {0, 1}, "
      "@@ASCENDC_TPL_UINT_SEL_mode@@ = {0, 1, 0, 1}, @@ASCENDC_TPL_DATATYPE_SEL_T@@ = {C_DT_FLOAT}}, "
      "@@{@@ASCENDC_TPL_UINT_SEL_mode@@ = {1, 7}, @@ASCENDC_TPL_BOOL_SEL_flag@@ = {0}, "
      "@@ASCENDC_TPL_DATATYPE_SEL_T@@ = {C_DT_FLOAT16, C_DT_BF16}},}";
  auto s = project::parseTplSelection(decl, {sel}, error);
  REQUIRE(s);
  REQUIRE(s->decl.size() == 3);
  // UI_MIX: the range 0..1, then 7.
  CHECK(s->decl[0].values == std::vector<int64_t>{0, 1, 7});
  // Arguments in declaration order (the SEL order does not matter), first
  // parameter slowest; KERNEL_TYPE is no template argument.
  std::vector<std::string> labels, args;
  for (auto &c : project::tplCombinations(*s, 2201)) {
    labels.push_back(c.label());
    args.push_back(c.templateArgs());
  }
  CHECK(labels == std::vector<std::string>{"mode=0, flag=0, T=float", "mode=0, flag=1, T=float",
                                           "mode=1, flag=0, T=float", "mode=1, flag=1, T=float",
                                           "mode=7, flag=0, T=half", "mode=7, flag=0, T=bfloat16_t"});
  CHECK(args.front() == "0, false, float");
  // ascend310p has no bfloat16_t (template_argument.h ASC_INNER_DATATYPE_ENABLE_BF16).
  CHECK(project::tplCombinations(*s, 2002).size() == 5);
  // Not understood: nothing is guessed.
  CHECK_FALSE(
      project::parseTplSelection("@@ASCENDC_TPL_ARGS_DECL_Op@@ = {BRC_SCH_MODE_KEY_DECL(schMode)}", {sel}, error));
  CHECK(error.find("BRC_SCH_MODE_KEY_DECL") != std::string::npos);
  CHECK_FALSE(
      project::parseTplSelection(decl, {"@@ASCENDC_TPL_LISTS@@ = {@@{@@ASCENDC_TPL_BOOL_SEL_flag@@ = {0}}}"}, error));
  CHECK(error.find("does not select 'mode'") != std::string::npos);
  CHECK_FALSE(project::parseTplSelection(decl, {}, error));
}

TEST_CASE("template selection: one variant per combination, the bug named in its combination only", "[cli]") {
  const std::string bad = std::string(ALINT_SAMPLES_DIR) + "/op-project/tpl_copy/op_kernel/tpl_copy_bad.cpp";
  ToolRun r = runTool(shellQuote(bad));
  CHECK(r.exitCode == 1);
  std::istringstream lines(r.out);
  unsigned errors = 0;
  for (std::string line; std::getline(lines, line);)
    if (line.find(": error: ") != std::string::npos) {
      ++errors;
      CHECK(line.find("[TPL schMode=2, isDouble=0] [bounds-local]") != std::string::npos);
    }
  CHECK(errors == 2);
  for (const char *v :
       {"schMode=0, isDouble=0", "schMode=0, isDouble=1", "schMode=1, isDouble=0", "schMode=1, isDouble=1"})
    CHECK(r.err.find(std::string("tpl_copy [TPL ") + v + "] (ascend910b):") != std::string::npos);
  CHECK(r.err.find("not instantiated") == std::string::npos);
  // --max-variants caps the combinations; the rest is counted, never dropped.
  ToolRun capped = runTool("--max-variants=2 " + shellQuote(bad));
  CHECK(capped.err.find("3 template-selection combinations of 'tpl_copy' beyond the limit of 2") != std::string::npos);
}

TEST_CASE("OpDef: the kernel file each chip's configuration names (opFile.value)", "[project]") {
  const std::string def = R"(
class Add : public OpDef {
  explicit Add(const char* name) : OpDef(name) {
    this->Input("x").DataType({ge::DT_FLOAT});
    OpAICoreConfig cfgApt;
    cfgApt.DynamicCompileStaticFlag(true)
        .ExtendCfgInfo("opFile.value", "add_apt");
    OpAICoreConfig cfgOld;
    cfgOld.ExtendCfgInfo("opFile.value", "add");
    this->AICore().AddConfig("ascend950", cfgApt);
    this->AICore().AddConfig("ascend910b", cfgOld);
    this->AICore().AddConfig("ascend310p");
  }
};)";
  CHECK(project::parseChipOpFiles(def) == std::vector<std::pair<std::string, std::string>>{
                                              {"ascend950", "add_apt"}, {"ascend910b", "add"}, {"ascend310p", ""}});
  const std::string dir = tempDir();
  writeFile(dir + "/add_def.cpp", def);
  project::OpProject p;
  p.opDefs.push_back(*project::parseOpDef(def, dir + "/add_def.cpp"));
  CHECK(project::chipsBuildingFile(p, "/x/op_kernel/add_apt.cpp") == std::vector<std::string>{"ascend950"});
  // ascend310p has no opFile.value: it builds the op's default file, add.cpp.
  CHECK(project::chipsBuildingFile(p, "/x/op_kernel/add.cpp") == std::vector<std::string>{"ascend910b", "ascend310p"});
  CHECK(project::chipsBuildingFile(p, "/x/op_kernel/other.cpp").empty());
}

TEST_CASE("OpDef: a dtype list given by name is the list defined before its use", "[project]") {
  // `.DataType(dataType)` with the list a named vector (110 of ops-math's 544
  // OpDef files): read as if written inline; a name with no definition, or a
  // list built by a call, leaves the dtypes free (no variants), never guessed.
  auto d = project::parseOpDef(R"(
namespace ops {
static const std::vector<ge::DataType> dataType = {ge::DT_BF16, ge::DT_FLOAT16,
                                                   ge::DT_FLOAT};
const std::vector<ge::DataType> idxType{ge::DT_INT32, ge::DT_INT64};
class Dist : public OpDef {
public:
  explicit Dist(const char* name) : OpDef(name) {
    this->Input("x1").ParamType(REQUIRED).DataType(dataType).Format(format);
    this->Input("idx").ParamType(REQUIRED).DataType(ops::idxType);
    this->Input("m").ParamType(REQUIRED).DataType(gen.GetSequence("m"));
    this->Output("y").ParamType(REQUIRED).DataType(undefinedList);
    this->AICore().AddConfig("ascend950");
  }
};
static const std::vector<ge::DataType> dataType = {ge::DT_INT8};
})",
                               "dist_def.cpp");
  REQUIRE(d);
  REQUIRE(d->params.size() == 4);
  CHECK(d->params[0].dtypes == std::vector<std::string>{"DT_BF16", "DT_FLOAT16", "DT_FLOAT"});
  CHECK(d->params[1].dtypes == std::vector<std::string>{"DT_INT32", "DT_INT64"});
  CHECK(d->params[2].dtypes.empty());
  CHECK(d->params[3].dtypes.empty());
}

TEST_CASE("OpDef: dtype lists a generator builds are the columns of the product of its lists", "[project]") {
  // ops-math's random operators: `Gen gen({{"key", list}, ...})` and
  // `.DataType(gen.GetSequence("key"))`; inputs naming one key share its
  // dtype in every combination, format lists do not multiply them.
  auto d = project::parseOpDef(R"(
namespace ops {
class Drop : public OpDef {
public:
  const std::vector<ge::DataType> xType = {ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16};
  const std::vector<ge::DataType> maskType = {ge::DT_UINT8, ge::DT_BOOL};
  const std::vector<ge::Format> baseFormat = {ge::FORMAT_ND};
  explicit Drop(const char* name) : OpDef(name) {
    mylib::DtypeGen gen(
        {{"x", xType}, {"mask", maskType}, {"baseFormat", baseFormat}});
    const auto fmt = gen.GetSequence<ge::Format>("baseFormat");
    this->Input("x").ParamType(REQUIRED).DataType(gen.GetSequence("x")).Format(fmt);
    this->Input("mask").ParamType(REQUIRED).DataType({gen.GetSequence("mask")});
    this->Input("other").ParamType(REQUIRED).DataType(gen.GetSequence("missing"));
    this->Output("y").ParamType(REQUIRED).DataType(gen.GetSequence("x"));
    this->AICore().AddConfig("ascend950");
  }
};
})",
                               "drop_def.cpp");
  REQUIRE(d);
  REQUIRE(d->params.size() == 4);
  REQUIRE(d->params[0].dtypes.size() == 6);
  REQUIRE(d->params[1].dtypes.size() == 6);
  CHECK(d->params[2].dtypes.empty()); // a key the generator does not have: free, not guessed
  CHECK(d->params[3].dtypes == d->params[0].dtypes);
  std::set<std::pair<std::string, std::string>> combos;
  for (size_t i = 0; i < 6; ++i)
    combos.insert({d->params[0].dtypes[i], d->params[1].dtypes[i]});
  CHECK(combos.size() == 6); // every combination once
  CHECK(combos.count({"DT_BF16", "DT_BOOL"}) == 1);
  project::OpProject p;
  p.opDefs.push_back(*d);
  auto variants = project::dtypeVariants(p, {"DTYPE_X"});
  CHECK(variants.size() == 3); // the kernel uses DTYPE_X only
}

TEST_CASE("tiling headers: array lengths named by the header's constants", "[project]") {
  auto structs = project::parseTilingStructs(R"(
constexpr uint32_t MAX_DIM = 4;
#define PAD_LEN 6
BEGIN_TILING_DATA_DEF(PadTilingData)
  TILING_DATA_FIELD_DEF_ARR(uint32_t, MAX_DIM, shape);
  TILING_DATA_FIELD_DEF_ARR(uint32_t, PAD_LEN, paddings);
  TILING_DATA_FIELD_DEF_ARR(uint32_t, UNKNOWN_LEN, other);
END_TILING_DATA_DEF;
)",
                                             "t.h", nullptr);
  REQUIRE(structs.size() == 1);
  REQUIRE(structs[0].fields.size() == 3);
  CHECK(structs[0].fields[0].arrayLen == "4");
  CHECK(structs[0].fields[1].arrayLen == "6");
  CHECK(structs[0].fields[2].arrayLen == "UNKNOWN_LEN"); // left as written: the prelude does not compile it
}

TEST_CASE("tiling headers: array lengths the header computes, and hexadecimal ones", "[project]") {
  // ops-math broadcast_to: `constexpr size_t brctoMaxADimNum = static_cast<size_t>(0x8) * 3;`.
  const char *header = R"(
constexpr size_t kDma = 0x5;
constexpr size_t kAxes = 0x8;
constexpr size_t kA = static_cast<size_t>(kAxes) * 3;
BEGIN_TILING_DATA_DEF(BrcTilingData)
  TILING_DATA_FIELD_DEF_ARR(uint32_t, kDma, stride);
  TILING_DATA_FIELD_DEF_ARR(int64_t, kA, aParams);
END_TILING_DATA_DEF;
BEGIN_TILING_DATA_DEF(OtherTilingData)
  TILING_DATA_FIELD_DEF_ARR(int64_t, kA, aParams);
END_TILING_DATA_DEF;
)";
  auto structs = project::parseTilingStructs(header, "t.h", nullptr);
  REQUIRE(structs.size() == 2);
  REQUIRE(structs[0].fields.size() == 2);
  CHECK(structs[0].fields[0].arrayLen == "0x5");
  CHECK(structs[0].fields[1].arrayLen == "::ascendc_lint_tiling::kA");
  REQUIRE(structs[0].constantDecls.size() == 2);
  CHECK(structs[0].constantDecls[0] == "constexpr int64_t kAxes = 0x8;");
  CHECK(structs[0].constantDecls[1] == "constexpr size_t kA = static_cast<size_t>(kAxes) * 3;");
  // The prelude declares each constant once, in its own namespace, and compiles.
  project::OpProject p;
  p.tilingStructs = structs;
  std::string pre = project::tilingPrelude(&p, "Synth", "");
  size_t first = pre.find("constexpr size_t kA =");
  REQUIRE(first != std::string::npos);
  CHECK(pre.find("constexpr size_t kA =", first + 1) == std::string::npos);
  CHECK(pre.find("namespace ascendc_lint_tiling {") != std::string::npos);
  // (The part with the structs: analyzeCode force-includes its own alias.)
  const std::string code = pre.substr(0, pre.find("struct Synth")) + R"(
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  static_assert(sizeof(BrcTilingData::aParams) == 24 * sizeof(int64_t), "computed length");
  static_assert(sizeof(BrcTilingData::stride) == 5 * sizeof(uint32_t), "hexadecimal length");
}
)";
  FrontendResult r = analyzeCode(code, "k.cpp", frontendOptions());
  INFO(r.firstCompileError);
  CHECK(r.ok);
  CHECK(r.compileErrors == 0);
}

TEST_CASE("a tiling struct an op_kernel header defines is the kernel's own only if the kernel includes it",
          "[project]") {
  std::string root = tempDir() + "/pad_op";
  std::system(("mkdir -p " + root + "/op_host " + root + "/op_kernel/arch35").c_str());
  writeFile(root + "/op_host/pad_op_tiling.h", "BEGIN_TILING_DATA_DEF(PadOpTilingData)\n"
                                               "  TILING_DATA_FIELD_DEF(uint32_t, len);\n"
                                               "END_TILING_DATA_DEF;\n"
                                               "REGISTER_TILING_DATA_CLASS(PadOp, PadOpTilingData)\n");
  writeFile(root + "/op_kernel/arch35/pad_op_struct.h", "struct PadOpTilingData { uint32_t len; };\n");
  writeFile(root + "/op_kernel/pad_op.cpp", "#include \"kernel_operator.h\"\n");
  writeFile(root + "/op_kernel/arch35/pad_op_apt.cpp", "#include \"pad_op_struct.h\"\n");
  auto p = project::findOpProject(root + "/op_kernel/pad_op.cpp");
  REQUIRE(p);
  // The arch22 kernel does not include the arch35 header: the host's struct is emitted.
  std::string pre = project::tilingPrelude(&*p, "Synth", "", root + "/op_kernel/pad_op.cpp");
  CHECK(pre.find("struct PadOpTilingData {") != std::string::npos);
  // The arch35 kernel includes it: not emitted again.
  pre = project::tilingPrelude(&*p, "Synth", "", root + "/op_kernel/arch35/pad_op_apt.cpp");
  CHECK(pre.find("struct PadOpTilingData {") == std::string::npos);
  std::system(("rm -rf " + root).c_str());
}

TEST_CASE("a tiling struct the kernel defines only under an #ifdef that is off comes from the op's host header",
          "[project][cli]") {
  // ops-math sort_with_index: its arch35 common header defines the struct
  // for another operator's kernel (`#ifdef TOP_K_V2_APT_H`); this kernel
  // uses the host's. Synthesised from the fields read, it lost their types,
  // and the prelude's alias of it clashed with a second synthesised struct.
  std::string root = tempDir() + "/ifdef_op";
  std::system(("mkdir -p " + root + "/op_host " + root + "/op_kernel/arch35").c_str());
  writeFile(root + "/op_host/ifdef_op_def.cpp", "class IfdefOp : public OpDef {};\n");
  writeFile(root + "/op_host/ifdef_op_tiling.h", "BEGIN_TILING_DATA_DEF(IfdefOpTilingData)\n"
                                                 "  TILING_DATA_FIELD_DEF(uint32_t, len);\n"
                                                 "  TILING_DATA_FIELD_DEF(int64_t, wide);\n"
                                                 "END_TILING_DATA_DEF;\n"
                                                 "REGISTER_TILING_DATA_CLASS(IfdefOp, IfdefOpTilingData)\n");
  writeFile(root + "/op_kernel/arch35/ifdef_common.h", "namespace IfdefNs {\n#ifdef OTHER_KERNEL_H\n"
                                                       "struct IfdefOpTilingData { uint32_t len; int64_t wide; };\n"
                                                       "#endif\n}\n");
  writeFile(root + "/op_kernel/ifdef_op.cpp", R"(#include "kernel_operator.h"
#include "arch35/ifdef_common.h"
using namespace AscendC;
using namespace IfdefNs;
template <typename TD>
__aicore__ inline void Run(GM_ADDR x, const TD *t) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 4096);
  LocalTensor<float> l = buf.Get<float>();
  GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float *)x, 1024);
  if (t->len <= 1024 && t->wide > 0)
    DataCopy(l, g, t->len / 8 * 8);
}
extern "C" __global__ __aicore__ void ifdef_op(GM_ADDR x, GM_ADDR tiling) {
  GET_TILING_DATA(td, tiling);
  Run<IfdefOpTilingData>(x, &td);
}
)");
  auto p = project::findOpProject(root + "/op_kernel/ifdef_op.cpp");
  REQUIRE(p);
  std::string kernel = root + "/op_kernel/ifdef_op.cpp";
  std::string pre = project::tilingPrelude(&*p, "Synth", "", kernel);
  CHECK(pre.find("struct IfdefOpTilingData {") == std::string::npos); // the kernel's own, as text has it
  pre = project::tilingPrelude(&*p, "Synth", "", kernel, {"IfdefOpTilingData"});
  CHECK(pre.find("struct IfdefOpTilingData {") != std::string::npos);
  CHECK(pre.find("  int64_t wide;") != std::string::npos);
  ToolRun r = runTool("--target=ascend910b --show-unknown " + shellQuote(kernel));
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.err.find("synthesised") == std::string::npos);
  CHECK(r.err.find("does not compile") == std::string::npos);
  CHECK(r.err.find("ifdef_op (ascend910b): 5 obligations, 5 proved: verified") != std::string::npos);
  std::system(("rm -rf " + root).c_str());
}

TEST_CASE("the variant cap goes to combinations the host launches", "[cli]") {
  // Three combinations, two allowed: the one the host never selects is not
  // interpreted and leaves its place to the empty-input mode.
  const std::string good =
      std::string(ALINT_SAMPLES_DIR) + "/host-tiling/unlaunched_good/op_kernel/mode_scale_good.cpp";
  ToolRun r = runTool("--max-variants=2 " + shellQuote(good));
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.err.find("beyond the limit") == std::string::npos);
  CHECK(r.err.find("mode_scale [TPL schMode=2] (ascend910b): 23 obligations, 23 proved: verified") !=
        std::string::npos);
  CHECK(r.err.find("mode_scale [TPL schMode=1] (ascend910b): 1 obligations, 1 proved: verified (never launched") !=
        std::string::npos);
  // Without the contract nothing is known to be unlaunched: the cap holds.
  ToolRun free = runTool("--max-variants=2 --no-host-contract " + shellQuote(good));
  CHECK(free.err.find("beyond the limit of 2") != std::string::npos);
}

TEST_CASE("template selection: a combination the host never selects is reported as never launched", "[cli]") {
  const std::string good =
      std::string(ALINT_SAMPLES_DIR) + "/host-tiling/unlaunched_good/op_kernel/mode_scale_good.cpp";
  ToolRun r = runTool(shellQuote(good));
  CHECK(r.exitCode == 0);
  CHECK(r.out.find("warning") == std::string::npos);
  CHECK(r.err.find("mode_scale [TPL schMode=0] (ascend910b): 22 obligations, 22 proved: verified") !=
        std::string::npos);
  CHECK(r.err.find("mode_scale [TPL schMode=1] (ascend910b): 1 obligations, 1 proved: verified (never launched: the "
                   "host tiling function ModeScaleTilingFunc") != std::string::npos);
  // The empty-input mode is checked under the contract (every tensor empty).
  CHECK(r.err.find("mode_scale [TPL schMode=2] (ascend910b): 23 obligations, 23 proved: verified") !=
        std::string::npos);
  ToolRun js = runTool("--format=json " + shellQuote(good));
  auto doc = nlohmann::json::parse(js.out);
  unsigned never = 0;
  for (auto &k : doc["kernels"])
    never += !k["neverLaunched"].get<std::string>().empty();
  CHECK(never == 1);
  // Without the host's contract the two-tile mode's bug is reported: the
  // variant is real code, only this operator's host never runs it.
  ToolRun free = runTool("--no-host-contract " + shellQuote(good));
  bool found = false;
  std::istringstream freeLines(free.out);
  for (std::string line; std::getline(freeLines, line);)
    found |= line.find("TPL schMode=1") != std::string::npos && line.find("[bounds-local]") != std::string::npos;
  CHECK(found);
}

// The build stages each operator's op_kernel/ as <stage>/<op>/, and kernels
// include other operators' headers through that layout (ops-math
// circular_pad_grad: `../../circular_pad/circular_pad_common.h`), with the
// tiling struct registered in the other operator's op_host.
TEST_CASE("headers of another operator, included through the build's staged layout, are found", "[project][cli]") {
  std::string repo = tempDir() + "/repo";
  std::string grad = repo + "/conversion/pad_grad", common = repo + "/conversion/pad_common";
  std::system(
      ("mkdir -p " + grad + "/op_host " + grad + "/op_kernel/arch22 " + common + "/op_host " + common + "/op_kernel")
          .c_str());
  writeFile(grad + "/op_host/pad_grad_def.cpp", R"(namespace ops {
class PadGrad : public OpDef {
public:
  explicit PadGrad(const char *name) : OpDef(name) {
    this->Input("x").DataType({ge::DT_FLOAT});
    this->Output("y").DataType({ge::DT_FLOAT});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(PadGrad);
})");
  writeFile(common + "/op_host/pad_common_tiling.h", "BEGIN_TILING_DATA_DEF(PadCommonTilingData)\n"
                                                     "  TILING_DATA_FIELD_DEF(uint32_t, rows);\n"
                                                     "END_TILING_DATA_DEF;\n"
                                                     "REGISTER_TILING_DATA_CLASS(PadCommon, PadCommonTilingData)\n"
                                                     "REGISTER_TILING_DATA_CLASS(PadGrad, PadCommonTilingData)\n");
  // The shared header: a 256-byte buffer filled with 128 floats (a bug, in
  // the other operator's file).
  writeFile(common + "/op_kernel/pad_common.h", R"(#include "kernel_operator.h"
using namespace AscendC;
class PadCommon {
public:
  __aicore__ inline void Init(GM_ADDR x, const PadCommonTilingData &td) {
    xGm.SetGlobalBuffer((__gm__ float *)x, 4096);
    rows = td.rows;
    pipe.InitBuffer(buf, 256);
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, 128);
  }
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm;
  uint32_t rows;
};
)");
  writeFile(grad + "/op_kernel/arch22/pad_grad.h", "#include \"../../pad_common/pad_common.h\"\n");
  writeFile(grad + "/op_kernel/pad_grad.cpp", R"(#include "arch22/pad_grad.h"
extern "C" __global__ __aicore__ void pad_grad(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(td, tiling);
  PadCommon op;
  op.Init(x, td);
  op.Process();
}
)");
  CHECK(project::stagedKernelPath(grad + "/op_kernel/arch22/../../pad_common/pad_common.h") ==
        common + "/op_kernel/pad_common.h");
  CHECK(project::stagedKernelPath(grad + "/op_kernel/arch22/../../pad_common") == common + "/op_kernel");
  CHECK(project::stagedKernelPath(grad + "/op_kernel/arch22/../../missing_op/x.h").empty());
  CHECK(project::stagedKernelPath(repo + "/conversion/pad_grad/x.h").empty()); // not under op_kernel/
  auto p = project::findOpProject(grad + "/op_kernel/pad_grad.cpp");
  REQUIRE(p);
  CHECK(p->defaultTilingStruct("pad_grad") == "PadCommonTilingData");
  ToolRun r = runTool("--target=ascend910b " + shellQuote(grad + "/op_kernel/pad_grad.cpp"));
  CHECK(r.err.find("not found") == std::string::npos);
  CHECK(r.err.find("synthesised") == std::string::npos);
  // The finding points at the header where it is, not at the staged path.
  CHECK(r.out.find(common + "/op_kernel/pad_common.h:12:") != std::string::npos);
  CHECK(r.out.find("[bounds-local]") != std::string::npos);
  CHECK(r.exitCode == 1);
  std::system(("rm -rf " + repo).c_str());
}

TEST_CASE("REGISTER_TILING_DEFAULT in the kernel names the struct plain GET_TILING_DATA reads", "[project][cli]") {
  std::string root = tempDir() + "/rand_op";
  std::system(("mkdir -p " + root + "/op_host " + root + "/op_kernel").c_str());
  writeFile(root + "/op_host/rand_op_def.cpp", "class RandOp : public OpDef {};\n");
  // The kernel's own struct, registered in the kernel; under another
  // architecture the same file reads the synthesised default.
  writeFile(root + "/op_kernel/rand_op.cpp", R"(#include "kernel_operator.h"
struct RandUnifiedTiling { uint32_t len; };
__aicore__ inline void Run(const RandUnifiedTiling *t) {}
extern "C" __global__ __aicore__ void rand_op(GM_ADDR tiling) {
#if __NPU_ARCH__ == 2201
  REGISTER_TILING_DEFAULT(RandUnifiedTiling);
  GET_TILING_DATA(td, tiling);
  Run(&td);
#else
  GET_TILING_DATA(td, tiling);
  uint32_t n = td.count;
#endif
}
)");
  auto p = project::findOpProject(root + "/op_kernel/rand_op.cpp");
  REQUIRE(p);
  std::string pre = project::tilingPrelude(&*p, "Synth", "", root + "/op_kernel/rand_op.cpp");
  CHECK(pre.find("using AscendcLintRegisteredTiling = Synth;") != std::string::npos);
  ToolRun r = runTool("--target=ascend910b --show-unknown " + shellQuote(root + "/op_kernel/rand_op.cpp"));
  CHECK(r.err.find("did not compile") == std::string::npos);
  CHECK(r.err.find("synthesised") == std::string::npos);
  ToolRun other = runTool("--target=ascend310p --show-unknown " + shellQuote(root + "/op_kernel/rand_op.cpp"));
  CHECK(other.err.find("synthesised from what the kernel reads: count") != std::string::npos);
  std::system(("rm -rf " + root).c_str());
}

TEST_CASE("a kernel that selects its code with #if TILING_KEY_VAR is parsed once per registered key", "[cli]") {
  // Parsed without a key, no branch is compiled: the kernel was "verified"
  // with no obligation at all (ops-math concat_d_apt).
  const std::string bad = std::string(ALINT_SAMPLES_DIR) + "/bounds-local/key_macro_select_bad.cpp";
  ToolRun r = runTool(shellQuote(bad));
  INFO(r.err << r.out);
  CHECK(r.exitCode == 1);
  CHECK(r.err.find("key_select [TILING_KEY=1] (ascend910b): 17 obligations, 17 proved: verified") != std::string::npos);
  CHECK(r.err.find("key_select [TILING_KEY=2] (ascend910b): 17 obligations, 13 proved, 4 violated") !=
        std::string::npos);
  CHECK((r.out + r.err).find("reaches byte 16384 of a 8192-byte buffer [TILING_KEY=2] [bounds-local]") !=
        std::string::npos);
  // -DTILING_KEY_VAR=1 pins one key, as the build's own compile does.
  ToolRun pinned = runTool(shellQuote(bad) + " -- -DTILING_KEY_VAR=1");
  CHECK(pinned.exitCode == 0);
  CHECK(pinned.err.find("TILING_KEY=2") == std::string::npos);
}

TEST_CASE("template selection: combinations that differ only in a parameter the kernel never names are one variant",
          "[cli]") {
  // tpl_merge<schMode, isDouble> never names schMode: four combinations,
  // two kernels. Each is analysed once, labelled with both schMode values,
  // and the cap counts kernels, not combinations.
  const std::string good = std::string(ALINT_SAMPLES_DIR) + "/op-project/tpl_unused_good/op_kernel/tpl_merge_good.cpp";
  ToolRun r = runTool("--max-variants=2 " + shellQuote(good));
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.err.find("beyond the limit") == std::string::npos);
  CHECK(r.err.find("tpl_merge [TPL schMode=0|1, isDouble=0] (ascend910b):") != std::string::npos);
  CHECK(r.err.find("tpl_merge [TPL schMode=0|1, isDouble=1] (ascend910b):") != std::string::npos);
  CHECK(r.err.find("tpl_merge [TPL schMode=0, ") == std::string::npos);
  // A parameter the kernel names keeps its combinations apart (tpl_copy).
  const std::string copy = std::string(ALINT_SAMPLES_DIR) + "/op-project/tpl_copy_good/op_kernel/tpl_copy_good.cpp";
  ToolRun c = runTool(shellQuote(copy));
  CHECK(c.err.find("schMode=0|1") == std::string::npos);
}

TEST_CASE("a scalar input read through its raw argument: its extent needs the dtype's size", "[cli]") {
  // samples/host-tiling/data_shape_good with `value` and `y` declared for two
  // dtypes, float and int8: the kernel's 4-byte read of `*value` is
  // byte-addressed and says nothing of the dtype, so the extent is known only
  // where the variant fixes value's dtype (-DDTYPE_VALUE pins it and names the
  // variant). It was the 1-byte dtype's: a false error for every variant.
  std::string dir = tempDir();
  REQUIRE(std::system(("cp -r " + shellQuote(std::string(ALINT_SAMPLES_DIR) + "/host-tiling/data_shape_good") + " " +
                       shellQuote(dir + "/op"))
                          .c_str()) == 0);
  const std::string host = dir + "/op/op_host/fill_rows_tiling.cpp";
  std::ifstream in(host);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  for (const char *name : {"Input(\"value\").Scalar()", "Output(\"y\")"}) {
    size_t at = text.find(name);
    REQUIRE(at != std::string::npos);
    size_t dt = text.find("{ge::DT_FLOAT}", at);
    REQUIRE(dt != std::string::npos);
    text.replace(dt, 14, "{ge::DT_FLOAT, ge::DT_INT8}");
  }
  std::ofstream(host) << text;
  const std::string kernel = shellQuote(dir + "/op/op_kernel/fill_rows_good.cpp");
  ToolRun free = runTool(kernel);
  INFO(free.out << free.err);
  CHECK(free.exitCode == 0);
  CHECK(free.out.find("'*value'") == std::string::npos);
  ToolRun asFloat = runTool(kernel + " -- -DDTYPE_VALUE=float");
  INFO(asFloat.out << asFloat.err);
  CHECK(asFloat.exitCode == 0);
  CHECK(asFloat.err.find("fill_rows [DTYPE_VALUE=float] (ascend910b):") != std::string::npos);
  // The int8 build reads four bytes of a one-byte scalar.
  ToolRun asInt8 = runTool(kernel + " -- -DDTYPE_VALUE=int8_t");
  CHECK(asInt8.exitCode == 1);
  CHECK(asInt8.out.find("reaches byte 4 of a 1-byte GM tensor") != std::string::npos);
  CHECK(asInt8.out.find("[DTYPE_VALUE=int8_t] [bounds-global]") != std::string::npos);
}

TEST_CASE("shape inference: outputs whose shape is copied from an input, and only those", "[project]") {
  const std::vector<std::string> in = {"x", "scale"}, out = {"y", "mask"};
  // The plain form: bindings, null checks, an unconditional copy.
  const std::string plain = R"(
static ge::graphStatus InferShapeScaleRows(gert::InferShapeContext *context) {
  const gert::Shape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  gert::Shape *yShape = context->GetOutputShape(0);  // y: like x
  if (yShape == nullptr) {
    return ge::GRAPH_FAILED;
  }
  *yShape = *xShape;
  return ge::GRAPH_SUCCESS;
}
IMPL_OP_INFERSHAPE(ScaleRows).InferShape(InferShapeScaleRows);
)";
  auto c = project::parseShapeCopies(plain, "ScaleRows", in, out);
  CHECK(c == std::map<std::string, std::string>{{"y", "x"}});
  // Another op's registration: nothing.
  CHECK(project::parseShapeCopies(plain, "Other", in, out).empty());
  // Spacing does not matter: the copy's own use of the output is its target.
  std::string spaced = plain;
  spaced.replace(spaced.find("*yShape = *xShape;"), 18, "* yShape = * xShape ;");
  CHECK(project::parseShapeCopies(spaced, "ScaleRows", in, out) == std::map<std::string, std::string>{{"y", "x"}});
  // Under a condition, after a successful early return, or changed after
  // the copy: not a copy of the input's shape.
  auto variant = [&](const std::string &from, const std::string &to) {
    std::string t = plain;
    t.replace(t.find(from), from.size(), to);
    return project::parseShapeCopies(t, "ScaleRows", in, out);
  };
  CHECK(variant("  *yShape = *xShape;", "  if (xShape->GetDimNum() > 1) {\n    *yShape = *xShape;\n  }").empty());
  CHECK(variant("  *yShape = *xShape;", "  if (xShape->GetDimNum() > 1)\n    *yShape = *xShape;").empty());
  CHECK(
      variant("  *yShape = *xShape;", "  if (xShape->GetDimNum() == 0) return ge::GRAPH_SUCCESS;\n  *yShape = *xShape;")
          .empty());
  CHECK(variant("  return ge::GRAPH_SUCCESS;\n}", "  yShape->SetDim(0, 1);\n  return ge::GRAPH_SUCCESS;\n}").empty());
  // An index past the OpDef's outputs: nothing.
  CHECK(variant("GetOutputShape(0)", "GetOutputShape(2)").empty());
  // The second output from the second input.
  CHECK(variant("GetOutputShape(0)", "GetOutputShape(1)") == std::map<std::string, std::string>{{"mask", "x"}});
  CHECK(variant("GetInputShape(0)", "GetInputShape(1)") == std::map<std::string, std::string>{{"y", "scale"}});
  // Indices named by constants of the file; one not known: nothing.
  CHECK(variant("static ge::graphStatus", "constexpr uint32_t OUT_IDX = 1;\nstatic ge::graphStatus") ==
        std::map<std::string, std::string>{{"y", "x"}}); // defined, not used: still output 0
  std::string named = plain;
  named.replace(named.find("GetOutputShape(0)"), 17, "GetOutputShape(MASK_IDX)");
  CHECK(project::parseShapeCopies("constexpr uint32_t MASK_IDX = 1;\n" + named, "ScaleRows", in, out) ==
        std::map<std::string, std::string>{{"mask", "x"}});
  CHECK(project::parseShapeCopies(named, "ScaleRows", in, out).empty());
  // Discovery parses the project's shape inference once, for its OpDef (here
  // declared beside the tiling function).
  auto p = project::findOpProject(std::string(ALINT_SAMPLES_DIR) +
                                  "/host-tiling/infershape_good/op_kernel/add_one_good.cpp");
  REQUIRE(p);
  REQUIRE(p->hostOpDef);
  CHECK(p->shapeCopies == std::map<std::string, std::string>{{"y", "x"}});
}
