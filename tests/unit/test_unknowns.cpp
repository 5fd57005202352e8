// No silent passes (issue 14): what the frontend does not follow becomes
// `unknown`, the verdict says how much was verified, every unknown it counts
// has a note, --fail-on-unknown makes a partial verdict fail, and
// --dump-model shows the model.
#include "RunTool.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>

using namespace alint_test;

static const std::string kSamples = ALINT_SAMPLES_DIR;

static std::string writeKernel(const std::string &name, const std::string &body) {
  std::string path = "/tmp/alint_unk_" + std::to_string(::getpid()) + "_" + name + ".cpp";
  std::ofstream o(path);
  o << "#include \"kernel_operator.h\"\nusing namespace AscendC;\n" << body;
  return path;
}

// A buffer whose length comes from a helper without a definition: the only
// obligations are unknown.
static const char *kOpaqueLength = R"(
__aicore__ uint32_t Opaque(uint32_t n);
extern "C" __global__ __aicore__ void opaque_len(GM_ADDR x, uint32_t n) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, Opaque(n));
}
)";

// An API on a tensor the table does not model, then a copy into it.
static const char *kUnmodelledApi = R"(
extern "C" __global__ __aicore__ void unmodelled_api(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, 1024);
  pipe.InitBuffer(buf, 1024 * sizeof(half));
  LocalTensor<half> t = buf.Get<half>();
  TBuffAddr a;
  t.SetAddr(a);
  DataCopy(t, xGm, 1024);
}
)";

// DataCopyPad's paddings from a struct the interpreter cannot follow: the
// UB footprint grows by them, so its bounds are unknown, not proved for no
// padding (the 32-byte buffer holds the row alone).
static const char *kUnknownPads = R"(
__aicore__ DataCopyPadExtParams<half> *PadsFromElsewhere();
extern "C" __global__ __aicore__ void pad_unknown(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, 16);
  pipe.InitBuffer(buf, 32);
  LocalTensor<half> t = buf.Get<half>();
  DataCopyExtParams copyParams{1, 16 * sizeof(half), 0, 0, 0};
  DataCopyPad(t, xGm, copyParams, *PadsFromElsewhere());
}
)";

static nlohmann::json lintJson(const std::string &args) {
  ToolRun r = runTool("--format=json " + args);
  REQUIRE(!r.out.empty());
  return nlohmann::json::parse(r.out);
}

TEST_CASE("a kernel whose obligations are unknown is partially verified, with a note for each", "[cli]") {
  std::string f = writeKernel("opaque", kOpaqueLength);
  ToolRun r = runTool(f);
  CHECK(r.exitCode == 0);
  CHECK(r.err.find("partially verified") != std::string::npos);
  CHECK(r.err.find(": verified") == std::string::npos);
  // JSON: every unknown counted has a note (status unknown) under --show-unknown
  nlohmann::json j = lintJson("--show-unknown " + f);
  REQUIRE(j["kernels"].size() == 1);
  const auto &k = j["kernels"][0];
  CHECK(k["verdict"] == "partially verified");
  CHECK(k["unknown"].get<unsigned>() >= 1);
  CHECK(!k["topReasons"].empty());
  unsigned notes = 0;
  for (const auto &d : j["diagnostics"])
    notes += d["status"] == "unknown" && d["check"] != "frontend";
  CHECK(notes >= k["unknown"].get<unsigned>());
  // SARIF: note results, and the verdict in the run's properties
  ToolRun s = runTool("--format=sarif --show-unknown " + f);
  auto sj = nlohmann::json::parse(s.out);
  bool note = false;
  for (const auto &res : sj["runs"][0]["results"])
    note |= res["level"] == "note";
  CHECK(note);
  CHECK(sj["runs"][0]["properties"]["kernels"][0]["verdict"] == "partially verified");
  std::remove(f.c_str());
}

TEST_CASE("every unknown a verdict counts has a note (samples)", "[cli]") {
  for (const char *s : {"/followed/lambda_copy_good.cpp", "/followed/member_arrays_good.cpp",
                        "/sync-race/pingpong_ids_good.cpp", "/cube/matmul_tile_good.cpp"}) {
    nlohmann::json j = lintJson("--show-unknown " + kSamples + s);
    std::map<std::pair<std::string, std::string>, unsigned> notes;
    for (const auto &d : j["diagnostics"])
      if (d["status"] == "unknown" && d["check"] != "frontend" && d["check"] != "fail-on-unknown")
        ++notes[{d["kernel"].get<std::string>(), d["target"].get<std::string>()}];
    for (const auto &k : j["kernels"]) {
      INFO(s);
      CHECK(notes[{k["kernel"].get<std::string>(), k["target"].get<std::string>()}] >= k["unknown"].get<unsigned>());
    }
  }
}

TEST_CASE("an unmodelled API on a tensor is counted and makes its accesses unknown", "[cli]") {
  std::string f = writeKernel("unmodelled", kUnmodelledApi);
  nlohmann::json j = lintJson("--show-unknown " + f);
  REQUIRE(j["kernels"].size() == 1);
  const auto &k = j["kernels"][0];
  CHECK(k["unmodelledCalls"].get<unsigned>() >= 1);
  CHECK(k["verdict"] == "partially verified");
  // the copy into the tensor whose place was lost is not proved in bounds
  bool boundsUnknown = false;
  for (const auto &d : j["diagnostics"])
    boundsUnknown |= d["check"] == "bounds-local" && d["status"] == "unknown" && d["line"] == 12;
  CHECK(boundsUnknown);
  std::remove(f.c_str());
}

TEST_CASE("DataCopyPad paddings that cannot be followed leave its UB bounds unknown", "[cli]") {
  std::string f = writeKernel("pads", kUnknownPads);
  nlohmann::json j = lintJson("--show-unknown --target=ascend910b " + f);
  REQUIRE(j["kernels"].size() == 1);
  CHECK(j["kernels"][0]["verdict"] == "partially verified");
  bool padsUnknown = false, provedSilently = true;
  for (const auto &d : j["diagnostics"])
    if (d["check"] == "bounds-local" && d["line"] == 13) {
      padsUnknown |=
          d["status"] == "unknown" && d["message"].get<std::string>().find("leftPadding") != std::string::npos;
      provedSilently = false;
    }
  CHECK(padsUnknown);
  CHECK_FALSE(provedSilently);
  std::remove(f.c_str());
}

TEST_CASE("--fail-on-unknown fails a partially verified kernel and passes a verified one", "[cli]") {
  std::string f = writeKernel("failunk", kOpaqueLength);
  ToolRun r = runTool("--fail-on-unknown " + f);
  CHECK(r.exitCode == 1);
  CHECK(r.out.find("[fail-on-unknown]") != std::string::npos);
  ToolRun g = runTool("--fail-on-unknown " + kSamples + "/followed/allocator_copy_long_good.cpp");
  CHECK(g.exitCode == 0);
  CHECK(g.err.find(": verified") != std::string::npos);
  // the configuration key does the same
  std::string dir = "/tmp/alint_unk_cfg_" + std::to_string(::getpid());
  std::string cmd = "mkdir -p " + dir;
  REQUIRE(std::system(cmd.c_str()) == 0);
  {
    std::ofstream c(dir + "/.ascendc-lint.yaml");
    c << "FailOnUnknown: true\n";
    std::ofstream k(dir + "/k.cpp");
    k << "#include \"kernel_operator.h\"\nusing namespace AscendC;\n" << kOpaqueLength;
  }
  ToolRun c = runTool(dir + "/k.cpp");
  CHECK(c.exitCode == 1);
  cmd = "rm -rf " + dir;
  CHECK(std::system(cmd.c_str()) == 0);
  std::remove(f.c_str());
}

TEST_CASE("--dump-model prints buffers, ops with regions, and sync edges", "[cli]") {
  std::string s = kSamples + "/followed/allocator_missing_flag_good.cpp";
  ToolRun t = runTool("--dump-model " + s);
  CHECK(t.exitCode == 0);
  CHECK(t.out.find("kernel alloc_flag (ascend910b)") != std::string::npos);
  CHECK(t.out.find("buffer #0") != std::string::npos);
  CHECK(t.out.find("raw VECCALC") != std::string::npos);
  CHECK(t.out.find("DataCopy") != std::string::npos);
  CHECK(t.out.find("sync edge: ") != std::string::npos);
  ToolRun j = runTool("--dump-model --format=json " + s);
  auto d = nlohmann::json::parse(j.out);
  REQUIRE(d["models"].size() == 1);
  const auto &m = d["models"][0];
  CHECK(m["buffers"][0]["lengthBytes"] == "8192");
  CHECK(!m["ops"].empty());
  CHECK(!m["syncEdges"].empty());
  bool copyWithRegions = false;
  for (const auto &op : m["ops"])
    copyWithRegions |= op["api"] == "DataCopy" && op["regions"].size() == 2 && op["pipe"] == "PIPE_MTE2";
  CHECK(copyWithRegions);
}

