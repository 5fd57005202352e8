// The host tiling reader (checker/host): contracts of the sample operator
// projects, evaluated at concrete shapes.
#include "checker/frontend/Paths.h"
#include "checker/host/HostContract.h"
#include "checker/project/OpProject.h"
#include "cli/Driver.h"
#include "smt/Solver.h"

#include <catch2/catch.hpp>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>

using namespace alint;

namespace {

host::HostOptions hostOptions() {
  host::HostOptions o;
  std::string api = findApiDir();
  o.hostApiDir = api.substr(0, api.rfind('/')) + "/host";
  o.resourceDir = findResourceDir();
  o.memSize[5] = {196352, 196608}; // UB of ascend910b
  o.inputNames = {"x"};
  o.outputNames = {"y"};
  return o;
}

std::string sample(const std::string &rel) { return std::string(ALINT_SAMPLES_DIR) + "/host-tiling/" + rel; }

// Value of a contract expression for concrete inputs.
std::optional<int64_t> at(const Sym &s, const std::map<std::string, int64_t> &env) {
  return evaluate(s, [&](const VarInfo &v) -> std::optional<int64_t> {
    auto it = env.find(v.name);
    if (it == env.end())
      return std::nullopt;
    return it->second;
  });
}

} // namespace

TEST_CASE("host reader: fields, block count and preconditions as functions of the shape", "[host]") {
  host::HostContract c = host::readTilingFunction(sample("tail_good/op_host/add_tail_tiling.cpp"), hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  CHECK(c.function == "AddTailTilingFunc");
  REQUIRE(c.fields.count("totalLength"));
  REQUIRE(c.fields.count("perCoreLength"));
  REQUIRE(c.fields.count("tileLength"));
  REQUIRE(c.blockDim);
  std::map<std::string, int64_t> env = {{"x.size", 100000}};
  CHECK(at(c.fields["totalLength"], env) == 100000);
  CHECK(asConst(c.fields["perCoreLength"]) == 32768);
  CHECK(asConst(c.fields["tileLength"]) == 4096);
  CHECK(at(c.blockDim, env) == 4); // ceil(100000 / 32768)
  // The host refuses an empty input and one of 2^30 elements or more.
  CHECK(at(c.success, env) == 1);
  env["x.size"] = 0;
  CHECK(at(c.success, env) == 0);
  env["x.size"] = int64_t(1) << 30;
  CHECK(at(c.success, env) == 0);
}

TEST_CASE("host reader: a narrow tiling field truncates the host's value", "[host]") {
  host::HostContract c = host::readTilingFunction(sample("narrow_bad/op_host/copy_tiles_tiling.cpp"), hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("tileNum"));
  CHECK(c.fields["tileNum"]->type == IntType{16, false, false});
  CHECK(at(c.fields["tileNum"], {{"x.size", int64_t(65537) * 4096}}) == 1);
  CHECK(at(c.blockDim, {}) == 1);
}

TEST_CASE("host reader: --shape makes the tiling concrete", "[host]") {
  host::HostOptions o = hostOptions();
  o.shapes["x"] = {64, 1000};
  host::HostContract c = host::readTilingFunction(sample("hidden_good/op_host/row_scale_tiling.cpp"), o);
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("hidden"));
  CHECK(asConst(c.fields["hidden"]) == 1000);
  CHECK(asConst(c.fields["rows"]) == 64);
  // A hidden size above the host's limit is refused: no launch.
  o.shapes["x"] = {64, 8192};
  host::HostContract r = host::readTilingFunction(sample("hidden_good/op_host/row_scale_tiling.cpp"), o);
  REQUIRE(r.ok);
  CHECK(isFalse(r.success));
}

TEST_CASE("host reader: no tiling function is a reason, not a contract", "[host]") {
  host::HostContract c =
      host::readTilingFunction(sample("narrow_bad/op_kernel/copy_tiles_tiling_data.h"), hostOptions());
  CHECK_FALSE(c.ok);
  CHECK_FALSE(c.reason.empty());
  std::string why;
  CHECK_FALSE(project::findOpProject(std::string(ALINT_SAMPLES_DIR) + "/bounds-global/off_by_one_bad.cpp"));
  auto p = project::findOpProject(sample("narrow_bad/op_kernel/copy_tiles_bad.cpp"));
  REQUIRE(p);
  CHECK(host::hostTilingSources(*p, why).size() == 1);
  // The OpDef beside the tiling function names the inputs and their dtypes.
  host::HostOptions o;
  host::applyOpDef(*p, o);
  CHECK(o.inputNames == std::vector<std::string>{"x"});
  CHECK(o.dtypes.count("x"));
  // Found by the discovery (findOpProject), which is what applyOpDef reads.
  CHECK(p->hostOpDef);
  CHECK(p->readerOpDef() == &*p->hostOpDef);
}

namespace {
host::HostOptions launchOptions() {
  host::HostOptions o = hostOptions();
  o.kernelApiDir = findApiDir();
  o.extraArgs = {"-D__NPU_ARCH__=2201", "-D__CCE_AICORE__=220"};
  return o;
}
} // namespace

