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
  // one located diagnostic on stderr (the verdicts of the other file are there too)
  CHECK(r.err.find("/nonexistent/kernel.cpp:1:1: error: no such file\n") != std::string::npos);
  CHECK(r.err.find("error:") == r.err.rfind("error:"));
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
  CHECK(r3.err.find(sub + "/.ascendc-lint.yaml:4:1: error: unknown key 'Chekcs'") != std::string::npos);
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

TEST_CASE("-j lints files in worker processes: same output, in input order, as one at a time", "[cli]") {
  std::string files = kSamples + "/capacity-overflow/three_64k_queues_bad.cpp /nonexistent/kernel.cpp " + kSamples +
                      "/add_canonical.cpp " + kSamples + "/align-copy-length/add_tiling_bad.cpp " + kSamples +
                      "/sync-unpaired/unprimed_loop_bad.cpp";
  for (std::string format : {"text", "json", "sarif"}) {
    ToolRun one = runTool("--format=" + format + " " + files);
    ToolRun two = runTool("-j2 --format=" + format + " " + files);
    CHECK(two.exitCode == 3); // the missing file
    CHECK(two.exitCode == one.exitCode);
    CHECK(two.out == one.out);
    CHECK(two.err == one.err);
  }
  // -j alone: one worker per core; the file after it is a file
  CHECK(runTool("-j " + kSamples + "/add_canonical.cpp").exitCode == 0);
  CHECK(runTool("-jx " + kSamples + "/add_canonical.cpp").exitCode == 2);
}

TEST_CASE("--cache-dir replays a file's result while its source, headers and options are unchanged", "[cli]") {
  std::string dir = "/tmp/alint_cache_test_" + std::to_string(::getpid());
  std::system(("rm -rf " + dir + " && mkdir -p " + dir + "/src").c_str());
  std::string src = dir + "/src/kernel.cpp", hdr = dir + "/src/params.h";
  auto write = [](const std::string &path, const std::string &text) { std::ofstream(path) << text; };
  std::stringstream sample;
  sample << std::ifstream(kSamples + "/align-copy-length/add_tiling_bad.cpp").rdbuf();
  write(hdr, "constexpr int kParam = 1;\n");
  write(src, "#include \"params.h\"\n" + sample.str());
  std::string cached = "--cache-dir=" + dir + "/cache --stats --target=ascend910b --target=ascend950 ";
  auto hit = [](const ToolRun &r) { return r.err.find("result cache: 1 hits, 0 misses") != std::string::npos; };
  auto miss = [](const ToolRun &r) { return r.err.find("result cache: 0 hits, 1 misses") != std::string::npos; };

  ToolRun first = runTool(cached + src);
  CHECK(miss(first));
  CHECK(first.out.find("[align-copy-length]") != std::string::npos);
  ToolRun second = runTool(cached + src);
  CHECK(hit(second));
  CHECK(second.out == first.out);
  CHECK(second.exitCode == first.exitCode);
  // every output format is made from the stored result
  for (std::string format : {"json", "sarif"}) {
    ToolRun fresh = runTool("--format=" + format + " --target=ascend910b --target=ascend950 " + src);
    ToolRun replayed = runTool(cached + "--format=" + format + " " + src);
    CHECK(hit(replayed));
    CHECK(replayed.out == fresh.out);
  }
  // an option that changes the result is a miss
  CHECK(miss(runTool(cached + "--assume='tileLength % 16 == 0' " + src)));
  CHECK(miss(runTool(cached + "--checks=*,-sync-* " + src))); // "-sync-*" alone selects no check: an error
  // so is a changed header, and a changed source
  write(hdr, "constexpr int kParam = 2;\n");
  CHECK(miss(runTool(cached + src)));
  CHECK(hit(runTool(cached + src)));
  write(src, "#include \"params.h\"\n// edited\n" + sample.str());
  ToolRun edited = runTool(cached + src);
  CHECK(miss(edited));
  CHECK(edited.out != first.out); // the findings moved down a line
  // a header that was missing and now exists is a miss
  write(src, "#include \"params.h\"\n#include \"later.h\"\n" + sample.str());
  CHECK(miss(runTool(cached + src)));
  CHECK(hit(runTool(cached + src)));
  write(dir + "/src/later.h", "// now here\n");
  CHECK(miss(runTool(cached + src)));
  std::system(("rm -rf " + dir).c_str());
}
TEST_CASE("two targets: a porting report says which findings are on one chip only, and why", "[cli]") {
  std::string file = kSamples + "/capacity-overflow/ub_216k_bad.cpp";
  ToolRun t = runTool("--target=ascend910b --target=ascend950 " + file);
  CHECK(t.exitCode == 1);
  // on stderr with the verdicts: stdout holds the diagnostics only
  size_t head = t.err.find("porting report (ascend910b, ascend950): 1 finding on some chips only");
  REQUIRE(head != std::string::npos);
  CHECK(head > t.err.find("softmax_rows (ascend950):")); // after the verdicts
  CHECK(t.err.find("[capacity-overflow] only on ascend910b, not on ascend950: capacity: UB sizes differ") !=
        std::string::npos);

  ToolRun j = runTool("--format=json --target=ascend910b --target=ascend950 " + file);
  auto doc = nlohmann::json::parse(j.out);
  REQUIRE(doc.contains("porting"));
  CHECK(doc["porting"]["targets"] == nlohmann::json::array({"ascend910b", "ascend950"}));
  REQUIRE(doc["porting"]["findings"].size() == 1);
  auto &f = doc["porting"]["findings"][0];
  CHECK(f["check"] == "capacity-overflow");
  CHECK(f["severity"] == "error");
  CHECK(f["only_on"] == nlohmann::json::array({"ascend910b"}));
  CHECK(f["not_on"] == nlohmann::json::array({"ascend950"}));
  CHECK(f["line"] == 16);
  // the usable UB of both chips, from the target descriptions
  std::string reason = f["reason"];
  CHECK(reason.find("196352") != std::string::npos);
  CHECK(reason.find("253952") != std::string::npos);

  // NDDMA on 910B: path-illegal there, fine on 950.
  ToolRun n =
      runTool("--format=json --target=ascend910b --target=ascend950 " + kSamples + "/nddma/nddma_on_910b_bad.cpp");
  auto nd = nlohmann::json::parse(n.out);
  bool nddmaReason = false;
  for (auto &x : nd["porting"]["findings"])
    nddmaReason |=
        x["reason"].get<std::string>().find("NDDMA: the multi-dimensional DMA exists only on ascend950") == 0;
  CHECK(nddmaReason);

  // One chip: no report in text, an empty one in JSON.
  ToolRun one = runTool("--target=ascend910b " + file);
  CHECK(one.out.find("porting report") == std::string::npos);
  CHECK(one.err.find("porting report") == std::string::npos);
  ToolRun oneJ = runTool("--format=json --target=ascend910b " + file);
  CHECK(nlohmann::json::parse(oneJ.out)["porting"]["findings"].empty());
}