// The Matmul high-level API is modelled (api/MatmulApi.cpp): a kernel that
// uses only what the model derives is verified with every call counted as
// modelled, and a call it does not derive (IterateBatch) stays unmodelled.
TEST_CASE("Matmul API kernels are modelled; what is not derived stays unmodelled", "[cli]") {
  for (const char *s : {"/matmul-tiling/l0c_dbl0c_good.cpp", "/bounds-global/matmul_missing_tail_good.cpp"}) {
    nlohmann::json j = lintJson("--target=ascend910b " + kSamples + s);
    INFO(s);
    REQUIRE(j["kernels"].size() == 1);
    const auto &k = j["kernels"][0];
    CHECK(k["verdict"] == "verified");
    CHECK(k["calls"].get<unsigned>() > 0);
    CHECK(k["modelledCalls"] == k["calls"]);
  }
  std::string src = std::string(R"(
#include "kernel_operator.h"
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
using namespace AscendC;
using T = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using C = MatmulType<TPosition::GM, CubeFormat::ND, float>;
extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *(__gm__ TCubeTiling *)t;
  Matmul<T, T, C> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half *)a, 1024);
  bGm.SetGlobalBuffer((__gm__ half *)b, 1024);
  cGm.SetGlobalBuffer((__gm__ float *)c, 1024);
  mm.SetTensorA(aGm);
  mm.SetTensorB(bGm);
  mm.IterateBatch(cGm, false, 0, false);
  mm.End();
}
)");
  std::string f = writeKernel("matmul_batch", src);
  nlohmann::json j = lintJson("--target=ascend910b " + f);
  REQUIRE(j["kernels"].size() == 1);
  CHECK(j["kernels"][0]["unmodelledCalls"] == 1);
  std::remove(f.c_str());
}

// Issue 13: code that does not compile is localised, not contagious.

// A header that is missing (ops-base's atvoss library): Clang drops the
// statements that name its types whole. The damage stays local: what they
// name becomes unknown, the rest is verified.
static const char *kDroppedStatements = R"(
#include "atvoss/not_in_the_corpus.h"
extern "C" __global__ __aicore__ void dropped(GM_ADDR x, uint32_t n) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 1024);
  uint32_t m = 16;
  Sch<0, Dag<half>> sch(x);
  sch.Process();
  m = Helper::Compute(n);
  LocalTensor<half> t = b.Get<half>();
  GlobalTensor<half> g;
  g.SetGlobalBuffer((__gm__ half *)x, 512);
  DataCopy(t, g, m);
}
)";

TEST_CASE("statements Clang drops for a missing header are localised", "[cli]") {
  std::string f = writeKernel("dropped", kDroppedStatements);
  nlohmann::json j = lintJson("--show-unknown " + f);
  REQUIRE(j["kernels"].size() == 1);
  const auto &k = j["kernels"][0];
  CHECK(k["notCompiled"].get<unsigned>() >= 1);
  CHECK(k["proved"].get<unsigned>() >= 1); // the 1 KiB buffer fits: the kernel is not unknown as a whole
  bool lenUnknown = false, stale = false, noted = false;
  for (const auto &d : j["diagnostics"]) {
    std::string m = d["message"];
    // m = Helper::Compute(n) was dropped: the copy length is unknown, never the stale 16
    lenUnknown |= d["check"] == "align-copy-length" && d["status"] == "unknown" &&
                  m.find("'m' used by a statement that does not compile") != std::string::npos;
    stale |= m.find("length 32") != std::string::npos;
    noted |= d["check"] == "frontend" && m.find("use of undeclared identifier") != std::string::npos;
  }
  CHECK(lenUnknown);
  CHECK(!stale);
  CHECK(noted);
  CHECK(j["kernels"][0]["verdict"] == "partially verified");
  std::remove(f.c_str());
}

// A member function of a class template that does not compile for its
// template argument: Clang drops the instantiation's body.
static const char *kFailedInstantiation = R"(
template <typename T>
class Worker {
public:
  __aicore__ inline void Init(GM_ADDR x, uint32_t n) {
    xGm.SetGlobalBuffer((__gm__ T *)x, n);
    pipe.InitBuffer(q, 2, 4096);
    len = T::missingMember(n);
  }
  __aicore__ inline void Process() {
    LocalTensor<T> t = q.template AllocTensor<T>();
    DataCopy(t, xGm, len);
    q.EnQue(t);
    LocalTensor<T> u = q.template DeQue<T>();
    q.FreeTensor(u);
  }
private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> q;
  GlobalTensor<T> xGm;
  uint32_t len;
};
extern "C" __global__ __aicore__ void worker(GM_ADDR x, uint32_t n) {
  Worker<half> w;
  w.Init(x, n);
  w.Process();
}
)";

TEST_CASE("a template instantiation that does not compile names Clang's message and makes what it sets unknown",
          "[cli]") {
  std::string f = writeKernel("instantiation", kFailedInstantiation);
  ToolRun r = runTool("--show-unknown " + f);
  CHECK(r.out.find("::Init' does not compile for its template arguments (") != std::string::npos);
  CHECK(r.out.find("cannot be used prior to '::'") != std::string::npos); // Clang's message
  CHECK(r.out.find("definition is not available") == std::string::npos);
  // the length Init would have set is unknown, not a free input with a counterexample
  CHECK(r.out.find("counterexample: w.len") == std::string::npos);
  CHECK(r.out.find("'len' set by 'Worker<") != std::string::npos);
  std::remove(f.c_str());
}

// Bundled constexpr helpers carry bodies the interpreter runs: AscendC's own
// DivCeil/AlignUp and the ops-base helpers of api/include/op_kernel/.
static const char *kHelpers = R"(
extern "C" __global__ __aicore__ void helpers(GM_ADDR x, uint32_t n) {
  ASCENDC_ASSUME(n >= 1 && n <= 4096);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  uint32_t blocks = DivCeil(n, 16u);
  uint32_t len = AlignUp(blocks * 16, 32u) / 2;
  pipe.InitBuffer(b, len * sizeof(half));
  LocalTensor<half> t = b.Get<half>();
  GlobalTensor<half> g;
  g.SetGlobalBuffer((__gm__ half *)x, 4096);
  DataCopy(t, g, len);
}
)";

TEST_CASE("bundled arithmetic helpers are run, so kernels using them are verified", "[cli]") {
  std::string f = writeKernel("helpers", kHelpers);
  ToolRun r = runTool("--fail-on-unknown " + f);
  CHECK(r.exitCode == 0);
  CHECK(r.err.find(": verified") != std::string::npos);
  ToolRun s = runTool("--fail-on-unknown --target=ascend910b --target=ascend950 " + kSamples +
                      "/followed/ops_base_helpers_good.cpp");
  CHECK(s.exitCode == 0);
  CHECK(s.err.find("pad_row (ascend910b): 5 obligations, 5 proved") != std::string::npos);
  std::remove(f.c_str());
}

// Parameter structs built by their constructors, and their anonymous unions
// (srcGap/srcStride share storage): every stride is followed.
static const char *kParamCtors = R"(
extern "C" __global__ __aicore__ void param_ctors(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 4096);
  yGm.SetGlobalBuffer((__gm__ float *)y, 4096);
  pipe.InitBuffer(buf, 4096 * sizeof(float));
  LocalTensor<float> t = buf.Get<float>();
  DataCopyParams q;
  q.blockCount = 2;
  q.blockLen = 1;
  q.srcGap = 5;
  q.dstStride = 0;
  DataCopy(t, xGm, q);
  DataCopyParams p{4, 2, 1, 3};
  DataCopy(yGm, t, p);
  DataCopyExtParams e(2, 64, 0, 32, 0);
  DataCopyPad(yGm, t, e);
}
)";

TEST_CASE("DataCopyParams built by constructors and through union members keep their strides", "[cli]") {
  std::string f = writeKernel("param_ctors", kParamCtors);
  ToolRun j = runTool("--dump-model --format=json " + f);
  auto d = nlohmann::json::parse(j.out);
  REQUIRE(d["models"].size() == 1);
  std::vector<std::pair<std::string, std::string>> lens; // (src, dst) per copy
  for (const auto &op : d["models"][0]["ops"]) {
    if (op["kind"] != "DataCopy")
      continue;
    std::string src, dst;
    for (const auto &r : op["regions"])
      (r["role"] == "src" ? src : dst) = r["lengthBytes"].get<std::string>();
    lens.push_back({src, dst});
  }
  REQUIRE(lens.size() == 3);
  CHECK(lens[0] == std::make_pair(std::string("224"), std::string("64")));  // (1*(1+5)+1)*32, 2 blocks
  CHECK(lens[1] == std::make_pair(std::string("352"), std::string("544"))); // (3*(2+1)+2)*32, (3*(2+3)+2)*32
  CHECK(lens[2] == std::make_pair(std::string("128"), std::string("160"))); // 64+64, (64+32)+64
  std::remove(f.c_str());
}