TEST_CASE("host reader: a direct launch gives the kernel's parameters and block count", "[host]") {
  host::HostContract c =
      host::readDirectLaunch(sample("launch/scale_launch_good.asc"), "scale_launch", launchOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  CHECK(c.function == "launch_scale");
  REQUIRE(c.fields.count("totalLength"));
  REQUIRE(c.fields.count("tileLength"));
  REQUIRE(c.blockDim);
  CHECK(asConst(c.blockDim) == 8);
  std::map<std::string, int64_t> env = {{"launch_scale.totalLength", 1 << 20}};
  CHECK(at(c.fields["tileLength"], env) == (1 << 20) / 64);
  CHECK(at(c.success, env) == 1);
  // The host returns before the launch: no kernel runs.
  CHECK(at(c.success, {{"launch_scale.totalLength", (1 << 20) + 1024}}) == 0);
  CHECK(at(c.success, {{"launch_scale.totalLength", 1000}}) == 0);
}

TEST_CASE("host reader: a launch in code that does not compile is read from its text", "[host]") {
  host::HostContract c = host::readDirectLaunch(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/dropped_launch.asc",
                                                "copy_k", launchOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  CHECK(c.function == "copy_npu");
  // `total` comes from a type Clang does not know: unknown, and so is what
  // depends on it; the tile is a constant.
  REQUIRE(c.fields.count("tile"));
  CHECK(asConst(c.fields["tile"]) == 8192);
  CHECK_FALSE(c.fields.count("total"));
  // `block` is computed from it: kept, its unknown part free, and listed as
  // partly known (the kernel's proofs hold for every value of `total`).
  REQUIRE(c.fields.count("block"));
  CHECK(containsOpaque(c.fields["block"]));
  CHECK(std::count(c.partial.begin(), c.partial.end(), "block") == 1);
  CHECK(std::count(c.unconstrained.begin(), c.unconstrained.end(), "total") == 1);
  // A launch found twice, or a value written after the launch, is refused.
  host::HostContract none = host::readDirectLaunch(sample("launch/scale_launch_good.asc"), "absent", launchOptions());
  CHECK_FALSE(none.ok);
}

TEST_CASE("host reader: GetCoreMemSize(UB) is what ReserveLocalMemory leaves", "[host]") {
  // A tiling function of our own, in a folder of its own (not beside the
  // samples, which other tests read at the same time).
  llvm::SmallString<128> dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("alint-host-reserve", dir));
  std::string path = std::string(dir) + "/reserve_tiling.cpp";
  {
    std::ofstream f(path);
    f << "#include \"register/op_impl_registry.h\"\n"
         "#include \"tiling/platform/platform_ascendc.h\"\n"
         "struct AddTailTilingData { uint32_t totalLength; uint32_t perCoreLength; uint32_t tileLength; };\n"
         "namespace optiling {\n"
         "static ge::graphStatus ReserveTilingFunc(gert::TilingContext *context) {\n"
         "  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());\n"
         "  uint64_t ub = 0, ub2 = 0;\n"
         "  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);\n"
         "  platform.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_8K);\n"
         "  platform.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_16K);\n"
         "  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub2);\n"
         "  AddTailTilingData *tiling = context->GetTilingData<AddTailTilingData>();\n"
         "  tiling->totalLength = static_cast<uint32_t>(ub);\n"
         "  tiling->perCoreLength = static_cast<uint32_t>(ub2);\n"
         "  tiling->tileLength = 1;\n"
         "  context->SetBlockDim(1);\n"
         "  return ge::GRAPH_SUCCESS;\n"
         "}\n"
         "IMPL_OP_OPTILING(AddTail).Tiling(ReserveTilingFunc);\n"
         "} // namespace optiling\n";
  }
  host::HostOptions o = hostOptions();
  o.memSize[5] = {253952, 253952}; // what cli/HostBinding.cpp gives for ascend950
  host::HostContract c = host::readTilingFunction(path, o);
  llvm::sys::fs::remove(path);
  llvm::sys::fs::remove(dir);
  INFO(c.reason);
  REQUIRE(c.ok);
  CHECK(asConst(c.fields["totalLength"]) == 253952);
  CHECK(asConst(c.fields["perCoreLength"]) == 253952 - 16 * 1024); // the last reservation wins
}

TEST_CASE("host reader: a variant's C++ dtype maps back to its ge::DataType values", "[host]") {
  // DTYPE_X=half is built for DT_FLOAT16 only; bfloat16_t for DT_BF16 (cli/HostBinding.cpp pins x's dtype).
  CHECK(host::dtypeValuesOfCppType("half") == std::vector<int64_t>{1});
  CHECK(host::dtypeValuesOfCppType("bfloat16_t") == std::vector<int64_t>{27});
  CHECK(host::dtypeValuesOfCppType("float") == std::vector<int64_t>{0});
  CHECK(host::dtypeValuesOfCppType("no_such_type").empty());
  // ge::DataType numbers as asc-devkit include/basic_api/kernel_type.h gives
  // them (and template_argument.h's C_DT_*): not matmul_tiling::DataType's.
  CHECK(host::dtypeValue("DT_COMPLEX32") == 33);
  CHECK(host::dtypeValue("DT_HIFLOAT8") == 34);
  CHECK(host::dtypeValue("DT_FLOAT8_E5M2") == 35);
  CHECK(host::dtypeValue("DT_FLOAT8_E4M3FN") == 36);
  CHECK(host::dtypeValuesOfCppType("fp8_e4m3fn_t") == std::vector<int64_t>{36});
}

TEST_CASE("host reader: a constant scalar shape, cases written as blocks, template-selection arguments", "[host]") {
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/tpl_switch_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  // `case K: { ...; break; }` per dtype.
  REQUIRE(c.fields.count("tileLength"));
  CHECK(at(c.fields["tileLength"], {{"x.dtype", 0}}) == 2048);
  CHECK(at(c.fields["tileLength"], {{"x.dtype", 1}}) == 4096);
  // GET_TPL_TILING_KEY's argument by position: what a TPL variant pins.
  REQUIRE(c.tplArgs.count(0));
  CHECK(at(c.tplArgs[0], {{"x.dtype", 1}}) == 1);
  // EnsureNotScalar, written locally as ops-math's tiling files do (one of two
  // shapes returned), is read as ops-base's: the input's own shape, whose
  // size the host's total is.
  REQUIRE(c.fields.count("totalLength"));
  CHECK(at(c.fields["totalLength"], {{"x.size", 5000}}) == 5000);
  CHECK(std::count(c.unconstrained.begin(), c.unconstrained.end(), "totalLength") == 0);
}

TEST_CASE("host reader: a unit is parsed once and read again with each variant's dtypes", "[host]") {
  const std::string file = std::string(ALINT_SOURCE_DIR) + "/tests/data/host/tpl_switch_tiling.cpp";
  host::HostOptions half = hostOptions(), fp32 = hostOptions();
  half.dtypes["x"] = {1};
  fp32.dtypes["x"] = {0};
  const unsigned before = host::hostUnitParses();
  host::HostContract a = host::readTilingFunction(file, half);
  host::HostContract b = host::readTilingFunction(file, fp32);
  host::HostContract c = host::readTilingFunction(file, half);
  CHECK(host::hostUnitParses() - before <= 1); // 0: an earlier test left it parsed
  REQUIRE(a.ok);
  REQUIRE(b.ok);
  REQUIRE(c.ok);
  // Each reading is its dtype's, the kept AST shared: the pinned dtype folds
  // the host's per-dtype switch.
  CHECK(asConst(a.fields["tileLength"]) == 4096);
  CHECK(asConst(b.fields["tileLength"]) == 2048);
  CHECK(toString(c.fields["tileLength"]) == toString(a.fields["tileLength"]));
  CHECK(toString(c.fields["totalLength"]) == toString(a.fields["totalLength"]));
  CHECK(c.facts.size() == a.facts.size());
  CHECK(toString(c.success) == toString(a.success));
}

TEST_CASE("host reader: a template argument's leaves no accepted input reaches are dropped", "[host]") {
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/tpl_pruned_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  // Merged over the paths, the argument has a leaf for a dtype the host
  // rejects; without it the argument is known wherever the host accepts.
  REQUIRE(c.tplArgs.count(0));
  CHECK_FALSE(containsOpaque(c.tplArgs[0]));
  CHECK(at(c.tplArgs[0], {{"x.dtype", 0}, {"x.size", 100}}) == 0);
  CHECK(at(c.tplArgs[0], {{"x.dtype", 1}, {"x.size", 100}}) == 1);
  CHECK(at(c.tplArgs[0], {{"x.dtype", 1}, {"x.size", 0}}) == 0);
}

TEST_CASE("host reader: an empty-input path's zeros are not the fields' values for every input", "[host]") {
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/empty_path_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  // tileLength is 0 on the empty path and an attribute on the main path: never
  // the constant 0 (that would prove every obligation of the kernel vacuously).
  if (c.fields.count("tileLength")) {
    CHECK_FALSE(asConst(c.fields["tileLength"]).has_value());
  } else {
    CHECK(std::count(c.unconstrained.begin(), c.unconstrained.end(), "tileLength") == 1);
  }
  // totalLength follows the shape on the main path.
  if (c.fields.count("totalLength")) {
    CHECK_FALSE(asConst(c.fields["totalLength"]).has_value());
  }
}

TEST_CASE("host reader: one tiling buffer per context, values under the path that computed them", "[host]") {
  host::HostContract c = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/platform_checked_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  // Both GetTilingData calls return the same struct: the fields are bound,
  // the empty path's 0 and the main path's value joined by the path.
  REQUIRE(c.fields.count("perCoreLength"));
  REQUIRE(c.fields.count("tileLength"));
  const std::map<std::string, int64_t> main = {
      {"x.size", 1000}, {"platform.coreNumAiv", 48}, {"platform.ubSize", 196352}};
  const std::map<std::string, int64_t> empty = {
      {"x.size", 0}, {"platform.coreNumAiv", 48}, {"platform.ubSize", 196352}};
  CHECK(at(c.fields["perCoreLength"], main) == 21);
  CHECK(at(c.fields["perCoreLength"], empty) == 0);
  // The platform checks that cannot fail (the core count is at least 1, the
  // UB size a constant of the target) leave no trace in the main path's value.
  std::string tile = toString(c.fields["tileLength"]);
  INFO(tile);
  CHECK(tile.find("coreNumAiv <= 0") == std::string::npos);
  CHECK(tile.find("ubSize <= 0") == std::string::npos);
  CHECK(at(c.fields["tileLength"], main) == 196352 / 8 / 4);
  // The key is set on the empty path only: on the main path it is not known,
  // never the empty path's 7 for every input.
  CHECK_FALSE((c.tilingKey && asConst(c.tilingKey).has_value()));
}

TEST_CASE("host reader: two shapes compared, equal sizes on the launch path", "[host]") {
  host::HostContract c = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/shape_equal_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.success);
  INFO(toString(c.success));
  // The launch implies equal sizes (proved for every value of the unknown
  // "same dimensions" part); it does not imply more.
  Sym xs, ys;
  std::function<void(const Sym &)> find = [&](const Sym &n) {
    if (n->op == SymOp::Var && n->var->name == "x.size")
      xs = n;
    if (n->op == SymOp::Var && n->var->name == "y.size")
      ys = n;
    for (const Sym &a : n->args)
      find(a);
  };
  find(c.success);
  REQUIRE(xs);
  REQUIRE(ys);
  Solver solver(2000);
  Obligation ob;
  ob.check = "test";
  ob.context = {c.success};
  ob.property = mkCmp(SymOp::Eq, toMath(xs), toMath(ys));
  CHECK(solver.check(ob).status == Status::Proved);
  ob.property = mkCmp(SymOp::Eq, toMath(xs), mkConst(10));
  CHECK(solver.check(ob).status != Status::Proved);
}

