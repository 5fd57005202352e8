// matmul-tiling and the host's GetTiling (issue 21): a TCubeTiling the
// kernel reads from its launch argument, filled by the file's own host code
// with a checked GetTiling and not adjusted, meets TCubeTiling结构体.md tables
// 1 and 2 by construction: those rules are proved, and so are table 3's for
// an MDL object when the host tiled for MDL (its default). A rule reading a
// field adjusted by hand, or named by a --tiling value, is checked as it stands.
#include "RunTool.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <unistd.h>

using namespace alint_test;

namespace {

const char *kKernel = R"(#include "kernel_operator.h"
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
using namespace AscendC;
using T = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using C = MatmulType<TPosition::GM, CubeFormat::ND, float>;
extern "C" __global__ __aicore__ void mm_host(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *(__gm__ TCubeTiling *)t;
  Matmul<T, T, C, C, CFG_MDL> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.End();
}
// Host side (declared here: the real one comes from tiling/tiling_api.h).
namespace matmul_tiling {
enum class DataType { DT_FLOAT16, DT_FLOAT };
struct MultiCoreMatmulTiling {
  void SetAType(int pos, int fmt, DataType t);
  void SetBType(int pos, int fmt, DataType t);
  void SetBiasType(int pos, int fmt, DataType t);
  void SetMatmulConfigParams(int mmConfigTypeIn = 1, bool enableL1CacheUBIn = false);
  long GetTiling(TCubeTiling &t);
};
} // namespace matmul_tiling
bool GenerateTiling(TCubeTiling &data) {
  matmul_tiling::MultiCoreMatmulTiling api;
  api.SetAType(0, 0, matmul_tiling::DataType::DT_FLOAT16);
  api.SetBType(0, 0, matmul_tiling::DataType::DT_FLOAT16);
  api.SetBiasType(0, 0, matmul_tiling::DataType::DT_FLOAT);
  @CONFIG@
  long res = api.GetTiling(data);
  if (res == -1)
    return false;
)";

std::string write(const std::string &name, const std::string &tail, const std::string &config = "") {
  std::string path = "/tmp/alint_mmhost_" + std::to_string(::getpid()) + "_" + name + ".cpp";
  std::string text = kKernel;
  text.replace(text.find("@CONFIG@"), 8, config);
  std::ofstream(path) << text << tail << "  return true;\n}\n";
  return path;
}

// matmul-tiling obligations left unknown on ascend910b.
unsigned unknownRules(const std::string &args) {
  ToolRun r = runTool("--format=json --show-unknown --target=ascend910b --checks=matmul-tiling " + args);
  auto j = nlohmann::json::parse(r.out);
  unsigned n = 0;
  for (const auto &d : j["diagnostics"])
    n += d["check"] == "matmul-tiling" && d["status"] == "unknown";
  return n;
}

} // namespace

TEST_CASE("matmul-tiling: a tiling from the file's checked GetTiling meets tables 1 and 2", "[cli]") {
  std::string got = write("got", "");
  // Tiled for the Norm template: table 3 (MDL) is not GetTiling's to meet.
  std::string norm = write("norm", "", "api.SetMatmulConfigParams(0, false);");
  // Adjusted after GetTiling: the contract no longer covers it.
  std::string adjusted = write("adjusted", "  data.baseM = 512;\n");
  unsigned fromHost = unknownRules(got);
  // The 8 table-1/2 rules (sizes, dbL0*, enums, L0A, L0B, L0C, bias table,
  // alignment), the MDL depth rule and table 3's two: none is left for want
  // of the launch values.
  CHECK(fromHost == 0);
  // The two table-3 rules (MDL step counts) for a host that tiled for Norm.
  CHECK(unknownRules(norm) == 2);
  // baseM set by hand: the 4 rules that read it (sizes, L0A, L0C, alignment)
  // are left unknown, the other 4 still follow from GetTiling.
  CHECK(unknownRules(adjusted) == 4);
  // A value the user names is checked as given: baseM * baseN * 4 > L0C is
  // not proved by the contract (it is reported).
  ToolRun r = runTool("--format=json --show-unknown --target=ascend910b --checks=matmul-tiling "
                      "--tiling=baseM=512,baseN=512 " +
                      got);
  CHECK(r.out.find("<= L0C") != std::string::npos);
  std::remove(got.c_str());
  std::remove(adjusted.c_str());
  std::remove(norm.c_str());
}