// A tiling sub-struct chosen by a condition (`auto t = last ? tiling.tail :
// tiling.main`, ops-math pad kernels): its members are the two structs'
// members merged, not "cannot follow".
static std::string chosenStructKernel(uint32_t cap) {
  return std::string(R"(
struct EdgeTiling { uint32_t count; uint32_t unused; };
struct ChosenTiling { EdgeTiling mainTiling; EdgeTiling tailTiling; uint32_t blocks; };
extern "C" __global__ __aicore__ void chosen(GM_ADDR x, GM_ADDR tiling) {
  ChosenTiling td = *(__gm__ ChosenTiling *)tiling;
  bool last = GetBlockIdx() == td.blocks - 1;
  auto edge = last ? td.tailTiling : td.mainTiling;
  uint32_t n = edge.count < )") +
         std::to_string(cap) + R"( ? edge.count : )" + std::to_string(cap) + R"(;
  n = n / 16 * 16;
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, 4096);
  pipe.InitBuffer(buf, 1024 * sizeof(half));
  LocalTensor<half> t = buf.Get<half>();
  DataCopy(t, xGm, n);
}
)";
}

TEST_CASE("a struct chosen by a condition keeps its members", "[cli]") {
  nlohmann::json good = lintJson("--target=ascend910b " + writeKernel("chosen_good", chosenStructKernel(1024)));
  INFO(good.dump(1));
  CHECK(good["summary"]["unknown"] == 0);
  CHECK(good["summary"]["obligations"].get<int>() > 0);
  nlohmann::json bad = lintJson("--target=ascend910b " + writeKernel("chosen_bad", chosenStructKernel(2048)));
  INFO(bad.dump(1));
  bool boundsLocal = false;
  for (auto &d : bad["diagnostics"])
    boundsLocal |= d["check"] == "bounds-local";
  CHECK(boundsLocal);
}

// The canonical tile loop with a shorter last tile (ops-math acos_v2's shape):
// the same iteration's copy covers the computation's read, the tail stays
// within the tile (the loop's last-iteration lemma, smt/Solver.cpp
// productLemmas) and the parameter stores are asked within the loop's bounds
// only (not also for the loop's dry run, where the counter is unbounded).
TEST_CASE("a tile loop with a shorter last tile is verified", "[cli]") {
  nlohmann::json good = lintJson(kSamples + "/uninit-read/tail_tile_loop_good.cpp");
  INFO(good.dump(1));
  CHECK(good["summary"]["unknown"] == 0);
  CHECK(good["summary"]["obligations"].get<int>() >= 20);
  CHECK(good["summary"]["proved"] == good["summary"]["obligations"]);
  int paramStores = 0;
  for (auto &d : good["diagnostics"])
    paramStores += d["check"] == "param-range";
  CHECK(paramStores == 0);
  nlohmann::json bad = lintJson(kSamples + "/bounds-global/tail_tile_loop_bad.cpp");
  bool boundsGlobal = false;
  for (auto &d : bad["diagnostics"])
    boundsGlobal |= d["check"] == "bounds-global" && d["severity"] == "warning";
  CHECK(boundsGlobal);
}

// Full tiles in a loop whose condition is `i + 1 < tileNum`, then the last
// tile: the counter is an induction variable below tileNum - 1 (in
// integers: no iteration for tileNum <= 1), so every copy is proved inside
// the tensor; `i + 1 <= tileNum + 1` copies one tile too many. A counter that
// does not start at a constant is not read that way.
static std::string offsetLoopKernel(const char *cond, const char *start) {
  return std::string(R"(
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif
extern "C" __global__ __aicore__ void offset_cond(GM_ADDR y, uint32_t tileNum, uint32_t from) {
  ASCENDC_ASSUME(tileNum >= 1 && tileNum <= 65536 && from <= 4);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> yGm;
  yGm.SetGlobalBuffer((__gm__ float *)y, tileNum * 64);
  pipe.InitBuffer(buf, 256);
  LocalTensor<float> t = buf.Get<float>();
  Duplicate(t, 0.0f, 64);
  PipeBarrier<PIPE_ALL>();
  for (uint32_t i = )") +
         start + "; " + cond + R"(; i++) {
    DataCopy(yGm[i * 64], t, 64);
    PipeBarrier<PIPE_ALL>();
  }
  DataCopy(yGm[(tileNum - 1) * 64], t, 64);
}
)";
}

TEST_CASE("a loop condition on the counter plus a constant bounds the counter", "[cli]") {
  auto boundsGlobal = [](const nlohmann::json &j, const char *severity) {
    int n = 0;
    for (auto &d : j["diagnostics"])
      n += d["check"] == "bounds-global" && d["severity"] == severity;
    return n;
  };
  nlohmann::json good = lintJson(writeKernel("offset_good", offsetLoopKernel("i + 1 < tileNum", "0")));
  INFO(good.dump(1));
  CHECK(good["summary"]["unknown"] == 0);
  CHECK(good["summary"]["proved"] == good["summary"]["obligations"]);
  nlohmann::json bad = lintJson(writeKernel("offset_bad", offsetLoopKernel("i + 1 <= tileNum + 1", "0")));
  CHECK(boundsGlobal(bad, "error") == 1); // the last iteration copies past the end for every tileNum
  // From a value that is not a constant: not an induction, so unknown.
  nlohmann::json from = lintJson(writeKernel("offset_from", offsetLoopKernel("i + 1 < tileNum", "from")));
  CHECK(from["summary"]["unknown"].get<int>() > 0);
  CHECK(boundsGlobal(from, "warning") == 0);
}

// A UB array the compiler places (`__ubuf__ uint32_t dims[8]`), filled by a
// scalar loop up to a runtime count and read by SIMT threads: the loop's
// writes prove the reads covered where the launch condition makes the count
// large enough (the iteration that writes a byte is a witness Z3 checks),
// each 4-byte read is aligned as its type, and with a weaker condition the
// read is not proved (ops-math pad_v3_grad's inShapes / inStrides).
TEST_CASE("a loop's writes into a compiler-placed UB array cover only the reads it reaches", "[cli]") {
  const std::string sample = kSamples + "/uninit-read/ubuf_array_loop_good.cpp";
  nlohmann::json good = lintJson("--target=ascend950 " + sample);
  INFO(good.dump(1));
  REQUIRE(good["kernels"].size() == 1);
  CHECK(good["kernels"][0]["violated"] == 0);
  // the one unknown: where the compiler puts the array within UB (capacity)
  CHECK(good["kernels"][0]["unknown"] == 1);
  CHECK(good["kernels"][0]["proved"].get<int>() >= 14);
  for (auto &d : good["diagnostics"])
    CHECK(d["check"] != "uninit-read");

  std::ifstream in(sample);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string cond = "if (dimNum == 4)";
  REQUIRE(text.find(cond) != std::string::npos);
  text.replace(text.find(cond), cond.size(), "if (dimNum >= 3)");
  std::string weak = "/tmp/alint_unk_" + std::to_string(::getpid()) + "_ubuf_weak.cpp";
  std::ofstream(weak) << text;
  nlohmann::json bad = lintJson("--target=ascend950 --show-unknown " + weak);
  INFO(bad.dump(1));
  int uninitOpen = 0;
  for (auto &d : bad["diagnostics"])
    uninitOpen += d["check"] == "uninit-read" && d["status"] != "proved";
  CHECK(uninitOpen >= 1);
}

// A short array read at an index that is not a constant (a table per
// tensor of a list, ops-math mem_set_v2's `dtypesList[gmIndex]`): the
// element chosen by the index, so the copy lengths it gives are proved;
// past the last element the value is unknown, so a loop that may run past
// it leaves the copy open with that reason.
static std::string tensorListKernel(const char *guard) {
  return std::string(R"(
extern "C" __global__ __aicore__ void list_copy(GM_ADDR x, uint32_t count) {
  const uint32_t lens[4] = {64, 128, 256, 1024};
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024 * sizeof(float));
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
  LocalTensor<float> u = buf.Get<float>();
  for (uint32_t i = 0; i < count; ++i) {
    if ()") +
         guard + R"()
      DataCopy(u, xGm, lens[i]);
  }
}
)";
}

TEST_CASE("an array element at an index that is not a constant is the element the index chooses", "[cli]") {
  nlohmann::json good =
      lintJson("--target=ascend910b --show-unknown " + writeKernel("list_good", tensorListKernel("i < 4")));
  INFO(good.dump(1));
  CHECK(good["summary"]["unknown"] == 0);
  CHECK(good["summary"]["violated"] == 0);
  CHECK(good["summary"]["obligations"].get<int>() >= 3);
  nlohmann::json past =
      lintJson("--target=ascend910b --show-unknown " + writeKernel("list_past", tensorListKernel("i < 5")));
  INFO(past.dump(1));
  bool pastReason = false;
  for (auto &d : past["diagnostics"])
    pastReason |= d["message"].get<std::string>().find("past the 4 elements of its array") != std::string::npos;
  CHECK(pastReason);
}