TEST_CASE("host reader: a tiling class with a TilingData member saved to the raw buffer", "[host]") {
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/class_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("usedCores"));
  REQUIRE(c.fields.count("rowsPerCore"));
  REQUIRE(c.fields.count("tailRows"));
  const std::map<std::string, int64_t> in = {{"x.shape[0]", 100}, {"platform.coreNumAiv", 48}};
  CHECK(at(c.fields["rowsPerCore"], in) == 3);
  CHECK(at(c.fields["usedCores"], in) == 34);
  CHECK(at(c.fields["tailRows"], in) == 1);
  REQUIRE(c.blockDim);
  CHECK(at(c.blockDim, in) == 34);
  // The integer attribute is a free input of the contract: rows above it
  // are a failure of the host, not a launch.
  REQUIRE(c.success);
  INFO(toString(c.success));
  // The float check is unknown: the launch needs it passed, whatever it is.
  std::string success = toString(c.success);
  CHECK(success.find("<unknown>") != std::string::npos);
  // With the float check passed (its unknown condition false), rows above the
  // attribute are a failure of the host, not a launch.
  Sym passed = substitute(c.success,
                          [](const VarInfo &v) -> Sym { return v.role == VarRole::Opaque ? mkBool(false) : nullptr; });
  CHECK(at(passed, {{"x.shape[0]", 100}, {"attrs[0]", 200}, {"platform.coreNumAiv", 48}}) == 1);
  CHECK(at(passed, {{"x.shape[0]", 100}, {"attrs[0]", 50}, {"platform.coreNumAiv", 48}}) == 0);
}

TEST_CASE("host reader: tiling classes on TilingBaseClass run by the registry in priority order", "[host]") {
  host::HostOptions o = hostOptions();
  o.opType = "TemplOp";
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/template_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  // The fields come from whichever class was capable: the aligned one
  // (priority 0) for whole blocks, the padded one otherwise.
  REQUIRE(c.fields.count("rowLen"));
  REQUIRE(c.fields.count("rowsPerCore"));
  REQUIRE(c.fields.count("usedCores"));
  const std::map<std::string, int64_t> aligned = {{"x.shape[0]", 100}, {"x.shape[1]", 64}, {"platform.coreNumAiv", 48}};
  const std::map<std::string, int64_t> ragged = {{"x.shape[0]", 100}, {"x.shape[1]", 61}, {"platform.coreNumAiv", 48}};
  CHECK(at(c.fields["rowLen"], aligned) == 64);
  CHECK(at(c.fields["rowLen"], ragged) == 64);
  CHECK(at(c.fields["rowsPerCore"], ragged) == 3);
  CHECK(at(c.fields["usedCores"], ragged) == 34);
  // The tiling key and the block count are set on each class's successful
  // path only; which class succeeded is a disjunction the reader's
  // simplification does not split yet, so they stay out of the contract
  // (unknown, never a wrong value).
  CHECK((!c.tilingKey || (at(c.tilingKey, aligned) == 1 && at(c.tilingKey, ragged) == 2)));
  // The host's own checks (GetShapeAttrsInfo's) are preconditions.
  REQUIRE(c.success);
  CHECK(at(c.success, ragged) == 1);
  CHECK(at(c.success, {{"x.shape[0]", 100}, {"x.shape[1]", 5000}, {"platform.coreNumAiv", 48}}) == 0);
}