TEST_CASE("--simt-dcache and SimtDCache take the SIMT Data Cache out of the 950's UB", "[cli]") {
  std::string file = kSamples + "/capacity-overflow/ub_216k_bad.cpp";           // 216 KiB of buffers
  CHECK(runTool("--target=ascend950 " + file).exitCode == 0);                   // 248 KiB usable
  CHECK(runTool("--target=ascend950 --simt-dcache=32K " + file).exitCode == 0); // 216 KiB left
  ToolRun r = runTool("--target=ascend950 --simt-dcache=65536 " + file);        // 184 KiB left
  CHECK(r.exitCode == 1);
  CHECK(r.out.find("less the 65536 bytes (64 KiB) SIMT Data Cache") != std::string::npos);
  ToolRun low = runTool("--target=ascend950 --simt-dcache=16K " + file);
  CHECK(low.exitCode == 1);
  CHECK(low.out.find("needs at least 32768 bytes (32 KiB)") != std::string::npos);
  // No SIMT on 910B: the option changes nothing there.
  CHECK(runTool("--target=ascend910b --checks=-*,capacity-* --simt-dcache=64K " + file).out ==
        runTool("--target=ascend910b --checks=-*,capacity-* " + file).out);
  ToolRun bad = runTool("--simt-dcache=lots " + file);
  CHECK(bad.exitCode == 2);
  CHECK(bad.err.find("--simt-dcache: expected a size") != std::string::npos);

  std::string dir = "/tmp/alint_simt_cfg_test";
  REQUIRE(std::system(("mkdir -p " + dir + " && cp " + file + " " + dir + "/k.cpp").c_str()) == 0);
  {
    std::ofstream o(dir + "/.ascendc-lint.yaml");
    o << "Targets: [ascend950]\nSimtDCache: 64K\n";
  }
  CHECK(runTool(dir + "/k.cpp").exitCode == 1);
  CHECK(runTool("--simt-dcache=32K " + dir + "/k.cpp").exitCode == 0); // the command line wins
  {
    std::ofstream o(dir + "/.ascendc-lint.yaml");
    o << "SimtDCache: big\n";
  }
  ToolRun cfgBad = runTool(dir + "/k.cpp");
  CHECK(cfgBad.exitCode == 2);
  CHECK(cfgBad.err.find("'SimtDCache' must be a size") != std::string::npos);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("ApiDir names the real library as --api-dir does, relative to the configuration", "[cli]") {
  std::string dir = "/tmp/alint_apidir_cfg_test";
  REQUIRE(std::system(
              ("mkdir -p " + dir + "/sub && cp " + kSamples + "/add_canonical.cpp " + dir + "/sub/k.cpp").c_str()) ==
          0);
  {
    std::ofstream o(dir + "/.ascendc-lint.yaml");
    o << "ApiDir: no-such-library\n";
  }
  // Checked as --api-dir is: not the library is a configuration error, named with its file.
  ToolRun bad = runTool(dir + "/sub/k.cpp");
  CHECK(bad.exitCode == 2);
  CHECK(bad.err.find(dir + "/.ascendc-lint.yaml: ApiDir: '" + dir + "/no-such-library' is not the AscendC library") !=
        std::string::npos);
  {
    std::ofstream o(dir + "/.ascendc-lint.yaml");
    o << "ApiDir: [a, b]\n";
  }
  CHECK(runTool(dir + "/sub/k.cpp").exitCode == 2);
  std::system(("rm -rf " + dir).c_str());
}
// ---- workflow: LSP output, fix-its, baselines, header filter, progress ----

static std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

static void writeFile(const std::string &path, const std::string &text) {
  std::ofstream o(path);
  o << text;
}

// A fresh temporary folder for one test.
static std::string tempDir(const std::string &name) {
  std::string dir = "/tmp/alint_" + name + "_" + std::to_string(::getpid());
  std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str());
  return dir;
}