// A write the model gives no length (a call that is not modelled) in a loop
// before a read: the read stays unknown, and looking for a covering
// iteration does not crash (ops-math stateless_random_normal_v2 did).
static const char *kUnmodelledWriteInLoop = R"(
extern "C" __global__ __aicore__ void unmodelled_loop(GM_ADDR y, uint32_t n) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> yGm;
  yGm.SetGlobalBuffer((__gm__ half *)y, 1024);
  pipe.InitBuffer(buf, 1024 * sizeof(half));
  LocalTensor<half> t = buf.Get<half>();
  for (uint32_t i = 0; i < n; ++i) {
    TBuffAddr a;
    t[i * 16].SetAddr(a);
  }
  PipeBarrier<PIPE_ALL>();
  DataCopy(yGm, t, 1024);
}
)";

TEST_CASE("a write of unknown length in a loop before a read leaves the read unknown", "[cli]") {
  std::string f = writeKernel("unmodelled_loop", kUnmodelledWriteInLoop);
  ToolRun r = runTool("--format=json --show-unknown --target=ascend910b " + f);
  INFO(r.out << r.err);
  CHECK(r.err.find("crashed") == std::string::npos);
  REQUIRE(!r.out.empty());
  nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["failures"].empty());
  CHECK(j["summary"]["violated"] == 0);
}

// The integer min / max the compiler provides on Ascend 950 (called
// unqualified from kernel_operator.h alone, ops-math arch35 tile_with_axis)
// are exact: a tile length min(tile, total - start) keeps the copy in its
// buffer, and a tile larger than the buffer is a counterexample.
static std::string minTileKernel(const char *tileCap) {
  return std::string(R"(
extern "C" __global__ __aicore__ void min_tile(GM_ADDR x, int64_t total, int64_t tile) {
  if (tile <= 0 || tile > )") +
         tileCap + R"( || total <= 0 || total > 1048576)
    return;
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024 * sizeof(float));
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, total);
  LocalTensor<float> u = buf.Get<float>();
  for (int64_t start = 0; start < total; start += 1024) {
    int64_t len = min(tile, total - start);
    DataCopyPad(u, xGm[start], DataCopyExtParams{1, static_cast<uint32_t>(len * 4), 0, 0, 0},
                DataCopyPadExtParams<float>{false, 0, 0, 0});
  }
}
)";
}

// The tile-length kernel on `target`: a tile of 1024 floats is proved in its
// buffer, 1025 is a bounds-local finding. Returns the good kernel's report.
static nlohmann::json checkMinTile(const std::string &target, const std::string &tag) {
  nlohmann::json good =
      lintJson("--target=" + target + " --show-unknown " + writeKernel("min_good" + tag, minTileKernel("1024")));
  INFO(good.dump(1));
  CHECK(good["summary"]["unknown"] == 0);
  CHECK(good["summary"]["violated"] == 0);
  CHECK(good["summary"]["counterexample"] == 0);
  nlohmann::json big =
      lintJson("--target=" + target + " --show-unknown " + writeKernel("min_big" + tag, minTileKernel("1025")));
  INFO(big.dump(1));
  bool bounds = false;
  for (auto &d : big["diagnostics"])
    bounds |= d["check"] == "bounds-local" && d["severity"] != "note";
  CHECK(bounds);
  return good;
}

TEST_CASE("integer min on ascend950 is exact", "[cli]") { checkMinTile("ascend950", ""); }

// Before Ascend 950 the CCE compiler provides `int64_t min(int64_t, int64_t)`
// (and max) to AI Core code (api/include/ascendc_lint/cce_scalar_minmax.h;
// ops-math not_equal_v2 on ascend910b): the same kernel compiles on 910B and
// its tile length is exact there too.
TEST_CASE("integer min on ascend910b is the CCE scalar intrinsic, exact", "[cli]") {
  nlohmann::json good = checkMinTile("ascend910b", "_910b");
  CHECK(good["failures"].empty());
  CHECK(good["summary"]["obligations"].get<int>() >= 1);
}

// ReduceSum(dst, src, work, count) on Atlas A2/A3: the sum goes to dst[0] and
// the work buffer is not used (ReduceSum.md, 关键特性说明, 方式一): a one-element
// dst and a work buffer of any size are in bounds; on other chips the extents
// stay unknown.
static std::string reduceSumKernel(const char *dstBytes) {
  return std::string(R"(
extern "C" __global__ __aicore__ void reduce_sum(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> src, dst, work;
  pipe.InitBuffer(src, 256 * sizeof(float));
  pipe.InitBuffer(dst, )") +
         dstBytes + R"();
  pipe.InitBuffer(work, 32);
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 256);
  LocalTensor<float> s = src.Get<float>();
  LocalTensor<float> d = dst.Get<float>();
  LocalTensor<float> w = work.Get<float>();
  DataCopy(s, xGm, 256);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  ReduceSum<float>(d, s, w, 256);
}
)";
}

TEST_CASE("ReduceSum's count form on ascend910b writes dst[0] and leaves the work buffer alone", "[cli]") {
  nlohmann::json good =
      lintJson("--target=ascend910b --show-unknown " + writeKernel("reduce_sum_good", reduceSumKernel("4")));
  INFO(good.dump(1));
  CHECK(good["failures"].empty());
  CHECK(good["summary"]["unknown"] == 0);
  CHECK(good["summary"]["violated"] == 0);
  CHECK(good["summary"]["counterexample"] == 0);
  // A dst of no element: out of bounds.
  nlohmann::json bad =
      lintJson("--target=ascend910b --show-unknown " + writeKernel("reduce_sum_bad", reduceSumKernel("0")));
  bool dstOut = false;
  for (auto &d : bad["diagnostics"])
    dstOut |= d["check"] == "bounds-local" && d["severity"] == "error" &&
              d["message"].get<std::string>().find("ReduceSum dst") != std::string::npos;
  CHECK(dstOut);
  // Other chips: not modelled, unknown.
  nlohmann::json other =
      lintJson("--target=ascend310p --show-unknown " + writeKernel("reduce_sum_310p", reduceSumKernel("4")));
  CHECK(other["summary"]["unknown"].get<int>() >= 1);
}

// CountLeadingZero and a shift by its result are exact: the highest power of
// two at or below n - 1 (ops-math data_compare's FindNearestPower2) fits a
// 512-float buffer for n <= 1024, not for 1025.
static std::string power2Kernel(const char *nCap) {
  return std::string(R"(
extern "C" __global__ __aicore__ void power2(GM_ADDR x, uint64_t n) {
  if (n < 9 || n > )") +
         nCap + R"()
    return;
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 512 * sizeof(float));
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 4096);
  LocalTensor<float> u = buf.Get<float>();
  const uint64_t pow = 63 - ScalarCountLeadingZero(n - 1);
  const uint64_t p = static_cast<uint64_t>(1) << pow;
  DataCopy(u, xGm, static_cast<uint32_t>(p));
}
)";
}

TEST_CASE("CountLeadingZero and a shift by its result are exact", "[cli]") {
  nlohmann::json good = lintJson("--target=ascend910b --show-unknown " + writeKernel("p2_good", power2Kernel("1024")));
  INFO(good.dump(1));
  CHECK(good["summary"]["unknown"] == 0);
  CHECK(good["summary"]["violated"] == 0);
  CHECK(good["summary"]["counterexample"] == 0);
  CHECK(good["summary"]["obligations"].get<int>() >= 2);
  // n = 1025 gives 1024 floats: not proved (the chain's n - 1 == 0 branch
  // shifts by -1, an opaque value, so the failure is unknown, not silent)
  nlohmann::json big = lintJson("--target=ascend910b --show-unknown " + writeKernel("p2_big", power2Kernel("1025")));
  INFO(big.dump(1));
  bool bounds = false;
  for (auto &d : big["diagnostics"])
    bounds |= d["check"] == "bounds-local";
  CHECK(bounds);
  CHECK(big["summary"]["proved"].get<int>() < big["summary"]["obligations"].get<int>());
}

// A value each iteration derives from the one before (`len = len + 16`
// from 16) is not a choice among the values the dry run saw (16 and the
// constant 32): the loop's copies are not proved (it overflows after 63
// iterations).
static const char *kGrowingLength = R"(
extern "C" __global__ __aicore__ void growing(GM_ADDR x, uint32_t tiles) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024 * sizeof(half));
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, 1 << 20);
  LocalTensor<half> u = buf.Get<half>();
  uint32_t len = 16;
  for (uint32_t i = 0; i < tiles; ++i) {
    len = len + 16;
    DataCopy(u, xGm, len);
  }
}
)";

TEST_CASE("a value an iteration derives from the last one is not a choice of constants", "[cli]") {
  nlohmann::json r = lintJson("--target=ascend910b --show-unknown " + writeKernel("growing", kGrowingLength));
  INFO(r.dump(1));
  CHECK(r["summary"]["proved"].get<int>() < r["summary"]["obligations"].get<int>());
  bool boundsOpen = false;
  for (auto &d : r["diagnostics"])
    boundsOpen |= d["check"] == "bounds-local";
  CHECK(boundsOpen);
}