TEST_CASE("host reader: the registry's classes are those of the operator read", "[host]") {
  host::HostOptions o = hostOptions();
  o.opType = "OtherOp";
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/template_tiling.cpp", o);
  CHECK_FALSE(c.ok);
  CHECK(c.reason.find("no tiling class is registered for 'OtherOp'") != std::string::npos);
}

TEST_CASE("host reader: an array field of the tiling data filled through its setter", "[host]") {
  host::HostContract c = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/array_field_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("rank"));
  CHECK(at(c.fields["rank"], {}) == 4);
  for (int i = 0; i < 4; ++i) {
    std::string f = "dims[" + std::to_string(i) + "]";
    REQUIRE(c.fields.count(f));
    CHECK(at(c.fields[f], {{"x.shape[" + std::to_string(i) + "]", 7 + i}}) == 7 + i);
  }
}

TEST_CASE("host reader: a write it cannot name makes its enclosing object unknown, not the contract", "[host]") {
  host::HostContract c = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/unfollowed_write_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("rows"));
  CHECK(at(c.fields["rows"], {{"x.shape[0]", 9}}) == 9);
  // Computed from the objects written through computed indices: not known.
  for (const char *f : {"padSum", "flagged", "viaHelper", "dims[1][0]"}) {
    INFO(f);
    bool unknown = !c.fields.count(f) || containsOpaque(c.fields[f]);
    CHECK(unknown);
  }
  // Through a pointer it does not follow the write may land in the tiling
  // data (pads[0] here): never dropped, the reading stops.
  host::HostContract p = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/unfollowed_ptr_tiling.cpp", hostOptions());
  bool padsKnown = p.ok && p.fields.count("pads[0]") && !containsOpaque(p.fields["pads[0]"]);
  CHECK_FALSE(padsKnown);
}

TEST_CASE("host reader: the compile info TilingParse fills, and handlers saved on two paths", "[host]") {
  host::HostOptions o = hostOptions();
  o.inputNames = {"x", "index"};
  o.memSize[5] = {196608, 196608};
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/parse_handler_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("tileBytes"));
  REQUIRE(c.fields.count("usedCores"));
  INFO(toString(c.fields["tileBytes"]));
  // index.dtype 9 is DT_INT64: four buffers; 3 (DT_INT32): three.
  CHECK(at(c.fields["tileBytes"], {{"index.dtype", 9}}) == 196608 / 4);
  CHECK(at(c.fields["tileBytes"], {{"index.dtype", 3}}) == 196608 / 3 / 32 * 32);
  CHECK(at(c.fields["usedCores"], {{"platform.coreNumAiv", 40}}) == 40);
}

TEST_CASE("host reader: an element size computed as a quotient folds to the dtype's size", "[host]") {
  host::HostOptions o = hostOptions();
  o.memSize[5] = {196608, 196608};
  o.dtypes["x"] = {0, 1}; // the OpDef's DT_FLOAT, DT_FLOAT16
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/dtype_bytes_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("tileDataNum"));
  REQUIRE(c.fields.count("coreDataNum"));
  INFO(toString(c.fields["tileDataNum"]));
  // A function of the dtype alone: no quotient by the shape's size is left
  // (evaluate needs every variable it meets; x.size is not given).
  CHECK(at(c.fields["tileDataNum"], {{"x.dtype", 0}}) == 196608 / 4 / 4);       // DT_FLOAT
  CHECK(at(c.fields["tileDataNum"], {{"x.dtype", 1}}) == 196608 / 4 / 2);       // DT_FLOAT16
  CHECK(at(c.fields["coreDataNum"], {{"x.dtype", 1}, {"x.size", 100}}) == 112); // 200 bytes -> 224
  // The launch condition: the size checked for 0, the quotient check decided
  // by it (no quotient left there either).
  REQUIRE(c.success);
  INFO(toString(c.success));
  CHECK(at(c.success, {{"x.dtype", 0}, {"x.size", 0}}) == 0);
  CHECK(at(c.success, {{"x.dtype", 0}, {"x.size", 5}}) == 1);
  CHECK(toString(c.success).find("/ x.size") == std::string::npos);
}

TEST_CASE("host reader: global tables filled with constants, read by dtype", "[host]") {
  host::HostOptions o = hostOptions();
  o.dtypes["x"] = {0}; // DT_FLOAT: the variant's pinned dtypes
  o.dtypes["y"] = {1}; // DT_FLOAT16
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/global_table_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("tileBytes"));
  CHECK(asConst(c.fields["tileBytes"]) == 196608 / 6 / 32 * 32);
  REQUIRE(c.tilingKey);
  CHECK(asConst(c.tilingKey) == 7);
  // Read before this run writes it: what an earlier call left is not known.
  CHECK(!c.fields.count("calls"));
  CHECK(std::find(c.unconstrained.begin(), c.unconstrained.end(), "calls") != c.unconstrained.end());
  // The other pair: a different entry of the same table.
  o.dtypes["x"] = {1};
  o.dtypes["y"] = {0};
  host::HostContract d =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/global_table_tiling.cpp", o);
  REQUIRE(d.ok);
  CHECK(asConst(d.fields["tileBytes"]) == 196608 / 3 / 32 * 32);
  CHECK(asConst(d.tilingKey) == 9);
}

TEST_CASE("host reader: a constant table looked up with find and compared with end", "[host]") {
  host::HostOptions o = hostOptions();
  const std::string file = std::string(ALINT_SOURCE_DIR) + "/tests/data/host/table_find_tiling.cpp";
  for (auto [dtype, code] : std::vector<std::pair<int64_t, int64_t>>{{0, 1}, {1, 2}, {27, 3}}) {
    o.dtypes["x"] = {dtype};
    host::HostContract c = host::readTilingFunction(file, o);
    INFO(c.reason);
    REQUIRE(c.ok);
    REQUIRE(c.fields.count("typeCode"));
    CHECK(asConst(c.fields["typeCode"]) == code);
    REQUIRE(c.fields.count("halfPrecision"));
    CHECK(asConst(c.fields["halfPrecision"]) == (dtype == 0 ? 0 : 1));
    // A string key: found or not, and which value, are the host's inputs.
    REQUIRE(c.fields.count("modeCode"));
    CHECK_FALSE(asConst(c.fields["modeCode"]));
    CHECK_FALSE(containsOpaque(c.fields["modeCode"]));
  }
  // A dtype the table does not hold: the host fails (no launch on that path).
  o.dtypes["x"] = {9};
  host::HostContract d = host::readTilingFunction(file, o);
  REQUIRE(d.ok);
  REQUIRE(d.success);
  CHECK(asBool(d.success) == std::optional<bool>(false));
}

