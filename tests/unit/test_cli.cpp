// End-to-end behaviour of the command line: exit statuses, one-line errors,
// the other files still analysed, target listing and dumping.
#include "RunTool.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <sstream>

using namespace alint_test;

static const std::string kSamples = ALINT_SAMPLES_DIR;

TEST_CASE("a missing file is a one-line error, exit 3, and the other files are analysed", "[cli]") {
  ToolRun r = runTool("/nonexistent/kernel.cpp " + kSamples + "/capacity-overflow/three_64k_queues_bad.cpp");
  CHECK(r.exitCode == 3);
  CHECK(r.err.find("/nonexistent/kernel.cpp: no such file") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.out.find("[capacity-overflow]") != std::string::npos);
}

TEST_CASE("an unknown option is exit 2 with a one-line message", "[cli]") {
  ToolRun r = runTool("--no-such-option x.cpp");
  CHECK(r.exitCode == 2);
  CHECK(r.err.find("unknown option '--no-such-option'") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

TEST_CASE("an unknown target is exit 2", "[cli]") {
  ToolRun r = runTool("--target=ascend999 " + kSamples + "/add_canonical.cpp");
  CHECK(r.exitCode == 2);
  CHECK(r.err.find("unknown target 'ascend999'") != std::string::npos);
}

TEST_CASE("a broken target file is exit 2 naming the file and the key", "[cli]") {
  std::string path = "/tmp/alint_broken_target.json";
  {
    std::ofstream o(path);
    o << "{ \"name\": \"mychip\", \"memories\": 3 }";
  }
  ToolRun r = runTool("--target-file=" + path + " " + kSamples + "/add_canonical.cpp");
  CHECK(r.exitCode == 2);
  CHECK(r.err.find(path) != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  std::remove(path.c_str());
}

TEST_CASE("a user target file built from a dumped target lints like the built-in", "[cli]") {
  ToolRun d = runTool("--dump-target=ascend950");
  REQUIRE(d.exitCode == 0);
  auto j = nlohmann::json::parse(d.out);
  j["name"] = "mychip";
  std::string path = "/tmp/alint_mychip.json";
  {
    std::ofstream o(path);
    o << j.dump();
  }
  ToolRun r = runTool("--target-file=" + path + " --target=mychip --format=json " + kSamples +
                      "/capacity-overflow/ub_216k_bad.cpp");
  CHECK(r.exitCode == 0); // 216 KiB fits a 950-like chip
  ToolRun r2 = runTool("--target-file=" + path + " --target=mychip --target=ascend910b --quiet " + kSamples +
                       "/capacity-overflow/ub_216k_bad.cpp");
  CHECK(r2.exitCode == 1);
  CHECK(r2.out.find("ascend910b") != std::string::npos);
  CHECK(r2.out.find("mychip has") == std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("--list-targets names the five chips; --dump-target gives JSON in bytes", "[cli]") {
  ToolRun r = runTool("--list-targets");
  CHECK(r.exitCode == 0);
  for (const char *t : {"ascend910b", "ascend910_93", "ascend310b", "ascend310p", "ascend950"})
    CHECK(r.out.find(t) != std::string::npos);
  ToolRun d = runTool("--dump-target=ascend910b");
  CHECK(d.exitCode == 0);
  auto j = nlohmann::json::parse(d.out, nullptr, false);
  REQUIRE(!j.is_discarded());
  CHECK(j["name"] == "ascend910b");
  CHECK(runTool("--dump-target=nope").exitCode == 2);
}

TEST_CASE("--print-api-dir prints the bundled header folder", "[cli]") {
  ToolRun r = runTool("--print-api-dir");
  CHECK(r.exitCode == 0);
  std::string dir = r.out.substr(0, r.out.find('\n'));
  std::ifstream h(dir + "/kernel_operator.h");
  CHECK(h.good());
}

TEST_CASE("JSON output follows the documented schema", "[cli]") {
  ToolRun r = runTool("--format=json --target=ascend910b " + kSamples + "/capacity-overflow/ub_216k_bad.cpp");
  CHECK(r.exitCode == 1);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["version"] == 1);
  CHECK(j["tool"]["name"] == "ascendc-lint");
  REQUIRE(j["diagnostics"].size() == 1);
  auto &d = j["diagnostics"][0];
  for (const char *k : {"check", "severity", "status", "message", "file", "line", "column", "target", "counterexample",
                        "related", "fixits"})
    CHECK(d.contains(k));
  CHECK(d["check"] == "capacity-overflow");
  CHECK(d["severity"] == "error");
  CHECK(d["status"] == "violated");
  CHECK(d["related"].size() == 3);
  for (const char *k : {"files", "obligations", "proved", "violated", "counterexample", "unknown"})
    CHECK(j["summary"].contains(k));
}

TEST_CASE("a kernel including <cstdint> parses (Clang resource dir found)", "[cli]") {
  std::string path = "/tmp/alint_cstdint_kernel.cpp";
  {
    std::ofstream o(path);
    o << "#include <cstdint>\n#include <stddef.h>\n#include \"kernel_operator.h\"\n"
         "extern \"C\" __global__ __aicore__ void k(GM_ADDR x) { AscendC::TPipe pipe; "
         "AscendC::TBuf<AscendC::TPosition::VECCALC> b; pipe.InitBuffer(b, (size_t)1024); }\n";
  }
  ToolRun r = runTool(path);
  INFO(r.err);
  CHECK(r.exitCode == 0);
  std::remove(path.c_str());
}

TEST_CASE("a file that does not parse is exit 3 with file:line:col", "[cli]") {
  std::string path = "/tmp/alint_broken_kernel.cpp";
  {
    std::ofstream o(path);
    o << "#include \"kernel_operator.h\"\nextern \"C\" __global__ __aicore__ void k( {\n";
  }
  ToolRun r = runTool(path);
  CHECK(r.exitCode == 3);
  CHECK(r.err.find(path + ":2:") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("a tile length from tiling: counterexample without an assumption, proof with one", "[cli]") {
  std::string f = kSamples + "/align-copy-length/add_tiling_bad.cpp";
  ToolRun r = runTool("--format=json --target=ascend910b " + f);
  auto j = nlohmann::json::parse(r.out);
  bool sawAlign = false;
  for (auto &d : j["diagnostics"])
    if (d["check"] == "align-copy-length") {
      sawAlign = true;
      CHECK(d["status"] == "counterexample");
      CHECK(d["severity"] == "warning");
      REQUIRE(d["counterexample"].contains("tiling.tileLength"));
      // the printed value really breaks the rule: 2 * tileLength is not a multiple of 32
      CHECK(d["counterexample"]["tiling.tileLength"].get<int64_t>() * 2 % 32 != 0);
    }
  CHECK(sawAlign);
  ToolRun r2 = runTool("--format=json --target=ascend910b --assume='tileLength % 16 == 0 && tileLength <= 8192' " + f);
  auto j2 = nlohmann::json::parse(r2.out);
  for (auto &d : j2["diagnostics"]) {
    CHECK(d["check"] != "align-copy-length");
    CHECK(d["check"] != "capacity-overflow");
    CHECK(d["check"] != "bounds-local");
  }
  CHECK(r2.exitCode == 0);
}

TEST_CASE("a malformed --assume is exit 2", "[cli]") {
  ToolRun r = runTool("--assume='tileLength %% ' " + kSamples + "/add_canonical.cpp");
  CHECK(r.exitCode == 2);
  CHECK(r.err.find("cannot parse assumption") != std::string::npos);
}

TEST_CASE(".ascendc-lint.yaml is found upward; a bad key is exit 2 naming file, line and key", "[cli]") {
  std::string dir = "/tmp/alint_cfg_test";
  std::string sub = dir + "/sub";
  std::string cmd = "mkdir -p " + sub + " && cp " + kSamples + "/capacity-overflow/ub_216k_bad.cpp " + sub + "/k.cpp";
  REQUIRE(std::system(cmd.c_str()) == 0);
  {
    std::ofstream o(dir + "/.ascendc-lint.yaml");
    o << "Checks: '-*,capacity-*'\nTargets: [ascend950]\n";
  }
  ToolRun r = runTool("--format=json " + sub + "/k.cpp");
  CHECK(r.exitCode == 0); // 216 KiB fits ascend950, the configured target
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["kernels"].size() == 1);
  CHECK(j["kernels"][0]["target"] == "ascend950");
  ToolRun r2 = runTool("--target=ascend910b " + sub + "/k.cpp"); // the command line wins
  CHECK(r2.exitCode == 1);
  {
    std::ofstream o(sub + "/.ascendc-lint.yaml");
    o << "InheritParentConfig: true\nTargets:\n  - ascend910b\nChekcs: '*'\n";
  }
  ToolRun r3 = runTool(sub + "/k.cpp");
  CHECK(r3.exitCode == 2);
  CHECK(r3.err.find(sub + "/.ascendc-lint.yaml:4:1: unknown key 'Chekcs'") != std::string::npos);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("NOLINT comments silence findings; an unmatched NOLINTBEGIN is reported", "[cli]") {
  ToolRun r = runTool("--format=json " + kSamples + "/nolint/suppressed_good.cpp");
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["diagnostics"].empty());
  CHECK(r.exitCode == 0);
  // without the comments the same kernel has findings
  std::string path = "/tmp/alint_nolint_stripped.cpp";
  std::system(("sed 's|NOLINT|NOLNT|g' " + kSamples + "/nolint/suppressed_good.cpp > " + path).c_str());
  ToolRun r2 = runTool(path);
  CHECK(r2.exitCode == 1);
  std::remove(path.c_str());
}

TEST_CASE("bisheng flags pick the target; -p reads compile_commands.json", "[cli]") {
  std::string f = kSamples + "/capacity-overflow/ub_216k_bad.cpp";
  // dav-c310 is Ascend 950: 216 KiB of UB fits
  CHECK(runTool(f + " -- -xcce --cce-aicore-arch=dav-c310-vec -O2").exitCode == 0);
  CHECK(runTool(f + " -- -xcce --cce-aicore-arch=dav-c220-vec -O2").exitCode == 1);
  // an explicit --target wins over the flags
  CHECK(runTool("--target=ascend910b " + f + " -- --cce-aicore-arch=dav-c310-vec").exitCode == 1);
  std::string dir = "/tmp/alint_cdb_test";
  std::system(("mkdir -p " + dir).c_str());
  {
    std::ofstream o(dir + "/compile_commands.json");
    o << "[{\"directory\": \"" << kSamples << "\", \"command\": \"bisheng -xcce --cce-aicore-arch=dav-c220-vec -c "
      << "capacity-overflow/ub_216k_bad.cpp -o x.o\", \"file\": \"capacity-overflow/ub_216k_bad.cpp\"},"
      << "{\"directory\": \"" << kSamples << "\", \"command\": \"bisheng -xcce --npu-arch=dav-3510 -c "
      << "capacity-overflow/ub_184k_good.cpp\", \"file\": \"capacity-overflow/ub_184k_good.cpp\"}]";
  }
  ToolRun r = runTool("-p " + dir + " --format=json");
  CHECK(r.exitCode == 1);
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["kernels"].size() == 2);
  std::set<std::string> targets;
  for (auto &k : j["kernels"])
    targets.insert(k["target"].get<std::string>());
  CHECK(targets == std::set<std::string>{"ascend910b", "ascend950"});
  CHECK(runTool("-p /nonexistent-dir").exitCode == 2);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("--timeline writes a Chrome trace in which a double-buffered kernel overlaps MTE2 and V", "[cli]") {
  std::string path = "/tmp/alint_timeline_test.json";
  ToolRun r = runTool("--quiet --timeline=" + path + " " + kSamples + "/add_canonical.cpp");
  CHECK(r.exitCode == 0);
  CHECK(r.err.find("timeline of 'add_custom'") != std::string::npos);
  std::ifstream in(path);
  REQUIRE(in.good());
  auto j = nlohmann::json::parse(in);
  std::vector<std::pair<int64_t, int64_t>> mte2, v; // PIPE_MTE2 = 4, PIPE_V = 1
  for (auto &e : j["traceEvents"]) {
    if (e["ph"] != "X")
      continue;
    int tid = e["tid"];
    int64_t ts = e["ts"], dur = e["dur"];
    if (tid == 4)
      mte2.push_back({ts, ts + dur});
    if (tid == 1)
      v.push_back({ts, ts + dur});
  }
  REQUIRE(!mte2.empty());
  REQUIRE(!v.empty());
  bool overlap = false;
  for (auto &a : mte2)
    for (auto &b : v)
      overlap |= a.first < b.second && b.first < a.second;
  CHECK(overlap);
  std::remove(path.c_str());
}

TEST_CASE("every check has its documentation page, shown by --explain", "[cli]") {
  ToolRun list = runTool("--list-checks");
  REQUIRE(list.exitCode == 0);
  std::istringstream in(list.out);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    std::string id = line.substr(0, line.find(' '));
    ToolRun e = runTool("--explain=" + id);
    INFO(id);
    CHECK(e.exitCode == 0);
    CHECK(e.out.rfind("# " + id, 0) == 0);
    ++n;
  }
  CHECK(n >= 13);
  CHECK(runTool("--explain=no-such-check").exitCode == 2);
}

TEST_CASE("a template kernel launched with <<<...>>> is instantiated from the launch and analysed", "[cli]") {
  std::string path = "/tmp/alint_launch_kernel.asc";
  {
    std::ofstream o(path);
    // The UB buffer of 256 KiB does not fit on 910B: found only if the
    // launch instantiated the template. The host part uses acl types that
    // are not declared: errors there do not matter.
    o << "#include \"kernel_operator.h\"\n"
         "template <typename T, uint32_t N>\n"
         "__global__ __vector__ void k(GM_ADDR x) {\n"
         "  AscendC::TPipe pipe; AscendC::TBuf<AscendC::TPosition::VECCALC> b;\n"
         "  pipe.InitBuffer(b, N * sizeof(T));\n"
         "}\n"
         "int main() {\n"
         "  aclrtStream stream = nullptr; uint8_t *x = nullptr;\n"
         "  k<float, 65536>\n"
         "      <<<8, nullptr, stream>>>(x);\n"
         "}\n";
  }
  ToolRun r = runTool("--format=json --target=ascend910b " + path);
  INFO(r.err);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["failures"].empty());
  bool found = false;
  for (auto &d : j["diagnostics"])
    found |= d["check"] == "capacity-overflow" && d["line"] == 5;
  CHECK(found);
  std::remove(path.c_str());
}

TEST_CASE("a kernel template nothing instantiates is one unknown, not a failure", "[cli]") {
  std::string path = "/tmp/alint_template_kernel.cpp";
  {
    std::ofstream o(path);
    o << "#include \"kernel_operator.h\"\n"
         "template <uint64_t schMode>\n"
         "__global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling) {}\n";
  }
  ToolRun r = runTool("--format=json --show-unknown --target=ascend910b " + path);
  auto j = nlohmann::json::parse(r.out);
  CHECK(r.exitCode == 0);
  CHECK(j["failures"].empty());
  CHECK(j["summary"]["unknown"] == 1);
  bool named = false;
  for (auto &d : j["diagnostics"])
    named |= d["severity"] == "note" && d["message"].get<std::string>().find("schMode") != std::string::npos;
  CHECK(named);
  std::remove(path.c_str());
}