// The register API's post-update through a retyped reference to a void
// pointer parameter (`(__ubuf__ float *&)src`, ops-math arg_max_v2) moves
// that parameter: the loads after the first are checked at their own
// addresses (were all checked at the first, and proved).
static const char *kRetypedPostUpdate = R"(
constexpr uint32_t TILE = 1024;
constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);
__aicore__ inline void Scale(__ubuf__ void *dst, __ubuf__ void *src, uint16_t repeatTimes) {
  __VEC_SCOPE__
  {
    Reg::RegTensor<float> x, y;
    Reg::UnalignRegForLoad uin;
    Reg::UnalignRegForStore uout;
    Reg::MaskReg mask = Reg::CreateMask<float>();
    Reg::LoadUnAlignPre(uin, (__ubuf__ float *&)src);
    for (uint16_t i = 0; i < repeatTimes; ++i) {
      Reg::LoadUnAlign<float, Reg::PostLiteral::POST_MODE_UPDATE>(x, uin, (__ubuf__ float *&)src, VL);
      Reg::Muls(y, x, 2.0f, mask);
      Reg::StoreUnAlign<float, Reg::PostLiteral::POST_MODE_UPDATE>((__ubuf__ float *&)dst, y, uout, VL);
    }
    Reg::StoreUnAlignPost((__ubuf__ float *&)dst, uout, 0);
  }
}
extern "C" __global__ __aicore__ void scale_unaligned(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, outBuf;
  pipe.InitBuffer(inBuf, TILE * sizeof(float));
  pipe.InitBuffer(outBuf, TILE * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
  yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
  LocalTensor<float> in = inBuf.Get<float>();
  LocalTensor<float> out = outBuf.Get<float>();
  DataCopy(in, xGm, TILE);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  Scale((__ubuf__ float *)out[1].GetPhyAddr(), (__ubuf__ float *)in[1].GetPhyAddr(), (uint16_t)(TILE / VL + 3));
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, out, TILE);
}
)";

TEST_CASE("a post-update through a retyped pointer reference moves the pointer", "[cli]") {
  nlohmann::json r = lintJson("--target=ascend950 " + writeKernel("retyped_post", kRetypedPostUpdate));
  INFO(r.dump(1));
  bool overflow = false;
  for (auto &d : r["diagnostics"])
    overflow |= d["check"] == "bounds-local" && d["severity"] == "error" &&
                d["message"].get<std::string>().find("4096-byte buffer") != std::string::npos;
  CHECK(overflow);
}

TEST_CASE("a pointer moved in loops nested in another loop moves by their sum per outer iteration", "[cli]") {
  // Each row: three whole registers and a tail, all through one post-updated
  // UB pointer. Before, the row loop found the pointer "changed across
  // iterations" and every load's bounds were unknown.
  nlohmann::json good = lintJson("--show-unknown " + kSamples + "/followed/vf_nested_post_update_good.cpp");
  INFO(good.dump(1));
  unsigned loads = 0;
  for (auto &d : good["diagnostics"]) {
    CHECK_FALSE((d["check"] == "bounds-local" && d["status"] != "proved"));
    CHECK(d["message"].get<std::string>().find("changes across iterations") == std::string::npos);
  }
  for (auto &k : good["kernels"])
    loads += k["unknown"].get<unsigned>();
  CHECK(loads <= 2); // the two initialisation notes of the unaligned register forms, not bounds
  nlohmann::json bad = lintJson(kSamples + "/followed/vf_nested_post_update_bad.cpp");
  bool tail = false;
  for (auto &d : bad["diagnostics"])
    tail |= d["check"] == "bounds-local" && d["severity"] == "error" &&
            d["message"].get<std::string>().find("6400-byte buffer") != std::string::npos;
  CHECK(tail);
}

// A tiling struct's long array (64 elements: past the select-per-element
// form) read at the loop counter: each element is any value, one variable per
// index, so a length clamped from it is proved and an unclamped one is a
// counterexample naming the element. Before: "array element 't->lens[i]'".
static const char *kLongTilingArray = R"(
constexpr uint32_t TILE = 1024;
struct ListTiling {
  uint32_t count;
  uint32_t lens[64];
};
extern "C" __global__ __aicore__ void list_copy(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  const ListTiling *t = (__gm__ ListTiling *)tiling;
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, TILE * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, TILE * 64);
  yGm.SetGlobalBuffer((__gm__ float *)y, TILE * 64);
  LocalTensor<float> b = buf.Get<float>();
  for (uint32_t i = 0; i < 64; ++i) {
    uint32_t len = LEN;
    len = len / 8 * 8;
    DataCopy(b, xGm[i * TILE], len);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(yGm[i * TILE], b, len);
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
  }
}
)";

TEST_CASE("a long tiling array read at a computed index is any value per element", "[cli]") {
  auto withLen = [](const std::string &len) {
    std::string k = kLongTilingArray;
    k.replace(k.find("LEN"), 3, len);
    return k;
  };
  nlohmann::json good =
      lintJson("--show-unknown " + writeKernel("long_array_good", withLen("t->lens[i] < TILE ? t->lens[i] : TILE")));
  INFO(good.dump(1));
  CHECK(good["kernels"][0]["unknown"] == 0);
  CHECK(good["kernels"][0]["counterexample"] == 0);
  CHECK(good["kernels"][0]["violated"] == 0);
  nlohmann::json bad = lintJson("--show-unknown " + writeKernel("long_array_bad", withLen("t->lens[i]")));
  INFO(bad.dump(1));
  bool named = false;
  for (auto &d : bad["diagnostics"])
    if (d["check"] == "bounds-local" && d["severity"] == "warning")
      for (auto &[k, v] : d["counterexample"].items())
        named |= k.find("lens[i]") != std::string::npos;
  CHECK(named);
  CHECK(bad["kernels"][0]["violated"] == 0); // any element value: a counterexample, not a certain error
}

// Init returns early on idle cores before it sets a member; Process returns
// on the same condition before it uses it. On Process's path the member is
// what Init set, not "where an earlier return was taken" (ops-math
// mem_set_v2: 178 obligations unknown for its `validNum_`).
static const char *kGuardedMember = R"(
constexpr uint32_t TILE = 1024;
struct CopyTiling {
  uint32_t usedCores;
  uint32_t len;
};
class KernelCopy {
public:
  __aicore__ inline void Init(GM_ADDR x, const CopyTiling &t) {
    if (GetBlockIdx() >= t.usedCores) {
      return;
    }
    tiles_ = t.len < 16 ? t.len : 16;
    xGm.SetGlobalBuffer((__gm__ float *)x, 16 * TILE);
    pipe.InitBuffer(buf, TILE * sizeof(float));
  }
  __aicore__ inline void Process(const CopyTiling &t) {
    if (GetBlockIdx() >= t.usedCores) {
      return;
    }
    // The last of four stages takes the member: a per-iteration choice,
    // which needs a value of inputs only (the opaque "where an earlier return
    // was taken" stopped it).
    uint32_t n = 0;
    for (uint32_t i = 0; i < 4; ++i) {
      if (i == 3)
        n = tiles_;
    }
    LocalTensor<float> b = buf.Get<float>();
    DataCopy(b, xGm[(n > 0 ? n - 1 : 0) * TILE], TILE);
  }
private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm;
  uint32_t tiles_;
};
extern "C" __global__ __aicore__ void guarded_copy(GM_ADDR x, GM_ADDR tiling) {
  KernelCopy op;
  const CopyTiling &t = *(__gm__ CopyTiling *)tiling;
  op.Init(x, t);
  op.Process(t);
}
)";

TEST_CASE("a member set after an early return is that value on a path with the same guard", "[cli]") {
  nlohmann::json r = lintJson("--show-unknown " + writeKernel("guarded_member", kGuardedMember));
  INFO(r.dump(1));
  for (auto &d : r["diagnostics"])
    CHECK(d["message"].get<std::string>().find("earlier return") == std::string::npos);
  CHECK(r["kernels"][0]["unknown"] == 0);
  CHECK(r["kernels"][0]["counterexample"] == 0);
}

// A call the interpreter does not run (no definition here) may write its
// object: a struct member it would fill is unknown afterwards, not the zero
// of its initialiser (a dropped `SetDMAParams()` gave a correct ops-math
// broadcast_to kernel "NDDMA loopSize is 0" errors).
static const char *kMemberSetElsewhere = R"(
class KernelBroadcast {
public:
  __aicore__ inline void Init(GM_ADDR x, TPipe *p) {
    xGm.SetGlobalBuffer((__gm__ float *)x, 1 << 20);
    p->InitBuffer(que, 1, 65536);
  }
  __aicore__ void SetLoops(); // defined in another translation unit
  __aicore__ inline void Process() {
    LocalTensor<float> t = que.AllocTensor<float>();
    SetLoops();
    DataCopy<float, 2, kDefaultMultiCopyConfig>(t, xGm, params);
    que.FreeTensor(t);
  }
private:
  TQue<TPosition::VECIN, 1> que;
  GlobalTensor<float> xGm;
  MultiCopyParams<float, 2> params;
};
extern "C" __global__ __aicore__ void brc(GM_ADDR x) {
  TPipe pipe;
  KernelBroadcast op;
  op.Init(x, &pipe);
  op.Process();
}
)";