TEST_CASE("host reader: results returned through pointers to the caller's locals", "[host]") {
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/out_param_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("coreNum"));
  REQUIRE(c.fields.count("ubBytes"));
  REQUIRE(c.fields.count("blockFactor"));
  REQUIRE(c.fields.count("picked"));
  std::map<std::string, int64_t> env = {{"x.size", 1000}, {"platform.coreNumAiv", 40}, {"platform.ubSize", 196608}};
  CHECK(at(c.fields["coreNum"], env) == 40);
  CHECK(at(c.fields["ubBytes"], env) == 196608); // GetCoreMemSize(UB), through *ubSize
  CHECK(at(c.fields["blockFactor"], env) == 25); // ceil(1000 / 40), written through two pointers
  CHECK(asConst(c.fields["picked"]) == 17);      // the re-pointed pointer wrote b, not a
  // What a function without a definition may write through a pointer is not known.
  CHECK(!c.fields.count("opaque"));
  // The refusal decided by the value the helper wrote through the pointer.
  REQUIRE(c.success);
  INFO(toString(c.success));
  CHECK(at(c.success, {{"x.size", 0}, {"platform.coreNumAiv", 40}}) == 0);
  CHECK(at(c.success, {{"x.size", 1}, {"platform.coreNumAiv", 40}}) == 1);
}

TEST_CASE("host reader: shape subscripts by a constant and by a computed index", "[host]") {
  host::HostContract c = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/shape_subscript_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("first"));
  REQUIRE(c.fields.count("last"));
  REQUIRE(c.fields.count("rows"));
  INFO(toString(c.fields["first"]) + " / " + toString(c.fields["last"]) + " / " + toString(c.fields["rows"]));
  // Neither read is a value the host reader does not model.
  CHECK(!containsOpaque(c.fields["first"]));
  CHECK(!containsOpaque(c.fields["last"]));
  std::map<std::string, int64_t> r4 = {{"x.originShape.rank", 4}, {"x.originShape[0]", 2}, {"x.originShape[1]", 3},
                                       {"x.originShape[2]", 5},   {"x.originShape[3]", 7}, {"x.originShape[4]", 11}};
  CHECK(at(c.fields["first"], r4) == 2);
  CHECK(at(c.fields["last"], r4) == 7);
  CHECK(at(c.fields["rows"], r4) == 15);
  std::map<std::string, int64_t> r5 = r4;
  r5["x.originShape.rank"] = 5;
  CHECK(at(c.fields["first"], r5) == 6);
  CHECK(at(c.fields["last"], r5) == 11);
  CHECK(at(c.fields["rows"], r5) == 35);
}

// A tensor lives in one device's memory (144 GB at most, Ascend 950DT): a
// float tensor has at most 144 GiB / 4 elements, an int8 one four times as
// many; a dtype whose size is not modelled keeps the element bound 2^38.
TEST_CASE("host reader: a tensor's element count is bounded by the device memory over its dtype's size", "[host]") {
  auto sizeBound = [](std::vector<int64_t> dtypes) {
    host::HostOptions o = hostOptions();
    o.dtypes["x"] = dtypes;
    host::HostContract c = host::readTilingFunction(sample("tail_good/op_host/add_tail_tiling.cpp"), o);
    INFO(c.reason);
    REQUIRE(c.ok);
    // The largest x.size the facts admit, by asking each fact at two sizes.
    auto admits = [&](int64_t n) {
      for (const Sym &f : c.facts)
        if (at(f, {{"x.size", n}}) == std::optional<int64_t>(0))
          return false;
      return true;
    };
    return std::make_pair(admits(1),
                          std::make_pair(admits(int64_t(144) << 30 >> 2), admits((int64_t(144) << 30 >> 2) + 1)));
  };
  auto f32 = sizeBound({0}); // DT_FLOAT
  CHECK(f32.first);
  CHECK(f32.second.first);
  CHECK_FALSE(f32.second.second);
  auto i8 = sizeBound({2}); // DT_INT8: 1 byte
  CHECK(i8.second.second);
  auto mixed = sizeBound({0, 2}); // the smallest element rules
  CHECK(mixed.second.second);
  auto unknown = sizeBound({29}); // DT_INT4: no byte size modelled
  CHECK(unknown.second.second);
}