TEST_CASE("--format=lsp prints one publishDiagnostics params object per file, 0-based", "[cli]") {
  std::string f = kSamples + "/capacity-overflow/ub_216k_bad.cpp";
  ToolRun r = runTool("--format=lsp --target=ascend910b " + f);
  CHECK(r.exitCode == 1);
  ToolRun js = runTool("--format=json --target=ascend910b " + f);
  auto jd = nlohmann::json::parse(js.out)["diagnostics"][0];
  std::istringstream lines(r.out);
  std::string line;
  std::vector<nlohmann::json> docs;
  while (std::getline(lines, line))
    docs.push_back(nlohmann::json::parse(line)); // JSON Lines: each line a document
  REQUIRE(docs.size() == 1);
  std::string uri = docs[0]["uri"];
  CHECK(uri.rfind("file:///", 0) == 0);
  CHECK(uri.size() > f.size());
  CHECK(uri.compare(uri.size() - std::string("capacity-overflow/ub_216k_bad.cpp").size(), std::string::npos,
                    "capacity-overflow/ub_216k_bad.cpp") == 0);
  REQUIRE(docs[0]["diagnostics"].size() == 1);
  auto &d = docs[0]["diagnostics"][0];
  CHECK(d["code"] == "capacity-overflow");
  CHECK(d["source"] == "ascendc-lint");
  CHECK(d["severity"] == 1);
  CHECK(d["range"]["start"]["line"] == jd["line"].get<int>() - 1);
  CHECK(d["range"]["start"]["character"] == jd["column"].get<int>() - 1);
  CHECK(d["range"]["end"]["line"] == d["range"]["start"]["line"]);
  CHECK(d["range"]["end"]["character"] > d["range"]["start"]["character"]);
  REQUIRE(d["relatedInformation"].size() == 3);
  CHECK(d["relatedInformation"][0]["location"]["uri"] == uri);
  CHECK(d["relatedInformation"][0]["location"]["range"]["start"]["line"] == jd["related"][0]["line"].get<int>() - 1);
  CHECK(d["relatedInformation"][0]["message"] == jd["related"][0]["message"]);
  // A clean file still gets its (empty) list, so an editor clears old findings.
  ToolRun g = runTool("--format=lsp " + kSamples + "/capacity-overflow/ub_184k_good.cpp");
  CHECK(g.exitCode == 0);
  auto gd = nlohmann::json::parse(g.out.substr(0, g.out.find('\n')));
  CHECK(gd["diagnostics"].empty());
}