TEST_CASE("a member call that is not run leaves its object unknown", "[cli]") {
  nlohmann::json r =
      lintJson("--target=ascend950 --show-unknown " + writeKernel("member_elsewhere", kMemberSetElsewhere));
  INFO(r.dump(1));
  CHECK(r["summary"]["violated"] == 0);
  CHECK(r["summary"]["unknown"].get<int>() > 0);
}

// A GM offset shifted by a computed amount: whether `row << shift` wraps in
// 32 bits is not modelled. The offset is still asked of param-range, as an
// unknown with the reason, never skipped in silence.
TEST_CASE("a GM offset computed by a shift of a computed amount is an unknown wrap question", "[cli]") {
  std::string f = writeKernel("shift_offset", R"(
extern "C" __global__ __aicore__ void shift_rows(GM_ADDR x, uint32_t rows, uint32_t shift) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q;
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 1 << 20);
  pipe.InitBuffer(q, 1, 256 * sizeof(float));
  if (rows > 16 || shift > 8)
    return;
  for (uint32_t r = 0; r < rows; ++r) {
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopy(t, xGm[r << shift], 256);
    q.FreeTensor(t);
  }
}
)");
  nlohmann::json j = lintJson("--target=ascend910b --show-unknown " + f);
  INFO(j.dump(1));
  bool asked = false;
  for (auto &d : j["diagnostics"])
    asked |= d["check"] == "param-range" && d["status"] == "unknown" &&
             d["message"].get<std::string>().find("not modelled") != std::string::npos;
  CHECK(asked);
}

// A value set before an early return and changed after it keeps the first
// value on the paths that returned: `len = 100000; if (a > 10) return;
// len = 64;` leaves 100000 when a > 10. The state after the call is the
// choice of the two, not the last write (which proved a copy of `len`
// elements into a 1024-float buffer in bounds). The same for a `continue`.
TEST_CASE("a write after an early return or continue keeps the earlier value on the paths that left", "[cli]") {
  std::string ret = writeKernel("early_return_state", R"(
class KernelLen {
public:
  __aicore__ inline void SetLen(uint32_t a) {
    len = 100000;
    if (a > 10)
      return;
    len = 64;
  }
  __aicore__ inline void Run(GM_ADDR x, uint32_t a) {
    pipe.InitBuffer(buf, 1024 * sizeof(float));
    xGm.SetGlobalBuffer((__gm__ float *)x, 1 << 20);
    SetLen(a);
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, len);
  }
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm;
  uint32_t len;
};
extern "C" __global__ __aicore__ void early_return_state(GM_ADDR x, uint32_t a) {
  KernelLen k;
  k.Run(x, a);
}
)");
  nlohmann::json j = lintJson("--target=ascend910b " + ret);
  INFO(j.dump(1));
  bool caught = false;
  for (auto &d : j["diagnostics"])
    caught |= d["check"] == "bounds-local" && d["message"].get<std::string>().find("400000") != std::string::npos;
  CHECK(caught);

  std::string cont = writeKernel("continue_state", R"(
extern "C" __global__ __aicore__ void continue_state(GM_ADDR x, uint32_t n) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm;
  pipe.InitBuffer(buf, 1024 * sizeof(float));
  xGm.SetGlobalBuffer((__gm__ float *)x, 1 << 20);
  uint32_t len = 64;
  for (uint32_t i = 0; i < 4; ++i) {
    len = 100000;
    if (i == n)
      continue;
    len = 64;
  }
  LocalTensor<float> t = buf.Get<float>();
  DataCopy(t, xGm, len);
}
)");
  nlohmann::json k = lintJson("--target=ascend910b " + cont);
  INFO(k.dump(1));
  CHECK(k["summary"]["proved"].get<int>() < k["summary"]["obligations"].get<int>());
}

// A member array a loop fills at its counter (`lens[i] = ...` for each list
// entry in Init) and another loop reads at its own (`lens[g]` in Process):
// element g is what iteration g wrote. The good kernel clamps each length
// to the buffer and is proved; its twin copies the host's length unclamped
// and draws a counterexample naming the list entry (the element the host
// never clamps), not an unknown.
static const char *kLoopFilledArray = R"(
constexpr uint32_t MAX_GM = 16;
struct ListTiling {
  uint32_t gmNum;
  uint32_t sizeList[MAX_GM];
};
class KernelList {
public:
  __aicore__ inline void Init(GM_ADDR x, const ListTiling &t) {
    if (t.gmNum > MAX_GM)
      return;
    num = t.gmNum;
    for (uint32_t i = 0; i < num; i++) {
      uint32_t len = t.sizeList[i];
      if (len == 0) {
        lens[i] = 0;
        continue;
      }
      lens[i] = CLAMP;
    }
    pipe.InitBuffer(buf, 1024 * sizeof(float));
    xGm.SetGlobalBuffer((__gm__ float *)x, 1 << 20);
  }
  __aicore__ inline void Process() {
    for (uint32_t g = 0; g < num; g++) {
      LocalTensor<float> t = buf.Get<float>();
      if (lens[g] > 0)
        DataCopyPad(t, xGm[g * 1024], DataCopyExtParams{1, lens[g] * 4, 0, 0, 0},
                    DataCopyPadExtParams<float>{false, 0, 0, 0});
    }
  }
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm;
  uint32_t num = 0;
  uint32_t lens[MAX_GM];
};
extern "C" __global__ __aicore__ void list_copy(GM_ADDR x, GM_ADDR tiling) {
  ListTiling t = *reinterpret_cast<__gm__ ListTiling *>(tiling);
  KernelList k;
  k.Init(x, t);
  k.Process();
}
)";

TEST_CASE("an array a loop fills at its counter is read element by element after it", "[cli]") {
  std::string good = kLoopFilledArray, bad = kLoopFilledArray;
  good.replace(good.find("CLAMP"), 5, "len > 1024 ? 1024 : len");
  bad.replace(bad.find("CLAMP"), 5, "len");
  nlohmann::json g = lintJson("--target=ascend910b --show-unknown " + writeKernel("loop_filled_good", good));
  INFO(g.dump(1));
  CHECK(g["summary"]["obligations"].get<int>() > 0);
  CHECK(g["summary"]["proved"] == g["summary"]["obligations"]);
  nlohmann::json b = lintJson("--target=ascend910b " + writeKernel("loop_filled_bad", bad));
  INFO(b.dump(1));
  bool found = false;
  for (auto &d : b["diagnostics"])
    found |= d["check"] == "bounds-local" && d["severity"] == "warning";
  CHECK(found);
  CHECK(b["summary"]["violated"] == 0);
}

// The loop fills two arrays per element, one of them on a `continue` path,
// in a helper Init calls after its early return: each element's value is
// the write of one path, its old value (opaque after the loop's havoc) only
// on paths the return and the branches rule out. The reads, in a loop whose
// bound is one of the elements, used to be `unknown` for that old value
// (ops-math mem_set_v2's per-tensor buffer counts).
const std::string kLoopFilledAfterReturn = R"(
#include "kernel_operator.h"
using namespace AscendC;
constexpr uint32_t MAXN = 64;
struct TD { uint32_t n; uint64_t cores; uint32_t len[MAXN]; };
class K {
public:
  __aicore__ inline void Init(GM_ADDR y, const TD &t) {
    yGm.SetGlobalBuffer((__gm__ float *)y, 64 * 1024);
    pipe.InitBuffer(q, 1, 1024 * sizeof(float));
    n_ = t.n > MAXN ? MAXN : t.n;
    if (GetBlockIdx() > t.cores - 1)
      return;
    Fill(t);
  }
  __aicore__ inline void Fill(const TD &t) {
    for (uint32_t i = 0; i < n_; i++) {
      uint32_t c = t.len[i];
      if (c == 0) {
        SetZero(i);
        continue;
      }
      off_[i] = i * 1024;
      Calc(i, c);
    }
  }
  __aicore__ inline void SetZero(const uint32_t &k) { cnt_[k] = 0; off_[k] = 0; }
  __aicore__ inline void Calc(const uint32_t &k, const uint32_t &c) { cnt_[k] = CLAMP; }
  __aicore__ inline void Process(const TD &t) {
    if (GetBlockIdx() > t.cores - 1)
      return;
    for (uint32_t g = 0; g < n_; g++) {
      if (cnt_[g] == 0)
        continue;
      LocalTensor<float> x = q.AllocTensor<float>();
      Duplicate(x, 0.0f, cnt_[g]);
      q.EnQue(x);
      LocalTensor<float> z = q.DeQue<float>();
      uint32_t rows = cnt_[g] / 8;
      for (uint32_t r = 0; r < rows; r++)
        DataCopy(yGm[off_[g] + r * 8], z[r * 8], 8);
      q.FreeTensor(z);
    }
  }
private:
  TPipe pipe;
  TQue<QuePosition::VECOUT, 1> q;
  GlobalTensor<float> yGm;
  uint32_t n_;
  uint32_t cnt_[MAXN];
  uint32_t off_[MAXN];
};
extern "C" __global__ __aicore__ void filled_after_return(GM_ADDR y, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(TD, t, tiling);
  K op; op.Init(y, t); op.Process(t);
}
)";