TEST_CASE("host reader: a base tiling class defined in another operator's source (companion sources)", "[host]") {
  const std::string dir = std::string(ALINT_SOURCE_DIR) + "/tests/data/host/companion";
  host::HostOptions o = hostOptions();
  o.extraArgs = {"-I" + dir}; // includes written from the repository's root
  o.dtypes["x"] = {1};        // DT_FLOAT16
  host::HostContract c = host::readTilingFunction(dir + "/rowsum_grad/op_host/rowsum_grad_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.companions.size() == 1);
  CHECK(c.companions[0] == dir + "/rowsum/op_host/rowsum_common_tiling.cpp");
  // Every field is set on every successful path: the passed-on statuses
  // (`if (ret != ge::GRAPH_SUCCESS) return ret;`) are failures.
  for (const char *f : {"rows", "rowsPerCore", "tailRows", "rowBytes"})
    CHECK(c.fields.count(f));
  const std::map<std::string, int64_t> in = {
      {"x.shape[0]", 100}, {"x.shape[1]", 33}, {"x.shape.rank", 2}, {"platform.coreNumAiv", 4}};
  CHECK(at(c.fields["rowsPerCore"], in) == 24); // 13 tiles of 8 rows, 3 per core
  CHECK(at(c.fields["tailRows"], in) == 4);
  CHECK(at(c.fields["rowBytes"], in) == 66); // ge::GetSizeInBytes(33, DT_FLOAT16)
  REQUIRE(c.blockDim);
  CHECK(at(c.blockDim, in) == 4);
  // The companion's checks are the host's: more than 4096 columns is a failure.
  REQUIRE(c.success);
  std::map<std::string, int64_t> wide = in;
  wide["x.shape[1]"] = 5000;
  CHECK(at(c.success, in) == 1);
  CHECK(at(c.success, wide) == 0);
}

TEST_CASE("host reader: ge::GetSizeInBytes is count times the dtype's size, -1 for a negative count", "[host]") {
  const std::string dir = std::string(ALINT_SOURCE_DIR) + "/tests/data/host/companion";
  host::HostOptions o = hostOptions();
  o.extraArgs = {"-I" + dir};
  o.dtypes["x"] = {0}; // DT_FLOAT
  host::HostContract c = host::readTilingFunction(dir + "/rowsum_grad/op_host/rowsum_grad_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("rowBytes"));
  CHECK(at(c.fields["rowBytes"], {{"x.shape[1]", 33}, {"x.shape.rank", 2}}) == 132);
  // A negative column count gives -1, which the companion's check rejects.
  CHECK(at(c.success, {{"x.shape[0]", 8}, {"x.shape[1]", -3}, {"x.shape.rank", 2}, {"platform.coreNumAiv", 4}}) == 0);
}

TEST_CASE("host reader: companion sources that would change what a name means are not read together", "[host]") {
  const std::string dir = std::string(ALINT_SOURCE_DIR) + "/tests/data/host/companion";
  host::HostOptions o = hostOptions();
  o.extraArgs = {"-I" + dir};
  host::HostContract c = host::readTilingFunction(dir + "/rowmax_grad/op_host/rowmax_grad_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  CHECK(c.companions.empty()); // read alone
  REQUIRE(c.fields.count("tiles"));
  CHECK(at(c.fields["tiles"], {{"x.shape[0]", 100}}) == 13); // ROW_UNIT 8, the header's
}

TEST_CASE("host reader: a value-dependent input's data are free inputs the host's checks constrain", "[host]") {
  host::HostOptions o = hostOptions();
  o.inputNames = {"x", "paddings"};
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/value_input_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("left"));
  REQUIRE(c.fields.count("right"));
  CHECK_FALSE(containsOpaque(c.fields["left"]));
  // left is the element before last (a computed index), right the first (`*values`).
  std::map<std::string, int64_t> in = {{"x.shape[1]", 100},     {"paddings.size", 4},    {"paddings.data[0]", 3},
                                       {"paddings.data[1]", 9}, {"paddings.data[2]", 7}, {"paddings.data[3]", 1},
                                       {"paddings.shape[0]", 4}};
  INFO(toString(c.fields["left"]));
  CHECK(at(c.fields["left"], in) == 7);
  CHECK(at(c.fields["right"], in) == 3);
  REQUIRE(c.success);
  CHECK(at(c.success, in) == 1);
  in["paddings.data[2]"] = 51; // wider than half a row: the host fails
  CHECK(at(c.success, in) == 0);
}

TEST_CASE("host reader: a product or sum over a value-dependent input's data is a free input", "[host]") {
  host::HostOptions o = hostOptions();
  o.inputNames = {"dims", "value", "bytes"};
  o.scalarInputs = {"value"};
  o.dtypes["value"] = {1}; // ge::DT_FLOAT16
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/data_reduction_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  for (const char *f : {"total", "sum"}) {
    REQUIRE(c.fields.count(f));
    CHECK_FALSE(containsOpaque(c.fields[f]));
  }
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(c.fields["total"], vs);
  bool product = false;
  for (auto &v : vs)
    product |= v->name == "dims.data.product" && v->role == VarRole::Input;
  CHECK(product);
  // No iteration: the value before the loop; otherwise the free value (in
  // the accumulator's type: uint32_t).
  CHECK(at(c.fields["total"], {{"dims.shape[0]", 0}}) == 1);
  CHECK(at(c.fields["total"], {{"dims.shape[0]", 3}, {"dims.data.product", 77}}) == 77);
  CHECK(at(c.fields["total"], {{"dims.shape[0]", 1}, {"dims.data.product", (int64_t(1) << 32) + 5}}) == 5);
  // A product over fewer elements is another value.
  REQUIRE(c.fields.count("head"));
  CHECK(at(c.fields["head"], {{"dims.shape[0]", 3}, {"dims.data.product#2", 6}, {"dims.data.product", 77}}) == 6);
  CHECK(at(c.fields["sum"], {{"dims.shape[0]", 0}}) == 0);
  CHECK(at(c.fields["sum"], {{"dims.shape[0]", 2}, {"dims.data.sum", -9}}) == -9);
  // Not a reduction over the data, or over elements too narrow to reach
  // every value of the accumulator: not modelled.
  CHECK(std::count(c.unconstrained.begin(), c.unconstrained.end(), "doubled") == 1);
  CHECK(std::count(c.unconstrained.begin(), c.unconstrained.end(), "narrow") == 1);
  // The `.Scalar()` input holds one element.
  REQUIRE(c.tensors.count("value"));
  REQUIRE(c.tensors["value"].elems);
  CHECK(at(c.tensors["value"].elems, {}) == 1);
  CHECK(c.tensors["value"].dtypeBytes == std::vector<int64_t>{2});
}

TEST_CASE("host reader: the workspace size, the target's system workspace included", "[host]") {
  host::HostOptions o = hostOptions();
  o.reservedWorkspaceBytes = 16 << 20;
  const std::string file = std::string(ALINT_SOURCE_DIR) + "/tests/data/host/workspace_tiling.cpp";
  host::HostContract c = host::readTilingFunction(file, o);
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.workspace.size() == 1);
  REQUIRE(c.workspace[0]);
  CHECK(at(c.workspace[0], {{"platform.coreNumAiv", 40}}) == (16 << 20) + 40 * 256);
  // A target whose system workspace is not known: not known.
  o.reservedWorkspaceBytes = -1;
  host::HostContract u = host::readTilingFunction(file, o);
  REQUIRE(u.ok);
  CHECK(u.workspace.empty());
}

TEST_CASE("host reader: a header without a guard read twice in the companion unit rejects it", "[host]") {
  const std::string dir = std::string(ALINT_SOURCE_DIR) + "/tests/data/host/companion";
  host::HostOptions o = hostOptions();
  o.extraArgs = {"-I" + dir};
  host::HostContract c = host::readTilingFunction(dir + "/rowmin_grad/op_host/rowmin_grad_tiling.cpp", o);
  INFO(c.reason);
  CHECK(c.companions.empty()); // read alone
  // Alone, the base class's methods have no bodies: nothing is known of the fields.
  CHECK_FALSE(c.fields.count("rowsPerCore"));
}

TEST_CASE("host reader: a reference bound to the tiling buffer writes its fields", "[host]") {
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/ref_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("size"));
  REQUIRE(c.fields.count("perCore"));
  CHECK(at(c.fields["size"], {{"x.size", 1000}}) == 1000);
  CHECK(at(c.fields["perCore"], {{"x.size", 1000}, {"platform.coreNumAiv", 48}}) == 21);
}

