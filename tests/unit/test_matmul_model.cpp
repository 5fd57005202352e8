// The Matmul high-level API in the kernel model (issue 21): an initialised
// object is a KernelModel::matmuls entry, not an operation. matmul-tiling
// reads its tiling from there; capacity-overflow takes its unknown reason;
// the sync graph sees no operation for it.
#include "checker/graph/SyncGraph.h"
#include "checker/model/Target.h"
#include "rules/Check.h"
#include "smt/Solver.h"

#include <catch2/catch.hpp>

using namespace alint;

namespace {

MatmulObj tile(int64_t dbL0C) {
  MatmulObj m;
  m.name = "mm";
  m.aBits = m.bBits = 16;
  m.cBits = m.biasBits = 32;
  m.config = "mdl";
  m.cond = mkBool(true);
  m.loc.file = "k.cpp";
  m.loc.line = 7;
  const std::pair<const char *, int64_t> fields[] = {
      {"M", 512},           {"N", 1024},    {"Ka", 512},     {"Kb", 512},   {"singleCoreM", 512}, {"singleCoreN", 1024},
      {"singleCoreK", 512}, {"baseM", 256}, {"baseN", 128},  {"baseK", 64}, {"depthA1", 4},       {"depthB1", 4},
      {"stepM", 1},         {"stepN", 1},   {"stepKa", 2},   {"stepKb", 2}, {"isBias", 0},        {"iterateOrder", 0},
      {"dbL0A", 2},         {"dbL0B", 2},   {"dbL0C", dbL0C}};
  for (const auto &[f, v] : fields)
    m.tiling[f] = mkConst(v);
  return m;
}

// The statuses of the check's obligations whose message names `what`.
std::vector<Status> verdicts(const KernelModel &k, const std::string &check, const std::string &what) {
  const model::TargetSpec *t = model::findBuiltinTarget("ascend910b");
  REQUIRE(t);
  std::vector<Status> out;
  for (const CheckInfo &ci : checkRegistry()) {
    if (ci.id != check)
      continue;
    CheckContext ctx(k, *t);
    ci.make()->run(ctx);
    Solver solver(2000);
    for (ProofItem &item : ctx.items) {
      Verdict v = solver.check(item.ob);
      if (v.status == Status::Counterexample && !item.counterexampleUnknown.empty())
        v.status = Status::Unknown; // as the registry reports it (rules/Registry.cpp)
      if (item.message && item.message(v).find(what) != std::string::npos)
        out.push_back(v.status);
    }
  }
  return out;
}

} // namespace

TEST_CASE("matmul-tiling reads the kernel's Matmul objects", "[matmul]") {
  KernelModel k;
  k.name = "mm";
  k.matmuls.push_back(tile(2)); // 256 x 128 floats twice: 256 KiB of a 128 KiB L0C
  CHECK(verdicts(k, "matmul-tiling", "<= L0C") == std::vector<Status>{Status::Violated});
  k.matmuls[0] = tile(1);
  CHECK(verdicts(k, "matmul-tiling", "<= L0C") == std::vector<Status>{Status::Proved});
  // Nothing of it is an operation the sync graph orders.
  CHECK(k.ops.empty());
  CHECK(buildSyncGraph(k, *model::findBuiltinTarget("ascend910b"), SyncOptions()).seq.empty());
}

TEST_CASE("capacity-overflow takes an unsized Matmul object's reason", "[matmul]") {
  KernelModel k;
  k.name = "mm";
  k.matmuls.push_back(tile(1));
  k.matmuls[0].unknownReason = "the Matmul configuration of 'mm' is not sized";
  std::vector<Status> l1 = verdicts(k, "capacity-overflow", "L1");
  REQUIRE(!l1.empty());
  for (Status s : l1)
    CHECK(s == Status::Unknown);
}

TEST_CASE("matmul-tiling: table 3 follows from a GetTiling told the MDL template", "[matmul]") {
  KernelModel k;
  k.name = "mm";
  MatmulObj m = tile(1);
  for (auto &[f, v] : m.tiling) // the launch tiling: free inputs
    v = mkVar("tiling." + f, IntType::i32(), VarRole::Input);
  m.hostGetTilingLine = 40;
  m.hostABits = m.hostBBits = 16;
  m.hostConfigType = 1; // MDL, as the object
  k.matmuls.push_back(m);
  CHECK(verdicts(k, "matmul-tiling", "step counts divide") == std::vector<Status>{Status::Proved});
  CHECK(verdicts(k, "matmul-tiling", "fully loaded") == std::vector<Status>{Status::Proved});
  // Tiled for Norm (SetMatmulConfigParams(0)): nothing bounds the step fields.
  k.matmuls[0].hostConfigType = 0;
  CHECK(verdicts(k, "matmul-tiling", "step counts divide") == std::vector<Status>{Status::Unknown});
  // Set by hand after GetTiling: not covered either.
  k.matmuls[0].hostConfigType = 1;
  k.matmuls[0].hostAdjusted.insert("stepKa");
  CHECK(verdicts(k, "matmul-tiling", "step counts divide") == std::vector<Status>{Status::Unknown});
}