TEST_CASE("an array a loop fills after an early return is read without its old value", "[cli]") {
  std::string good = kLoopFilledAfterReturn, bad = kLoopFilledAfterReturn;
  good.replace(good.find("CLAMP"), 5, "c > 1024 ? 1024 : c / 8 * 8");
  bad.replace(bad.find("CLAMP"), 5, "c > 1032 ? 1032 : c / 8 * 8");
  nlohmann::json g = lintJson("--target=ascend910b --show-unknown " + writeKernel("filled_after_return_good", good));
  INFO(g.dump(1));
  CHECK(g["summary"]["obligations"].get<int>() > 0);
  CHECK(g["summary"]["proved"] == g["summary"]["obligations"]);
  nlohmann::json b = lintJson("--target=ascend910b --show-unknown " + writeKernel("filled_after_return_bad", bad));
  INFO(b.dump(1));
  int local = 0, global = 0;
  for (auto &d : b["diagnostics"]) {
    local += d["check"] == "bounds-local" && d["severity"] == "warning";
    global += d["check"] == "bounds-global" && d["severity"] == "warning";
  }
  CHECK(local == 2); // the Duplicate and the copy-out of 1,032 elements
  CHECK(global == 1);
  CHECK(b["summary"]["unknown"] == 0);
}

// A loop that fills an array at its counter plus an invariant offset (the
// shape right-aligned into a fixed rank, ops-math broadcast_to): element j
// is what iteration j - offset wrote; the elements before the offset keep
// no known value (an unwritten element is never proved from).
const std::string kRightAligned = R"(
#include "kernel_operator.h"
using namespace AscendC;
constexpr uint32_t MAX_DIM = 5;
struct AlignTiling { uint32_t rank; uint32_t dims[5]; };
class KernelAligned {
public:
  __aicore__ inline void Init(GM_ADDR x, const AlignTiling *t) {
    if (t->rank < 1 || t->rank > MAX_DIM)
      return;
    for (uint32_t i = 0; i < t->rank; i++)
      shape[MAX_DIM - t->rank + i] = t->dims[i] > 1024 ? 1024 : t->dims[i] / 8 * 8;
    pipe.InitBuffer(q, 1, 4096);
    xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
    LocalTensor<float> l = q.AllocTensor<float>();
    DataCopy(l, xGm, shape[READ_AT]);
    q.EnQue(l);
  }
private:
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> q;
  GlobalTensor<float> xGm;
  uint32_t shape[MAX_DIM];
};
extern "C" __global__ __aicore__ void aligned(GM_ADDR x, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(AlignTiling, td, tiling);
  KernelAligned op;
  op.Init(x, &td);
}
)";

TEST_CASE("an array a loop fills at its counter plus an offset is read element by element", "[cli]") {
  // The last dimension: always written (rank >= 1), proved.
  std::string last = kRightAligned;
  last.replace(last.find("READ_AT"), 7, "MAX_DIM - 1");
  nlohmann::json j = lintJson("--target=ascend910b --show-unknown " + writeKernel("right_aligned_last", last));
  INFO(j.dump(1));
  CHECK(j["summary"]["obligations"].get<int>() > 0);
  CHECK(j["summary"]["proved"] == j["summary"]["obligations"]);
  // The first: written only when rank is 5; otherwise its value is unknown
  // (never a wrong one), so the copy is not proved.
  std::string first = kRightAligned;
  first.replace(first.find("READ_AT"), 7, "0");
  nlohmann::json k = lintJson("--target=ascend910b --show-unknown " + writeKernel("right_aligned_first", first));
  INFO(k.dump(1));
  CHECK(k["summary"]["proved"].get<int>() < k["summary"]["obligations"].get<int>());
  CHECK(k["summary"]["violated"] == 0);
}

// Values a loop reads with GetValue differ per iteration: a summary must not
// give every element the one value (it made a[0] == a[1] a fact, and the
// copy below dead code).
TEST_CASE("elements a loop filled from GetValue are not all one value", "[cli]") {
  const std::string code = R"(
#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void from_ub(GM_ADDR x, uint32_t n) {
  if (n < 2 || n > 4)
    return;
  TPipe pipe;
  TBuf<TPosition::VECCALC> idxBuf;
  TQue<QuePosition::VECIN, 1> q;
  pipe.InitBuffer(idxBuf, 64);
  pipe.InitBuffer(q, 1, 4096);
  LocalTensor<int32_t> idx = idxBuf.Get<int32_t>();
  GlobalTensor<int32_t> ig;
  ig.SetGlobalBuffer((__gm__ int32_t *)x, 16);
  DataCopy(idx, ig, 16); // any values
  SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
  int32_t a[4];
  for (uint32_t i = 0; i < n; i++)
    a[i] = idx.GetValue(i);
  GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float *)x, 4096);
  LocalTensor<float> l = q.AllocTensor<float>();
  if (a[0] != a[1])
    DataCopy(l, g, 2048); // 8 KB into a 4 KB slot
  q.EnQue(l);
}
)";
  nlohmann::json j = lintJson("--target=ascend910b --show-unknown " + writeKernel("getvalue_loop", code));
  INFO(j.dump(1));
  bool local = false;
  for (auto &d : j["diagnostics"])
    local = local || (d["check"] == "bounds-local" && d["status"] != "proved");
  CHECK(local);
  CHECK(j["summary"]["proved"].get<int>() < j["summary"]["obligations"].get<int>());
}

// What a loop that may stop early filled is not known element by element
// (iterations after the `break` never wrote theirs), and neither is an
// element past the loop's range: such reads are never proved.
TEST_CASE("elements a loop may not have written stay unknown", "[cli]") {
  std::string brk = kLoopFilledArray;
  brk.replace(brk.find("CLAMP"), 5, "len > 1024 ? 1024 : len");
  brk.replace(brk.find("        continue;"), 17, "        break;");
  nlohmann::json j = lintJson("--target=ascend910b --show-unknown " + writeKernel("loop_filled_break", brk));
  INFO(j.dump(1));
  CHECK(j["summary"]["unknown"].get<int>() > 0);
  CHECK(j["summary"]["violated"] == 0);

  std::string past = kLoopFilledArray;
  past.replace(past.find("CLAMP"), 5, "len > 1024 ? 1024 : len");
  past.replace(past.find("    for (uint32_t i = 0; i < num; i++) {"), 41, "    for (uint32_t i = 1; i < num; i++) {");
  nlohmann::json k = lintJson("--target=ascend910b --show-unknown " + writeKernel("loop_filled_past", past));
  INFO(k.dump(1));
  CHECK(k["summary"]["proved"].get<int>() < k["summary"]["obligations"].get<int>());
}

// Register loads read whole registers: where every byte was written first
// (the tile was copied in whole), uninit-read proves them; their footprints
// used to be "not modelled exactly" (unknown) whatever was written.
TEST_CASE("register loads of a tile copied in whole are proved initialised", "[cli]") {
  nlohmann::json j = lintJson("--target=ascend950 --show-unknown " + kSamples + "/followed/vf_unalign_good.cpp");
  INFO(j.dump(1));
  bool loadUnknown = false;
  for (auto &d : j["diagnostics"])
    loadUnknown |=
        d["check"] == "uninit-read" && d["message"].get<std::string>().find("Reg::LoadUnAlign") != std::string::npos;
  CHECK_FALSE(loadUnknown);
  CHECK(j["summary"]["violated"] == 0);
}

// A tile loop whose start has no closed form: `while (cur < end) { len =
// min(tile, end - cur); ...; cur += len; }`: the start is an opaque value
// per iteration.
static const char *kWhileTiles = R"(
constexpr int64_t CAP = 8192;
extern "C" __global__ __aicore__ void while_tiles(GM_ADDR x, GM_ADDR y, int64_t total, int64_t tile) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, total);
  yGm.SetGlobalBuffer((__gm__ float *)y, total);
  pipe.InitBuffer(inQ, 2, CAP * sizeof(float));
  pipe.InitBuffer(outQ, 2, CAP * sizeof(float));
  if (tile <= 0 || tile > CAP || total <= 0 || total > 1000000)
    return;
  int64_t per = (total + GetBlockNum() - 1) / GetBlockNum();
  int64_t start = per * GetBlockIdx();
  int64_t end = start + per < total ? start + per : total;
  int64_t cur = start;
  while (cur < end) {
    int64_t len = tile < end - cur ? tile : end - cur;
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopyPad(a, xGm[cur], DataCopyExtParams{1, uint32_t(len * 4), 0, 0, 0},
                DataCopyPadExtParams<float>{false, 0, 0, 0});
    inQ.EnQue(a);
    a = inQ.DeQue<float>();
    LocalTensor<float> b = outQ.AllocTensor<float>();
    Adds(b, a, 1.0f, int32_t(len));
    outQ.EnQue(b);
    inQ.FreeTensor(a);
    b = outQ.DeQue<float>();
    DataCopyPad(yGm[cur], b, DataCopyExtParams{1, uint32_t(len * 4), 0, 0, 0});
    outQ.FreeTensor(b);
    cur += len;
  }
}
)";