TEST_CASE("host reader: a local declared before an early return is its value where the return was not taken",
          "[host]") {
  // `int32_t mode;` assigned on both branches after `if (n == 0) {...;
  // return;}` (ops-math radix_sort's pathType): the field is the assigned
  // value, not "not initialised" from the returned path.
  llvm::SmallString<128> dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("alint-host-early-return", dir));
  std::string path = std::string(dir) + "/mode_tiling.cpp";
  {
    std::ofstream f(path);
    f << "#include \"register/op_impl_registry.h\"\n"
         "struct ModeTilingData { uint32_t total; int32_t mode; };\n"
         "namespace optiling {\n"
         "static void Compute(ModeTilingData &t, int64_t total) {\n"
         "  if (total == 0) {\n"
         "    t.total = 0;\n"
         "    t.mode = 0;\n"
         "    return;\n"
         "  }\n"
         "  int32_t mode;\n"
         "  if (total > 4096) {\n"
         "    mode = 2;\n"
         "  } else {\n"
         "    mode = 1;\n"
         "  }\n"
         "  t.total = static_cast<uint32_t>(total);\n"
         "  t.mode = mode;\n"
         "}\n"
         "static ge::graphStatus ModeTilingFunc(gert::TilingContext *context) {\n"
         "  ModeTilingData *tiling = context->GetTilingData<ModeTilingData>();\n"
         "  Compute(*tiling, context->GetInputShape(0)->GetStorageShape().GetShapeSize());\n"
         "  context->SetBlockDim(1);\n"
         "  return ge::GRAPH_SUCCESS;\n"
         "}\n"
         "IMPL_OP_OPTILING(Mode).Tiling(ModeTilingFunc);\n"
         "} // namespace optiling\n";
  }
  host::HostContract c = host::readTilingFunction(path, hostOptions());
  llvm::sys::fs::remove(path);
  llvm::sys::fs::remove(dir);
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("mode"));
  INFO(toString(c.fields["mode"]));
  CHECK_FALSE(containsOpaque(c.fields["mode"]));
}

// Loops over a rank the path bounds are unrolled (each dimension checked:
// preconditions); a loop whose bound nothing gives may return in some
// iteration (an opaque choice, not a contract lost); a std::vector's
// elements are unknown, not a reason to give up the contract.
TEST_CASE("host reader: a flag a loop may set to a constant is a free choice, not unmodelled", "[host]") {
  host::HostContract c =
      host::readTilingFunction(std::string(ALINT_SOURCE_DIR) + "/tests/data/host/flag_loop_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  for (const char *f : {"rows", "tileLength"})
    REQUIRE(c.fields.count(f));
  // The flag: true before the loop, or false where an iteration set it.
  CHECK_FALSE(containsOpaque(c.success));
  CHECK_FALSE(containsOpaque(c.fields["tileLength"]));
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(c.success, vs);
  const VarInfo *pick = nullptr;
  for (auto &v : vs)
    if (v->name.rfind("host.loop", 0) == 0)
      pick = v.get();
  REQUIRE(pick);
  CHECK(pick->role == VarRole::Input);
  CHECK(pick->reason.empty());
  auto at = [&](const Sym &s, int64_t set) {
    return evaluate(s, [&](const VarInfo &v) -> std::optional<int64_t> {
      if (v.id == pick->id)
        return set;
      return std::nullopt;
    });
  };
  CHECK(at(c.success, 0) == 1); // no iteration cleared it: accepted
  CHECK(at(c.success, 1) == 0); // one did: GRAPH_FAILED
  CHECK(at(c.fields["tileLength"], 0) == 256);
  // A sum over the dimensions has other leaves: not known.
  CHECK(std::count(c.unconstrained.begin(), c.unconstrained.end(), "widest") == 1);
  // The counter's value in an iteration is no constant (0 only in the first).
  CHECK(std::count(c.unconstrained.begin(), c.unconstrained.end(), "firstBig") == 1);
}

TEST_CASE("host reader: loops the path bounds, returns in loops, std::vector elements", "[host]") {
  host::HostContract c = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/rank_loop_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  for (const char *f : {"rows", "tileLength", "firstDim"})
    REQUIRE(c.fields.count(f));
  CHECK_FALSE(containsOpaque(c.fields["rows"]));
  CHECK(asConst(c.fields["tileLength"]) == 256);
  // dims[rank - 1]: a vector element, unknown
  CHECK(std::count(c.unconstrained.begin(), c.unconstrained.end(), "last") == 1);
  // Inputs, and "no iteration of the unbounded loop returns" for its opaque.
  auto eval = [&](const Sym &s, std::map<std::string, int64_t> env) {
    return evaluate(s, [&](const VarInfo &v) -> std::optional<int64_t> {
      // (the counter of that loop, any value: under "no return" unused)
      if (v.role == VarRole::Opaque &&
          (v.reason.find("returns") != std::string::npos || v.reason.find("changed by the loop") == 0))
        return 0;
      // (a location a loop may set to a constant: no iteration set it)
      if (v.name.rfind("host.loop", 0) == 0)
        return 0;
      auto it = env.find(v.name);
      if (it != env.end())
        return it->second;
      if (v.name.rfind("x.shape[", 0) == 0)
        return 1; // a dimension past the rank (a branch not taken)
      return std::nullopt;
    });
  };
  std::map<std::string, int64_t> r2 = {
      {"x.shape.rank", 2}, {"x.shape[0]", 3}, {"x.shape[1]", 5}, {"x.size", 15}, {"x.shape.rest", 5}};
  CHECK(eval(c.fields["rows"], r2) == 15);
  CHECK(eval(c.fields["firstDim"], r2) == 3);
  CHECK(eval(c.success, r2) == 1);
  // The checks inside the unrolled loop are preconditions: a dimension of 0,
  // a rank past 8.
  std::map<std::string, int64_t> zero = r2;
  zero["x.shape[1]"] = 0;
  CHECK(eval(c.success, zero) == 0);
  std::map<std::string, int64_t> r9 = r2;
  r9["x.shape.rank"] = 9;
  CHECK(eval(c.success, r9) == 0);
  // The unbounded loop's check constrains nothing: some value of its opaque
  // lets every input through (the contract is not stronger than the code).
  bool opaqueInSuccess = false;
  std::set<const SymNode *> seen;
  std::function<void(const Sym &)> walk = [&](const Sym &s) {
    if (!seen.insert(s.get()).second)
      return;
    if (s->op == SymOp::Var && s->var->role == VarRole::Opaque && s->var->reason.find("returns") != std::string::npos)
      opaqueInSuccess = true;
    for (const Sym &a : s->args)
      walk(a);
  };
  walk(c.success);
  CHECK(opaqueInSuccess);
}

TEST_CASE("host reader: a shared tiling function two companions away, a constant input's value", "[host]") {
  const std::string dir = std::string(ALINT_SOURCE_DIR) + "/tests/data/host/companion";
  host::HostOptions o = hostOptions();
  o.extraArgs = {"-I" + dir};
  o.inputNames = {"x", "axis"};
  host::HostContract c = host::readTilingFunction(dir + "/colmax/op_host/colmax_tiling.cpp", o);
  INFO(c.reason);
  REQUIRE(c.ok);
  // The function's source, and the split's beside the header that source includes.
  CHECK(std::count(c.companions.begin(), c.companions.end(), dir + "/colreduce/op_host/colreduce_tiling.cpp") == 1);
  CHECK(std::count(c.companions.begin(), c.companions.end(), dir + "/colreduce/op_host/colreduce_split.cpp") == 1);
  for (const char *f : {"outer", "reduce", "outerPerCore"}) {
    REQUIRE(c.fields.count(f));
    CHECK_FALSE(containsOpaque(c.fields[f]));
  }
  // GetConstInt's value is the constant input's data, an input like a shape.
  std::map<std::string, int64_t> in = {{"x.shape[0]", 100}, {"x.shape[1]", 33},   {"x.shape.rank", 2},
                                       {"axis.isConst", 1}, {"axis.data[0]", -1}, {"platform.coreNumAiv", 8}};
  CHECK(at(c.fields["reduce"], in) == 33);
  CHECK(at(c.fields["outer"], in) == 100);
  CHECK(at(c.fields["outerPerCore"], in) == 13);
  REQUIRE(c.success);
  CHECK(at(c.success, in) == 1);
  in["axis.data[0]"] = 0;
  CHECK(at(c.fields["reduce"], in) == 100);
  in["axis.data[0]"] = 2; // no such axis: the host fails
  CHECK(at(c.success, in) == 0);
  in["axis.data[0]"] = 0;
  in["axis.isConst"] = 0; // not a constant input: the host fails
  CHECK(at(c.success, in) == 0);
}

// `tilingData_->inShape[i] = ...` in a loop over the rank, through a member
// pointer to the tiling buffer set after Init's own failure returns: the
// elements are the dimensions (ops-math pad_v3 arch35).
TEST_CASE("host reader: array fields written through a member pointer by a loop index", "[host]") {
  // (also: a compound assignment by a value index, a case block ending in a
  // return, a shape written through operator[])
  host::HostContract c = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/member_array_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("inShape[0]"));
  REQUIRE(c.fields.count("outShape[1]"));
  std::map<std::string, int64_t> r2 = {{"x.shape.rank", 2}, {"x.shape[0]", 3}, {"x.shape[1]", 5}, {"x.dtype", 3}};
  CHECK(at(c.fields["inShape[0]"], r2) == 3);
  CHECK(at(c.fields["outShape[0]"], r2) == 5);
  CHECK(at(c.fields["outShape[1]"], r2) == 3); // (5 + 2) / 2: the last dimension halved
  CHECK(at(c.fields["dimNum"], r2) == 2);
  // A shape written through operator[]: unknown, not a lost contract.
  CHECK(std::count(c.unconstrained.begin(), c.unconstrained.end(), "padFirst") == 1);
  // The dtype's case blocks: 4 bytes for float (3), 8 for int64 (9); any
  // other dtype fails the host.
  for (int d = 2; d < 8; ++d) // (dimensions past the rank: branches not taken)
    r2["x.shape[" + std::to_string(d) + "]"] = 1;
  r2["platform.coreNumAiv"] = 40;
  std::map<std::string, int64_t> f32 = r2, i64 = r2, bad = r2;
  f32["x.dtype"] = 3;
  i64["x.dtype"] = 9;
  bad["x.dtype"] = 1;
  CHECK(at(c.fields["elemBytes"], f32) == 4);
  CHECK(at(c.fields["elemBytes"], i64) == 8);
  CHECK(at(c.success, bad) == 0);
  CHECK(at(c.success, f32) == 1);
}