TEST_CASE("a SetFlag never waited for gets a fix-it; --export-fixes and --fix apply it", "[cli]") {
  std::string dir = tempDir("fixit");
  std::string k = dir + "/k.cpp";
  std::system(("cp " + kSamples + "/sync-unpaired/set_never_waited_bad.cpp " + k).c_str());
  std::string before = readFile(k);
  ToolRun r = runTool("--target=ascend910b " + k);
  CHECK(r.exitCode == 1);
  CHECK(r.out.find("k.cpp:36:1: note: FIX-IT: insert 'WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);'") !=
        std::string::npos);
  // clang-apply-replacements YAML (the tool reads a folder of them)
  std::system(("mkdir -p " + dir + "/fixes").c_str());
  ToolRun e = runTool("--target=ascend910b --target=ascend950 --export-fixes=" + dir + "/fixes/k.yaml " + k);
  CHECK(e.exitCode == 1);
  std::string yaml = readFile(dir + "/fixes/k.yaml");
  CHECK(std::count(yaml.begin(), yaml.end(), '\n') > 10);
  // one diagnostic per target, the replacement once (else it would be inserted twice)
  CHECK(yaml.find("DiagnosticName") != yaml.rfind("DiagnosticName"));
  CHECK(yaml.find("ReplacementText") == yaml.rfind("ReplacementText"));
  CHECK(yaml.rfind("---\nMainSourceFile:  \"" + k + "\"\nDiagnostics:\n", 0) == 0);
  CHECK(yaml.find("  - DiagnosticName:  \"sync-unpaired\"") != std::string::npos);
  size_t at = before.find("    }\n    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);");
  REQUIRE(at != std::string::npos);
  size_t insertAt = before.find('\n', at + 6) + 1;
  CHECK(yaml.find("Offset:          " + std::to_string(insertAt) + "\n") != std::string::npos);
  CHECK(yaml.find("ReplacementText: \"    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);\\n\"") != std::string::npos);
  CHECK(yaml.find("Level:           Error") != std::string::npos);
  CHECK(yaml.substr(yaml.size() - 4) == "...\n");
  std::string fixedText =
      before.substr(0, insertAt) + "    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);\n" + before.substr(insertAt);
  if (std::system("clang-apply-replacements-19 --version >/dev/null 2>&1") == 0) {
    CHECK(std::system(("clang-apply-replacements-19 " + dir + "/fixes").c_str()) == 0);
    CHECK(readFile(k) == fixedText);
    writeFile(k, before);
  }
  // --fix edits the file; the finding is gone afterwards
  ToolRun f = runTool("--target=ascend910b --target=ascend950 --fix " + k);
  CHECK(f.out.find("note: FIX-IT applied suggested code changes") != std::string::npos);
  CHECK(f.err.find("applied 1 of 1 suggested fixes") != std::string::npos);
  std::string after = readFile(k);
  CHECK(after == fixedText);
  ToolRun again = runTool("--target=ascend910b --target=ascend950 " + k);
  CHECK(again.exitCode == 0);
  CHECK(again.out.find("sync-unpaired") == std::string::npos);
  // A WaitFlag with no SetFlag: the SetFlag goes on the line before it.
  std::string w = before;
  w.replace(w.find("SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);"), 7, "WaitFlag");
  writeFile(k, w);
  ToolRun fw = runTool("--fix " + k);
  CHECK(fw.err.find("applied 1 of 1") != std::string::npos);
  CHECK(readFile(k).find(
            "    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);\n    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);") !=
        std::string::npos);
  CHECK(runTool(k).exitCode == 0);
  // Not certain, so no fix-it: the statement is the body of an if without braces ...
  std::string c = before;
  c.replace(c.find("    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);"), 4, "    if (rows > 1)\n      ");
  writeFile(k, c);
  ToolRun rc = runTool("--format=json " + k);
  CHECK(rc.exitCode == 1);
  for (auto &d : nlohmann::json::parse(rc.out)["diagnostics"])
    CHECK(d["fixits"].empty());
  // ... or the ids of a set and a wait disagree (which one is wrong?), or the wait is in a loop
  for (const char *s : {"wait_wrong_id_bad.cpp", "unprimed_loop_bad.cpp"}) {
    ToolRun rw = runTool("--format=json " + kSamples + "/sync-unpaired/" + s);
    INFO(s);
    CHECK(rw.exitCode == 1);
    for (auto &d : nlohmann::json::parse(rw.out)["diagnostics"])
      CHECK(d["fixits"].empty());
  }
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("a baseline hides recorded findings, not new ones, and survives lines moving", "[cli]") {
  std::string dir = tempDir("baseline");
  std::string k = dir + "/src/k.cpp", b = dir + "/baseline.json";
  std::system(("mkdir -p " + dir + "/src && cp " + kSamples + "/sync-unpaired/set_never_waited_bad.cpp " + k).c_str());
  ToolRun w = runTool("--target=ascend910b --write-baseline=" + b + " " + k);
  CHECK(w.exitCode == 1); // writing a baseline does not change what the run reports
  CHECK(w.err.find("baseline of 1 finding written to " + b) != std::string::npos);
  auto bj = nlohmann::json::parse(readFile(b));
  REQUIRE(bj["findings"].size() == 1);
  auto &e = bj["findings"][0];
  CHECK(e["check"] == "sync-unpaired");
  CHECK(e["file"] == "src/k.cpp"); // relative to the baseline's folder
  CHECK(e["fingerprint"].get<std::string>().size() == 16);
  CHECK(e.contains("message"));
  // SARIF uses the same fingerprint
  ToolRun s = runTool("--format=sarif --target=ascend910b " + k);
  auto sj = nlohmann::json::parse(s.out);
  CHECK(sj["runs"][0]["results"][0]["partialFingerprints"]["ascendcLint/v2"] == e["fingerprint"]);
  // hidden
  ToolRun h = runTool("--target=ascend910b --baseline=" + b + " " + k);
  CHECK(h.exitCode == 0);
  CHECK(h.out.find("sync-unpaired") == std::string::npos);
  CHECK(h.err.find("1 finding in the baseline " + b + " not shown") != std::string::npos);
  // blank lines and a comment above move the finding: still hidden
  std::string text = readFile(k);
  writeFile(k, "// edited\n\n\n" + text);
  ToolRun moved = runTool("--target=ascend910b --format=json --baseline=" + b + " " + k);
  CHECK(moved.exitCode == 0);
  CHECK(nlohmann::json::parse(moved.out)["diagnostics"].empty());
  // a new finding of the same check is shown
  std::string line = "    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1); // expect-error: sync-unpaired\n";
  size_t at = text.find(line);
  REQUIRE(at != std::string::npos);
  text.insert(at + line.size(), "    SetFlag<HardEvent::MTE2_V>(EVENT_ID2);\n");
  writeFile(k, text);
  ToolRun n = runTool("--target=ascend910b --format=json --baseline=" + b + " " + k);
  CHECK(n.exitCode == 1);
  auto nd = nlohmann::json::parse(n.out)["diagnostics"];
  REQUIRE(nd.size() == 1);
  CHECK(nd[0]["message"].get<std::string>().find("MTE2_V") != std::string::npos);
  CHECK(runTool("--baseline=" + dir + "/none.json " + k).exitCode == 2);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("--header-filter and HeaderFilterRegex select findings located in headers", "[cli]") {
  std::string dir = tempDir("hdr");
  std::system(("cp " + kSamples + "/capacity-overflow/ub_216k_bad.cpp " + dir + "/kernel_impl.h").c_str());
  writeFile(dir + "/entry.cpp", "#include \"kernel_impl.h\"\n");
  std::string entry = dir + "/entry.cpp";
  // Default: shown (kernels usually live in headers).
  ToolRun all = runTool("--format=json --target=ascend910b " + entry);
  CHECK(all.exitCode == 1);
  auto ad = nlohmann::json::parse(all.out)["diagnostics"];
  REQUIRE(ad.size() == 1);
  CHECK(ad[0]["file"].get<std::string>().find("kernel_impl.h") != std::string::npos);
  CHECK(runTool("--target=ascend910b --header-filter='_impl\\.h$' " + entry).exitCode == 1);
  ToolRun none = runTool("--format=json --target=ascend910b --header-filter= " + entry);
  CHECK(none.exitCode == 0);
  CHECK(nlohmann::json::parse(none.out)["diagnostics"].empty());
  CHECK(runTool("--target=ascend910b --header-filter=other " + entry).exitCode == 0);
  // The linted file itself is never filtered.
  CHECK(runTool("--target=ascend910b --header-filter=other " + dir + "/kernel_impl.h").exitCode == 1);
  // From the configuration, and overridden by the command line
  writeFile(dir + "/.ascendc-lint.yaml", "HeaderFilterRegex: 'nomatch'\nTargets: [ascend910b]\n");
  CHECK(runTool(entry).exitCode == 0);
  CHECK(runTool("--header-filter='.*' " + entry).exitCode == 1);
  ToolRun bad = runTool("--header-filter='(' " + entry);
  CHECK(bad.exitCode == 2);
  CHECK(bad.err.find("bad header filter") != std::string::npos);
  std::system(("rm -rf " + dir).c_str());
}

static std::string runShell(const std::string &cmd, int &status) {
  FILE *p = popen(cmd.c_str(), "r");
  std::string out;
  if (!p)
    return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0)
    out.append(buf, n);
  int st = pclose(p);
  status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

TEST_CASE("SARIF for GitHub code scanning: rules, results, paths relative to the working folder", "[cli]") {
  int status = 0;
  std::string out =
      runShell("cd " + shellQuote(kSamples) + " && " + ALINT_BINARY + " --format=sarif --target=ascend910b " +
                   kSamples + "/capacity-overflow/ub_216k_bad.cpp",
               status);
  CHECK(status == 1);
  auto j = nlohmann::json::parse(out);
  CHECK(j["version"] == "2.1.0");
  CHECK(j.contains("$schema"));
  auto &run = j["runs"][0];
  CHECK(run["tool"]["driver"]["name"] == "ascendc-lint");
  CHECK(run["tool"]["driver"]["rules"].size() >= 13);
  REQUIRE(run["results"].size() == 1);
  auto &r = run["results"][0];
  CHECK(r["ruleId"] == "capacity-overflow");
  CHECK(r["level"] == "error");
  CHECK(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "capacity-overflow/ub_216k_bad.cpp");
  CHECK(r["locations"][0]["physicalLocation"]["region"]["startLine"] == 16);
  CHECK(r["partialFingerprints"].contains("ascendcLint/v2"));
}

TEST_CASE("progress on stderr only when it is a terminal", "[cli]") {
  std::string files = kSamples + "/add_canonical.cpp " + kSamples + "/capacity-overflow/ub_184k_good.cpp " + kSamples +
                      "/align-copy-length/add_tiling_good.cpp";
  ToolRun r = runTool(files);
  CHECK(r.exitCode == 0);
  CHECK(r.err.find("[1/3]") == std::string::npos);
  CHECK(r.err.find("\033") == std::string::npos);
  // Under a pseudo-terminal (util-linux script), the steps are shown.
  if (std::system("script --version >/dev/null 2>&1") != 0) {
    WARN("script(1) not available: terminal case not tested");
    return;
  }
  int status = -1;
  std::string out = runShell(
      "script -qec " + shellQuote(std::string(ALINT_BINARY) + " --format=json " + files) + " /dev/null", status);
  CHECK(status == 0);
  CHECK(out.find("[1/3] " + kSamples + "/add_canonical.cpp") != std::string::npos);
  CHECK(out.find("[3/3] ") != std::string::npos);
}

TEST_CASE("--version prints the tool name and version", "[cli]") {
  ToolRun r = runTool("--version");
  CHECK(r.exitCode == 0);
  CHECK(r.out.rfind("ascendc-lint " + std::string(ALINT_VERSION), 0) == 0);
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

TEST_CASE("a .cce kernel in a repository: [aicore] via a header found from the repository root", "[cli]") {
  // repo/.git, repo/src/include/common/qual.h (#define __aicore__ [aicore]),
  // repo/src/kernels/flags.h (flag macros), and repo/src/kernels/k.cce that
  // includes both by paths from repo/src, as its build's -I would: the root
  // is found by walking up from the file.
  std::string repo = "/tmp/alint_cce_repo";
  std::system(
      ("rm -rf " + repo + " && mkdir -p " + repo + "/.git " + repo + "/src/kernels " + repo + "/src/include/common")
          .c_str());
  {
    std::ofstream h(repo + "/src/include/common/qual.h");
    h << "#pragma once\n#define __aicore__ [aicore]\n";
    std::ofstream f(repo + "/src/kernels/flags.h");
    f << "#pragma once\n#define SET_FLAG(s, d, id) set_flag(PIPE_##s, PIPE_##d, id)\n"
         "#define WAIT_FLAG(s, d, id) wait_flag(PIPE_##s, PIPE_##d, id)\n";
    std::ofstream k(repo + "/src/kernels/k.cce");
    k << "#include \"include/common/qual.h\"\n"
         "#include \"kernels/flags.h\"\n"
         "template <typename T> [aicore] inline void Load(__ubuf__ T *ub, __gm__ T *gm) {\n"
         "  copy_gm_to_ubuf(ub, gm, 0, 1, 8, 0, 0);\n"
         "}\n"
         "extern \"C\" __global__[aicore] void k(__gm__ uint8_t *x) {\n"
         "  auto twice = [](int v) [aicore] { return 2 * v; };\n"
         "  __ubuf__ half *ub = (__ubuf__ half *)(twice(8) * 32);\n"
         "  Load(ub, (__gm__ half *)x);\n"
         "  WAIT_FLAG(MTE2, V, EVENT_ID0);\n"
         "}\n";
  }
  ToolRun r = runTool("--format=json " + repo + "/src/kernels/k.cce");
  CHECK(r.exitCode == 1);
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  REQUIRE(!j.is_discarded());
  std::set<std::string> checks;
  for (auto &d : j["diagnostics"])
    checks.insert(d["check"].get<std::string>());
  CHECK(checks.count("sync-unpaired") == 1); // the wait nothing sets: the macros from kernels/flags.h were found
  // Turned off, the two headers are missing: the macros are gone and the kernel does not compile.
  ToolRun off = runTool("--format=json --include-roots=off " + repo + "/src/kernels/k.cce");
  CHECK(off.out.find("sync-unpaired") == std::string::npos);
  std::system(("rm -rf " + repo).c_str());
}

TEST_CASE("--api-dir analyses against a library's own code, down to the intrinsics", "[cli]") {
  // A stand-in for the AscendC library: include/kernel_operator.h whose
  // CopyTile is written in intrinsics, as asc-devkit's impl/ is. Run through
  // it, the burst past the end of UB is found; the bundled declarations have
  // no CopyTile.
  std::string lib = tempDir("realapi"), bad = tempDir("realapi_bad");
  std::system(("mkdir -p " + lib + "/include " + lib + "/impl/basic_api " + bad + "/include").c_str());
  writeFile(lib + "/include/kernel_operator.h", "#pragma once\n#include \"copy_tile_impl.h\"\n");
  writeFile(lib + "/impl/basic_api/copy_tile_impl.h", // found by the library's own include folders
            "#pragma once\nnamespace AscendC {\n"
            "template <typename T> __aicore__ inline void CopyTile(uint64_t ubAddr, __gm__ T *src, uint16_t blocks) {\n"
            "  copy_gm_to_ubuf((__ubuf__ T *)ubAddr, src, 0, 1, blocks, 0, 0);\n"
            "}\n}\n");
  writeFile(bad + "/include/kernel_operator.h", // breaks the kernel: no entry is found
            "#error this library needs bisheng\n#undef __global__\n#define __global__\n");
  std::string k = lib + "/k.cpp";
  writeFile(k, "#include \"kernel_operator.h\"\n"
               "extern \"C\" __global__ __aicore__ void k(__gm__ uint8_t *x) {\n"
               "  AscendC::CopyTile(196352 - 256, (__gm__ half *)x, 16);\n"
               "  pipe_barrier(PIPE_ALL);\n"
               "}\n");
  ToolRun r = runTool("--format=json --target=ascend910b --api-dir=" + lib + " " + k);
  CHECK(r.exitCode == 1);
  CHECK(r.out.find("bounds-local") != std::string::npos);
  // A library that does not compile: the file falls back to the bundled API, with a warning.
  ToolRun fb = runTool("--format=json --target=ascend910b --api-dir=" + bad + " " + k);
  CHECK(fb.err.find("not analysed against the AscendC library") != std::string::npos);
  CHECK(fb.out.find("bounds-local") == std::string::npos);
  // Not a library at all: a bad invocation.
  ToolRun none = runTool("--api-dir=" + lib + "/impl " + k);
  CHECK(none.exitCode == 2);
  CHECK(none.err.find("is not the AscendC library") != std::string::npos);
  std::system(("rm -rf " + lib + " " + bad).c_str());
}