// Two iterations' copies from `yGm[cur]` share the symbol of the loop-changed
// start, not an address: no "same start" race warning, an unknown.
TEST_CASE("accesses across iterations from a loop-changed start are not a same-start race", "[cli]") {
  nlohmann::json j = lintJson("--target=ascend910b --show-unknown " + writeKernel("while_tiles", kWhileTiles));
  INFO(j.dump(1));
  bool warned = false;
  for (auto &d : j["diagnostics"])
    warned |= d["check"] == "sync-race" && (d["severity"] == "warning" || d["severity"] == "error");
  CHECK_FALSE(warned);
  CHECK(j["summary"]["violated"] == 0);
}

// A SIMT pointer chosen by a condition (`c ? ping : pong`) is followed into
// each buffer under its condition: proved when both hold the accesses, a
// bounds finding naming the one that does not (it was "not followed").
static const char *kSimtSelectedPointer = R"(
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"
using namespace AscendC;
constexpr uint32_t THREADS = 128;
constexpr uint32_t N = 512;
__simt_vf__ __aicore__ LAUNCH_BOUND(THREADS) inline void Halve(__ubuf__ float *a, __ubuf__ float *b,
                                                              __gm__ float *out, int32_t odd) {
  __ubuf__ float *src = (odd & 1) ? a : b;
  __ubuf__ float *dst = (odd & 1) ? b : a;
  for (uint32_t i = threadIdx.x; i < N; i += blockDim.x)
    dst[i] = src[i] * 0.5f;
  asc_syncthreads();
  for (uint32_t i = threadIdx.x; i < N; i += blockDim.x)
    out[i] = dst[i];
}
extern "C" __global__ __aicore__ void halve(GM_ADDR x, GM_ADDR y, int32_t odd) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> ta, tb;
  pipe.InitBuffer(ta, N * sizeof(float));
  pipe.InitBuffer(tb, B_ELEMS * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, N);
  yGm.SetGlobalBuffer((__gm__ float *)y, N);
  LocalTensor<float> la = ta.Get<float>(), lb = tb.Get<float>();
  DataCopy(la, xGm, N);
  DataCopy(lb, xGm, B_ELEMS);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  asc_vf_call<Halve>(dim3(THREADS), (__ubuf__ float *)la.GetPhyAddr(), (__ubuf__ float *)lb.GetPhyAddr(),
                     (__gm__ float *)yGm.GetPhyAddr(), odd);
}
)";

TEST_CASE("a SIMT pointer chosen by a condition is followed into each buffer", "[cli]") {
  std::string good = kSimtSelectedPointer;
  for (size_t at; (at = good.find("B_ELEMS")) != std::string::npos;)
    good.replace(at, 7, "N");
  nlohmann::json j = lintJson("--target=ascend950 --show-unknown " + writeKernel("simt_selected_good", good));
  INFO(j.dump(1));
  CHECK(j["summary"]["unknown"] == 0);
  CHECK(j["summary"]["proved"] == j["summary"]["obligations"]);

  std::string bad = kSimtSelectedPointer;
  for (size_t at; (at = bad.find("B_ELEMS")) != std::string::npos;)
    bad.replace(at, 7, "(N / 2)");
  nlohmann::json k = lintJson("--target=ascend950 --show-unknown " + writeKernel("simt_selected_bad", bad));
  INFO(k.dump(1));
  bool tb = false;
  for (auto &d : k["diagnostics"])
    tb |= d["check"] == "bounds-local" && d["severity"] != "note" &&
          d["message"].get<std::string>().find("'tb'") != std::string::npos;
  CHECK(tb);
}

// A tile loop whose copy-out offset `i * TILE` is computed in int32_t /
// uint32_t and a tail copy at `tileNum - 1` after it. Above 2^32 elements
// the offsets wrap and two copies could meet: that is param-range's finding,
// at the computation; sync-race compares the offsets without the wrap
// (param-range requires it not to happen), so the race is proved absent
// instead of a second warning for the same wrap. With half a tile's stride
// the copies overlap for every input: still a race.
static const char *kWrappedTileOffsets = R"(
#include "kernel_operator.h"
using namespace AscendC;
constexpr uint32_t TILE = 4096;
class KernelScale {
public:
  __aicore__ inline KernelScale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t tileNum, uint32_t tailLength) {
    this->tileNum = tileNum;
    this->tailLength = tailLength;
    uint64_t total = static_cast<uint64_t>(tileNum - 1) * TILE + tailLength;
    xGm.SetGlobalBuffer((__gm__ float *)x, total);
    yGm.SetGlobalBuffer((__gm__ float *)y, total);
    pipe.InitBuffer(inQ, 2, TILE * sizeof(float));
    pipe.InitBuffer(outQ, 2, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (tileNum == 0 || tailLength == 0 || tailLength > TILE || tailLength % 8 != 0)
      return;
    int32_t loopCount = tileNum;
    len = TILE;
    for (int32_t i = 0; i < loopCount - 1; i++) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
    len = tailLength;
    CopyIn(loopCount - 1);
    Compute();
    CopyOut(loopCount - 1);
  }
private:
  __aicore__ inline void CopyIn(int32_t progress) {
    LocalTensor<float> x = inQ.AllocTensor<float>();
    DataCopy(x, xGm[static_cast<uint64_t>(progress) * TILE], len);
    inQ.EnQue(x);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> xi = inQ.DeQue<float>();
    LocalTensor<float> y = outQ.AllocTensor<float>();
    Muls(y, xi, 2.0f, len);
    outQ.EnQue(y);
    inQ.FreeTensor(xi);
  }
  __aicore__ inline void CopyOut(int32_t progress) {
    LocalTensor<float> yo = outQ.DeQue<float>();
    DataCopy(yGm[progress * STRIDE], yo, len);
    outQ.FreeTensor(yo);
  }
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<float> xGm, yGm;
  uint32_t tileNum = 0, tailLength = 0, len = 0;
};
extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y, uint32_t tileNum, uint32_t tailLength) {
  KernelScale op;
  op.Init(x, y, tileNum, tailLength);
  op.Process();
}
)";

TEST_CASE("a GM offset that may wrap is param-range's finding, not also a race", "[cli]") {
  auto findings = [](const nlohmann::json &j, const std::string &check) {
    int n = 0;
    for (auto &d : j["diagnostics"])
      n += d["check"] == check && d["severity"] != "note";
    return n;
  };
  std::string good = kWrappedTileOffsets;
  good.replace(good.find("STRIDE"), 6, "TILE");
  nlohmann::json j = lintJson("--target=ascend910b --show-unknown " + writeKernel("wrapped_tiles_good", good));
  INFO(j.dump(1));
  CHECK(findings(j, "param-range") >= 1); // `progress * TILE` in int32_t
  CHECK(findings(j, "sync-race") == 0);
  for (auto &d : j["diagnostics"])
    CHECK(d["check"] != "sync-race"); // proved: no note either

  std::string bad = kWrappedTileOffsets;
  bad.replace(bad.find("STRIDE"), 6, "(TILE / 2)");
  nlohmann::json k = lintJson("--target=ascend910b --show-unknown " + writeKernel("wrapped_tiles_bad", bad));
  INFO(k.dump(1));
  bool certain = false;
  for (auto &d : k["diagnostics"])
    certain |= d["check"] == "sync-race" && d["severity"] == "error";
  CHECK(certain);
}

// A null check on a pointer computed from a kernel argument (the user
// workspace): whether the host passed a null pointer is an input, so the
// early return is a path condition on it, not a value the frontend lost (a
// failure under it was `unknown`: ops-math stateless_random_normal_v2).
static const char *kUserWorkspaceNull = R"(
extern "C" __global__ __aicore__ void user_ws(GM_ADDR x, GM_ADDR workspace, uint32_t n) {
  if (workspace == nullptr) {
    return;
  }
  GM_ADDR userWS = GetUserWorkspace(workspace);
  if (userWS == nullptr) {
    return;
  }
  if (n > 8192) {
    return;
  }
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, 4096);
  pipe.InitBuffer(buf, 4096 * sizeof(half));
  LocalTensor<half> t = buf.Get<half>();
  DataCopy(t, xGm, n / 16 * 16);
}
)";

TEST_CASE("a null check on a pointer derived from a kernel argument is a path condition, not unknown", "[cli]") {
  std::string f = writeKernel("user_ws", kUserWorkspaceNull);
  nlohmann::json j = lintJson("--show-unknown --target=ascend950 " + f);
  REQUIRE(j["kernels"].size() == 1);
  const auto &k = j["kernels"][0];
  INFO(k.dump());
  CHECK(k["unknown"].get<unsigned>() == 0);
  // n up to 8192 halves into a 4096-half buffer: a counterexample, not unknown.
  bool found = false;
  for (const auto &d : j["diagnostics"])
    found |= d["check"] == "bounds-local" && d["status"] == "counterexample" && d["line"] == 21;
  CHECK(found);
  std::remove(f.c_str());
}