TEST_CASE("host reader: std::vector scratch space is not run, and its elements are unknown", "[host]") {
  // libstdc++'s fill of `std::vector<int64_t> v(n, 0)` (and std::vector<bool>'s
  // bit references) were writes the reader cannot follow: the whole contract
  // was lost (ops-math concat_dv2, strided_slice_assign_v2).
  host::HostContract c = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/vector_scratch_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  std::string names;
  for (auto &[n, v] : c.fields)
    names += n + " ";
  INFO("fields: " << names << " success: " << (c.success ? toString(c.success) : "-"));
  REQUIRE(c.fields.count("rows"));
  CHECK(at(c.fields["rows"], {{"x.shape[0]", 100}}) == 100);
  // A vector element: not followed, so unknown (never the 0 it was filled
  // with): the field is not bound.
  CHECK((!c.fields.count("lastPrefix") || containsOpaque(c.fields["lastPrefix"])));
}

TEST_CASE("host reader: standard-library names used unqualified are found on a second read", "[host]") {
  host::HostContract c = host::readTilingFunction(
      std::string(ALINT_SOURCE_DIR) + "/tests/data/host/unqualified_std_tiling.cpp", hostOptions());
  INFO(c.reason);
  REQUIRE(c.ok);
  REQUIRE(c.fields.count("tile"));
  CHECK(at(c.fields["tile"], {{"x.size", 100}}) == 100);
  CHECK(at(c.fields["tile"], {{"x.size", 100000}}) == 2048);
}

TEST_CASE("host binding: a tiling field named blockNum is the struct's member, not the block count", "[host]") {
  // The launch's block count and a tiling field of the same name (ops-math
  // stateless_random_normal_v2: `tilingData.blockNum`, the host's blockNum_).
  KernelModel k;
  Sym launch = mkVar("blockNum", IntType::i64(), VarRole::Input);
  Sym field = mkVar("tilingData.blockNum", IntType::u32(), VarRole::Input);
  k.facts.push_back(mkCmp(SymOp::Le, field, launch));
  auto placeholder = [] { return mkVar("blockNum", IntType::i64(), VarRole::Input, "placeholder"); };
  auto asField = bindAssumption(placeholder(), k, true);
  REQUIRE(asField);
  CHECK(toString(*asField).find("tilingData.blockNum") != std::string::npos);
  // A user's assumption (and the host's SetBlockDim) names the block count.
  auto asLaunch = bindAssumption(placeholder(), k);
  REQUIRE(asLaunch);
  CHECK(toString(*asLaunch) == "blockNum");
}
